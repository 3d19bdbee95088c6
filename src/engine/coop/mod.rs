//! Mists over Carcassonne, the cooperative game (`../shared/rules/COOP.md`): levels 1–6,
//! 1–5 players winning or losing together against the ghosts, with The Spell Circles and
//! Eloïse at every level. A rule set of its own on the engine: it deals its piles, places
//! the start ghosts, and after each tile runs the turn's steps itself (COOP-SEQ) as a list
//! of tasks, each either done at once or waiting for the active player's choice
//! (its [`Step`] and [`Move`], the route every set's choices take: [`super::choice`]).
//!
//! - [`levels`]: the level table, loaded as data.
//! - `ghosts`: ghosts on squares (in a mist region, a spell circle or a cemetery), the
//!   supply and Eloïse's pile.
//! - `turn`: the tasks of a turn, the choices they wait for, and their effects.

pub mod levels;

mod ghosts;
mod steps;
mod tasks;
mod turn;

use super::board::SquareIdx;
use super::features::NodeIdx;
use super::flow::{RuleId, RuleSet, Start};
use super::game::{Game, PlayerState};
use super::geometry::Pos;
use super::moves::FigureKind;
use super::rng::Rng;
use super::sets::Set;
use super::setup::{Deck, Setup, SetupError};
use super::tiles::{FeatureKind, TileIdx, TileSet};
pub use ghosts::GhostSpot;
use levels::{Level, LevelTable, Markers};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
pub(crate) use steps::{actions, apply, canonical, check};
pub use steps::{Move, Step};

/// The six meeple colours of the cooperative game, 5 meeples each (COOP-SETUP-1), in the
/// order they are handed out (COOP-SETUP-3a).
pub const COLOURS: [&str; 6] = ["red", "green", "blue", "yellow", "black", "pink"];
/// Ghosts on Eloïse's pile at the start (COOP-SC-1).
pub const CAT_PILE: u8 = 7;
/// Ghosts that start on the start tile (COOP-SETUP-4).
pub const START_GHOSTS: u8 = 3;

/// The rule set.
pub(crate) const RULES: RuleSet = RuleSet {
    id: RuleId::Coop,
    check: Some(check_setup),
    start: Some(start),
    deck: Some(deck),
    init: Some(init),
    started: Some(started),
    after_tile: Some(turn::after_tile),
    tile_choices: &[turn::drive_step],
    figure_removed: Some(turn::figure_left),
    exhausted: Some(turn::pile_empty),
    ..RuleSet::NONE
};

/// The cooperative game chosen in the setup's options: the level, with the numbers it is
/// played with (the built-in table's unless a corrected level file gave others).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoopOptions {
    /// The level's numbers.
    pub level: Level,
    /// How many tiles each pile holds, the first pile first, when a record deals them
    /// itself (its setup's `"piles"`, which also gives the draw); none: the level's split
    /// of the deck into near-equal piles (COOP-SETUP-5).
    pub piles: Option<Vec<u32>>,
}

impl CoopOptions {
    /// Level `n` (1 to 6) of the built-in table.
    pub fn level(n: u8) -> Option<CoopOptions> {
        LevelTable::builtin().level(n).map(|l| CoopOptions { level: l.clone(), piles: None })
    }
}

/// Records write `{"level": n}`, and the numbers too (`"rules"`) only when they are not
/// the built-in table's, so a game played with a corrected file replays the same. Explicit
/// piles are written with the draw, as the setup's `"piles"` (record.rs).
impl Serialize for CoopOptions {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out<'a> {
            level: u8,
            #[serde(skip_serializing_if = "Option::is_none")]
            rules: Option<&'a Level>,
        }
        let builtin = LevelTable::builtin().level(self.level.level);
        Out { level: self.level.level, rules: (builtin != Some(&self.level)).then_some(&self.level) }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for CoopOptions {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CoopOptions, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct In {
            level: u8,
            #[serde(default)]
            rules: Option<Level>,
        }
        let i = In::deserialize(d)?;
        match i.rules {
            Some(rules) if rules.level != i.level => {
                Err(serde::de::Error::custom("coop: \"rules\" are for another level than \"level\""))
            }
            Some(rules) => match rules.check() {
                Ok(()) => Ok(CoopOptions { level: rules, piles: None }),
                Err((field, m)) => Err(serde::de::Error::custom(format!("coop: rules: \"{field}\" {m}"))),
            },
            None => CoopOptions::level(i.level)
                .ok_or_else(|| serde::de::Error::custom(format!("coop: the levels are 1 to 6, not {}", i.level))),
        }
    }
}

