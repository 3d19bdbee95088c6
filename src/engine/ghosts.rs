//! Ghosts, Castles & Cemeteries (RULES.md §2) as a rule set: the 2×2 start tile and the
//! supplies (GHOST-SETUP), the ghost step of the turn (GHOST-PLACE), scaring off
//! (GHOST-SCARE), ghosts going home with their meeple (GHOST-SCORE-5), the final ghost
//! penalty (GHOST-END) and the cemetery's guard reward (GHOST-CEM). Mist banks live in
//! the feature graph; castle values and ghost penalties in scoring are read from the
//! tiles and the figures' ghost counts. As in the base game otherwise (GHOST-GEN-2): a
//! ghost that cannot come is skipped and nobody loses.

use super::board::SquareIdx;
use super::choice::{Resume, SetStep};
use super::events::Event;
use super::flow::{RuleId, RuleSet, ScoredFeature, Start};
use super::game::{Contacts, Figure, Game, Phase};
use super::geometry::Pos;
use super::moves::{Action, FigureKind, PlayError, Spot};
use super::scoring::Scored;
use super::sets::Set;
use super::setup::SetupError;
use super::tiles::{FeatureKind, TileSet};
use serde::Serialize;

/// Ghosts in the game (GHOST-SETUP-5).
pub const GHOSTS: u8 = 15;
/// Regular meeples per player with this set (GHOST-SETUP-3).
pub const GHOST_MEEPLES: u8 = 5;
/// Guard meeples per player in the supply (GHOST-SETUP-3).
pub const GUARDS: u8 = 2;
/// Guard meeples per player in the reserve (GHOST-SETUP-4).
pub const GUARD_RESERVE: u8 = 3;
/// A figure with this many ghosts is scared off (GHOST-SCARE-1).
pub const SCARE_AT: u8 = 3;

/// The set's hooks.
pub(crate) const RULES: RuleSet = RuleSet {
    id: RuleId::Ghosts,
    start: Some(start),
    init: Some(init),
    after_tile: Some(queue_ghosts),
    tile_choices: &[ghost_step],
    returned: Some(reward_guard),
    figure_removed: Some(ghosts_go_home),
    final_scoring: Some(final_ghost_penalty),
    ..RuleSet::NONE
};

/// Why a ghost comes into play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GhostCase {
    /// The tile extended a mist bank: the ghost goes to another player's meeple.
    Extend,
    /// The tile limited the mist: the ghost goes to one of the player's own meeples.
    Limit,
}

impl GhostCase {
    /// Its name, as it is serialised: `extend` or `limit`.
    pub fn name(self) -> &'static str {
        match self {
            GhostCase::Extend => "extend",
            GhostCase::Limit => "limit",
        }
    }
}

/// The ghost step: the current player chooses the meeple that receives a ghost
/// (GHOST-PLACE-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The square just placed.
    pub square: SquareIdx,
    /// Why the ghost comes: the mist was extended or limited.
    pub case: GhostCase,
}

impl Step {
    /// What the step waits for, for messages.
    pub fn expects(self) -> &'static str {
        "a ghost placement (choose a meeple to haunt)"
    }
}

/// The answer to the ghost step: the pending ghost goes next to the figure at this square
/// and spot (GHOST-PLACE).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The figure's square.
    pub pos: Pos,
    /// The figure's spot on it.
    pub spot: Spot,
}

/// Every meeple the ghost may haunt, in figure order.
pub(crate) fn actions(game: &Game, step: Step, out: &mut Vec<Action>) {
    for f in game.ghost_targets(step.case) {
        let (pos, spot) = game.figure_spot(f);
        out.push(Move { pos, spot }.into());
    }
}

/// Whether the ghost may haunt the figure named.
pub(crate) fn check(game: &Game, step: Step, m: Move) -> Result<(), PlayError> {
    game.ghost_target(step.case, m.pos, m.spot).map(|_| ())
}

/// The ghost is placed; the choices after the tile run on.
pub(crate) fn apply(game: &mut Game, step: Step, m: Move, events: &mut Vec<Event>) -> Resume {
    game.place_ghost(step.case, m.pos, m.spot, events);
    Resume::AfterTile(step.square)
}

/// The figure named by the spot the lists use.
pub(crate) fn canonical(game: &Game, m: Move) -> Move {
    Move { pos: m.pos, spot: game.figure_named(m.pos, m.spot) }
}

/// Where the ghosts are that stand next to no meeple, and the ghosts this turn brings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GhostState {
    /// Ghosts in the general supply (GHOST-SETUP-5).
    pub supply: u8,
    /// With Eloïse (Spell Circles mode A): ghosts on her pile, taken first while `pile_open`
    /// (CAT-1); part of the supply in every count.
    pub pile: u8,
    /// Eloïse still waits in front of her pile: ghosts are taken from it and come back to it.
    pub pile_open: bool,
    /// Ghosts still to place this turn after the current one, taken from the back.
    pub queue: Vec<GhostCase>,
}

