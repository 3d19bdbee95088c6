//! The turn pipeline: every step of a game in order, and the rule sets that hook into
//! each. Read this file first; it is the map of the engine.
//!
//! A rule set (the base game, an expansion, or the cooperative game) is one module that
//! fills in a [`RuleSet`]: a hook for each step it changes, `None` for the rest.
//! [`RULE_SETS`] registers them in catalogue order, which is also the order in which hooks
//! of one step run. A game keeps a [`Pipeline`] (one [`RuleMask`] per hook) built from
//! its sets, so a step loops only over the hooks of rule sets in play: a set that is not
//! in play costs nothing. A competitive game plays the rule set of each of its tile sets;
//! the cooperative game plays its own rule set (`coop`) on the same tiles, which takes over
//! the turn after the tile with steps of its own. Every choice a set adds to the turn
//! (Ghosts, Spell Circles, Coop) takes one route: a step and a move type in the set's own
//! module, gathered in [`super::choice`] (`Phase::Set`, `Action::Set`).
//!
//! | step | what the core does | hooks, by set | rules |
//! |---|---|---|---|
//! | setup | seats, supplies, the start tile at (0, 0), the deck: every copy of every chosen set's tiles shuffled | `excludes`: River (not with the mist sets); `needs`: Spell Circles (Ghosts); `start`: Ghosts (2×2 start tile), River (the spring); `deal`: River (river tiles first, the lake last); `init`: Ghosts (guards, reserve, 15 ghosts), Spell Circles (the cat's pile), Coop (colours, markers, the level's ghosts, hounds, piles); Coop also `check` (its sets, its level), `start` (the 2×2 tile), `deck` (the level's tiles), `started` (3 ghosts on the start tile's symbols) | BASE-SETUP-1, BASE-SETUP-2, BASE-RIVER-1, BASE-RIVER-2, GHOST-SETUP-1, GHOST-SETUP-3, GHOST-SETUP-4, GHOST-SETUP-5, SPELLC-B-1, SPELLC-A-1, COOP-SETUP-2, COOP-SETUP-4, COOP-SETUP-5 |
//! | draw | the next tile; one with no legal place leaves the game; none left: final scoring | (uses *placement allowed*); `exhausted`: Coop (the active pile is empty: lost) | BASE-TURN-1, BASE-TURN-2, BASE-TILE-3, BASE-TILE-4, SHRINE-PLACE-5, COOP-1a-1 |
//! | placement allowed | empty square, edge contact, edges match | `placement`: River (extend the river, no U-turn), Shrines (neighbourhood rule) | BASE-TILE-1, BASE-TILE-2, BASE-RIVER-1, SHRINE-PLACE-2, SHRINE-PLACE-3, SHRINE-PLACE-4 |
//! | after the tile | join features, note what it completed | `after_tile`: Ghosts (extend/limit contacts → ghosts to place), Spell Circles (mode A: release the circles of completed banks, circles to fill; mode B: n ghosts per case), Coop (the turn's tasks in COOP-SEQ order) | GHOST-MIST-3, GHOST-PLACE-1, GHOST-PLACE-2, GHOST-PLACE-3, GHOST-PLACE-4, SPELLC-A-2, SPELLC-A-3, SPELLC-B-2 |
//! | choices after the tile | — | `tile_choices`: Ghosts (a ghost per case), then Spell Circles (circle attraction, Eloïse placed); Coop runs its tasks here and takes over the turn. A step that waits is `Phase::Set`, answered by `Action::Set` ([`super::choice`]) | COOP-SEQ, GHOST-PLACE-6, GHOST-PLACE-8, GHOST-PLACE-9, GHOST-SCARE-1, SPELLC-A-3, SPELLC-A-5, DEC-09, DEC-33 |
//! | figure | a figure on the tile, an abbot taken back, or a pass | `figure_placed`: Spell Circles (a waiting Eloïse joins), Shrines (a challenge starts) | BASE-MEEPLE-1, BASE-MEEPLE-3, BASE-ABBOT-4, GHOST-PLACE-10, CAT-6, SHRINE-CH-2 |
//! | before scoring | the features the tile completed (every one, BASE-END-1) | `before_scoring`: Watchtowers (bonuses on one snapshot), Shrines (challenges resolved) | BASE-END-1, TOWER-3, TOWER-10, TOWER-12, SHRINE-CH-5, SHRINE-CH-6, DEC-17 |
//! | feature scored | value, majorities, −2 per ghost of a majority player | `scored`: Spell Circles (Eloïse's points); `returned`: Ghosts (a cemetery keeper's guard) | BASE-MAJ-1, BASE-MAJ-3, GHOST-SCORE-2, SPELLC-A-5, GHOST-CEM-4 |
//! | figure removed | the figure goes back to its supply | `figure_removed`: Ghosts (its ghosts to the supply), Spell Circles (Eloïse moves on), Shrines (its challenge ends) | GHOST-SCORE-5, SPELLC-A-5, SHRINE-CH-9 |
//! | end of turn | the turn's points settled with the floor at 0; next player | `turn_end_choices`: Spell Circles (Eloïse moved) | GHOST-SCORE-3, DEC-05, SPELLC-A-5 |
//! | final scoring | incomplete features, then fields; the winners | `final_scoring`: Ghosts (−1 per ghost) | BASE-END-2, BASE-END-3, GHOST-END-1, GHOST-END-2 |
//!
//! The core keeps what every rule set shares: rules triggered by typed tile data (a
//! castle's value, mist bounding fields, no figure on a river) live where the data is
//! read, and [`Game`] stays plain data that clones and compares. Every action is checked
//! completely before anything changes ([`Game::check`]), then applied here.

