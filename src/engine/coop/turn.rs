//! The cooperative turn after its tile (COOP-SEQ): a list of tasks, each done at once or
//! waiting for the active player's choice (a [`Step`], answered by a [`Move`]).
//!
//! After the tile: 1b release → 1c burials → 1d hound check → 2a symbols → circles →
//! cemetery ghosts → Eloïse → 2b a meeple → 3a scoring events one by one (each: points or
//! a removal, hounds, Eloïse, meeples back, markers passed) → 3c a face-down tile →
//! the next player. A win or a loss ends the game the moment it happens (COOP-END).

use super::ghosts::GhostSpot;
use super::levels::{CemeteryGhost, Closes, HoundRemoval, Markers};
use super::{Burial, Cat, Ending, Hound};
use crate::engine::board::SquareIdx;
use crate::engine::events::Event;
use crate::engine::features::NodeIdx;
use crate::engine::game::{Contacts, Figure, Game, Phase};
use crate::engine::geometry::Pos;
use crate::engine::moves::{Action, FigureKind, PlayError, Spot};
use crate::engine::tiles::{FeatureKind, NO_SEG};

/// A choice the cooperative turn waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// COOP-1c: a cemetery closed; which meeple is buried there.
    Bury {
        /// The cemetery.
        cemetery: SquareIdx,
    },
    /// COOP-2a-1, COOP-DEC-08: which extending mist region of the tile places one ghost fewer.
    Fewer {
        /// The tile just placed.
        square: SquareIdx,
    },
    /// COOP-SC-2: which movable ghost around the tile a spell circle draws.
    Attract {
        /// The tile just placed.
        square: SquareIdx,
    },
    /// COOP-2a-4: which open cemetery receives the extra ghost.
    CemeteryGhost,
    /// COOP-2a-5: which mist region of a misty neighbour of a new cemetery gets its ghost.
    MistGhost {
        /// That neighbour.
        square: SquareIdx,
    },
    /// COOP-CAT-2, COOP-CAT-4: which unburied meeple Eloïse goes with.
    Cat,
    /// COOP-2b: a meeple on the tile just placed, or none.
    Meeple {
        /// The tile just placed.
        square: SquareIdx,
    },
    /// COOP-3a: the next scoring event, for its points or for a removal of ghosts.
    Score,
    /// COOP-3b-1: which unburied meeple a hound goes with.
    Hound {
        /// 0 Rufus, 1 Ronja.
        hound: u8,
    },
    /// COOP-3b-1, COOP-3b-5: a hound's removal: up to 3 ghosts from a square around it
    /// (up to two squares), or no more.
    Removal {
        /// The hound's square.
        centre: SquareIdx,
    },
    /// COOP-3c: where the face-down tile goes.
    FaceDown,
}

impl Step {
    /// The step's name in summaries and the page: `bury`, `fewer`, `attract`,
    /// `cemetery_ghost`, `mist_ghost`, `cat`, `meeple`, `score`, `hound`, `removal`,
    /// `face_down`.
    pub fn name(self) -> &'static str {
        match self {
            Step::Bury { .. } => "bury",
            Step::Fewer { .. } => "fewer",
            Step::Attract { .. } => "attract",
            Step::CemeteryGhost => "cemetery_ghost",
            Step::MistGhost { .. } => "mist_ghost",
            Step::Cat => "cat",
            Step::Meeple { .. } => "meeple",
            Step::Score => "score",
            Step::Hound { .. } => "hound",
            Step::Removal { .. } => "removal",
            Step::FaceDown => "face_down",
        }
    }

    /// Whether `action` is the kind of answer this step takes (whether or not it is legal
    /// now): a record that writes another kind has left this step out.
    pub fn takes(self, action: &Action) -> bool {
        match (self, action) {
            (Step::Meeple { .. } | Step::Removal { .. }, Action::Pass) => true,
            (_, Action::Coop(m)) => matches!(
                (self, m),
                (Step::Bury { .. }, Move::Bury { .. } | Move::BuryFromSupply { .. })
                    | (
                        Step::Fewer { .. } | Step::Attract { .. } | Step::CemeteryGhost | Step::MistGhost { .. },
                        Move::Ghost { .. }
                    )
                    | (Step::Cat | Step::Hound { .. }, Move::With { .. })
                    | (Step::Meeple { .. }, Move::Meeple { .. })
                    | (Step::Score, Move::Points { .. } | Move::Remove { .. })
                    | (Step::Removal { .. }, Move::Clear { .. })
                    | (Step::FaceDown, Move::FaceDown { .. })
            ),
            _ => false,
        }
    }

    /// What the step waits for, for messages.
    pub fn expects(self) -> &'static str {
        match self {
            Step::Bury { .. } => "a meeple to bury on the closed cemetery",
            Step::Fewer { .. } => "the extending mist region that places one ghost fewer",
            Step::Attract { .. } => "a ghost around the tile for its spell circle",
            Step::CemeteryGhost => "the open cemetery that receives a ghost",
            Step::MistGhost { .. } => "the mist region that receives the ghost",
            Step::Cat => "a meeple for Eloïse",
            Step::Meeple { .. } => "a meeple on the tile, or none",
            Step::Score => "a completed feature to score, or to give up for removing ghosts",
            Step::Hound { .. } => "a meeple for the hound",
            Step::Removal { .. } => "a square around the hound to remove ghosts from, or none",
            Step::FaceDown => "a square for the face-down tile",
        }
    }
}

/// An answer to a [`Step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Bury the meeple standing at this square and spot.
    Bury {
        /// Its square.
        pos: Pos,
        /// Its spot.
        spot: Spot,
    },
    /// No meeple on the board: bury one from this colour's supply.
    BuryFromSupply {
        /// The colour, its index in [`super::COLOURS`].
        colour: u8,
    },
    /// A ghost spot: the region placing one fewer, the ghost a circle draws, the cemetery
    /// or mist region receiving a ghost.
    Ghost {
        /// The square.
        pos: Pos,
        /// The spot on it.
        spot: GhostSpot,
    },
    /// A meeple of a colour the player owns on the tile just placed.
    Meeple {
        /// The colour, its index in [`super::COLOURS`].
        colour: u8,
        /// The spot on the tile, as printed.
        spot: Spot,
    },
    /// Score the completed feature that has a meeple at this square and spot.
    Points {
        /// The square.
        pos: Pos,
        /// The spot.
        spot: Spot,
    },
    /// Give up that feature's scoring and remove up to 3 ghosts from the square `from`.
    Remove {
        /// The feature's square.
        pos: Pos,
        /// The feature's spot.
        spot: Spot,
        /// The square to remove ghosts from.
        from: Pos,
    },
    /// Eloïse or the hound goes with the meeple at this square and spot.
    With {
        /// The square.
        pos: Pos,
        /// The spot.
        spot: Spot,
    },
    /// A hound removes up to 3 ghosts from this square.
    Clear {
        /// The square.
        pos: Pos,
    },
    /// The face-down tile goes on this empty square.
    FaceDown {
        /// The square.
        pos: Pos,
    },
}