/// Where a hound is (COOP-3b).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hound {
    /// On the score track, not reached yet.
    Track,
    /// With the meeple standing on this node; `removal`: its ghost removal is still to come
    /// (levels 4–6: once the square is surrounded, COOP-3b-5).
    With {
        /// The meeple's node.
        node: NodeIdx,
        /// The removal is still to come.
        removal: bool,
    },
    /// Out of the game (scored, lost, or buried with its meeple).
    Gone,
}

/// What a hound has done so far (COOP-3b), public and kept for the team's panel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HoundDeeds {
    /// Ghosts it cleared from the squares around its meeple (COOP-3b-1, COOP-3b-5).
    pub cleared: u8,
    /// Points it brought when its meeple's feature scored (COOP-3b-4).
    pub scored: Option<i32>,
    /// It left the game without scoring (its meeple left the board, COOP-DEC-07, or no
    /// meeple stood to run with, COOP-3b-2).
    pub lost: bool,
}

/// The hounds' names, Rufus first.
pub const HOUNDS: [&str; 2] = ["Rufus", "Ronja"];

/// Where Eloïse is: the same states as in the competitive mode A (off, beside her pile,
/// waiting for the next meeple, with a meeple), with COOP-CAT's rules.
pub use super::spells::Cat;

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Ending {
    /// The score reached the goal (every marker, at level 6): won (COOP-END-1).
    Goal,
    /// Ghosts had to be placed and the supply was short: lost (COOP-END-2).
    Ghosts {
        /// Ghosts needed.
        needed: u8,
        /// Ghosts left.
        supply: u8,
        /// What asked for them: `symbols` (COOP-2a), `circles` (COOP-SC-2), `cemetery` (the
        /// extra ghost, COOP-2a-4) or `new_cemetery` (its misty neighbours, COOP-2a-5).
        step: &'static str,
    },
    /// No tile could be drawn from the active pile at the start of a turn: lost
    /// (COOP-1a-1, COOP-END-3).
    Pile,
}

impl Ending {
    /// Whether the team won.
    pub fn won(self) -> bool {
        self == Ending::Goal
    }
}

/// A meeple buried on a cemetery (COOP-1c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Burial {
    /// The cemetery's square.
    pub cemetery: SquareIdx,
    /// The meeple's colour.
    pub colour: u8,
}

/// Everything the cooperative game adds to a game's state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoopState {
    /// The level's numbers.
    pub level: Option<Level>,
    /// The Spell Circles are in play.
    pub circles: bool,
    /// Each colour in play's index in [`COLOURS`] ([`palette`]).
    pub palette: Vec<u8>,
    /// The score markers: one for the team, or one per colour (level 6).
    pub markers: Vec<u32>,
    /// Ghosts on the board: (square, spot, how many), none empty. They stand on squares,
    /// never beside meeples (COOP-SCOPE-3).
    pub ghosts: Vec<(SquareIdx, GhostSpot, u8)>,
    /// The supply (with Eloïse: the separate supply).
    pub supply: u8,
    /// Ghosts on Eloïse's pile.
    pub pile: u8,
    /// Where Eloïse is.
    pub cat: Cat,
    /// Rufus and Ronja (none before level 3).
    pub hounds: Vec<Hound>,
    /// What each hound has done, Rufus first.
    pub hound_deeds: Vec<HoundDeeds>,
    /// The end of each pile in the deck.
    pub piles: Vec<usize>,
    /// The active pile (0-based).
    pub active: usize,
    /// Buried meeples.
    pub buried: Vec<Burial>,
    /// Closed cemeteries.
    pub closed: Vec<SquareIdx>,
    /// Squares holding face-down tiles (levels 5–6).
    pub face_down: Vec<SquareIdx>,
    /// Where in the deck each face-down tile was drawn (hidden information, like the deck).
    pub(crate) face_down_draws: Vec<usize>,
    /// This turn's steps still to do, the next first.
    pub(crate) tasks: tasks::Tasks,
    /// What this turn has done so far that later steps need.
    pub(crate) turn: tasks::TurnState,
    /// How the game ended, and on which turn.
    pub ending: Option<(Ending, u32)>,
}

impl CoopState {
    /// The level played.
    pub fn level(&self) -> &Level {
        self.level.as_ref().expect("a cooperative game")
    }
}