use super::board::{Board, SquareIdx};
use super::choice::Resume;
use super::events::Event;
use super::features::NodeIdx;
use super::game::{Contacts, Figure, Game, Phase, PlayerState, MEEPLES};
use super::geometry::{Pos, Rotation};
use super::moves::{Action, PlayError, Spot};
use super::rng::Rng;
use super::scoring::Scored;
use super::sets::{Set, SetMask};
use super::setup::{Deck, Setup, SetupError, PLAYERS, PUZZLE_PLAYERS};
use super::tiles::{TileDef, TileIdx, TileSet};
use super::{base, coop, ghosts, river, shrines, spells, towers};
use std::sync::Arc;

/// Where the game starts: the squares placed before the first turn, and the tile copies
/// that leave the deck with them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Start {
    /// Tiles placed at the start, each at rotation 0.
    pub squares: Vec<(TileIdx, Pos)>,
    /// One copy of each of these leaves the deck (the start squares, and the base start
    /// tile when another start replaces it and sends it back to the box).
    pub out_of_deck: Vec<TileIdx>,
}

/// A feature just scored, as the `scored` and `returned` hooks see it.
#[derive(Clone, Debug)]
pub(crate) struct ScoredFeature<'a> {
    /// A node of the feature.
    pub node: NodeIdx,
    /// How it was scored.
    pub how: Scored,
    /// The figures that stood on it (indices before any left), for `scored`.
    pub figures: &'a [usize],
    /// The majority players.
    pub majority: &'a [usize],
}

/// The squares a game starts with, when this set replaces the base start tile.
pub(crate) type StartHook = fn(&TileSet) -> Result<Start, SetupError>;
/// Checks a setup for this rule set (its sets and options).
pub(crate) type CheckHook = fn(&Setup) -> Result<(), SetupError>;
/// Builds the whole deck (instead of every chosen set's tiles shuffled).
pub(crate) type DeckHook = fn(&TileSet, &Setup, &Start) -> Result<Vec<TileIdx>, SetupError>;
/// Deals this set's own tiles into the shuffled land deck (its tiles are kept out of
/// the land shuffle and handed over here).
pub(crate) type DealHook = fn(&TileSet, &mut Rng, Vec<TileIdx>, &mut Vec<TileIdx>);
/// Checks an explicit draw order against this set's rules.
pub(crate) type DrawHook = fn(&TileSet, &[TileIdx]) -> Result<(), SetupError>;
/// Sets up the set's state and supplies in a new game.
pub(crate) type InitHook = fn(&mut Game);
/// Whether a tile may be placed there, beyond matching edges.
pub(crate) type PlacementHook = fn(&Game, TileIdx, Pos, Rotation) -> Result<(), PlayError>;