/// One thing the turn still has to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Task {
    Release,
    Bury(SquareIdx),
    Surround,
    Symbols,
    Circles,
    CemeteryGhost,
    NeighbourGhosts,
    MistGhost(SquareIdx),
    Cat,
    Meeple,
    Score,
    Markers,
    Hound(u8),
    Removal { centre: SquareIdx, left: u8, cleared: Option<SquareIdx> },
    FaceDown,
    EndTurn,
}

/// What this turn has done that later tasks need.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TurnState {
    /// The tile just placed.
    pub square: SquareIdx,
    /// Ghosts went into the mist from the supply this turn (COOP-2a-4, COOP-SC-4).
    pub from_supply: bool,
    /// The region that places one ghost fewer (COOP-2a-1), once chosen.
    pub fewer: Option<u8>,
    /// The circles of the tile still to fill, by region.
    pub slots: Vec<u8>,
    /// The circles of the tile have been counted (`slots` then holds those still empty).
    pub circles_started: bool,
    /// Completed features with meeples, waiting to be scored (their roots).
    pub pending: Vec<NodeIdx>,
    /// The choices the engine made itself this turn because they had one answer, as the
    /// step would have taken them: a record may still write them (record-format.md).
    pub forced: Vec<Move>,
}

// ---------------------------------------------------------------- hooks

/// After the tile: the turn's tasks, in COOP-SEQ order.
pub(crate) fn after_tile(game: &mut Game, square: SquareIdx, _contacts: Contacts, _events: &mut Vec<Event>) {
    let st = &mut game.coop;
    st.turn = TurnState { square, ..TurnState::default() };
    st.tasks.clear();
    st.tasks.push(Task::Release);
    let closed = newly_closed(game, square);
    let st = &mut game.coop;
    st.tasks.extend(closed.into_iter().map(Task::Bury));
    st.tasks.extend([Task::Surround, Task::Symbols, Task::Circles]);
    st.tasks.push(match st.level().cemetery_ghost {
        CemeteryGhost::Neighbours => Task::NeighbourGhosts,
        _ => Task::CemeteryGhost,
    });
    st.tasks.extend([Task::Meeple, Task::Score, Task::FaceDown, Task::EndTurn]);
}

/// The choice step that runs the turn's tasks until one waits (or the turn ends).
pub(crate) fn drive_step(game: &mut Game, _square: Option<SquareIdx>, events: &mut Vec<Event>) -> bool {
    drive(game, events);
    true
}

/// A meeple left the board (scored or buried): Eloïse moves on, a hound is gone; a buried
/// hound's meeple takes it out of the game without its points or removal (COOP-DEC-07).
pub(crate) fn figure_left(game: &mut Game, figure: &Figure, events: &mut Vec<Event>) {
    let st = &mut game.coop;
    if st.cat == Cat::At(figure.node) {
        st.cat = Cat::Waiting;
        // She moves at once (COOP-CAT-4, COOP-1c-4): before anything else of the turn.
        st.tasks.insert(0, Task::Cat);
    }
    for (i, h) in st.hounds.iter_mut().enumerate() {
        if matches!(*h, Hound::With { node, .. } if node == figure.node) {
            *h = Hound::Gone;
            events.push(Event::HoundLost { hound: i as u8 });
        }
    }
}

/// COOP-1a-1, COOP-END-3: no tile in the active pile when one must be drawn: lost. There is
/// no final scoring (COOP-END-5): the game ends here, lost.
pub(crate) fn pile_empty(game: &mut Game, events: &mut Vec<Event>) {
    end(game, Ending::Pile, events);
}

// ---------------------------------------------------------------- the driver

/// Run tasks until one waits for a choice, the turn ends (the next player draws) or the
/// game ends.
fn drive(game: &mut Game, events: &mut Vec<Event>) {
    while game.coop.ending.is_none() {
        let Some(task) = game.coop.tasks.first().cloned() else { return };
        if let Some(step) = run(game, &task, events) {
            game.phase = Phase::Coop(step);
            return;
        }
        // A finished task is taken off (unless it ended the game or changed the list).
        if game.coop.ending.is_none() && game.coop.tasks.first() == Some(&task) {
            game.coop.tasks.remove(0);
        }
        if task == Task::EndTurn {
            return;
        }
    }
}

/// Do a task, or return the choice it waits for (the task stays first in the list).
fn run(game: &mut Game, task: &Task, events: &mut Vec<Event>) -> Option<Step> {
    let square = game.coop.turn.square;
    match *task {
        Task::Release => release(game, square, events),
        Task::Bury(cemetery) => {
            if !game.figures.is_empty() || colours_with_supply(game).count() > 1 {
                return Some(Step::Bury { cemetery });
            }
            // One colour left in the supply, or nothing to bury at all (COOP-DEC-05).
            let only = colours_with_supply(game).next();
            if let Some(colour) = only {
                let named = game.palette_colour(colour);
                game.coop.turn.forced.push(Move::BuryFromSupply { colour: named });
                bury_from_supply(game, cemetery, colour, events);
            }
            close_cemetery(game, cemetery, events);
        }
        Task::Surround => surround(game),
        Task::Symbols => return symbols(game, square, events),
        Task::Circles => return circles(game, square, events),
        Task::CemeteryGhost => return cemetery_ghost(game, events),
        Task::NeighbourGhosts => neighbour_ghosts(game, square),
        Task::MistGhost(sq) => {
            let regions = game.def_at(sq).mist.len();
            if regions > 1 {
                return Some(Step::MistGhost { square: sq });
            }
            forced_ghost(game, sq, GhostSpot::Mist(0));
            place(game, sq, GhostSpot::Mist(0), 1, "new_cemetery", events);
        }
        Task::Cat => {
            if game.coop.cat != Cat::Waiting {
                return None;
            }
            if !game.figures.is_empty() {
                return Some(Step::Cat);
            }
            events.push(Event::CatWaits);
        }
        Task::Meeple => return Some(Step::Meeple { square }),
        Task::Score => {
            if !game.coop.turn.pending.is_empty() {
                return Some(Step::Score);
            }
        }
        Task::Markers => markers(game, events),
        Task::Hound(h) => {
            if !game.figures.is_empty() {
                return Some(Step::Hound { hound: h });
            }
            game.coop.hounds[h as usize] = Hound::Gone; // COOP-3b-2
            events.push(Event::HoundLost { hound: h });
        }
        Task::Removal { centre, left, cleared } => {
            if left > 0 && removal_squares(game, centre, cleared).next().is_some() {
                return Some(Step::Removal { centre });
            }
        }
        Task::FaceDown => {
            // COOP-3c-4, COOP-DEC-23: none from an empty pile; the draw then loses.
            let lvl = game.coop.level();
            if lvl.face_down && game.active_pile_left() > 0 && face_down_squares(game).next().is_some() {
                return Some(Step::FaceDown);
            }
        }
        Task::EndTurn => {
            game.coop.tasks.clear();
            game.next_turn(events);
        }
    }
    None
}

