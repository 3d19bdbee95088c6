//! The cooperative turn after its tile (COOP-SEQ): a list of tasks ([`Tasks`]), each done
//! at once or waiting for the active player's choice (a [`Step`], answered by a [`Move`]:
//! [`super::steps`]).
//!
//! After the tile: 1b release → 1c burials → 1d hound check → 2a symbols → circles →
//! cemetery ghosts → Eloïse → 2b a meeple → 3a scoring events one by one (each: points or
//! a removal, hounds, Eloïse, meeples back, markers passed) → 3c a face-down tile →
//! the next player. A win or a loss ends the game the moment it happens (COOP-END).

use super::ghosts::GhostSpot;
use super::levels::{CemeteryGhost, Closes, Markers};
use super::steps::{Move, Step};
use super::tasks::{Task, Tasks, TurnState};
use super::{Burial, Cat, Ending, Hound};
use crate::engine::board::SquareIdx;
use crate::engine::choice::SetStep;
use crate::engine::events::Event;
use crate::engine::features::NodeIdx;
use crate::engine::game::{Contacts, Figure, Game, Phase};
use crate::engine::geometry::Pos;
use crate::engine::moves::{FigureKind, Spot};
use crate::engine::tiles::{FeatureKind, NO_SEG};

// ---------------------------------------------------------------- hooks