/// A rule on where tiles may go, beyond matching edges: which tiles it can refuse a place
/// to (so that listing the places of any other tile skips it), and the check.
pub(crate) struct PlacementRule {
    /// Whether the rule can refuse some placement of this tile.
    pub applies: fn(&TileDef) -> bool,
    /// Whether this placement is allowed.
    pub check: PlacementHook,
    /// Whether the check's answer is the same for every rotation on a square (then a
    /// listing asks it once per square, not once per rotation that fits).
    pub any_rotation: bool,
}

/// Runs after a tile is placed and joined: the square, and how its mist met the board.
pub(crate) type TileHook = fn(&mut Game, SquareIdx, Contacts, &mut Vec<Event>);
/// A choice step: resolves what is forced and returns true when it waits for the
/// player (having set the phase). The square is the tile just placed (none at the end of
/// the turn).
pub(crate) type ChoiceStep = fn(&mut Game, Option<SquareIdx>, &mut Vec<Event>) -> bool;
/// Runs after a figure is placed on a node.
pub(crate) type FigureHook = fn(&mut Game, NodeIdx, &mut Vec<Event>);
/// Runs before the turn's features are scored, with the completed features.
pub(crate) type CompletedHook = fn(&mut Game, &[NodeIdx], &mut Vec<Event>);
/// Runs after a feature is scored (before or after its figures return).
pub(crate) type ScoredHook = fn(&mut Game, &ScoredFeature, &mut Vec<Event>);
/// Runs when a figure has left the board (it is no longer in `figures`).
pub(crate) type RemovedHook = fn(&mut Game, &Figure, &mut Vec<Event>);
/// Runs during final scoring, after the features.
pub(crate) type FinalHook = fn(&mut Game, &mut Vec<Event>);

/// The rule sets: one for each tile set, and the cooperative game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleId {
    /// The base game.
    Base,
    /// The River.
    River,
    /// Ghosts, Castles & Cemeteries (competitive).
    Ghosts,
    /// The Spell Circles (competitive modes A and B).
    SpellCircles,
    /// The Watchtowers.
    Watchtowers,
    /// Heretics & Shrines.
    Shrines,
    /// Mists over Carcassonne, the cooperative game (with its Spell Circles and Eloïse).
    Coop,
}

impl RuleId {
    /// Every rule set, in registry order.
    pub const ALL: [RuleId; 7] = [
        RuleId::Base,
        RuleId::River,
        RuleId::Ghosts,
        RuleId::SpellCircles,
        RuleId::Watchtowers,
        RuleId::Shrines,
        RuleId::Coop,
    ];

    /// The competitive rule set of a tile set.
    pub const fn of(set: Set) -> RuleId {
        RuleId::ALL[set as usize]
    }
}

/// A set of [`RuleId`]s, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleMask(u8);

impl RuleMask {
    /// Whether `id` is in the mask.
    pub const fn contains(self, id: RuleId) -> bool {
        self.0 & (1 << id as u8) != 0
    }

    /// Whether no rule set is in the mask.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rule sets in the mask, in registry order (one step per set in it).
    pub fn iter(self) -> impl Iterator<Item = RuleId> {
        super::sets::members(self.0, &RuleId::ALL)
    }
}

impl FromIterator<RuleId> for RuleMask {
    fn from_iter<I: IntoIterator<Item = RuleId>>(iter: I) -> RuleMask {
        RuleMask(iter.into_iter().fold(0, |m, id| m | 1 << id as u8))
    }
}