/// End the game: won or lost, now (COOP-END).
fn end(game: &mut Game, why: Ending, events: &mut Vec<Event>) {
    let turn = game.turn + 1;
    let (pile, piles) = (game.coop.active as u8 + 1, game.coop.piles.len() as u8);
    game.coop.ending = Some((why, turn));
    game.coop.tasks.clear();
    game.phase = Phase::Over;
    events.push(match why {
        Ending::Goal => Event::TeamWon { turn, markers: game.coop.markers.clone() },
        Ending::Ghosts { needed, supply, .. } => Event::TeamLost { turn, why: "ghosts", needed, supply, pile, piles },
        Ending::Pile => Event::TeamLost { turn, why: "pile", needed: 0, supply: game.coop.available(), pile, piles },
    });
}

/// COOP-2a-2: `n` ghosts must be placed: lost at once if the supply is short. Every demand
/// goes through here: symbols, circles, cemetery and level-5 ghosts alike (COOP-2a-7);
/// `step` names which ([`Ending::Ghosts`]).
fn demand(game: &mut Game, n: u8, step: &'static str, events: &mut Vec<Event>) -> bool {
    let supply = game.coop.available();
    if n > supply {
        end(game, Ending::Ghosts { needed: n, supply, step }, events);
        return false;
    }
    true
}

/// Take `n` ghosts from the supply onto a spot (after `demand`); Eloïse goes into play
/// when her pile runs out (COOP-CAT-2).
fn place(game: &mut Game, square: SquareIdx, spot: GhostSpot, n: u8, step: &'static str, events: &mut Vec<Event>) {
    if n == 0 || !demand(game, n, step, events) {
        return;
    }
    for _ in 0..n {
        if game.coop.take() {
            // Deployed in this same step 2a, before the meeple (COOP-CAT-2).
            let at = game.coop.tasks.iter().position(|t| *t == Task::Meeple).unwrap_or(0);
            game.coop.tasks.insert(at, Task::Cat);
        }
        game.coop.add_ghost(square, spot);
    }
    let pos = game.board.square(square).pos;
    let name = match spot {
        GhostSpot::Mist(_) => "mist",
        GhostSpot::Circle(_) => "circle",
        GhostSpot::Cemetery => "cemetery",
    };
    events.push(Event::GhostsPlaced { x: pos.x, y: pos.y, count: n, spot: name });
}

/// Note a ghost spot the engine chose itself, having one answer (`Game::coop_forced`).
fn forced_ghost(game: &mut Game, square: SquareIdx, spot: GhostSpot) {
    let pos = game.board.square(square).pos;
    game.coop.turn.forced.push(Move::Ghost { pos, spot });
}

/// COOP-END-1, COOP-3d-2: the goal reached (by every marker at level 6): won.
fn check_win(game: &mut Game, events: &mut Vec<Event>) -> bool {
    let goal = game.coop.level().goal;
    if game.coop.markers.iter().all(|m| *m >= goal) {
        end(game, Ending::Goal, events);
        return true;
    }
    false
}

// ---------------------------------------------------------------- 1b, 1c, 1d

/// The mist region index of a mist node.
fn region_of(game: &Game, node: NodeIdx) -> (SquareIdx, u8) {
    let n = game.features.node(node);
    (n.square, n.local - game.def_at(n.square).segments.len() as u8)
}

/// COOP-1b, COOP-SC-5, SPELL-5: every mist bank this tile finished (as RULES.md defines
/// banks, COOP-SCOPE-4) gives back its ghosts, scoring nothing (COOP-1b-1): all
/// ghosts, in the mist and in its circles.
fn release(game: &mut Game, square: SquareIdx, events: &mut Vec<Event>) {
    let placed = game.board.square(square).clone();
    if placed.face_down {
        return;
    }
    let def = game.tiles.get(placed.tile);
    let mut done: Vec<NodeIdx> = Vec::new();
    let mut freed = 0u8;
    for m in 0..def.mist.len() as u8 {
        let root = game.features.root(placed.node_base + def.mist_node(m) as NodeIdx);
        if !game.features.is_closed(root) || done.contains(&root) {
            continue;
        }
        done.push(root);
        let members: Vec<NodeIdx> = game.features.members(root).collect();
        for n in members {
            let (sq, r) = region_of(game, n);
            freed += game.coop.lift(sq, GhostSpot::Mist(r), u8::MAX);
            freed += game.coop.lift(sq, GhostSpot::Circle(r), u8::MAX);
        }
    }
    if freed > 0 {
        game.coop.give_back(freed);
        events.push(Event::GhostsReleased { count: freed, x: placed.pos.x, y: placed.pos.y });
    }
}

/// Whether a cemetery's closing condition holds (COOP-DEF-3; face-down squares count).
fn is_closed_cemetery(game: &Game, sq: SquareIdx) -> bool {
    let p = game.board.square(sq);
    match game.coop.level().cemetery_closes {
        Closes::Around => p.neighbours == 8,
        Closes::Sides => crate::engine::geometry::Side::ALL.iter().all(|s| game.board.is_filled(p.pos.step(*s))),
    }
}

fn is_cemetery(game: &Game, sq: SquareIdx) -> bool {
    let p = game.board.square(sq);
    !p.face_down && game.tiles.get(p.tile).building == Some(FeatureKind::Cemetery)
}

/// The cemeteries a placement at `square` has just closed (itself or around it).
pub(crate) fn newly_closed(game: &Game, square: SquareIdx) -> Vec<SquareIdx> {
    let pos = game.board.square(square).pos;
    std::iter::once(pos)
        .chain(pos.ring())
        .filter_map(|q| game.board.square_at(q))
        .filter(|&sq| is_cemetery(game, sq) && !game.coop.closed.contains(&sq) && is_closed_cemetery(game, sq))
        .collect()
}

