//! The game: state, turn steps, legal actions and applying an action.
//!
//! A turn runs through explicit steps ([`Phase`]): the drawn tile is placed, then a figure
//! may be placed (or the player passes), then everything the tile completed is scored and
//! the next player draws. An action is checked completely before anything changes, so a
//! refused action leaves the game exactly as it was.

use super::board::{Board, SquareIdx};
use super::events::Event;
use super::features::{Features, NodeIdx};
use super::geometry::{Port, Pos, Rotation, Side};
use super::ghosts::{Contacts, GhostCase, GHOSTS, GHOST_MEEPLES, GUARDS, GUARD_RESERVE};
use super::moves::{Action, FigureKind, PlayError, Spot};
use super::rng::Rng;
use super::scoring::Scored;
use super::setup::{Deck, Setup, SetupError, KNOWN_SETS, PLAYABLE_SETS, PLAYERS};
use super::shrines::Challenge;
use super::spells::{Cat, CAT_PILE};
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

/// The step the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The current player must place this drawn tile.
    Tile {
        /// The drawn tile.
        tile: TileIdx,
    },
    /// The current player must choose the meeple that receives a ghost (GHOST-PLACE).
    Ghost {
        /// The square just placed.
        square: SquareIdx,
        /// Why the ghost comes: the mist was extended or limited.
        case: GhostCase,
    },
    /// Mode A: the current player chooses which nearby meeple's ghost a circle attracts.
    Circle {
        /// The square just placed.
        square: SquareIdx,
    },
    /// Mode A: the current player places or moves Eloïse next to a meeple.
    Cat {
        /// The square just placed, when the figure step follows; none at the turn's end.
        then: Option<SquareIdx>,
    },
    /// The current player may place a figure on the tile just placed, or pass.
    Figure {
        /// The square just placed.
        square: SquareIdx,
    },
    /// The game has ended and been finally scored.
    Over,
}

impl Phase {
    fn expects(self) -> &'static str {
        match self {
            Phase::Tile { .. } => "a tile placement",
            Phase::Ghost { .. } => "a ghost placement (choose a meeple to haunt)",
            Phase::Circle { .. } => "a spell circle to attract a ghost (choose a meeple beside the tile)",
            Phase::Cat { .. } => "Eloïse to be placed next to a meeple",
            Phase::Figure { .. } => "a figure placement or a pass",
            Phase::Over => "nothing (the game is over)",
        }
    }
}

/// A game in progress (or finished). Clone it to explore; it owns no external resources.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) tiles: Arc<TileSet>,
    pub(crate) setup: Setup,
    pub(crate) board: Board,
    pub(crate) features: Features,
    pub(crate) figures: Vec<Figure>,
    pub(crate) players: Vec<PlayerState>,
    deck: Vec<TileIdx>,
    next_draw: usize,
    pub(crate) current: usize,
    pub(crate) phase: Phase,
    turn: u32,
    history: Vec<Action>,
    discarded: Vec<TileIdx>,
    /// Features (roots) and buildings completed by this turn's tile, scored at turn end.
    completed: Vec<NodeIdx>,
    /// This turn's score changes per player, applied together at turn end (DEC-05).
    pub(crate) deltas: Vec<i32>,
    /// Ghosts in the general supply (GHOST-SETUP-5); 0 without the Ghosts set.
    pub(crate) ghost_supply: u8,
    /// Ghosts still to place this turn after the current one (extend before limit).
    pub(crate) ghost_queue: Vec<GhostCase>,
    /// Ongoing heretic–monk challenges (Heretics & Shrines).
    pub(crate) challenges: Vec<Challenge>,
    /// Mode A: ghosts trapped in the circles of each mist region (by node).
    pub(crate) circle_ghosts: Vec<(NodeIdx, u8)>,
    /// Mode A: circles of the placed tile still to fill this turn (a region node each).
    pub(crate) circle_slots: Vec<NodeIdx>,
    /// Mode A: ghosts on Eloïse's pile.
    pub(crate) cat_pile: u8,
    /// Mode A: where Eloïse is.
    pub(crate) cat: Cat,
    /// Mode A: Eloïse must be placed or moved at the next safe point of the turn.
    pub(crate) cat_due: bool,
    opening: Vec<Event>,
}

