//! What the cooperative turn asks ([`Step`]) and how it is answered ([`Move`]): each
//! step's legal moves, their check, their canonical form, and a move applied (the turn's
//! work itself is in [`super::turn`]).

use super::ghosts::GhostSpot;
use super::levels::HoundRemoval;
use super::tasks::Task;
use super::turn::{
    attract, bury, bury_from_supply, close_cemetery, colours_with_supply, drive, extends, face_down_squares,
    feature_spot, mist_node, movable_around, newly_closed, open_cemeteries, place, removal_squares, score_event,
    scoring_events,
};
use super::{Cat, Hound};
use crate::engine::board::SquareIdx;
use crate::engine::choice::{Resume, SetMove};
use crate::engine::events::Event;
use crate::engine::features::NodeIdx;
use crate::engine::game::Game;
use crate::engine::geometry::Pos;
use crate::engine::moves::{Action, FigureKind, PlayError, Spot, SpotSquare};
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
            (_, Action::Set(SetMove::Coop(m))) => matches!(
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

impl Move {
    /// The meeple's spot the move names and its square: a meeple put on the tile just
    /// placed, or one buried, scored, whose feature is given up, or that Eloïse or a hound
    /// goes with.
    pub fn spot(self) -> Option<(SpotSquare, Spot)> {
        match self {
            Move::Meeple { spot, .. } => Some((SpotSquare::Placed, spot)),
            Move::Bury { pos, spot }
            | Move::Points { pos, spot }
            | Move::Remove { pos, spot, .. }
            | Move::With { pos, spot } => Some((SpotSquare::At(pos), spot)),
            Move::BuryFromSupply { .. } | Move::Ghost { .. } | Move::Clear { .. } | Move::FaceDown { .. } => None,
        }
    }

    /// The square the move points at as a square, not at a figure on it: a hound's or a
    /// face-down square, or the square a removal takes ghosts from.
    pub fn square(self) -> Option<Pos> {
        match self {
            Move::Clear { pos } | Move::FaceDown { pos } | Move::Remove { from: pos, .. } => Some(pos),
            _ => None,
        }
    }

    /// The ghost spot the move chooses, and its square.
    pub fn ghost_spot(self) -> Option<(Pos, GhostSpot)> {
        match self {
            Move::Ghost { pos, spot } => Some((pos, spot)),
            _ => None,
        }
    }

    /// The colour of the meeple the move places, if it places one.
    pub fn meeple_colour(self) -> Option<u8> {
        match self {
            Move::Meeple { colour, .. } => Some(colour),
            _ => None,
        }
    }

    /// The same move naming `spot` (unchanged if it names none).
    pub fn with_spot(self, spot: Spot) -> Move {
        match self {
            Move::Meeple { colour, .. } => Move::Meeple { colour, spot },
            Move::Bury { pos, .. } => Move::Bury { pos, spot },
            Move::Points { pos, .. } => Move::Points { pos, spot },
            Move::Remove { pos, from, .. } => Move::Remove { pos, spot, from },
            Move::With { pos, .. } => Move::With { pos, spot },
            other => other,
        }
    }
}

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
pub(crate) fn actions(game: &Game, step: Step, out: &mut Vec<Action>) {
    let figures = || (0..game.figures.len()).map(|i| game.figure_spot(i));
    let mut push = |m: Move| out.push(m.into());
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
            crate::engine::sort::sort(&mut squares);
            squares.dedup();
            for &root in &game.coop.turn.pending {
                let (pos, spot) = feature_spot(game, root);
                out.push(Action::from(Move::Points { pos, spot }));
                for &from in &squares {
                    out.push(Action::from(Move::Remove { pos, spot, from }));
                }
            }
        }
        Step::Removal { centre } => {
            let cleared = match game.coop.tasks.next() {
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
pub(crate) fn check(game: &Game, step: Step, action: &Action) -> Result<(), PlayError> {
    let mut legal = Vec::new();
    actions(game, step, &mut legal);
    let wanted = game.canonical(action);
    if legal.contains(&wanted) {
        Ok(())
    } else if matches!(action, Action::Set(SetMove::Coop(_)) | Action::Pass) {
        Err(PlayError::NotNow(step.expects().into()))
    } else {
        Err(PlayError::WrongStep { expected: step.expects().into() })
    }
}

/// A move with its spots named as the lists name them.
pub(crate) fn canonical(game: &Game, step: Step, m: Move) -> Move {
    match m {
        Move::Bury { pos, spot } => Move::Bury { pos, spot: game.figure_named(pos, spot) },
        Move::With { pos, spot } => Move::With { pos, spot: game.figure_named(pos, spot) },
        // A feature is named by any of its meeples; the list names it by the first.
        Move::Points { pos, spot } => {
            let (pos, spot) = feature_named(game, pos, spot);
            Move::Points { pos, spot }
        }
        Move::Remove { pos, spot, from } => {
            let (pos, spot) = feature_named(game, pos, spot);
            Move::Remove { pos, spot, from }
        }
        Move::Meeple { colour, spot: Spot::Port(p) } => match step {
            Step::Meeple { square } => {
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
pub(crate) fn apply(game: &mut Game, step: Step, action: Action, events: &mut Vec<Event>) -> Resume {
    let m = match action {
        Action::Set(SetMove::Coop(m)) => Some(canonical(game, step, m)),
        _ => None,
    };
    let square = game.coop.turn.square;
    let sq_at = |game: &Game, pos: Pos| game.board.square_at(pos).expect("checked");
    match (step, m) {
        (Step::Bury { cemetery }, Some(Move::Bury { pos, spot })) => {
            let fig = game.figure_at(pos, spot).expect("checked");
            bury(game, fig, cemetery, events);
            close_cemetery(game, cemetery, events);
            game.coop.tasks.done(&Task::Bury(cemetery));
        }
        (Step::Bury { cemetery }, Some(Move::BuryFromSupply { colour })) => {
            let colour = game.colour_in_play(colour).expect("checked");
            bury_from_supply(game, cemetery, colour, events);
            close_cemetery(game, cemetery, events);
            game.coop.tasks.done(&Task::Bury(cemetery));
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
            game.coop.tasks.done(&Task::CemeteryGhost);
        }
        (Step::MistGhost { square: sq }, Some(Move::Ghost { spot, .. })) => {
            place(game, sq, spot, 1, "new_cemetery", events);
            game.coop.tasks.done(&Task::MistGhost(sq));
        }
        (Step::Cat, Some(Move::With { pos, spot })) => {
            let fig = game.figure_at(pos, spot).expect("checked");
            join_cat(game, fig, events);
            game.coop.tasks.done(&Task::Cat);
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
                    }
                    .into(),
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
            game.coop.tasks.done(&Task::Meeple);
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
            game.coop.tasks.done(&Task::Hound(hound));
            let sq = game.features.node(node).square;
            // COOP-3b-1 (c) at level 3; from level 4 once the square is surrounded,
            // which is checked now too (COOP-3b-5).
            if !later || game.board.square(sq).neighbours == 8 {
                game.coop.hounds[hound as usize] = Hound::With { node, removal: false };
                game.coop.tasks.now([Task::Removal { centre: sq, left: 2, cleared: None }]);
            }
        }
        (Step::Removal { centre }, Some(Move::Clear { pos })) => {
            let sq = sq_at(game, pos);
            let n = game.coop.clear(sq, 3);
            // The hound whose meeple stands on the centre made the removal.
            let features = &game.features;
            let by = game
                .coop
                .hounds
                .iter()
                .position(|h| matches!(*h, Hound::With { node, .. } if features.node(node).square == centre));
            if let Some(h) = by {
                game.coop.hound_deeds[h].cleared += n;
            }
            events.push(Event::GhostsRemoved { x: pos.x, y: pos.y, count: n });
            if let Some(Task::Removal { left, cleared, .. }) = game.coop.tasks.next_mut() {
                *left -= 1;
                *cleared = Some(sq);
            }
        }
        (Step::Removal { .. }, None) => {
            game.coop.tasks.finish_next(); // the team removes no more
        }
        (Step::FaceDown, Some(Move::FaceDown { pos })) => {
            // The next tile of the active pile, unseen (COOP-3c-5).
            let tile = game.deck[game.next_draw];
            game.coop.face_down_draws.push(game.next_draw);
            game.next_draw += 1;
            let sq = game.put_face_down(pos, tile);
            game.coop.face_down.push(sq);
            events.push(Event::FaceDownPlaced { x: pos.x, y: pos.y });
            game.coop.tasks.done(&Task::FaceDown);
            // COOP-3c-3: a cemetery it closed buries at once; then the hound check (COOP-SEQ 8).
            let closed = newly_closed(game, sq);
            let mut next: Vec<Task> = closed.into_iter().map(Task::Bury).collect();
            next.push(Task::Surround);
            game.coop.tasks.now(next);
        }
        (step, m) => unreachable!("checked: {m:?} answers {step:?}"),
    }
    drive(game, events);
    Resume::Done
}

/// Eloïse goes with a meeple (COOP-CAT-2, COOP-CAT-4).
fn join_cat(game: &mut Game, fig: usize, events: &mut Vec<Event>) {
    game.coop.cat = Cat::At(game.figures[fig].node);
    let pos = game.figure_pos(fig);
    events.push(Event::CatJoined { colour: game.colour_of(fig), x: pos.x, y: pos.y });
}