/// Open cemeteries on the board.
pub(crate) fn open_cemeteries(game: &Game) -> impl Iterator<Item = SquareIdx> + '_ {
    (0..game.board.squares().len() as SquareIdx).filter(|&sq| is_cemetery(game, sq) && !game.coop.closed.contains(&sq))
}

fn colours_with_supply(game: &Game) -> impl Iterator<Item = u8> + '_ {
    (0..game.players.len() as u8).filter(|&c| game.players[c as usize].in_supply(FigureKind::Meeple) > 0)
}

/// COOP-1c-1, COOP-1c-2, COOP-DEC-06: every ghost on the cemetery square goes back, at
/// every level (on the cemetery
/// and in the square's mist), and it is closed for good.
fn close_cemetery(game: &mut Game, cemetery: SquareIdx, events: &mut Vec<Event>) {
    let n = game.coop.clear(cemetery, u8::MAX);
    let pos = game.board.square(cemetery).pos;
    if n > 0 {
        events.push(Event::GhostsReleased { count: n, x: pos.x, y: pos.y });
    }
    game.coop.closed.push(cemetery);
}

/// COOP-1c, COOP-1c-3, COOP-1c-4: a meeple from the board lies on the cemetery for good;
/// Eloïse moves on, its hound leaves the game (`figure_left`).
fn bury(game: &mut Game, fig: usize, cemetery: SquareIdx, events: &mut Vec<Event>) {
    let colour = game.figures[fig].owner;
    game.take_figure(fig, events);
    game.coop.buried.push(Burial { cemetery, colour });
    let pos = game.board.square(cemetery).pos;
    events.push(Event::MeepleBuried { colour: game.palette_colour(colour), x: pos.x, y: pos.y });
}

/// COOP-1c: no meeple on the board: one from a supply.
fn bury_from_supply(game: &mut Game, cemetery: SquareIdx, colour: u8, events: &mut Vec<Event>) {
    game.players[colour as usize].supply[FigureKind::Meeple as usize] -= 1;
    game.coop.buried.push(Burial { cemetery, colour });
    let pos = game.board.square(cemetery).pos;
    events.push(Event::MeepleBuried { colour: game.palette_colour(colour), x: pos.x, y: pos.y });
}

/// COOP-3b-5: a hound whose square is now surrounded makes its removal (levels 4–6).
fn surround(game: &mut Game) {
    let mut found = Vec::new();
    for h in game.coop.hounds.iter_mut() {
        let Hound::With { node, removal: true } = *h else { continue };
        let sq = game.features.node(node).square;
        if game.board.square(sq).neighbours == 8 {
            *h = Hound::With { node, removal: false };
            found.push(Task::Removal { centre: sq, left: 2, cleared: None });
        }
    }
    // After the surround check itself (which is first in the list).
    for (i, t) in found.into_iter().enumerate() {
        game.coop.tasks.insert(1 + i, t);
    }
}

// ---------------------------------------------------------------- 2a

/// Whether mist region `r` of the tile on `square` touches the mist of a square placed
/// before (COOP-DEF-2).
fn extends(game: &Game, square: SquareIdx, r: u8) -> bool {
    let p = game.board.square(square);
    let def = game.tiles.get(p.tile);
    crate::engine::geometry::mask_ports(def.mist[r as usize].ports).any(|printed| {
        let port = printed.rotate(p.rot);
        let Some(other) = game.board.at(p.pos.step(port.side())) else { return false };
        !other.face_down && game.tiles.get(other.tile).mist_at(port.facing().unrotate(other.rot)) != NO_SEG
    })
}

/// The node of mist region `r` of a square.
fn mist_node(game: &Game, square: SquareIdx, r: u8) -> NodeIdx {
    let p = game.board.square(square);
    p.node_base + game.tiles.get(p.tile).mist_node(r) as NodeIdx
}

/// COOP-2a, COOP-2a-1, COOP-DEC-08, COOP-DEC-30: the tile's ghost symbols in unfinished
/// regions, one fewer if an unfinished region extended a bank.
fn symbols(game: &mut Game, square: SquareIdx, events: &mut Vec<Event>) -> Option<Step> {
    let def = game.def_at(square);
    let open: Vec<(u8, u8)> = (0..def.mist.len() as u8)
        .filter(|&r| !game.features.is_closed(mist_node(game, square, r)))
        .map(|r| (r, def.mist[r as usize].ghost_symbols))
        .collect();
    let extending: Vec<u8> = open.iter().map(|o| o.0).filter(|&r| extends(game, square, r)).collect();
    let mut counts: Vec<(u8, u8)> = open.iter().copied().filter(|o| o.1 > 0).collect();
    if !extending.is_empty() && game.coop.turn.fewer.is_none() {
        let from_extending: Vec<u8> = counts.iter().map(|c| c.0).filter(|r| extending.contains(r)).collect();
        let candidates = if from_extending.is_empty() { counts.iter().map(|c| c.0).collect() } else { from_extending };
        match candidates.as_slice() {
            [] => {}
            [only] => {
                game.coop.turn.fewer = Some(*only);
                forced_ghost(game, square, GhostSpot::Mist(*only));
            }
            _ => return Some(Step::Fewer { square }),
        }
    }
    if let Some(r) = game.coop.turn.fewer {
        if let Some(c) = counts.iter_mut().find(|c| c.0 == r) {
            c.1 -= 1;
        }
    }
    let total: u8 = counts.iter().map(|c| c.1).sum();
    if total == 0 || !demand(game, total, "symbols", events) {
        return None;
    }
    for (r, n) in counts {
        place(game, square, GhostSpot::Mist(r), n, "symbols", events);
    }
    game.coop.turn.from_supply = true;
    None
}

/// The squares around the tile and their movable ghosts (COOP-SC-2).
fn movable_around(game: &Game, square: SquareIdx) -> Vec<(SquareIdx, GhostSpot, u8)> {
    let ring = game.board.square(square).pos.ring();
    game.coop.ghosts.iter().filter(|g| g.1.movable() && ring.contains(&game.board.square(g.0).pos)).copied().collect()
}