/// GHOST-SETUP-1, GHOST-START-1: the four squares of the 2×2 start tile (catalogue tiles
/// with `start = nw|ne|sw|se`) replace the base start tile, which goes back to the box.
/// They are four squares for every count (GHOST-START-2, X-3); their features take figures
/// like any other (GHOST-START-5); the ruin where they meet is no feature, only the end of
/// roads and fields (GHOST-START-4).
fn start(tiles: &TileSet) -> Result<Start, SetupError> {
    let squares: Vec<_> = tiles
        .set_tiles(Set::Ghosts.name())
        .filter_map(|(i, t)| t.start.map(|sq| (i, Pos::new(sq.offset().0, sq.offset().1))))
        .collect();
    if squares.len() != 4 {
        return Err(SetupError::NoStartTile);
    }
    let mut out_of_deck: Vec<_> = squares.iter().map(|(t, _)| *t).collect();
    out_of_deck.push(super::base::base_start_tile(tiles)?);
    Ok(Start { squares, out_of_deck })
}

/// GHOST-SETUP-3, GHOST-SETUP-4, GHOST-SETUP-5: 5 meeples and 2 guards in each supply,
/// 3 guards in reserve, 15 ghosts in the general supply. The abbot stays an extra figure
/// (GHOST-SETUP-7).
fn init(game: &mut Game) {
    for p in &mut game.players {
        p.supply[FigureKind::Meeple as usize] = GHOST_MEEPLES;
        p.supply[FigureKind::Guard as usize] = GUARDS;
        p.reserve = GUARD_RESERVE;
    }
    game.ghosts.supply = GHOSTS;
}

impl GhostState {
    /// Ghosts that can be taken: the pile while Eloïse waits, and the supply.
    pub fn available(&self) -> u8 {
        self.supply + if self.pile_open { self.pile } else { 0 }
    }

    /// Take one ghost: from the pile first while it is open (CAT-1); the pile closes when
    /// it runs out (CAT-2). Returns false if there is none.
    pub(crate) fn take(&mut self) -> bool {
        if self.pile_open && self.pile > 0 {
            self.pile -= 1;
            self.pile_open = self.pile > 0;
            true
        } else if self.supply > 0 {
            self.supply -= 1;
            true
        } else {
            false
        }
    }

    /// Ghosts back from the board: to the open pile, else the supply (CAT-1, CAT-5).
    pub(crate) fn give_back(&mut self, n: u8) {
        if self.pile_open {
            self.pile += n;
        } else {
            self.supply += n;
        }
    }
}

/// GHOST-PLACE-1, GHOST-PLACE-2, GHOST-PLACE-3, GHOST-PLACE-4: this turn's ghosts, first
/// for extending, then for limiting, one per case however many contacts.
fn queue_ghosts(game: &mut Game, _square: SquareIdx, contacts: Contacts, _events: &mut Vec<Event>) {
    let queue = &mut game.ghosts.queue;
    queue.clear();
    // Taken from the back: the first case goes last.
    if contacts.limited {
        queue.push(GhostCase::Limit);
    }
    if contacts.extended {
        queue.push(GhostCase::Extend);
    }
}

/// The ghost choice step (one ghost at a time, so n ghosts of a circle tile are placed one
/// by one, SPELLC-B-3, DEC-27): move on to the next ghost that can be placed, skipping those
/// without a ghost in the supply or an eligible meeple (GHOST-PLACE-6); the active player
/// chooses the meeple (GHOST-PLACE-8, DEC-08). Placement is mandatory when possible
/// (GHOST-SCORE-9: the rule's "must" cases).
fn ghost_step(game: &mut Game, square: Option<SquareIdx>, events: &mut Vec<Event>) -> bool {
    let square = square.expect("ghosts come after a tile");
    while let Some(case) = game.ghosts.queue.pop() {
        let why = if game.ghosts.available() == 0 {
            Some("no ghosts left in the supply")
        } else if game.ghost_targets(case).next().is_none() {
            Some(match case {
                GhostCase::Extend => "no other player has a meeple a ghost may haunt",
                GhostCase::Limit => "the player has no meeple a ghost may haunt",
            })
        } else {
            None
        };
        match why {
            Some(reason) => events.push(Event::GhostSkipped { player: game.current, case, reason: reason.into() }),
            None => {
                game.phase = Phase::Set(SetStep::Ghosts(Step { square, case }));
                return true;
            }
        }
    }
    false
}

/// GHOST-SCORE-5: a figure leaving the board sends its ghosts back to the supply.
fn ghosts_go_home(game: &mut Game, figure: &Figure, _events: &mut Vec<Event>) {
    game.ghosts.give_back(figure.ghosts);
}