/// The colours a seat owns (COOP-SETUP-3): solo 4, two players 2 each, else 1 each (three
/// players too: COOP-SETUP-3b, COOP-DEC-17). Seats take turns clockwise, a solo player
/// every turn (COOP-SETUP-3d).
pub fn colours_of(seats: usize, seat: usize) -> std::ops::Range<u8> {
    let s = seat as u8;
    match seats {
        1 => 0..4,
        2 => 2 * s..2 * s + 2,
        _ => s..s + 1,
    }
}

/// Each colour in play's index in [`COLOURS`], in the engine's order: inside the engine a
/// colour is its index among the colours in play (`Game::players`, [`colours_of`]); moves,
/// events and the summary name it by [`COLOURS`]. A seat plays the colours its setup names
/// (`PlayerSetup::colours`), else the first that no seat names (COOP-SETUP-3a).
pub fn palette(setup: &Setup) -> Result<Vec<u8>, SetupError> {
    let seats = setup.players.len();
    let mut slots: Vec<Option<u8>> = vec![None; colours_in_play(seats) as usize];
    let mut taken = [false; COLOURS.len()];
    for (seat, p) in setup.players.iter().enumerate() {
        let Some(names) = &p.colours else { continue };
        let why = |why: String| SetupError::SeatColours { seat, why };
        let own = colours_of(seats, seat);
        if names.len() != own.len() {
            let n = own.len();
            return Err(why(format!(
                "with {seats} seat{} each plays {n} colour{}, not {}",
                if seats == 1 { "" } else { "s" },
                if n == 1 { "" } else { "s" },
                names.len()
            )));
        }
        for (slot, name) in own.zip(names) {
            let c = COLOURS.iter().position(|c| c == name).ok_or_else(|| {
                let shown: String = name.chars().take(20).collect();
                why(format!("{shown:?} is not a colour; the colours are {}", COLOURS.join(", ")))
            })?;
            if std::mem::replace(&mut taken[c], true) {
                return Err(why(format!("{name} is played by another seat or named twice")));
            }
            slots[slot as usize] = Some(c as u8);
        }
    }
    let mut free = (0..COLOURS.len() as u8).filter(|&c| !taken[c as usize]);
    Ok(slots.into_iter().map(|s| s.or_else(|| free.next()).expect("6 colours for at most 5 in play")).collect())
}

/// How many colours are in play for a number of seats.
pub fn colours_in_play(seats: usize) -> u8 {
    if seats <= 2 {
        4
    } else {
        seats as u8
    }
}

/// COOP-SCOPE-1, COOP-DEC-02: only the Mists tiles (+ the Spell Circles); no other module.
fn check_setup(setup: &Setup) -> Result<(), SetupError> {
    let ok = setup.has_set(Set::Ghosts) && setup.sets.iter().all(|s| matches!(s, Set::Ghosts | Set::SpellCircles));
    if !ok {
        return Err(SetupError::Coop(
            "it is played with the sets \"ghosts\" and, if wished, \"spellcircles\", and no other (COOP-SCOPE-1)"
                .into(),
        ));
    }
    if setup.options.abbot {
        return Err(SetupError::Coop("it has no Abbot (COOP-SCOPE-1)".into()));
    }
    palette(setup)?;
    let level = &setup.options.coop.as_ref().expect("a cooperative setup").level;
    if let Err((field, m)) = level.check() {
        return Err(SetupError::Coop(format!("level {}: \"{field}\" {m}", level.level)));
    }
    if setup.has_set(Set::SpellCircles) && level.ghosts < START_GHOSTS + CAT_PILE {
        return Err(SetupError::Coop(format!(
            "the Spell Circles need at least {1} ghosts (3 on the start tile, 7 on Eloïse's pile), not {0}",
            level.ghosts,
            START_GHOSTS + CAT_PILE
        )));
    }
    Ok(())
}

/// The 2×2 start tile, as in the competitive game (but no base start tile to leave out:
/// the base set is not played).
fn start(tiles: &TileSet) -> Result<Start, SetupError> {
    let squares: Vec<(TileIdx, Pos)> = tiles
        .set_tiles(Set::Ghosts.name())
        .filter_map(|(i, t)| t.start.map(|sq| (i, Pos::new(sq.offset().0, sq.offset().1))))
        .collect();
    if squares.len() != 4 {
        return Err(SetupError::NoStartTile);
    }
    let out_of_deck = squares.iter().map(|(t, _)| *t).collect();
    Ok(Start { squares, out_of_deck })
}