/// One rule set's hooks, in the order of the turn. `None` (or an empty list) means the set
/// does not change that step.
pub(crate) struct RuleSet {
    /// The rule set.
    pub id: RuleId,
    /// Setup: checks of its own (sets, options).
    pub check: Option<CheckHook>,
    /// Setup: the whole deck, built by the rule set.
    pub deck: Option<DeckHook>,
    /// Setup: the sets this one is played with.
    pub needs: &'static [Set],
    /// Setup: the sets this one cannot be played with, and why.
    pub excludes: (&'static [Set], &'static str),
    /// Setup: a start other than the base start tile.
    pub start: Option<StartHook>,
    /// Setup: the set deals its own tiles.
    pub deal: Option<DealHook>,
    /// Setup: an explicit draw must respect the set's order.
    pub draw: Option<DrawHook>,
    /// Setup: the set's state and supplies.
    pub init: Option<InitHook>,
    /// Setup: after the start squares lie, before the first draw.
    pub started: Option<InitHook>,
    /// Placement allowed.
    pub placement: Option<PlacementRule>,
    /// After the tile.
    pub after_tile: Option<TileHook>,
    /// Choices after the tile, in order.
    pub tile_choices: &'static [ChoiceStep],
    /// A figure was placed.
    pub figure_placed: Option<FigureHook>,
    /// Before scoring.
    pub before_scoring: Option<CompletedHook>,
    /// A feature was scored (points given, figures still there).
    pub scored: Option<ScoredHook>,
    /// A feature scored during the game had its figures returned.
    pub returned: Option<ScoredHook>,
    /// A figure left the board.
    pub figure_removed: Option<RemovedHook>,
    /// Choices at the end of the turn, in order.
    pub turn_end_choices: &'static [ChoiceStep],
    /// Final scoring.
    pub final_scoring: Option<FinalHook>,
    /// The stack (the active pile) is empty when a tile must be drawn: how the game ends
    /// (the core's final scoring unless a set says otherwise).
    pub exhausted: Option<FinalHook>,
}

impl RuleSet {
    /// A set that changes nothing (fill in the hooks with `..RuleSet::NONE`).
    pub const NONE: RuleSet = RuleSet {
        id: RuleId::Base,
        check: None,
        deck: None,
        started: None,
        needs: &[],
        excludes: (&[], ""),
        start: None,
        deal: None,
        draw: None,
        init: None,
        placement: None,
        after_tile: None,
        tile_choices: &[],
        figure_placed: None,
        before_scoring: None,
        scored: None,
        returned: None,
        figure_removed: None,
        turn_end_choices: &[],
        final_scoring: None,
        exhausted: None,
    };
}

/// Every rule set, in the order of [`RuleId::ALL`] (the tile sets' in catalogue order, then
/// the cooperative game): the order hooks of one step run in.
pub(crate) const RULE_SETS: [&RuleSet; 7] =
    [&base::RULES, &river::RULES, &ghosts::RULES, &spells::RULES, &towers::RULES, &shrines::RULES, &coop::RULES];

fn rules(id: RuleId) -> &'static RuleSet {
    let r = RULE_SETS[id as usize];
    debug_assert_eq!(r.id, id, "RULE_SETS is in the order of RuleId::ALL");
    r
}

/// The sets `set` is played with (SPELLC-B-1: The Spell Circles need Ghosts, Castles &
/// Cemeteries).
pub fn needs(set: Set) -> &'static [Set] {
    rules(RuleId::of(set)).needs
}

/// The sets `set` cannot be played with (BASE-RIVER-2: the River and the mist sets).
pub fn excludes(set: Set) -> &'static [Set] {
    rules(RuleId::of(set)).excludes.0
}

/// Which rule sets in play hook into each step (built once per game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pipeline {
    sets: SetMask,
    rules: RuleMask,
    placement: RuleMask,
    after_tile: RuleMask,
    tile_choices: RuleMask,
    figure_placed: RuleMask,
    before_scoring: RuleMask,
    scored: RuleMask,
    returned: RuleMask,
    figure_removed: RuleMask,
    turn_end_choices: RuleMask,
    final_scoring: RuleMask,
    exhausted: RuleMask,
}