/// Two games are equal when everything but the catalogue handle is equal, and they use
/// the same catalogue (tests use this to prove a refused action changed nothing).
impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        Arc::ptr_eq(&self.tiles, &o.tiles)
            && self.setup == o.setup
            && self.board == o.board
            && self.features == o.features
            && self.figures == o.figures
            && self.players == o.players
            && self.deck == o.deck
            && self.next_draw == o.next_draw
            && self.current == o.current
            && self.phase == o.phase
            && self.turn == o.turn
            && self.history == o.history
            && self.discarded == o.discarded
            && self.completed == o.completed
            && self.deltas == o.deltas
            && self.ghost_supply == o.ghost_supply
            && self.ghost_queue == o.ghost_queue
            && self.challenges == o.challenges
            && self.circle_ghosts == o.circle_ghosts
            && self.circle_slots == o.circle_slots
            && self.cat_pile == o.cat_pile
            && self.cat == o.cat
            && self.cat_due == o.cat_due
            && self.opening == o.opening
    }
}

impl Game {
    /// Start a game: place the start tile, build the deck and draw the first tile.
    pub fn new(tiles: Arc<TileSet>, setup: Setup) -> Result<Game, SetupError> {
        if !PLAYERS.contains(&setup.players.len()) {
            return Err(SetupError::PlayerCount(setup.players.len()));
        }
        for (i, s) in setup.sets.iter().enumerate() {
            if !KNOWN_SETS.contains(&s.as_str()) {
                return Err(SetupError::UnknownSet(s.clone()));
            }
            if setup.sets[..i].contains(s) {
                return Err(SetupError::DuplicateSet(s.clone()));
            }
            if !PLAYABLE_SETS.contains(&s.as_str()) {
                return Err(SetupError::SetNotPlayable(s.clone()));
            }
        }
        if !setup.has_set("base") {
            return Err(SetupError::NoBase);
        }
        if setup.has_set("spellcircles") {
            // SPELLC-B-1: the Spell Circles need the mist and ghosts of Exp. 11.
            if !setup.has_set("ghosts") {
                return Err(SetupError::Requires { set: "spellcircles".into(), needs: "ghosts".into() });
            }
        }
        // SPELLC-A-1: with Eloïse, 7 of the 15 ghosts wait on her pile.
        let mode_a = setup.has_set("spellcircles") && setup.options.spell_mode == super::setup::SpellMode::A;
        let cat = if mode_a && setup.options.eloise { Cat::Pile } else { Cat::Off };
        let cat_pile = if cat == Cat::Pile { CAT_PILE } else { 0 };
        let start = tiles.tiles().iter().position(|t| t.start_tile && t.set == "base").ok_or(SetupError::NoStartTile)?
            as TileIdx;
        let ghosts = setup.has_set("ghosts");
        // GHOST-SETUP-1: the 2×2 start tile replaces the base start tile.
        let start_squares: Vec<(TileIdx, (i32, i32))> = if ghosts {
            let squares: Vec<_> =
                tiles.set_tiles("ghosts").filter_map(|(i, t)| t.start.map(|sq| (i, sq.offset()))).collect();
            if squares.len() != 4 {
                return Err(SetupError::NoStartTile);
            }
            squares
        } else {
            vec![(start, (0, 0))]
        };

        // Every copy of every tile of the chosen sets, less the start tile.
        let mut pool: Vec<TileIdx> = Vec::new();
        for set in &setup.sets {
            for (idx, def) in tiles.set_tiles(set) {
                if def.start.is_some() || (def.optional && !setup.options.optional_tiles) {
                    continue;
                }
                let copies = def.count - (idx == start) as u32;
                pool.extend(std::iter::repeat_n(idx, copies as usize));
            }
        }
        let deck = match &setup.deck {
            Deck::Seed(seed) => {
                Rng::new(*seed).shuffle(&mut pool);
                pool
            }
            Deck::Draw(ids) => {
                let mut deck = Vec::with_capacity(ids.len());
                for id in ids {
                    let idx = tiles
                        .index_of(id)
                        .filter(|i| pool.contains(i))
                        .ok_or_else(|| SetupError::UnknownTile(id.clone()))?;
                    let available = pool.iter().filter(|t| **t == idx).count();
                    if !setup.options.unlimited_copies && deck.iter().filter(|t| **t == idx).count() >= available {
                        return Err(SetupError::TooManyCopies { tile: id.clone(), available: available as u32 });
                    }
                    deck.push(idx);
                }
                deck
            }
        };

        let n = setup.players.len();
        let abbots = setup.options.abbot as u8;
        // GHOST-SETUP-3/4: 5 meeples and 2 guards in the supply, 3 guards in reserve.
        let (meeples, guards, reserve) = if ghosts { (GHOST_MEEPLES, GUARDS, GUARD_RESERVE) } else { (MEEPLES, 0, 0) };
        let mut game = Game {
            tiles,
            board: Board::new(),
            features: Features::default(),
            figures: Vec::new(),
            players: vec![PlayerState { score: 0, supply: [meeples, guards, abbots], reserve }; n],
            deck,
            next_draw: 0,
            current: 0,
            phase: Phase::Over,
            turn: 0,
            history: Vec::new(),
            discarded: Vec::new(),
            completed: Vec::new(),
            deltas: vec![0; n],
            ghost_supply: if ghosts { GHOSTS - cat_pile } else { 0 },
            ghost_queue: Vec::new(),
            challenges: Vec::new(),
            circle_ghosts: Vec::new(),
            circle_slots: Vec::new(),
            cat_pile,
            cat,
            cat_due: false,
            opening: Vec::new(),
            setup,
        };
        for (tile, (x, y)) in start_squares {
            game.put_tile(Pos::new(x, y), tile, Rotation::ALL[0]);
        }
        let mut events = Vec::new();
        game.begin_turn(&mut events);
        game.opening = events;
        Ok(game)
    }