/// COOP-2a-3, COOP-SC-2, COOP-SC-3, COOP-DEC-25, COOP-SC-4, SPELL-8: the circles are
/// filled apart from the symbols (no "−1" for them): one ghost into each circle of the tile whose
/// bank it did not finish: movable ghosts from around first (a choice when there are more
/// than circles), then the supply.
fn circles(game: &mut Game, square: SquareIdx, events: &mut Vec<Event>) -> Option<Step> {
    if !game.coop.circles {
        return None;
    }
    if !game.coop.turn.circles_started {
        game.coop.turn.circles_started = true;
        let def = game.def_at(square);
        let slots: Vec<u8> = (0..def.mist.len() as u8)
            .filter(|&r| !game.features.is_closed(mist_node(game, square, r)))
            .flat_map(|r| std::iter::repeat_n(r, def.mist[r as usize].circles as usize))
            .collect();
        if slots.is_empty() {
            return None;
        }
        game.coop.turn.slots = slots;
    }
    let slots = &game.coop.turn.slots;
    if slots.is_empty() {
        return None;
    }
    let around: u8 = movable_around(game, square).iter().map(|g| g.2).sum();
    if around as usize > slots.len() {
        return Some(Step::Attract { square });
    }
    // COOP-DEC-32 asks which circle a drawn ghost fills first when fewer can be drawn than
    // circles wait; ghosts are alike, so every answer leaves the same state: none is asked.
    // No more around than circles: every one is drawn, then the supply fills the rest.
    for (from, spot, n) in movable_around(game, square) {
        for _ in 0..n {
            forced_ghost(game, from, spot);
            attract(game, square, from, spot, events);
        }
    }
    let left = game.coop.turn.slots.len() as u8;
    if left > 0 && demand(game, left, "circles", events) {
        let slots = std::mem::take(&mut game.coop.turn.slots);
        for r in slots {
            place(game, square, GhostSpot::Circle(r), 1, "circles", events);
        }
        game.coop.turn.from_supply = true;
    }
    game.coop.turn.slots.clear();
    None
}

/// One movable ghost from a neighbouring square into the next circle waiting.
fn attract(game: &mut Game, square: SquareIdx, from: SquareIdx, spot: GhostSpot, events: &mut Vec<Event>) {
    let Some(r) = game.coop.turn.slots.first().copied() else { return };
    game.coop.turn.slots.remove(0);
    game.coop.lift(from, spot, 1);
    game.coop.add_ghost(square, GhostSpot::Circle(r));
    let (a, b) = (game.board.square(from).pos, game.board.square(square).pos);
    events.push(Event::GhostAttracted { from_x: a.x, from_y: a.y, x: b.x, y: b.y });
}

/// COOP-2a-4, COOP-SC-4, SPELL-4, COOP-DEC-31: levels 2–4 (never 5–6: COOP-2a-6, COOP-DEC-19, the
/// level file's `cemetery_ghost`): ghosts entered the mist from the supply,
/// so one more goes on an open cemetery (the team's choice among several).
fn cemetery_ghost(game: &mut Game, events: &mut Vec<Event>) -> Option<Step> {
    if game.coop.level().cemetery_ghost != CemeteryGhost::OneOpen || !game.coop.turn.from_supply {
        return None;
    }
    let open: Vec<SquareIdx> = open_cemeteries(game).collect();
    match open.as_slice() {
        [] => None,
        [only] => {
            forced_ghost(game, *only, GhostSpot::Cemetery);
            place(game, *only, GhostSpot::Cemetery, 1, "cemetery", events);
            None
        }
        _ => Some(Step::CemeteryGhost),
    }
}

/// COOP-2a-5, COOP-DEC-09, COOP-DEC-26: levels 5–6: a new cemetery puts a ghost on every
/// misty square around it (into the mist, never a circle).
fn neighbour_ghosts(game: &mut Game, square: SquareIdx) {
    if !is_cemetery(game, square) {
        return;
    }
    let ring = game.board.square(square).pos.ring();
    let misty: Vec<SquareIdx> = ring
        .iter()
        .filter_map(|q| game.board.square_at(*q))
        // COOP-1c-2: a closed cemetery never receives ghosts again.
        .filter(|&sq| !game.board.square(sq).face_down && game.def_at(sq).has_mist() && !game.coop.closed.contains(&sq))
        .collect();
    // After this task, in the order of the ring.
    for (i, sq) in misty.into_iter().enumerate() {
        game.coop.tasks.insert(1 + i, Task::MistGhost(sq));
    }
}

// ---------------------------------------------------------------- 3a

/// The value of a completed road, city or castle (COOP-3a): squares count once; a castle
/// counts the misty squares of its 3×3 (circle tiles are misty, face-down ones never:
/// COOP-DEF-1, COOP-SC-7).
pub(crate) fn value(game: &Game, root: NodeIdx) -> i32 {
    let n = game.features.node(root);
    match n.kind {
        FeatureKind::Road => game.distinct_squares(root) as i32,
        FeatureKind::City => 2 * (game.distinct_squares(root) as i32 + game.features.pennants(root) as i32),
        FeatureKind::Castle => {
            let pos = game.board.square(n.square).pos;
            let misty = std::iter::once(pos)
                .chain(pos.ring())
                .filter(|q| game.board.at(*q).is_some_and(|p| !p.face_down && game.tiles.get(p.tile).has_mist()))
                .count();
            2 * misty as i32
        }
        _ => 0,
    }
}

/// The completed features of this turn that hold meeples: the scoring events (COOP-3a,
/// COOP-DEF-7), the active player's to order (COOP-3a-4);
/// a castle with a face-down neighbour never counts (COOP-3c-2).
fn scoring_events(game: &Game) -> Vec<NodeIdx> {
    let mut out = Vec::new();
    for &n in &game.completed {
        let root = game.features.root(n);
        let kind = game.features.node(root).kind;
        let haunted = kind == FeatureKind::Castle && {
            let pos = game.board.square(game.features.node(root).square).pos;
            pos.ring().iter().any(|q| game.board.at(*q).is_some_and(|p| p.face_down))
        };
        if matches!(kind, FeatureKind::Road | FeatureKind::City | FeatureKind::Castle)
            && !haunted
            && game.features.figures(root) > 0
            && !out.contains(&root)
        {
            out.push(root);
        }
    }
    out
}

/// Where a feature is named: the square and spot of its first meeple.
fn feature_spot(game: &Game, root: NodeIdx) -> (Pos, Spot) {
    let fig = game.figures_on_feature(root)[0];
    game.figure_spot(fig)
}

/// Add points to the team's marker, or (level 6) to one colour's (COOP-3d-1, COOP-3d-3):
/// hound and Eloïse points too (COOP-3b-6, COOP-DEC-24). Markers have no top and never
/// fall (COOP-3a-5).
fn award(game: &mut Game, colour: u8, points: i32) {
    let st = &mut game.coop;
    let i = if st.level().markers == Markers::Colour { colour as usize } else { 0 };
    st.markers[i] += points.max(0) as u32;
}