impl Pipeline {
    /// The pipeline of a game with these tile sets, played by these rule sets.
    pub fn of(sets: SetMask, rules_in_play: RuleMask) -> Pipeline {
        let with = |has: fn(&RuleSet) -> bool| rules_in_play.iter().filter(|r| has(rules(*r))).collect::<RuleMask>();
        Pipeline {
            sets,
            rules: rules_in_play,
            placement: with(|r| r.placement.is_some()),
            after_tile: with(|r| r.after_tile.is_some()),
            tile_choices: with(|r| !r.tile_choices.is_empty()),
            figure_placed: with(|r| r.figure_placed.is_some()),
            before_scoring: with(|r| r.before_scoring.is_some()),
            scored: with(|r| r.scored.is_some()),
            returned: with(|r| r.returned.is_some()),
            figure_removed: with(|r| r.figure_removed.is_some()),
            turn_end_choices: with(|r| !r.turn_end_choices.is_empty()),
            final_scoring: with(|r| r.final_scoring.is_some()),
            exhausted: with(|r| r.exhausted.is_some()),
        }
    }

    /// The tile sets in play.
    pub fn sets(&self) -> SetMask {
        self.sets
    }

    /// Whether a tile set is in play.
    pub fn has(&self, set: Set) -> bool {
        self.sets.contains(set)
    }

    /// Whether a rule set is played.
    pub fn plays(&self, id: RuleId) -> bool {
        self.rules.contains(id)
    }
}

/// The hooks of the rule sets in `mask` that a field holds, in registry order.
fn hooks<T: Copy>(mask: RuleMask, field: fn(&RuleSet) -> Option<T>) -> impl Iterator<Item = T> {
    mask.iter().filter_map(move |s| field(rules(s)))
}

// ---------------------------------------------------------------- setup

/// Start a game: check the setup, place the start, build the deck, draw the first tile.
pub(crate) fn new_game(tiles: Arc<TileSet>, setup: Setup) -> Result<Game, SetupError> {
    let coop = setup.options.coop.is_some();
    let explicit = matches!(setup.deck, Deck::Draw(_));
    // The cooperative game has seats for 1 to 5 players (COOP-SETUP-3); a competitive one
    // 2 to 5, or 1 in a puzzle with an explicit draw.
    let seats = if explicit || coop { PUZZLE_PLAYERS } else { PLAYERS };
    if !seats.contains(&setup.players.len()) {
        return Err(SetupError::PlayerCount(setup.players.len()));
    }
    setup.check_limits()?;
    let first = setup.options.first_player;
    if first >= setup.players.len() || (coop && first != 0) {
        return Err(SetupError::FirstPlayer(first));
    }
    for (i, s) in setup.sets.iter().enumerate() {
        if setup.sets[..i].contains(s) {
            return Err(SetupError::DuplicateSet(*s));
        }
    }
    let sets: SetMask = setup.sets.iter().copied().collect();
    let rules_in_play: RuleMask =
        if coop { [RuleId::Coop].into_iter().collect() } else { sets.iter().map(RuleId::of).collect() };
    if !coop {
        if !setup.has_set(Set::Base) {
            return Err(SetupError::NoBase);
        }
        for set in sets.iter() {
            if let Some(&needs) = needs(set).iter().find(|s| !sets.contains(**s)) {
                return Err(SetupError::Requires { set, needs });
            }
            if let Some(&other) = excludes(set).iter().find(|s| sets.contains(**s)) {
                return Err(SetupError::Excludes { set, other, why: rules(RuleId::of(set)).excludes.1.into() });
            }
        }
    }
    for check in hooks(rules_in_play, |r| r.check) {
        check(&setup)?;
    }
    let mut starts = hooks(rules_in_play, |r| r.start);
    let start = match (starts.next(), starts.next()) {
        (None, _) => base::start(&tiles)?,
        (Some(start), None) => start(&tiles)?,
        (Some(_), Some(_)) => return Err(SetupError::NoStartTile),
    };
    let deck = match hooks(rules_in_play, |r| r.deck).next() {
        Some(deck) => deck(&tiles, &setup, &start)?,
        None => build_deck(&tiles, &setup, sets, &start)?,
    };

    let n = setup.players.len();
    let mut game = Game::empty(tiles, setup, Pipeline::of(sets, rules_in_play), deck);
    game.players = vec![PlayerState { score: 0, supply: [MEEPLES, 0, 0], reserve: 0 }; n];
    for init in hooks(rules_in_play, |r| r.init) {
        init(&mut game);
    }
    for &(tile, pos) in &start.squares {
        game.put_tile(pos, tile, Rotation::ALL[0]);
    }
    for started in hooks(rules_in_play, |r| r.started) {
        started(&mut game);
    }
    // BASE-SETUP-3: the first seat starts, unless the setup names another.
    game.current = first;
    let mut events = Vec::new();
    game.begin_turn(&mut events);
    game.opening = events;
    Ok(game)
}