    // ------------------------------------------------------------ read access

    /// The tile catalogue in use.
    pub fn tiles(&self) -> &Arc<TileSet> {
        &self.tiles
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
        turn % self.players.len()
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
        unseen.sort_unstable();
        rng.shuffle(unseen);
        g
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
            Phase::Ghost { case, .. } => {
                for f in self.ghost_targets(case) {
                    let (pos, spot) = self.figure_spot(f);
                    out.push(Action::PlaceGhost { pos, spot });
                }
            }
            Phase::Circle { square } => {
                for f in self.attract_candidates(square) {
                    let (pos, spot) = self.figure_spot(f);
                    out.push(Action::Attract { pos, spot });
                }
            }
            Phase::Cat { .. } => {
                for f in 0..self.figures.len() {
                    let (pos, spot) = self.figure_spot(f);
                    out.push(Action::PlaceCat { pos, spot });
                }
            }
            Phase::Figure { square } => self.figure_actions_into(square, out),
            Phase::Over => {}
        }
    }

    /// Legal placements of `tile` on the current board.
    pub fn placements_into(&self, tile: TileIdx, out: &mut Vec<Action>) {
        let def = self.tiles.get(tile);
        for open in self.board.open() {
            for rot in Rotation::ALL {
                if def.is_distinct_rotation(rot)
                    && Board::fits(open, def, rot)
                    && self.placement_allowed(tile, open.pos, rot).is_ok()
                {
                    out.push(Action::PlaceTile { tile, pos: open.pos, rot });
                }
            }
        }
    }

    fn has_placement(&self, tile: TileIdx) -> bool {
        let def = self.tiles.get(tile);
        self.board.open().iter().any(|open| {
            Rotation::ALL
                .iter()
                .any(|&rot| Board::fits(open, def, rot) && self.placement_allowed(tile, open.pos, rot).is_ok())
        })
    }

    /// Expansion restrictions on a placement beyond edge matching: the shrine–monastery
    /// neighbourhood rule (SHRINE-PLACE).
    fn placement_allowed(&self, tile: TileIdx, pos: Pos, _rot: Rotation) -> Result<(), PlayError> {
        self.shrine_rule(tile, pos)
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
            if f.owner as usize == self.current && f.kind == FigureKind::Abbot {
                let pos = self.board.square(self.features.node(f.node).square).pos;
                out.push(Action::RetrieveAbbot { pos });
            }
        }
        out.push(Action::Pass);
    }

    /// The node a figure would stand on, or why it may not.
    fn figure_node(&self, square: SquareIdx, figure: FigureKind, spot: Spot) -> Result<NodeIdx, PlayError> {
        let placed = self.board.square(square);
        let def = self.tiles.get(placed.tile);
        let local = match spot {
            Spot::Port(p) => def.owner(p),
            Spot::Building => def.building_node().unwrap_or(NO_SEG),
        };
        if local == NO_SEG {
            return Err(PlayError::NoSuchSpot(spot));
        }
        let node = placed.node_base + local as NodeIdx;
        let kind = self.features.node(node).kind;
        if !figure.may_occupy(kind) {
            return Err(PlayError::FigureNotAllowed { figure, feature: kind });
        }
        if kind == FeatureKind::Field && !self.setup.options.farmers {
            return Err(PlayError::Forbidden("farmers are not in play in this game".into()));
        }
        if self.features.figures(node) > 0 {
            return Err(PlayError::FeatureOccupied(kind));
        }
        if self.players[self.current].in_supply(figure) == 0 {
            return Err(PlayError::NoneInSupply(figure));
        }
        Ok(node)
    }

    /// Check an action against the current step without changing anything.
    pub fn check(&self, action: &Action) -> Result<(), PlayError> {
        match (self.phase, *action) {
            (Phase::Over, _) => Err(PlayError::GameOver),
            (Phase::Tile { tile }, Action::PlaceTile { tile: given, pos, rot }) => {
                if given != tile {
                    return Err(PlayError::WrongTile {
                        drawn: self.tiles.get(tile).id.to_string(),
                        given: self.tiles.get(given).id.to_string(),
                    });
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
            (Phase::Ghost { case, .. }, Action::PlaceGhost { pos, spot }) => {
                self.ghost_target(case, pos, spot).map(|_| ())
            }
            (Phase::Circle { square }, Action::Attract { pos, spot }) => {
                self.attract_target(square, pos, spot).map(|_| ())
            }
            (Phase::Cat { .. }, Action::PlaceCat { pos, spot }) => self.cat_target(pos, spot).map(|_| ()),
            (Phase::Figure { square }, Action::PlaceFigure { figure, spot }) => {
                self.figure_node(square, figure, spot).map(|_| ())
            }
            (Phase::Figure { .. }, Action::RetrieveAbbot { pos }) => {
                self.abbot_at(pos).map(|_| ()).ok_or(PlayError::NoAbbotThere(pos))
            }
            (Phase::Figure { .. }, Action::Pass) => Ok(()),
            (phase, _) => Err(PlayError::WrongStep { expected: phase.expects() }),
        }
    }

    fn abbot_at(&self, pos: Pos) -> Option<usize> {
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

    /// Like [`Game::apply`], appending the events to `events`.
    pub fn apply_into(&mut self, action: &Action, events: &mut Vec<Event>) -> Result<(), PlayError> {
        self.check(action)?;
        self.history.push(*action);
        let player = self.current;
        match *action {
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
                if self.spell_mode_a() {
                    self.release_circles(square, events); // SPELLC-A-2: step 1b
                }
                self.queue_ghosts(contacts, self.tiles.get(tile).circles());
                self.queue_circles(square);
                self.next_ghost(square, events);
            }
            Action::Attract { pos, spot } => {
                let Phase::Circle { square } = self.phase else { unreachable!("checked") };
                let fig = self.attract_target(square, pos, spot).expect("checked");
                let slot = self.circle_slots.pop().expect("a circle waits");
                self.attract(fig, slot, events);
                self.next_ghost(square, events);
            }
            Action::PlaceCat { pos, spot } => {
                let Phase::Cat { then } = self.phase else { unreachable!("checked") };
                let fig = self.cat_target(pos, spot).expect("checked");
                self.place_cat(fig, events);
                match then {
                    Some(square) => self.next_ghost(square, events),
                    None => self.advance_turn(events),
                }
            }
            Action::PlaceGhost { pos, spot } => {
                let Phase::Ghost { square, case } = self.phase else { unreachable!("checked") };
                let fig = self.ghost_target(case, pos, spot).expect("checked");
                self.place_ghost(fig, case, events);
                self.next_ghost(square, events);
            }
            Action::PlaceFigure { figure, spot } => {
                let Phase::Figure { square } = self.phase else { unreachable!("checked") };
                let node = self.figure_node(square, figure, spot).expect("checked");
                self.add_figure(player, figure, node);
                self.cat_joins(node, events);
                let pos = self.board.square(square).pos;
                let spot_name = match spot {
                    Spot::Port(p) => {
                        self.def_at(square).segments[self.def_at(square).owner(p) as usize].anchor().name().to_string()
                    }
                    Spot::Building => self.features.node(node).kind.name().to_string(),
                };
                events.push(Event::FigurePlaced {
                    player,
                    figure,
                    x: pos.x,
                    y: pos.y,
                    spot: spot_name,
                    feature: self.features.node(node).kind,
                });
                self.maybe_challenge(node, events);
                self.end_turn(events);
            }
            Action::RetrieveAbbot { pos } => {
                let fig = self.abbot_at(pos).expect("checked");
                events.push(Event::AbbotRetrieved { player, x: pos.x, y: pos.y });
                let node = self.figures[fig].node;
                self.score_feature(node, Scored::Retrieved, events);
                self.end_turn(events);
            }
            Action::Pass => {
                events.push(Event::Passed { player });
                self.end_turn(events);
            }
        }
        Ok(())
    }

    /// Put a tile on the board and join its segments to its neighbours' features.
    /// Returns the square and how its mist met the mist around it.
    fn put_tile(&mut self, pos: Pos, tile: TileIdx, rot: Rotation) -> (SquareIdx, Contacts) {
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
            let odef = tiles.get(other.tile);
            for port in Port::of_side(side) {
                let theirs = port.facing();
                let (a, b) = (def.owner(port.unrotate(rot)), odef.owner(theirs.unrotate(other.rot)));
                if a != NO_SEG && b != NO_SEG {
                    let (na, nb) = (node_base + a as NodeIdx, other.node_base + b as NodeIdx);
                    self.features.union(na, nb);
                    if port.is_middle()
                        && matches!(
                            def.segments[a as usize].kind,
                            FeatureKind::Road | FeatureKind::City | FeatureKind::River
                        )
                    {
                        self.features.close_ends(na, 2);
                    }
                }
                let (ma, mb) = (def.mist_at(port.unrotate(rot)), odef.mist_at(theirs.unrotate(other.rot)));
                let mine = (ma != NO_SEG).then(|| node_base + def.mist_node(ma) as NodeIdx);
                let theirs_node = (mb != NO_SEG).then(|| other.node_base + odef.mist_node(mb) as NodeIdx);
                // GHOST-MIST-3: contacts are judged port by port.
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

    /// Remember every road, city and building the tile at `square` completed.
    fn note_completions(&mut self, square: SquareIdx) {
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
                if p.neighbours == 8 {
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

    /// Take a figure off the board into its owner's supply; its ghosts go back to the
    /// general supply (GHOST-SCORE-5).
    pub(crate) fn remove_figure(&mut self, idx: usize, events: &mut Vec<Event>) {
        let f = self.figures.swap_remove(idx);
        self.return_ghosts(f.ghosts);
        self.cat_leaves(f.node);
        self.end_challenge_of(f.node, events);
        self.features.clear_occupant(f.node);
        if let Some(moved) = self.figures.get(idx) {
            self.features.move_occupant(moved.node, idx as u16);
        }
        self.players[f.owner as usize].supply[f.kind as usize] += 1;
        let pos = self.board.square(self.features.node(f.node).square).pos;
        events.push(Event::FigureReturned { player: f.owner as usize, figure: f.kind, x: pos.x, y: pos.y });
    }

    /// Score what the tile completed, settle the turn's points and pass the turn on.
    fn end_turn(&mut self, events: &mut Vec<Event>) {
        let completed = std::mem::take(&mut self.completed);
        // SEQ 5: towers on the untouched board, then challenges, then the features.
        self.score_towers(&completed, events);
        self.resolve_challenges(&completed, events);
        for &root in &completed {
            self.score_feature(root, Scored::Completed, events);
        }
        self.completed = completed;
        self.completed.clear();
        self.settle_deltas(events);
        // SEQ 5.7: Eloïse moves on after the scoring, chosen by the active player.
        if self.cat_step(None, events) {
            return;
        }
        self.advance_turn(events);
    }

    /// Pass the turn to the next player, who draws.
    fn advance_turn(&mut self, events: &mut Vec<Event>) {
        self.turn += 1;
        self.current = (self.current + 1) % self.players.len();
        self.begin_turn(events);
    }

    /// Draw until a tile fits (BASE-TILE-4), or end the game when the stack is empty.
    fn begin_turn(&mut self, events: &mut Vec<Event>) {
        while self.next_draw < self.deck.len() {
            let tile = self.deck[self.next_draw];
            self.next_draw += 1;
            let id = self.tiles.get(tile).id.clone();
            events.push(Event::TileDrawn {
                player: self.current,
                tile: id.clone(),
                tiles_left: self.tiles_left() as u32,
            });
            if self.has_placement(tile) {
                self.phase = Phase::Tile { tile };
                return;
            }
            self.discarded.push(tile);
            events.push(Event::TileDiscarded { player: self.current, tile: id });
        }
        self.final_scoring(events);
        self.phase = Phase::Over;
    }
}
