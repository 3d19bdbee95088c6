//! The game: state, turn steps, legal actions and applying an action.
//!
//! A turn runs through explicit steps ([`Phase`]): the drawn tile is placed, then a figure
//! may be placed (or the player passes), then everything the tile completed is scored and
//! the next player draws. An action is checked completely before anything changes, so a
//! refused action leaves the game exactly as it was.

use super::board::{Board, SquareIdx};
use super::choice::SetStep;
use super::coop::CoopState;
use super::events::Event;
use super::features::{Features, NodeIdx};
use super::flow::Pipeline;
use super::geometry::{Port, Pos, Rotation, Side};
use super::ghosts::GhostState;
use super::moves::{Action, FigureKind, PlayError, Restriction, Spot};
use super::river::RiverState;
use super::rng::Rng;
use super::sets::Set;
use super::setup::{Setup, SetupError};
use super::shrines::ShrineState;
use super::spells::SpellState;
use super::tiles::{FeatureKind, TileDef, TileIdx, TileSet, NO_SEG};
use std::sync::Arc;

/// Regular meeples in each player's supply (BASE-SETUP-2).
pub const MEEPLES: u8 = 7;

/// A figure standing on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figure {
    /// Seat of the owner.
    pub owner: u8,
    /// Which figure.
    pub kind: FigureKind,
    /// The node (segment or building) it stands on.
    pub node: NodeIdx,
    /// Ghosts standing next to it (GHOST-PLACE; the third scares it off).
    pub ghosts: u8,
}

/// One player's counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerState {
    /// Total score (never below 0).
    pub score: i32,
    /// Figures in the supply, indexed by [`FigureKind`] order.
    pub supply: [u8; 3],
    /// Guard meeples waiting in the reserve for a completed cemetery (GHOST-SETUP-4).
    pub reserve: u8,
}

impl PlayerState {
    /// Figures of a kind in the supply.
    pub fn in_supply(&self, kind: FigureKind) -> u8 {
        self.supply[kind as usize]
    }
}

/// How a placed tile's mist met the board (GHOST-MIST-3): any misty–misty contact
/// extends, any misty–clear contact limits. Computed for every tile; only the sets that
/// care about mist read it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Contacts {
    /// A misty port of the tile touches a misty port of a placed square.
    pub extended: bool,
    /// A misty port touches a clear one (on either side).
    pub limited: bool,
}

/// The step the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The current player must place this drawn tile.
    Tile {
        /// The drawn tile.
        tile: TileIdx,
    },
    /// The current player may place a figure on the tile just placed, or pass.
    Figure {
        /// The square just placed.
        square: SquareIdx,
    },
    /// A step that a set owns (its choices: [`super::choice`]).
    Set(SetStep),
    /// The game has ended (and been finally scored, or won or lost together).
    Over,
}

impl Phase {
    pub(crate) fn expects(self) -> &'static str {
        match self {
            Phase::Tile { .. } => "a tile placement",
            Phase::Figure { .. } => "a figure placement or a pass",
            Phase::Set(step) => step.expects(),
            Phase::Over => "nothing (the game is over)",
        }
    }
}

/// The tile catalogue a game uses. Two games compare equal only if they share one
/// catalogue (tests compare whole games to prove a refused action changed nothing).
#[derive(Clone, Debug)]
pub(crate) struct Catalogue(pub(crate) Arc<TileSet>);

impl PartialEq for Catalogue {
    fn eq(&self, o: &Catalogue) -> bool {
        Arc::ptr_eq(&self.0, &o.0)
    }
}

impl Eq for Catalogue {}

impl std::ops::Deref for Catalogue {
    type Target = TileSet;
    fn deref(&self) -> &TileSet {
        &self.0
    }
}