/// Every copy of every tile of the chosen sets (in the setup's order, so that a seed
/// deals the same deck forever), less the start; shuffled, or in the explicit order.
fn build_deck(tiles: &TileSet, setup: &Setup, sets: SetMask, start: &Start) -> Result<Vec<TileIdx>, SetupError> {
    let mut land: Vec<TileIdx> = Vec::new();
    let mut own: Vec<(DealHook, Vec<TileIdx>)> = Vec::new();
    let mut optional: Vec<TileIdx> = Vec::new();
    for &set in &setup.sets {
        let mut pile = Vec::new();
        for (idx, def) in tiles.set_tiles(set.name()) {
            if def.optional && !setup.options.optional_tiles {
                optional.push(idx);
                continue;
            }
            let out = start.out_of_deck.iter().filter(|t| **t == idx).count() as u32;
            pile.extend(std::iter::repeat_n(idx, def.count.saturating_sub(out) as usize));
        }
        match rules(RuleId::of(set)).deal {
            Some(deal) => own.push((deal, pile)),
            None => land.extend(pile),
        }
    }
    match &setup.deck {
        Deck::Seed(seed) => {
            let mut rng = Rng::new(*seed);
            rng.shuffle(&mut land);
            for (deal, pile) in own {
                deal(tiles, &mut rng, pile, &mut land);
            }
            Ok(land)
        }
        Deck::Draw(ids) => {
            let pool: Vec<TileIdx> = land.into_iter().chain(own.into_iter().flat_map(|(_, p)| p)).collect();
            let mut deck = Vec::with_capacity(ids.len());
            for id in ids {
                let idx = match tiles.index_of(id) {
                    Some(i) if pool.contains(&i) => i,
                    Some(i) if optional.contains(&i) => return Err(SetupError::OptionalTile(id.clone())),
                    _ => return Err(SetupError::UnknownTile(id.clone())),
                };
                let available = pool.iter().filter(|t| **t == idx).count();
                if !setup.options.unlimited_copies && deck.iter().filter(|t| **t == idx).count() >= available {
                    return Err(SetupError::TooManyCopies { tile: id.clone(), available: available as u32 });
                }
                deck.push(idx);
            }
            for check in sets.iter().filter_map(|s| rules(RuleId::of(s)).draw) {
                check(tiles, &deck)?;
            }
            Ok(deck)
        }
    }
}

// ---------------------------------------------------------------- the turn