/// COOP-3a-1, COOP-3a-2, COOP-3a-3, COOP-3b-3, COOP-CAT-3: one scoring event: its points
/// (each colour on it in full) or a removal, then the hounds and Eloïse with its meeples,
/// the meeples back, Eloïse moved, and the markers passed resolved.
fn score_event(game: &mut Game, root: NodeIdx, removal: Option<SquareIdx>, events: &mut Vec<Event>) {
    game.coop.turn.pending.retain(|r| *r != root);
    let figs = game.figures_on_feature(root);
    let mut colours: Vec<u8> = figs.iter().map(|&f| game.figures[f].owner).collect();
    colours.sort_unstable();
    colours.dedup();
    let kind = game.features.node(root).kind;
    let pos = game.board.square(game.features.node(root).square).pos;
    match removal {
        None => {
            let v = value(game, root);
            for &c in &colours {
                award(game, c, v);
            }
            let points = if game.coop.level().markers == Markers::Team { v * colours.len() as i32 } else { v };
            events.push(Event::TeamScored {
                feature: kind,
                value: v,
                colours: colours.iter().map(|&c| game.palette_colour(c)).collect(),
                points,
                x: pos.x,
                y: pos.y,
            });
        }
        Some(sq) => {
            events.push(Event::ScoringGivenUp { feature: kind, x: pos.x, y: pos.y });
            let n = game.coop.clear(sq, 3);
            let at = game.board.square(sq).pos;
            events.push(Event::GhostsRemoved { x: at.x, y: at.y, count: n });
        }
    }
    if check_win(game, events) {
        return;
    }
    let nodes: Vec<NodeIdx> = figs.iter().map(|&f| game.figures[f].node).collect();
    for h in 0..game.coop.hounds.len() {
        if let Hound::With { node, .. } = game.coop.hounds[h] {
            if let Some(f) = figs.iter().find(|&&f| game.figures[f].node == node) {
                let points = game.coop_ghosts_on_board() as i32;
                let colour = game.figures[*f].owner;
                award(game, colour, points);
                game.coop.hounds[h] = Hound::Gone;
                events.push(Event::HoundScored { hound: h as u8, points });
                if check_win(game, events) {
                    return;
                }
            }
        }
    }
    if let Cat::At(node) = game.coop.cat {
        if let Some(f) = figs.iter().find(|&&f| game.figures[f].node == node) {
            let points = game.coop.in_circles() as i32;
            let colour = game.figures[*f].owner;
            award(game, colour, points);
            events.push(Event::TeamCatScored { points });
            if check_win(game, events) {
                return;
            }
        }
    }
    // Then the markers passed, after Eloïse has moved on (`figure_left` puts her first).
    game.coop.tasks.insert(0, Task::Markers);
    let mut sorted = nodes;
    sorted.sort_unstable();
    for n in sorted {
        let idx = game.features.node(n).occupant as usize;
        let f = game.take_figure(idx, events);
        game.players[f.owner as usize].supply[FigureKind::Meeple as usize] += 1;
        let pos = game.board.square(game.features.node(f.node).square).pos;
        events.push(Event::MeepleReturned { colour: game.palette_colour(f.owner), x: pos.x, y: pos.y });
    }
}

/// COOP-3b-1, COOP-3d-2, SPELL-6: hounds the markers have reached or passed, Rufus first: the next
/// pile opens (the rest of the old one on top) and the hound goes with a meeple.
fn markers(game: &mut Game, events: &mut Vec<Event>) {
    let lowest = *game.coop.markers.iter().min().expect("a marker");
    let values = game.coop.level().hounds.clone();
    let mut queued = 0;
    for (h, &value) in values.iter().enumerate() {
        if game.coop.hounds[h] != Hound::Track || lowest < value {
            continue;
        }
        game.coop.hounds[h] = Hound::Gone; // until it goes with a meeple
        events.push(Event::HoundReached { hound: h as u8 });
        let st = &mut game.coop;
        if st.active + 1 < st.piles.len() {
            st.active += 1;
            game.draw_end = st.piles[st.active];
            events.push(Event::PileOpened { pile: st.active as u8 + 1, tiles: game.active_pile_left() as u32 });
        }
        game.coop.tasks.insert(1 + queued, Task::Hound(h as u8));
        queued += 1;
    }
}

/// Squares a hound may clear: its square and the 8 around, with movable ghosts, not the
/// one it has cleared already (COOP-3b-1 (c), COOP-3b-4).
fn removal_squares(game: &Game, centre: SquareIdx, cleared: Option<SquareIdx>) -> impl Iterator<Item = SquareIdx> + '_ {
    let pos = game.board.square(centre).pos;
    std::iter::once(pos)
        .chain(pos.ring())
        .filter_map(|q| game.board.square_at(q))
        .filter(move |&sq| Some(sq) != cleared && game.coop.movable_on(sq) > 0)
}

// ---------------------------------------------------------------- 3c

/// COOP-3c-1, COOP-DEC-22: empty squares around an open cemetery that touch the board
/// along an edge.
fn face_down_squares(game: &Game) -> impl Iterator<Item = Pos> + '_ {
    let mut seen: Vec<Pos> = Vec::new();
    open_cemeteries(game)
        .flat_map(|c| game.board.square(c).pos.ring())
        .filter(move |q| {
            let fresh = !seen.contains(q);
            seen.push(*q);
            fresh
                && !game.board.is_filled(*q)
                && crate::engine::geometry::Side::ALL.iter().any(|s| game.board.is_filled(q.step(*s)))
        })
        .collect::<Vec<_>>()
        .into_iter()
}

// ---------------------------------------------------------------- steps and moves

/// The meeple spots of the tile just placed (COOP-2b, COOP-2b-1, COOP-2b-2, COOP-DEC-20):
/// no farmers (COOP-SCOPE-2, DEC-32), no monks, nobody on a cemetery (COOP-1c-5) or a circle
/// (COOP-SC-7); a feature this tile completes may be taken and is scored at once
/// (COOP-2b-3): roads, cities
/// and (from level 2) castles, with no meeple on the whole feature; never a field, mist,
/// or a cemetery.
fn meeple_spots(game: &Game, square: SquareIdx) -> Vec<Spot> {
    let def = game.def_at(square);
    let spots = def.segments.iter().map(|s| Spot::Port(s.anchor())).chain(def.building.map(|_| Spot::Building));
    spots
        .filter(|&spot| {
            let Some(node) = game.spot_node(square, spot) else { return false };
            let kind = game.features.node(node).kind;
            let allowed = match kind {
                FeatureKind::Road | FeatureKind::City => true,
                FeatureKind::Castle => game.coop.level().castles,
                _ => false,
            };
            allowed && game.features.figures(node) == 0
        })
        .collect()
}