/// A game in progress (or finished). Clone it to explore; it owns no external resources.
/// Each expansion keeps its state in a struct of its own; the core fields come first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub(crate) tiles: Catalogue,
    pub(crate) setup: Setup,
    /// Which sets in play hook into each step of the turn.
    pub(crate) pipeline: Pipeline,
    pub(crate) board: Board,
    pub(crate) features: Features,
    pub(crate) figures: Vec<Figure>,
    pub(crate) players: Vec<PlayerState>,
    pub(crate) deck: Vec<TileIdx>,
    pub(crate) next_draw: usize,
    /// Tiles are drawn up to here (the deck's end; in the cooperative game, the end of the
    /// active pile).
    pub(crate) draw_end: usize,
    pub(crate) current: usize,
    pub(crate) phase: Phase,
    pub(crate) turn: u32,
    pub(crate) history: Vec<Action>,
    pub(crate) discarded: Vec<TileIdx>,
    /// Features (roots) and buildings completed by this turn's tile, scored at turn end.
    pub(crate) completed: Vec<NodeIdx>,
    /// This turn's score changes per player, applied together at turn end (DEC-05).
    pub(crate) deltas: Vec<i32>,
    /// The events of the game's start (the first draw).
    pub(crate) opening: Vec<Event>,
    /// The River: where the river ends.
    pub(crate) river: RiverState,
    /// Ghosts, Castles & Cemeteries: the ghost supply and the ghosts still to place.
    pub(crate) ghosts: GhostState,
    /// The Spell Circles (mode A): circle ghosts, the cat and her pile.
    pub(crate) spells: SpellState,
    /// Heretics & Shrines: ongoing challenges.
    pub(crate) shrines: ShrineState,
    /// The cooperative game (Mists over Carcassonne): everything it adds.
    pub(crate) coop: CoopState,
}

impl Game {
    /// Start a game: place the start tile, build the deck and draw the first tile.
    pub fn new(tiles: Arc<TileSet>, setup: Setup) -> Result<Game, SetupError> {
        super::flow::new_game(tiles, setup)
    }

    /// A game with nothing placed yet: the state every set's `init` hook starts from.
    pub(crate) fn empty(tiles: Arc<TileSet>, setup: Setup, pipeline: Pipeline, deck: Vec<TileIdx>) -> Game {
        let n = setup.players.len();
        // Room for the whole game up front: growing these turn by turn showed in profiles.
        let squares = deck.len() + 4;
        let nodes = deck.iter().map(|t| tiles.get(*t).node_count()).sum::<usize>() + 16;
        Game {
            board: Board::with_capacity(squares),
            features: Features::with_capacity(nodes),
            figures: Vec::with_capacity(8 * n),
            players: Vec::new(),
            history: Vec::with_capacity(2 * squares),
            tiles: Catalogue(tiles),
            pipeline,
            draw_end: deck.len(),
            deck,
            next_draw: 0,
            current: 0,
            phase: Phase::Over,
            turn: 0,
            discarded: Vec::new(),
            completed: Vec::new(),
            deltas: vec![0; n],
            opening: Vec::new(),
            river: RiverState::default(),
            ghosts: GhostState::default(),
            spells: SpellState::default(),
            shrines: ShrineState::default(),
            coop: CoopState::default(),
            setup,
        }
    }

    // ------------------------------------------------------------ read access

    /// The tile catalogue in use.
    pub fn tiles(&self) -> &Arc<TileSet> {
        &self.tiles.0
    }

    /// Whether a set is in play.
    pub fn has_set(&self, set: Set) -> bool {
        self.pipeline.has(set)
    }

    /// How the game was set up.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The feature graph.
    pub fn features(&self) -> &Features {
        &self.features
    }

    /// Figures standing on the board.
    pub fn figures(&self) -> &[Figure] {
        &self.figures
    }

    /// Every player's counters, in seat order.
    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    /// Seat whose turn it is.
    pub fn current_player(&self) -> usize {
        self.current
    }

    /// The step the game waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The square a figure may go on now: the tile just placed, in the figure step or a
    /// set's step that puts a figure on it (the cooperative meeple).
    pub fn figure_square(&self) -> Option<SquareIdx> {
        match self.phase {
            Phase::Figure { square } => Some(square),
            Phase::Set(step) => step.figure_square(),
            Phase::Tile { .. } | Phase::Over => None,
        }
    }