/// GHOST-CEM-4, GHOST-CEM-5, GHOST-CEM-9, DEC-12: a completed cemetery's keeper brings its
/// owner a guard meeple from the reserve into the supply at once, while the reserve has one.
fn reward_guard(game: &mut Game, scored: &ScoredFeature, events: &mut Vec<Event>) {
    if scored.how != Scored::Completed || game.features.node(scored.node).kind != FeatureKind::Cemetery {
        return;
    }
    for &player in scored.majority {
        let p = &mut game.players[player];
        if p.reserve > 0 {
            p.reserve -= 1;
            p.supply[FigureKind::Guard as usize] += 1;
            events.push(Event::GuardRewarded { player, reserve_left: p.reserve });
        } else {
            events.push(Event::GuardReserveEmpty { player });
        }
    }
}

/// GHOST-END-1, GHOST-END-2, GHOST-END-3, DEC-11: −1 per ghost next to every figure still
/// on the board, except a cemetery keeper's. Added to the final deltas. Ghosts in spell
/// circles stand next to nobody and cost nothing (GHOST-END-4).
fn final_ghost_penalty(game: &mut Game, events: &mut Vec<Event>) {
    let mut ghosts = vec![0u16; game.players.len()];
    for f in &game.figures {
        if game.features.node(f.node).kind != FeatureKind::Cemetery {
            ghosts[f.owner as usize] += f.ghosts as u16;
        }
    }
    for (player, &g) in ghosts.iter().enumerate() {
        if g > 0 {
            game.deltas[player] -= g as i32;
            events.push(Event::GhostPenalty { player, ghosts: g, points: -(g as i32) });
        }
    }
}

impl Game {
    /// Whether the Ghosts, Castles & Cemeteries set is in play.
    pub fn ghosts_in_play(&self) -> bool {
        self.has_set(Set::Ghosts)
    }

    /// Ghosts that can be placed: the general supply (and, in Spell Circles mode A, the
    /// cat's pile while she waits).
    pub fn ghost_supply(&self) -> u8 {
        self.ghosts.available()
    }

    /// The ghosts this turn still brings, the one being placed first (empty outside the
    /// ghost step). Later ones may still be skipped when their time comes.
    pub fn ghosts_pending(&self) -> Vec<GhostCase> {
        match self.phase {
            Phase::Set(SetStep::Ghosts(Step { case, .. })) => {
                std::iter::once(case).chain(self.ghosts.queue.iter().rev().copied()).collect()
            }
            _ => Vec::new(),
        }
    }

    /// Figures (indices) this ghost may haunt: never guards (GHOST-GUARD-1, GHOST-GUARD-3);
    /// another player's for extending, the active player's own for limiting (GHOST-PLACE-7).
    /// On any feature: farmers (GHOST-FIELD-4), castle occupants (GHOST-CASTLE-1), cemetery
    /// keepers (GHOST-CEM-3), abbots (GHOST-ABBOT-1), heretics and monks.
    pub fn ghost_targets(&self, case: GhostCase) -> impl Iterator<Item = usize> + '_ {
        let me = self.current as u8;
        self.figures.iter().enumerate().filter_map(move |(i, f)| {
            let mine = f.owner == me;
            let eligible = f.kind != FigureKind::Guard && (mine == (case == GhostCase::Limit));
            eligible.then_some(i)
        })
    }

    /// The figure a ghost action names, if this ghost may haunt it.
    pub(crate) fn ghost_target(&self, case: GhostCase, pos: Pos, spot: Spot) -> Result<usize, PlayError> {
        let node =
            self.board.square_at(pos).and_then(|sq| self.spot_node(sq, spot)).ok_or(PlayError::NotAGhostTarget(pos))?;
        self.ghost_targets(case).find(|&i| self.figures[i].node == node).ok_or(PlayError::NotAGhostTarget(pos))
    }

    /// Apply a checked ghost move: the pending ghost goes next to the figure there.
    fn place_ghost(&mut self, case: GhostCase, pos: Pos, spot: Spot, events: &mut Vec<Event>) {
        let fig = self.ghost_target(case, pos, spot).expect("checked");
        self.ghosts.take();
        self.figures[fig].ghosts += 1;
        let f = self.figures[fig];
        let (pos, _) = self.figure_spot(fig);
        events.push(Event::GhostPlaced {
            player: self.current,
            owner: f.owner as usize,
            case,
            x: pos.x,
            y: pos.y,
            ghosts: f.ghosts,
        });
        // GHOST-SCARE-1, GHOST-SCARE-2, DEC-10: the third ghost scares the figure off at once.
        if f.ghosts >= SCARE_AT {
            let kind = self.features.node(f.node).kind;
            events.push(Event::FigureScared {
                player: f.owner as usize,
                figure: f.kind,
                feature: kind,
                x: pos.x,
                y: pos.y,
            });
            self.remove_figure(fig, events);
        }
    }
}