impl Game {
    /// The placement rules of the sets in play.
    fn placement_rules(&self) -> impl Iterator<Item = &'static PlacementRule> {
        self.pipeline.placement.iter().filter_map(|r| rules(r).placement.as_ref())
    }

    /// Whether the sets in play allow this placement beyond matching edges.
    pub(crate) fn placement_allowed(&self, tile: TileIdx, pos: Pos, rot: Rotation) -> Result<(), PlayError> {
        for rule in self.placement_rules() {
            (rule.check)(self, tile, pos, rot)?;
        }
        Ok(())
    }

    /// Whether a set in play may refuse some placement of this tile beyond matching edges.
    pub(crate) fn placement_restricted(&self, def: &TileDef) -> bool {
        self.placement_rules().any(|rule| (rule.applies)(def))
    }

    /// Whether every rule that may refuse this tile a place answers alike for all rotations.
    pub(crate) fn placement_any_rotation(&self, def: &TileDef) -> bool {
        self.placement_rules().all(|rule| rule.any_rotation || !(rule.applies)(def))
    }

    /// Like [`Game::apply`], appending the events to `events`.
    pub fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), PlayError> {
        self.check(action)?;
        let action = self.canonical(action);
        self.history.push(action);
        let player = self.current;
        if let Phase::Set(step) = self.phase {
            match step.apply(self, action, events) {
                Resume::AfterTile(square) => self.tile_choices(square, events),
                Resume::TurnEnd => self.turn_end(events),
                Resume::Done => {}
            }
            return Ok(());
        }
        match action {
            Action::PlaceTile { tile, pos, rot } => {
                let (square, contacts) = self.put_tile(pos, tile, rot);
                self.note_completions(square);
                events.push(Event::TilePlaced {
                    player,
                    tile: self.tiles.get(tile).id.clone(),
                    x: pos.x,
                    y: pos.y,
                    rotation: rot.quarters(),
                });
                for after in hooks(self.pipeline.after_tile, |r| r.after_tile) {
                    after(self, square, contacts, events);
                }
                self.tile_choices(square, events);
            }
            Action::PlaceFigure { figure, spot } => {
                let Phase::Figure { square } = self.phase else { unreachable!("checked") };
                let node = self.figure_node(square, figure, spot).expect("checked");
                self.add_figure(player, figure, node);
                let pos = self.board.square(square).pos;
                let spot_name = match spot {
                    Spot::Port(p) => {
                        let def = self.def_at(square);
                        def.segments[def.owner(p) as usize].anchor().name()
                    }
                    Spot::Building => self.features.node(node).kind.name(),
                };
                events.push(Event::FigurePlaced {
                    player,
                    figure,
                    x: pos.x,
                    y: pos.y,
                    spot: spot_name.into(),
                    feature: self.features.node(node).kind,
                });
                for placed in hooks(self.pipeline.figure_placed, |r| r.figure_placed) {
                    placed(self, node, events);
                }
                self.score_turn(events);
            }
            Action::RetrieveAbbot { pos } => {
                let fig = self.abbot_at(pos).expect("checked");
                events.push(Event::AbbotRetrieved { player, x: pos.x, y: pos.y });
                let node = self.figures[fig].node;
                self.score_feature(node, Scored::Retrieved, events);
                self.score_turn(events);
            }
            Action::Pass => {
                events.push(Event::Passed { player });
                self.score_turn(events);
            }
            Action::Set(_) => unreachable!("checked: only in a set's step"),
        }
        Ok(())
    }

    /// Run the choice steps after the tile, in order; when none waits, the figure step.
    fn tile_choices(&mut self, square: SquareIdx, events: &mut Vec<Event>) {
        for set in self.pipeline.tile_choices.iter() {
            for step in rules(set).tile_choices {
                if step(self, Some(square), events) {
                    return;
                }
            }
        }
        // GHOST-PLACE-10: the figure step follows the ghosts (and circles and cat).
        self.phase = Phase::Figure { square };
    }

    /// Score what the tile completed and settle the turn's points (SEQ 5), then the end
    /// of the turn.
    fn score_turn(&mut self, events: &mut Vec<Event>) {
        let completed = std::mem::take(&mut self.completed);
        for before in hooks(self.pipeline.before_scoring, |r| r.before_scoring) {
            before(self, &completed, events);
        }
        for &root in &completed {
            self.score_feature(root, Scored::Completed, events);
        }
        self.completed = completed;
        self.completed.clear();
        self.settle_deltas(events);
        self.turn_end(events);
    }

    /// The choices at the end of the turn; when none waits, the next player draws.
    fn turn_end(&mut self, events: &mut Vec<Event>) {
        for set in self.pipeline.turn_end_choices.iter() {
            for step in rules(set).turn_end_choices {
                if step(self, None, events) {
                    return;
                }
            }
        }
        self.next_turn(events);
    }

    /// The next seat's turn: it draws.
    pub(crate) fn next_turn(&mut self, events: &mut Vec<Event>) {
        self.turn += 1;
        self.current = (self.current + 1) % self.setup.players.len();
        self.begin_turn(events);
    }

    /// Draw until a tile fits (BASE-TILE-4), or end the game when the stack is empty
    /// (BASE-TURN-2): with final scoring, unless a rule set ends it otherwise.
    pub(crate) fn begin_turn(&mut self, events: &mut Vec<Event>) {
        while self.next_draw < self.draw_end {
            let tile = self.deck[self.next_draw];
            self.next_draw += 1;
            let id = self.tiles.get(tile).id.clone();
            events.push(Event::TileDrawn {
                player: self.current,
                tile: id.clone(),
                // The stack, or in the cooperative game the active pile.
                tiles_left: (self.draw_end - self.next_draw) as u32,
            });
            if self.has_placement(tile) {
                self.phase = Phase::Tile { tile };
                return;
            }
            self.discarded.push(tile);
            events.push(Event::TileDiscarded { player: self.current, tile: id });
        }
        match hooks(self.pipeline.exhausted, |r| r.exhausted).next() {
            Some(end) => end(self, events),
            None => self.final_scoring(events),
        }
    }

    /// Tell the sets in play that a feature was scored (its figures still stand).
    pub(crate) fn feature_scored(&mut self, scored: &ScoredFeature, events: &mut Vec<Event>) {
        for hook in hooks(self.pipeline.scored, |r| r.scored) {
            hook(self, scored, events);
        }
    }

    /// Tell the sets in play that a feature scored in the game has had its figures returned.
    pub(crate) fn feature_returned(&mut self, scored: &ScoredFeature, events: &mut Vec<Event>) {
        for hook in hooks(self.pipeline.returned, |r| r.returned) {
            hook(self, scored, events);
        }
    }

    /// Take a figure off the board into its owner's supply; the sets in play react (its
    /// ghosts go back to the supply, GHOST-SCORE-5; Eloïse moves on; a challenge ends).
    pub(crate) fn remove_figure(&mut self, idx: usize, events: &mut Vec<Event>) {
        let f = self.take_figure(idx, events);
        self.players[f.owner as usize].supply[f.kind as usize] += 1;
        let pos = self.board.square(self.features.node(f.node).square).pos;
        events.push(Event::FigureReturned { player: f.owner as usize, figure: f.kind, x: pos.x, y: pos.y });
    }

    /// Take a figure off the board (not back to a supply: the cooperative game buries
    /// meeples); the sets in play react as for any figure leaving.
    pub(crate) fn take_figure(&mut self, idx: usize, events: &mut Vec<Event>) -> Figure {
        let f = self.figures.swap_remove(idx);
        for hook in hooks(self.pipeline.figure_removed, |r| r.figure_removed) {
            hook(self, &f, events);
        }
        self.features.clear_occupant(f.node);
        if let Some(moved) = self.figures.get(idx) {
            self.features.move_occupant(moved.node, idx as u16);
        }
        f
    }

    /// The sets' final-scoring steps (after the features, before the points are settled).
    pub(crate) fn final_hooks(&mut self, events: &mut Vec<Event>) {
        for hook in hooks(self.pipeline.final_scoring, |r| r.final_scoring) {
            hook(self, events);
        }
    }

    /// Whether any open position takes the tile in some rotation.
    pub(crate) fn has_placement(&self, tile: TileIdx) -> bool {
        let def = self.tiles.get(tile);
        let restricted = self.placement_restricted(def);
        self.board.open().iter().any(|open| {
            let fit = def.fitting_code(open.code);
            fit != 0
                && (!restricted
                    || Rotation::ALL
                        .iter()
                        .any(|&rot| Board::fits(open, def, rot) && self.placement_allowed(tile, open.pos, rot).is_ok()))
        })
    }
}