    /// Whether the step waiting now may be answered with [`Action::Pass`] (no figure, no
    /// more removal): the one place the interface learns which steps may pass.
    pub fn may_pass(&self) -> bool {
        self.check(&Action::Pass).is_ok()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Turns completed so far.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The seat that plays turn `turn` (0-based, one tile placement each): turns pass
    /// round the table from the first seat.
    pub fn player_of_turn(&self, turn: usize) -> usize {
        turn % self.setup.players.len()
    }

    /// Tiles still face down in the stack (not counting a tile in hand).
    pub fn tiles_left(&self) -> usize {
        self.deck.len() - self.next_draw
    }

    /// Tiles that fit nowhere and left the game (BASE-TILE-4).
    pub fn discarded(&self) -> &[TileIdx] {
        &self.discarded
    }

    /// Every action applied so far, in order.
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The events of the game's start (the first draw).
    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    /// Tiles drawn so far (the tile in hand and tiles that left the game included).
    pub fn drawn(&self) -> usize {
        self.next_draw
    }

    /// For a copy of a game that does not know its unseen tiles (an online player's
    /// mirror, `Record::public_of`): the next tiles to be drawn are now known. Each `Some`
    /// is moved up from the unseen part; `None` (drawn face down) leaves the unseen tile
    /// there. The game's hidden order is otherwise untouched.
    pub fn reveal(&mut self, upcoming: &[Option<TileIdx>]) {
        for (i, t) in upcoming.iter().enumerate() {
            let pos = self.next_draw + i;
            let Some(t) = *t else { continue };
            if pos >= self.deck.len() {
                break;
            }
            match self.deck[pos..].iter().position(|d| *d == t) {
                Some(j) => self.deck.swap(pos, pos + j),
                None => self.deck[pos] = t,
            }
        }
    }

    /// The whole tile order, including tiles not drawn yet. Hidden information: for
    /// records and replays only, never for a player's decisions.
    pub fn draw_order(&self) -> &[TileIdx] {
        &self.deck
    }

    /// A copy of the game in which the tiles not yet drawn are put in an order made only
    /// from what every player may know (which tiles remain) and `rng`. Search works on
    /// such copies so that the real hidden order can never leak into a decision: two games
    /// that differ only in their unseen order give the same copy for the same `rng`.
    pub fn determinize(&self, rng: &mut Rng) -> Game {
        let mut g = self.clone();
        let unseen = &mut g.deck[g.next_draw..];
        // Sorted by counting each kind (the search makes thousands of copies a decision,
        // and the kinds are few), then shuffled.
        let mut count = vec![0u16; g.tiles.tiles().len()];
        for &t in unseen.iter() {
            count[t as usize] += 1;
        }
        let sorted = count.iter().enumerate().flat_map(|(t, &c)| std::iter::repeat_n(t as TileIdx, c as usize));
        unseen.iter_mut().zip(sorted).for_each(|(slot, t)| *slot = t);
        rng.shuffle(unseen);
        g
    }

    /// The game as if `tile` had been drawn this turn instead of the tile in hand, for
    /// analysis (how lucky a draw was): the tile in hand goes back among the ones still to
    /// come. `None` outside a tile step, when no copy of `tile` is still to be drawn from
    /// the stack (the active pile in the cooperative game), or when it could not be placed
    /// (it would have left the game, BASE-TILE-4).
    pub fn with_drawn(&self, tile: TileIdx) -> Option<Game> {
        let Phase::Tile { tile: held } = self.phase else { return None };
        if held == tile {
            return Some(self.clone());
        }
        let at = self.next_draw.checked_sub(1)?;
        let from = self.next_draw + self.deck[self.next_draw..self.draw_end].iter().position(|&t| t == tile)?;
        let mut g = self.clone();
        g.deck.swap(at, from);
        g.phase = Phase::Tile { tile };
        g.has_placement(tile).then_some(g)
    }

    /// Totals in seat order.
    pub fn scores(&self) -> Vec<i32> {
        self.players.iter().map(|p| p.score).collect()
    }

    /// The tile definition placed on a square.
    pub fn def_at(&self, square: SquareIdx) -> &TileDef {
        self.tiles.get(self.board.square(square).tile)
    }

    /// The figure standing on a node, if any.
    pub fn figure_on(&self, node: NodeIdx) -> Option<&Figure> {
        self.figures.get(self.features.node(node).occupant as usize)
    }

    // ------------------------------------------------------------ legal actions

    /// Every legal action of the current step.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Every legal action of the current step, appended to `out` (which is cleared).
    /// Tile placements list each distinct look of a symmetric tile once.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Tile { tile } => self.placements_into(tile, out),
            Phase::Figure { square } => self.figure_actions_into(square, out),
            Phase::Set(step) => step.actions(self, out),
            Phase::Over => {}
        }
    }

    /// Legal placements of `tile` on the current board.
    pub fn placements_into(&self, tile: TileIdx, out: &mut Vec<Action>) {
        let def = self.tiles.get(tile);
        let open = self.board.open();
        if self.placement_restricted(def) {
            let any_rotation = self.placement_any_rotation(def);
            for o in open {
                let fit = def.fitting_code(o.code);
                let rotations = (0..4).filter(|r| fit >> r & 1 == 1).map(|r| Rotation::ALL[r]);
                if any_rotation {
                    // The rules answer alike for every rotation on a square: asked once.
                    let mut all = rotations.peekable();
                    if all.peek().is_some_and(|&rot| self.placement_allowed(tile, o.pos, rot).is_ok()) {
                        out.extend(all.map(|rot| Action::PlaceTile { tile, pos: o.pos, rot }));
                    }
                } else {
                    let allowed = rotations.filter(|&rot| self.placement_allowed(tile, o.pos, rot).is_ok());
                    out.extend(allowed.map(|rot| Action::PlaceTile { tile, pos: o.pos, rot }));
                }
            }
            return;
        }
        // Most tiles: every rotation that fits is legal. Each open square writes all four
        // rotations and keeps those that fit, so the loop has no branch that a random board
        // makes unpredictable (this listing was the engine's hottest loop).
        let start = out.len();
        out.resize(start + 4 * open.len(), Action::Pass);
        let mut n = start;
        for o in open {
            let fit = def.fitting_code(o.code);
            for (r, rot) in Rotation::ALL.into_iter().enumerate() {
                out[n] = Action::PlaceTile { tile, pos: o.pos, rot };
                n += (fit >> r & 1) as usize;
            }
        }
        out.truncate(n);
    }

    /// A legal action chosen uniformly at random: exactly the one that
    /// `legal[rng.below(legal.len())]` picks from [`Game::legal_actions_into`] (the same
    /// draw from `rng`), for random games and the computers' random look-aheads.
    /// `scratch` holds the list where one is written. A drawn tile that no rule restricts
    /// is placed without writing the list: its placements are counted, then the chosen
    /// one found (random games spent about 40% of their time writing that list).
    pub fn random_action(&self, rng: &mut Rng, scratch: &mut Vec<Action>) -> Action {
        if let Phase::Tile { tile } = self.phase {
            let def = self.tiles.get(tile);
            let open = self.board.open();
            let count = || open.iter().map(|o| def.fitting_count(o.code)).sum::<u32>();
            let count = if self.placement_restricted(def) { 0 } else { count() };
            if count > 0 {
                let mut k = rng.below(count as usize) as u32;
                for o in open {
                    let here = def.fitting_count(o.code);
                    if k < here {
                        let mut fit = def.fitting_code(o.code);
                        // The k-th rotation that fits, in the list's order (rotation 0 first).
                        for _ in 0..k {
                            fit &= fit - 1;
                        }
                        let rot = Rotation::ALL[fit.trailing_zeros() as usize];
                        return Action::PlaceTile { tile, pos: o.pos, rot };
                    }
                    k -= here;
                }
            }
        }
        self.legal_actions_into(scratch);
        scratch[rng.below(scratch.len())]
    }

    fn figure_actions_into(&self, square: SquareIdx, out: &mut Vec<Action>) {
        let placed = self.board.square(square);
        let def = self.tiles.get(placed.tile);
        let player = &self.players[self.current];
        let spots = def.segments.iter().map(|s| Spot::Port(s.anchor())).chain(def.building.map(|_| Spot::Building));
        for spot in spots {
            for figure in FigureKind::ALL {
                if player.in_supply(figure) > 0 && self.figure_node(square, figure, spot).is_ok() {
                    out.push(Action::PlaceFigure { figure, spot });
                }
            }
        }
        for f in &self.figures {
            let placed = self.board.square(self.features.node(f.node).square);
            // Only from an incomplete building (BASE-ABBOT-4).
            if f.owner as usize == self.current && f.kind == FigureKind::Abbot && placed.neighbours < 8 {
                out.push(Action::RetrieveAbbot { pos: placed.pos });
            }
        }
        out.push(Action::Pass);
    }

    /// The node a figure would stand on, or why it may not.
    pub(crate) fn figure_node(&self, square: SquareIdx, figure: FigureKind, spot: Spot) -> Result<NodeIdx, PlayError> {
        let node = self.spot_node(square, spot).ok_or(PlayError::NoSuchSpot(spot))?;
        let kind = self.features.node(node).kind;
        if !figure.may_occupy(kind) {
            return Err(PlayError::FigureNotAllowed { figure, feature: kind });
        }
        // BASE-COMP-3, GHOST-FIELD-1: farmers as in the base game, unless switched off.
        if kind == FeatureKind::Field && !self.setup.options.farmers {
            return Err(PlayError::Forbidden(Restriction::NoFarmers));
        }
        if self.features.figures(node) > 0 {
            return Err(PlayError::FeatureOccupied(kind));
        }
        if self.players[self.current].in_supply(figure) == 0 {
            return Err(PlayError::NoneInSupply(figure));
        }
        Ok(node)
    }

    /// The form of an action that legal-move lists use: a symmetric tile at the smallest
    /// rotation that looks the same, a spot named by its segment's first port (any port
    /// of a segment names it, and equivalent rotations place the same picture). `apply`
    /// keeps this form in the history, so every game it accepts has a share code.
    pub fn canonical(&self, action: &Action) -> Action {
        match *action {
            Action::PlaceTile { tile, pos, rot } if (tile as usize) < self.tiles.tiles().len() => {
                Action::PlaceTile { tile, pos, rot: self.tiles.get(tile).canonical_rotation(rot) }
            }
            Action::PlaceFigure { figure, spot: Spot::Port(p) } => match self.phase {
                Phase::Figure { square } => {
                    let def = self.def_at(square);
                    let o = def.owner(p);
                    let spot = if o == NO_SEG { Spot::Port(p) } else { Spot::Port(def.segments[o as usize].anchor()) };
                    Action::PlaceFigure { figure, spot }
                }
                _ => *action,
            },
            Action::Set(m) => match self.phase {
                Phase::Set(step) => Action::Set(step.canonical(self, m)),
                _ => *action,
            },
            other => other,
        }
    }

    /// Check an action against the current step without changing anything.
    pub fn check(&self, action: &Action) -> Result<(), PlayError> {
        match (self.phase, *action) {
            (Phase::Over, _) => Err(PlayError::GameOver),
            (Phase::Set(step), _) => step.check(self, action),
            (Phase::Tile { tile }, Action::PlaceTile { tile: given, pos, rot }) => {
                if given != tile {
                    let name = |t: TileIdx| {
                        self.tiles.tiles().get(t as usize).map_or_else(|| format!("tile #{t}"), |d| d.id.to_string())
                    };
                    return Err(PlayError::WrongTile { drawn: name(tile), given: name(given) });
                }
                if self.board.is_filled(pos) {
                    return Err(PlayError::Occupied(pos));
                }
                let open = self.board.open_at(pos).ok_or(PlayError::NotAdjacent(pos))?;
                if !Board::fits(open, self.tiles.get(tile), rot) {
                    return Err(PlayError::EdgeMismatch { pos, rot });
                }
                self.placement_allowed(tile, pos, rot)
            }
            (Phase::Figure { square }, Action::PlaceFigure { figure, spot }) => {
                self.figure_node(square, figure, spot).map(|_| ())
            }
            (Phase::Figure { .. }, Action::RetrieveAbbot { pos }) => {
                let fig = self.abbot_at(pos).ok_or(PlayError::NoAbbotThere(pos))?;
                // A monastery or garden the tile just completed scores in step 3 instead
                // (BASE-ABBOT-4, BASE-ABBOT-3).
                let square = self.features.node(self.figures[fig].node).square;
                match self.board.square(square).neighbours {
                    8 => Err(PlayError::AbbotsBuildingComplete(pos)),
                    _ => Ok(()),
                }
            }
            (Phase::Figure { .. }, Action::Pass) => Ok(()),
            (phase, _) => Err(PlayError::WrongStep { expected: phase.expects().into() }),
        }
    }

    pub(crate) fn abbot_at(&self, pos: Pos) -> Option<usize> {
        let square = self.board.square_at(pos)?;
        self.figures.iter().position(|f| {
            f.owner as usize == self.current
                && f.kind == FigureKind::Abbot
                && self.features.node(f.node).square == square
        })
    }

    // ------------------------------------------------------------ applying actions

    /// Apply an action; on success return what happened. A refused action changes nothing.
    pub fn apply(&mut self, action: &Action) -> Result<Vec<Event>, PlayError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// Put a tile on the board and join its segments to its neighbours' features.
    /// Returns the square and how its mist met the mist around it.
    pub(crate) fn put_tile(&mut self, pos: Pos, tile: TileIdx, rot: Rotation) -> (SquareIdx, Contacts) {
        let tiles = self.tiles.clone();
        let def = tiles.get(tile);
        let node_base = self.features.len() as NodeIdx;
        let square = self.board.squares().len() as SquareIdx;
        for (i, seg) in def.segments.iter().enumerate() {
            let open = match seg.kind {
                FeatureKind::Road | FeatureKind::City | FeatureKind::River => seg.edge_count() as i16,
                _ => 0,
            };
            let pennants = seg.pennants as u16;
            self.features.add(seg.kind, square, i as u8, open, pennants);
        }
        for (m, region) in def.mist.iter().enumerate() {
            self.features.add(FeatureKind::Mist, square, def.mist_node(m as u8), region.ports.count_ones() as i16, 0);
        }
        if let (Some(kind), Some(local)) = (def.building, def.building_node()) {
            self.features.add(kind, square, local, 0, 0);
        }
        self.board.place(pos, tile, def, rot, node_base);
        let mut contacts = Contacts::default();

        for side in Side::ALL {
            let Some(other) = self.board.at(pos.step(side)).cloned() else {
                continue;
            };
            if other.face_down {
                // A face-down neighbour has no features: roads and cities facing it never
                // close, and mist facing it is limited for good (COOP-3c-2).
                self.limit_mist_on(&tiles, def, node_base, rot, side);
                continue;
            }
            let odef = tiles.get(other.tile);
            let misty = def.has_mist() || odef.has_mist();
            let mut joined = (NO_SEG, NO_SEG);
            for port in Port::of_side(side) {
                let theirs = port.facing();
                let (a, b) = (def.owner(port.unrotate(rot)), odef.owner(theirs.unrotate(other.rot)));
                if a != NO_SEG && b != NO_SEG {
                    let (na, nb) = (node_base + a as NodeIdx, other.node_base + b as NodeIdx);
                    // A city edge's three ports join the same two segments: once is enough.
                    if joined != (a, b) {
                        self.features.union(na, nb);
                        joined = (a, b);
                    }
                    if port.is_middle()
                        && matches!(
                            def.segments[a as usize].kind,
                            FeatureKind::Road | FeatureKind::City | FeatureKind::River
                        )
                    {
                        self.features.close_ends(na, 2);
                    }
                }
                if !misty {
                    continue;
                }
                // A misty field port belongs to the mist, never to a field, so a misty field
                // next to a clear one does not extend it (GHOST-FIELD-6).
                let (ma, mb) = (def.mist_at(port.unrotate(rot)), odef.mist_at(theirs.unrotate(other.rot)));
                let mine = (ma != NO_SEG).then(|| node_base + def.mist_node(ma) as NodeIdx);
                let theirs_node = (mb != NO_SEG).then(|| other.node_base + odef.mist_node(mb) as NodeIdx);
                // GHOST-MIST-3, DEC-06: contacts are judged port by port; a misty port facing
                // an empty square is no contact (GHOST-PLACE-5).
                match (mine, theirs_node) {
                    (Some(x), Some(y)) => {
                        self.features.union(x, y);
                        self.features.close_ends(x, 2);
                        contacts.extended = true;
                    }
                    (Some(x), None) | (None, Some(x)) => {
                        self.features.close_ends(x, 1);
                        self.features.limit(x);
                        contacts.limited = true;
                    }
                    (None, None) => {}
                }
            }
        }
        (square, contacts)
    }

    /// Mark the mist of a tile on one side as limited (it faces a face-down square).
    fn limit_mist_on(&mut self, tiles: &Catalogue, def: &TileDef, node_base: NodeIdx, rot: Rotation, side: Side) {
        let _ = tiles;
        for port in Port::of_side(side) {
            let m = def.mist_at(port.unrotate(rot));
            if m != NO_SEG {
                let node = node_base + def.mist_node(m) as NodeIdx;
                self.features.close_ends(node, 1);
                self.features.limit(node);
            }
        }
    }

    /// Put a tile face down (COOP-3c): no features of its own; the mist of its neighbours
    /// facing it is limited for good, their roads and cities facing it never close.
    pub(crate) fn put_face_down(&mut self, pos: Pos, tile: TileIdx) -> SquareIdx {
        let square = self.board.place_face_down(pos, tile, self.features.len() as NodeIdx);
        let tiles = self.tiles.clone();
        for side in Side::ALL {
            let Some(other) = self.board.at(pos.step(side)).cloned() else { continue };
            if !other.face_down {
                let odef = tiles.get(other.tile);
                self.limit_mist_on(&tiles, odef, other.node_base, other.rot, side.opposite());
            }
        }
        square
    }

    /// Remember every road, city and building the tile at `square` completed: all of them
    /// are scored this turn (BASE-END-1). Fields are never completed (BASE-FIELD-3).
    pub(crate) fn note_completions(&mut self, square: SquareIdx) {
        self.completed.clear();
        let placed = self.board.square(square).clone();
        let def = self.tiles.get(placed.tile);
        for (i, seg) in def.segments.iter().enumerate() {
            if matches!(seg.kind, FeatureKind::Road | FeatureKind::City) {
                let root = self.features.find(placed.node_base + i as NodeIdx);
                if self.features.is_closed(root) && !self.completed.contains(&root) {
                    self.completed.push(root);
                }
            }
        }
        for q in std::iter::once(placed.pos).chain(placed.pos.ring()) {
            if let Some(s) = self.board.square_at(q) {
                let p = self.board.square(s);
                // A face-down square has no building (COOP-DEF-8).
                if p.neighbours == 8 && !p.face_down {
                    if let Some(b) = self.tiles.get(p.tile).building_node() {
                        self.completed.push(p.node_base + b as NodeIdx);
                    }
                }
            }
        }
    }

    pub(crate) fn add_figure(&mut self, owner: usize, kind: FigureKind, node: NodeIdx) {
        self.players[owner].supply[kind as usize] -= 1;
        self.features.set_occupant(node, self.figures.len() as u16);
        self.figures.push(Figure { owner: owner as u8, kind, node, ghosts: 0 });
    }
}