/// The colours of the seat on turn that have a meeple in their supply: one meeple a turn
/// of any of them (COOP-SETUP-3c, COOP-DEC-18).
fn my_colours(game: &Game) -> impl Iterator<Item = u8> + '_ {
    super::colours_of(game.setup.players.len(), game.current)
        .filter(|&c| game.players[c as usize].in_supply(FigureKind::Meeple) > 0)
}

/// Every legal move of the step awaited. Every team choice is the active player's
/// (COOP-DEC-01); Eloïse and the hounds go only with unburied meeples, the only ones on the
/// board (COOP-DEF-4, COOP-DEC-28).
pub(crate) fn actions(game: &Game, out: &mut Vec<Action>) {
    let Phase::Coop(step) = game.phase else { return };
    let figures = || (0..game.figures.len()).map(|i| game.figure_spot(i));
    let mut push = |m: Move| out.push(Action::Coop(m));
    match step {
        Step::Bury { .. } => {
            if game.figures.is_empty() {
                colours_with_supply(game)
                    .for_each(|colour| push(Move::BuryFromSupply { colour: game.palette_colour(colour) }));
            } else {
                figures().for_each(|(pos, spot)| push(Move::Bury { pos, spot }));
            }
        }
        Step::Fewer { square } => {
            let pos = game.board.square(square).pos;
            let def = game.def_at(square);
            let open: Vec<u8> = (0..def.mist.len() as u8)
                .filter(|&r| {
                    !game.features.is_closed(mist_node(game, square, r)) && def.mist[r as usize].ghost_symbols > 0
                })
                .collect();
            let ext: Vec<u8> = open.iter().copied().filter(|&r| extends(game, square, r)).collect();
            for r in if ext.is_empty() { open } else { ext } {
                push(Move::Ghost { pos, spot: GhostSpot::Mist(r) });
            }
        }
        Step::Attract { square } => {
            for (sq, spot, _) in movable_around(game, square) {
                push(Move::Ghost { pos: game.board.square(sq).pos, spot });
            }
        }
        Step::CemeteryGhost => {
            for sq in open_cemeteries(game) {
                push(Move::Ghost { pos: game.board.square(sq).pos, spot: GhostSpot::Cemetery });
            }
        }
        Step::MistGhost { square } => {
            let pos = game.board.square(square).pos;
            for r in 0..game.def_at(square).mist.len() as u8 {
                push(Move::Ghost { pos, spot: GhostSpot::Mist(r) });
            }
        }
        Step::Cat | Step::Hound { .. } => figures().for_each(|(pos, spot)| push(Move::With { pos, spot })),
        Step::Meeple { square } => {
            let spots = meeple_spots(game, square);
            for colour in my_colours(game) {
                for &spot in &spots {
                    push(Move::Meeple { colour: game.palette_colour(colour), spot });
                }
            }
            out.push(Action::Pass);
        }
        Step::Score => {
            let mut squares: Vec<Pos> =
                game.coop.ghosts.iter().filter(|g| g.1.movable()).map(|g| game.board.square(g.0).pos).collect();
            squares.sort_unstable();
            squares.dedup();
            for &root in &game.coop.turn.pending {
                let (pos, spot) = feature_spot(game, root);
                out.push(Action::Coop(Move::Points { pos, spot }));
                for &from in &squares {
                    out.push(Action::Coop(Move::Remove { pos, spot, from }));
                }
            }
        }
        Step::Removal { centre } => {
            let cleared = match game.coop.tasks.first() {
                Some(Task::Removal { cleared, .. }) => *cleared,
                _ => None,
            };
            for sq in removal_squares(game, centre, cleared) {
                push(Move::Clear { pos: game.board.square(sq).pos });
            }
            out.push(Action::Pass);
        }
        Step::FaceDown => face_down_squares(game).for_each(|pos| push(Move::FaceDown { pos })),
    }
}

/// Check a move against the step awaited: it must be one of the listed ones (the lists
/// are short), with a figure's or a feature's spot read by any port of its segment.
pub(crate) fn check(game: &Game, action: &Action) -> Result<(), PlayError> {
    let Phase::Coop(step) = game.phase else { unreachable!("a phase of the cooperative game") };
    let mut legal = Vec::new();
    actions(game, &mut legal);
    let wanted = game.canonical(action);
    if legal.contains(&wanted) {
        Ok(())
    } else if matches!(action, Action::Coop(_) | Action::Pass) {
        Err(PlayError::NotNow(step.expects()))
    } else {
        Err(PlayError::WrongStep { expected: step.expects() })
    }
}

/// A move with its spots named as the lists name them.
pub(crate) fn canonical_move(game: &Game, m: Move) -> Move {
    let fig = |pos: Pos, spot: Spot| game.figure_at(pos, spot).map_or(spot, |i| game.figure_spot(i).1);
    match m {
        Move::Bury { pos, spot } => Move::Bury { pos, spot: fig(pos, spot) },
        Move::With { pos, spot } => Move::With { pos, spot: fig(pos, spot) },
        // A feature is named by any of its meeples; the list names it by the first.
        Move::Points { pos, spot } => {
            let (pos, spot) = feature_named(game, pos, spot);
            Move::Points { pos, spot }
        }
        Move::Remove { pos, spot, from } => {
            let (pos, spot) = feature_named(game, pos, spot);
            Move::Remove { pos, spot, from }
        }
        Move::Meeple { colour, spot: Spot::Port(p) } => match game.phase {
            Phase::Coop(Step::Meeple { square }) => {
                let def = game.def_at(square);
                let o = def.owner(p);
                let spot = if o == NO_SEG { Spot::Port(p) } else { Spot::Port(def.segments[o as usize].anchor()) };
                Move::Meeple { colour, spot }
            }
            _ => m,
        },
        other => other,
    }
}

/// The square and spot the move lists name a feature by, from any meeple on it.
fn feature_named(game: &Game, pos: Pos, spot: Spot) -> (Pos, Spot) {
    match game.figure_at(pos, spot) {
        Some(i) => feature_spot(game, game.features.root(game.figures[i].node)),
        None => (pos, spot),
    }
}

/// The feature root a move names (by a meeple on it).
fn named_feature(game: &Game, pos: Pos, spot: Spot) -> NodeIdx {
    let fig = game.figure_at(pos, spot).expect("checked");
    game.features.root(game.figures[fig].node)
}