/// COOP-SETUP-2, COOP-SETUP-5, COOP-SC-1: the level's tiles shuffled, in 1 stack or 3
/// equal piles (the piles are consecutive in the deck; `init` marks their ends).
fn deck(tiles: &TileSet, setup: &Setup, start: &Start) -> Result<Vec<TileIdx>, SetupError> {
    let coop = setup.options.coop.as_ref().expect("a cooperative setup");
    let level = &coop.level;
    if let Some(piles) = &coop.piles {
        check_piles(piles, level, &setup.deck)?;
    }
    let mut pool = Vec::new();
    for &set in &setup.sets {
        for (idx, def) in tiles.set_tiles(set.name()) {
            let building = def.building;
            let left_out = start.out_of_deck.contains(&idx)
                || (building == Some(FeatureKind::Castle) && !level.castles)
                || (building == Some(FeatureKind::Cemetery) && !level.cemeteries);
            if !left_out {
                pool.extend(std::iter::repeat_n(idx, def.count as usize));
            }
        }
    }
    match &setup.deck {
        Deck::Seed(seed) => {
            Rng::new(*seed).shuffle(&mut pool);
            Ok(pool)
        }
        Deck::Draw(ids) => {
            let mut drawn: Vec<TileIdx> = Vec::with_capacity(ids.len());
            for id in ids {
                let idx = tiles
                    .index_of(id)
                    .filter(|i| pool.contains(i))
                    .ok_or_else(|| SetupError::UnknownTile(id.clone()))?;
                let available = pool.iter().filter(|t| **t == idx).count();
                if !setup.options.unlimited_copies && drawn.iter().filter(|t| **t == idx).count() >= available {
                    return Err(SetupError::TooManyCopies { tile: id.clone(), available: available as u32 });
                }
                drawn.push(idx);
            }
            Ok(drawn)
        }
    }
}

/// Piles a record deals itself: as many as the level has, none empty, and together the
/// whole draw.
fn check_piles(piles: &[u32], level: &Level, deck: &Deck) -> Result<(), SetupError> {
    let Deck::Draw(ids) = deck else {
        return Err(SetupError::Coop("piles are dealt from a list of tiles, not from a seed".into()));
    };
    let err = |m: String| Err(SetupError::Coop(m));
    if piles.len() != level.piles as usize {
        return err(format!("level {} is played with {} pile(s), not {}", level.level, level.piles, piles.len()));
    }
    if piles.contains(&0) {
        return err("a pile needs at least one tile".into());
    }
    if piles.iter().map(|&n| n as usize).sum::<usize>() != ids.len() {
        return err(format!("the piles hold {} tiles, the draw {}", piles.iter().sum::<u32>(), ids.len()));
    }
    Ok(())
}

/// COOP-SETUP-3, COOP-SETUP-4, COOP-SETUP-6, COOP-SC-1, SPELL-SETUP-1, COOP-DEC-15: colours and meeples,
/// markers, ghosts (3 for the start tile, 7 on Eloïse's pile), hounds, piles.
fn init(game: &mut Game) {
    let coop = game.setup.options.coop.as_ref().expect("a cooperative setup");
    let (level, dealt) = (coop.level.clone(), coop.piles.clone());
    let seats = game.setup.players.len();
    let colours = colours_in_play(seats) as usize;
    let per_colour = if seats <= 2 { 3 } else { 5 };
    // Level 6: each colour's marker is one of its meeples when a colour has 5 (COOP-DEC-15).
    let supply = if level.markers == Markers::Colour && seats >= 3 { per_colour - 1 } else { per_colour };
    game.players = vec![PlayerState { score: 0, supply: [supply, 0, 0], reserve: 0 }; colours];
    game.deltas = vec![0; colours];
    let circles = game.setup.has_set(Set::SpellCircles);
    let palette = palette(&game.setup).expect("checked");
    let st = &mut game.coop;
    st.palette = palette;
    st.markers = vec![0; if level.markers == Markers::Colour { colours } else { 1 }];
    st.circles = circles;
    st.supply = level.ghosts - START_GHOSTS;
    if circles {
        st.pile = CAT_PILE;
        st.supply -= CAT_PILE;
        st.cat = Cat::Pile;
    }
    st.hounds = vec![Hound::Track; level.hounds.len()];
    st.hound_deeds = vec![HoundDeeds::default(); level.hounds.len()];
    let n = game.deck.len();
    st.piles = match dealt {
        // A record's own piles (checked in `deck`): each ends where the next begins.
        Some(sizes) => sizes
            .iter()
            .scan(0, |end, &k| {
                *end += k as usize;
                Some(*end)
            })
            .collect(),
        // COOP-SETUP-5: near-equal piles, the first the smallest when the deck does not
        // divide evenly (60 tiles: 20, 20, 20; 59: 19, 20, 20).
        None => (1..=level.piles as usize).map(|k| n * k / level.piles as usize).collect(),
    };
    st.active = 0;
    game.draw_end = st.piles[0];
    st.level = Some(level);
}