/// After the tile: the turn's tasks, in COOP-SEQ order.
pub(crate) fn after_tile(game: &mut Game, square: SquareIdx, _contacts: Contacts, _events: &mut Vec<Event>) {
    let closed = newly_closed(game, square);
    let st = &mut game.coop;
    st.turn = TurnState { square, ..TurnState::default() };
    let mut list = vec![Task::Release];
    list.extend(closed.into_iter().map(Task::Bury));
    list.extend([Task::Surround, Task::Symbols, Task::Circles]);
    list.push(match st.level().cemetery_ghost {
        CemeteryGhost::Neighbours => Task::NeighbourGhosts,
        _ => Task::CemeteryGhost,
    });
    list.extend([Task::Meeple, Task::Score, Task::FaceDown, Task::EndTurn]);
    st.tasks = Tasks::new(list);
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
        st.tasks.now([Task::Cat]);
    }
    for (i, h) in st.hounds.iter_mut().enumerate() {
        if matches!(*h, Hound::With { node, .. } if node == figure.node) {
            *h = Hound::Gone;
            st.hound_deeds[i].lost = true;
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
pub(super) fn drive(game: &mut Game, events: &mut Vec<Event>) {
    while game.coop.ending.is_none() {
        let Some(task) = game.coop.tasks.next().cloned() else { return };
        if let Some(step) = run(game, &task, events) {
            game.phase = Phase::Set(SetStep::Coop(step));
            return;
        }
        // A finished task is taken off (unless it ended the game or changed the list).
        if game.coop.ending.is_none() && game.coop.tasks.next() == Some(&task) {
            game.coop.tasks.finish_next();
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
            game.coop.hound_deeds[h as usize].lost = true;
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
        Ending::Ghosts { needed, supply, .. } => {
            Event::TeamLost { turn, why: "ghosts".into(), needed, supply, pile, piles }
        }
        Ending::Pile => {
            Event::TeamLost { turn, why: "pile".into(), needed: 0, supply: game.coop.available(), pile, piles }
        }
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
pub(super) fn place(
    game: &mut Game,
    square: SquareIdx,
    spot: GhostSpot,
    n: u8,
    step: &'static str,
    events: &mut Vec<Event>,
) {
    if n == 0 || !demand(game, n, step, events) {
        return;
    }
    for _ in 0..n {
        if game.coop.take() {
            // Deployed in this same step 2a, before the meeple (COOP-CAT-2).
            game.coop.tasks.before(&Task::Meeple, Task::Cat);
        }
        game.coop.add_ghost(square, spot);
    }
    let pos = game.board.square(square).pos;
    let name = match spot {
        GhostSpot::Mist(_) => "mist",
        GhostSpot::Circle(_) => "circle",
        GhostSpot::Cemetery => "cemetery",
    };
    events.push(Event::GhostsPlaced { x: pos.x, y: pos.y, count: n, spot: name.into() });
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

pub(super) fn colours_with_supply(game: &Game) -> impl Iterator<Item = u8> + '_ {
    (0..game.players.len() as u8).filter(|&c| game.players[c as usize].in_supply(FigureKind::Meeple) > 0)
}

/// COOP-1c-1, COOP-1c-2, COOP-DEC-06: every ghost on the cemetery square goes back, at
/// every level (on the cemetery
/// and in the square's mist), and it is closed for good.
pub(super) fn close_cemetery(game: &mut Game, cemetery: SquareIdx, events: &mut Vec<Event>) {
    let n = game.coop.clear(cemetery, u8::MAX);
    let pos = game.board.square(cemetery).pos;
    if n > 0 {
        events.push(Event::GhostsReleased { count: n, x: pos.x, y: pos.y });
    }
    game.coop.closed.push(cemetery);
}

/// COOP-1c, COOP-1c-3, COOP-1c-4: a meeple from the board lies on the cemetery for good;
/// Eloïse moves on, its hound leaves the game (`figure_left`).
pub(super) fn bury(game: &mut Game, fig: usize, cemetery: SquareIdx, events: &mut Vec<Event>) {
    let colour = game.figures[fig].owner;
    game.take_figure(fig, events);
    game.coop.buried.push(Burial { cemetery, colour });
    let pos = game.board.square(cemetery).pos;
    events.push(Event::MeepleBuried { colour: game.palette_colour(colour), x: pos.x, y: pos.y });
}

/// COOP-1c: no meeple on the board: one from a supply.
pub(super) fn bury_from_supply(game: &mut Game, cemetery: SquareIdx, colour: u8, events: &mut Vec<Event>) {
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
    game.coop.tasks.after_next(found);
}

// ---------------------------------------------------------------- 2a

/// Whether mist region `r` of the tile on `square` touches the mist of a square placed
/// before (COOP-DEF-2).
pub(super) fn extends(game: &Game, square: SquareIdx, r: u8) -> bool {
    let p = game.board.square(square);
    let def = game.tiles.get(p.tile);
    crate::engine::geometry::mask_ports(def.mist[r as usize].ports).any(|printed| {
        let port = printed.rotate(p.rot);
        let Some(other) = game.board.at(p.pos.step(port.side())) else { return false };
        !other.face_down && game.tiles.get(other.tile).mist_at(port.facing().unrotate(other.rot)) != NO_SEG
    })
}

/// The node of mist region `r` of a square.
pub(super) fn mist_node(game: &Game, square: SquareIdx, r: u8) -> NodeIdx {
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
pub(super) fn movable_around(game: &Game, square: SquareIdx) -> Vec<(SquareIdx, GhostSpot, u8)> {
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
pub(super) fn attract(game: &mut Game, square: SquareIdx, from: SquareIdx, spot: GhostSpot, events: &mut Vec<Event>) {
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
    game.coop.tasks.after_next(misty.into_iter().map(Task::MistGhost));
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
pub(super) fn scoring_events(game: &Game) -> Vec<NodeIdx> {
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
pub(super) fn feature_spot(game: &Game, root: NodeIdx) -> (Pos, Spot) {
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
pub(super) fn score_event(game: &mut Game, root: NodeIdx, removal: Option<SquareIdx>, events: &mut Vec<Event>) {
    game.coop.turn.pending.retain(|r| *r != root);
    let figs = game.figures_on_feature(root);
    let mut colours: Vec<u8> = figs.iter().map(|&f| game.figures[f].owner).collect();
    crate::engine::sort::sort(&mut colours);
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
                game.coop.hound_deeds[h].scored = Some(points);
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
    game.coop.tasks.now([Task::Markers]);
    let mut sorted = nodes;
    crate::engine::sort::sort(&mut sorted);
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
    let mut queued = Vec::new();
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
        queued.push(Task::Hound(h as u8));
    }
    game.coop.tasks.after_next(queued);
}

/// Squares a hound may clear: its square and the 8 around, with movable ghosts, not the
/// one it has cleared already (COOP-3b-1 (c), COOP-3b-4).
pub(super) fn removal_squares(
    game: &Game,
    centre: SquareIdx,
    cleared: Option<SquareIdx>,
) -> impl Iterator<Item = SquareIdx> + '_ {
    let pos = game.board.square(centre).pos;
    std::iter::once(pos)
        .chain(pos.ring())
        .filter_map(|q| game.board.square_at(q))
        .filter(move |&sq| Some(sq) != cleared && game.coop.movable_on(sq) > 0)
}

// ---------------------------------------------------------------- 3c

/// COOP-3c-1, COOP-DEC-22: empty squares around an open cemetery that touch the board
/// along an edge.
pub(super) fn face_down_squares(game: &Game) -> impl Iterator<Item = Pos> + '_ {
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