/// Apply a checked move (or a pass) and run the turn on.
pub(crate) fn apply(game: &mut Game, action: Action, events: &mut Vec<Event>) {
    let Phase::Coop(step) = game.phase else { unreachable!("a phase of the cooperative game") };
    let m = match action {
        Action::Coop(m) => Some(canonical_move(game, m)),
        _ => None,
    };
    let square = game.coop.turn.square;
    let sq_at = |game: &Game, pos: Pos| game.board.square_at(pos).expect("checked");
    match (step, m) {
        (Step::Bury { cemetery }, Some(Move::Bury { pos, spot })) => {
            let fig = game.figure_at(pos, spot).expect("checked");
            bury(game, fig, cemetery, events);
            close_cemetery(game, cemetery, events);
            game.coop.tasks.retain(|t| *t != Task::Bury(cemetery));
        }
        (Step::Bury { cemetery }, Some(Move::BuryFromSupply { colour })) => {
            let colour = game.colour_in_play(colour).expect("checked");
            bury_from_supply(game, cemetery, colour, events);
            close_cemetery(game, cemetery, events);
            game.coop.tasks.retain(|t| *t != Task::Bury(cemetery));
        }
        (Step::Fewer { .. }, Some(Move::Ghost { spot: GhostSpot::Mist(r), .. })) => {
            game.coop.turn.fewer = Some(r);
        }
        (Step::Attract { .. }, Some(Move::Ghost { pos, spot })) => {
            let from = sq_at(game, pos);
            attract(game, square, from, spot, events);
        }
        (Step::CemeteryGhost, Some(Move::Ghost { pos, .. })) => {
            let sq = sq_at(game, pos);
            place(game, sq, GhostSpot::Cemetery, 1, "cemetery", events);
            game.coop.tasks.retain(|t| *t != Task::CemeteryGhost);
        }
        (Step::MistGhost { square: sq }, Some(Move::Ghost { spot, .. })) => {
            place(game, sq, spot, 1, "new_cemetery", events);
            game.coop.tasks.retain(|t| *t != Task::MistGhost(sq));
        }
        (Step::Cat, Some(Move::With { pos, spot })) => {
            let fig = game.figure_at(pos, spot).expect("checked");
            join_cat(game, fig, events);
            game.coop.tasks.retain(|t| *t != Task::Cat);
        }
        (Step::Meeple { square }, m) => {
            if let Some(Move::Meeple { colour, spot }) = m {
                let node = game.spot_node(square, spot).expect("checked");
                game.add_figure(game.colour_in_play(colour).expect("checked") as usize, FigureKind::Meeple, node);
                let pos = game.board.square(square).pos;
                events.push(Event::MeeplePlaced {
                    player: game.current,
                    colour,
                    x: pos.x,
                    y: pos.y,
                    spot: match spot {
                        Spot::Port(p) => p.name(),
                        Spot::Building => "building",
                    },
                    feature: game.features.node(node).kind,
                });
                // COOP-CAT-2: a waiting Eloïse joins the meeple just placed.
                if game.coop.cat == Cat::Waiting {
                    let fig = game.features.node(node).occupant as usize;
                    join_cat(game, fig, events);
                }
            } else {
                events.push(Event::Passed { player: game.current });
            }
            game.coop.tasks.retain(|t| *t != Task::Meeple);
            game.coop.turn.pending = scoring_events(game);
        }
        (Step::Score, Some(Move::Points { pos, spot })) => {
            let root = named_feature(game, pos, spot);
            score_event(game, root, None, events);
        }
        (Step::Score, Some(Move::Remove { pos, spot, from })) => {
            let root = named_feature(game, pos, spot);
            let from = sq_at(game, from);
            score_event(game, root, Some(from), events);
        }
        (Step::Hound { hound }, Some(Move::With { pos, spot })) => {
            let fig = game.figure_at(pos, spot).expect("checked");
            let node = game.figures[fig].node;
            let later = game.coop.level().hound_removal == HoundRemoval::WhenSurrounded;
            game.coop.hounds[hound as usize] = Hound::With { node, removal: later };
            events.push(Event::HoundPlaced { hound, colour: game.colour_of(fig), x: pos.x, y: pos.y });
            game.coop.tasks.retain(|t| *t != Task::Hound(hound));
            let sq = game.features.node(node).square;
            // COOP-3b-1 (c) at level 3; from level 4 once the square is surrounded,
            // which is checked now too (COOP-3b-5).
            if !later || game.board.square(sq).neighbours == 8 {
                game.coop.hounds[hound as usize] = Hound::With { node, removal: false };
                game.coop.tasks.insert(0, Task::Removal { centre: sq, left: 2, cleared: None });
            }
        }
        (Step::Removal { .. }, Some(Move::Clear { pos })) => {
            let sq = sq_at(game, pos);
            let n = game.coop.clear(sq, 3);
            events.push(Event::GhostsRemoved { x: pos.x, y: pos.y, count: n });
            if let Some(Task::Removal { left, cleared, .. }) = game.coop.tasks.first_mut() {
                *left -= 1;
                *cleared = Some(sq);
            }
        }
        (Step::Removal { .. }, None) => {
            game.coop.tasks.remove(0); // the team removes no more
        }
        (Step::FaceDown, Some(Move::FaceDown { pos })) => {
            // The next tile of the active pile, unseen (COOP-3c-5).
            let tile = game.deck[game.next_draw];
            game.coop.face_down_draws.push(game.next_draw);
            game.next_draw += 1;
            let sq = game.put_face_down(pos, tile);
            game.coop.face_down.push(sq);
            events.push(Event::FaceDownPlaced { x: pos.x, y: pos.y });
            game.coop.tasks.retain(|t| *t != Task::FaceDown);
            // COOP-3c-3: a cemetery it closed buries at once; then the hound check (COOP-SEQ 8).
            let closed = newly_closed(game, sq);
            let mut next: Vec<Task> = closed.into_iter().map(Task::Bury).collect();
            next.push(Task::Surround);
            for (i, t) in next.into_iter().enumerate() {
                game.coop.tasks.insert(i, t);
            }
        }
        (step, m) => unreachable!("checked: {m:?} answers {step:?}"),
    }
    drive(game, events);
}

/// Eloïse goes with a meeple (COOP-CAT-2, COOP-CAT-4).
fn join_cat(game: &mut Game, fig: usize, events: &mut Vec<Event>) {
    game.coop.cat = Cat::At(game.figures[fig].node);
    let pos = game.figure_pos(fig);
    events.push(Event::CatJoined { colour: game.colour_of(fig), x: pos.x, y: pos.y });
}