/// COOP-SETUP-4, COOP-DEC-29: the start ghosts go on the start tile's ghost symbols, as the
/// tile data prints them.
fn started(game: &mut Game) {
    let mut placed = 0;
    for sq in 0..game.board.squares().len() as SquareIdx {
        let def = game.def_at(sq);
        let symbols: Vec<(u8, u8)> =
            def.mist.iter().enumerate().map(|(r, m)| (r as u8, m.ghost_symbols)).filter(|(_, n)| *n > 0).collect();
        for (r, n) in symbols {
            for _ in 0..n.min(START_GHOSTS - placed) {
                game.coop.add_ghost(sq, GhostSpot::Mist(r));
                placed += 1;
            }
        }
    }
    // A start tile with fewer symbols: the rest stay in the supply (none in the catalogue).
    game.coop.supply += START_GHOSTS - placed;
}

impl Game {
    /// Deck positions drawn so far whose tile nobody has seen (face-down tiles).
    pub fn unseen_draws(&self) -> &[usize] {
        &self.coop.face_down_draws
    }

    /// Whether this is a game of the cooperative game.
    pub fn is_coop(&self) -> bool {
        self.coop.level.is_some()
    }

    /// The cooperative game's state (empty in a competitive game).
    pub fn coop(&self) -> &CoopState {
        &self.coop
    }

    /// Ghosts on a square, in all its spots.
    pub fn coop_ghosts_at(&self, square: SquareIdx) -> u8 {
        self.coop.ghosts.iter().filter(|g| g.0 == square).map(|g| g.2).sum()
    }

    /// Ghosts on the board (every spot, circles included: COOP-SC-6).
    pub fn coop_ghosts_on_board(&self) -> u8 {
        self.coop.ghosts.iter().map(|g| g.2).sum()
    }

    /// The squares of the cemeteries not yet closed (COOP-DEF-3).
    pub fn coop_open_cemeteries(&self) -> Vec<Pos> {
        turn::open_cemeteries(self).map(|sq| self.board.square(sq).pos).collect()
    }

    /// The empty squares around the cemeteries not yet closed, each counted once for each
    /// of them it neighbours: the squares still to fill before they all close (COOP-DEF-3).
    pub fn coop_cemetery_gaps(&self) -> u32 {
        turn::open_cemeteries(self).map(|sq| 8 - self.board.square(sq).neighbours as u32).sum()
    }

    /// Ghosts that can still be placed: the separate supply and Eloïse's pile.
    pub fn coop_supply(&self) -> u8 {
        self.coop.supply + self.coop.pile
    }

    /// What a road, city or castle (by its root) is worth to each colour on it now: the
    /// value it scores when completed (COOP-3a), counted as it stands.
    pub fn coop_value(&self, root: NodeIdx) -> i32 {
        turn::value(self, root)
    }

    /// The choices the engine made itself this turn, in order, each because it had one
    /// answer: the region placing one ghost fewer, a ghost a circle draws, the cemetery or
    /// mist region receiving a ghost, the supply a buried meeple comes from. A record may
    /// write them or leave them out (record-format.md).
    pub fn coop_forced(&self) -> &[Move] {
        &self.coop.turn.forced
    }

    /// Tiles left in the active pile (face down: their order is hidden, their number not).
    pub fn active_pile_left(&self) -> usize {
        self.draw_end.saturating_sub(self.next_draw)
    }

    /// The colour ([`COLOURS`] index) of a figure on the board.
    pub fn colour_of(&self, fig: usize) -> u8 {
        self.palette_colour(self.figures[fig].owner)
    }

    /// The colour ([`COLOURS`] index) of a colour in play (an index into `players`).
    pub fn palette_colour(&self, colour: u8) -> u8 {
        self.coop.palette.get(colour as usize).copied().unwrap_or(colour)
    }

    /// The colour in play (an index into `players`) that a [`COLOURS`] index names.
    pub(crate) fn colour_in_play(&self, named: u8) -> Option<u8> {
        self.coop.palette.iter().position(|&c| c == named).map(|i| i as u8)
    }
}

/// The figures of a colour on the board (to check conservation).
pub fn figures_of(game: &Game, colour: u8) -> usize {
    game.figures.iter().filter(|f| f.owner == colour && f.kind == FigureKind::Meeple).count()
}
