//! A cooperative step's choices in words, for their buttons: each target named by the
//! shortest words that single it out among the others ("the cemetery west of the city",
//! "the red meeple's road"), in the engine's order, which the board numbers too; and a
//! computer's plan for the turn told as steps a teammate would take ("place the tile north
//! of the start tile, turned a quarter to the right", "take the 4 points of the red
//! meeple's road"), each named on the game as it stands before that step.
//!
//! This is notation for people, as `record/action.rs` is for files: it reads a set's moves
//! to say what they do, and each language words the result ([`ChoiceWords`], [`PlanStep`]).

use super::speech::{Case, Place, PlaceAs, Speech, Thing};
use super::tile::{neighbours_of, place_of};
use super::Lang;
use crate::engine::coop::{GhostSpot, Move as CoopMove, Step as CoopStep};
use crate::engine::geometry::mask_ports;
use crate::engine::{Action, Event, FeatureKind, FigureKind, Game, Phase, Pos, SetMove, SetStep, Side, Spot};
use serde::{Deserialize, Serialize};

/// What a cooperative step waits for, as far as its words differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Why {
    /// The mist region that places one ghost fewer.
    Fewer,
    /// The open cemetery that takes the extra ghost.
    CemeteryGhost,
    /// The mist region that takes the new cemetery's ghost.
    MistGhost,
    /// Eloïse goes with the meeple.
    Cat,
    /// A hound (0 Rufus, 1 Ronja) goes with the meeple.
    Hound(u8),
    /// Anything else.
    Other,
}

/// A target named as fully as it needs to be to stand apart from the others; each language
/// says it in the case its sentence wants ([`super::speech::Case`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Named {
    /// A co-op meeple by its colour, and if needed the feature it stands on and where: by
    /// its square's neighbour's short noun (`near`), or by its square's full name (`at`).
    Meeple { colour: u8, feature: Option<FeatureKind>, near: Option<(Side, Thing)>, at: Option<Place> },
    /// A feature by its kind, and if needed its meeples' colours and where (as a meeple).
    Feature { kind: FeatureKind, colours: Vec<u8>, near: Option<(Side, Thing)>, at: Option<Place> },
    /// A square by the short noun of what lies there and, if needed, of its neighbour
    /// ("the cemetery west of the city"); or by its full name (`full`).
    Square { here: Option<Thing>, by: Option<(Side, Thing)>, full: Option<Place> },
    /// A mist region by the sides it reaches, and if needed the square it is on.
    Mist { sides: Vec<Side>, on: Option<Box<Named>> },
    /// A name with its square's coordinates, when no words set it apart.
    Coords(Box<Named>, i32, i32),
}

/// A choice of a cooperative step, its target named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum ChoiceWords {
    /// Score a completed feature: its points for the team.
    Points { points: i32, feature: Named },
    /// Give a feature's points up to remove ghosts from a square (`instead_of`: the feature,
    /// when more than one is scored now).
    Remove { ghosts: u8, from: Named, instead_of: Option<Named> },
    /// Bury this meeple on the closed cemetery.
    Bury { meeple: Named },
    /// Bury a meeple of this colour from the supply.
    BuryColour { colour: u8 },
    /// A mist region or cemetery for a ghost.
    Spot { why: Why, spot: Named },
    /// The ghost a spell circle draws.
    Attract { from: Named },
    /// The meeple Eloïse or a hound goes with.
    With { why: Why, meeple: Named },
    /// A hound's removal: ghosts from this square.
    Clear { ghosts: u8, from: Named },
    /// The square for the face-down tile.
    FaceDown { at: Named },
}

/// One step of a plan, as an infinitive phrase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum PlanStep {
    /// Place the tile there (`at`: the square as [`PlaceAs::At`] says it), turned
    /// `quarters` quarter turns clockwise.
    Tile { at: String, quarters: u8 },
    /// Put a figure on a spot of the tile just placed.
    Figure { figure: FigureKind, feature: FeatureKind, spot: String },
    /// Put a co-op meeple of a colour on a spot of the tile just placed.
    Meeple { colour: u8, feature: FeatureKind, spot: String },
    /// Place no figure.
    Pass,
    /// Take the abbot back from there.
    Retrieve { at: String },
    /// A cooperative choice.
    Choice(Box<ChoiceWords>),
    /// A set's choice the plan makes (a ghost's meeple, a circle's, the cat's).
    SetChoice,
}

/// What a choice points at, to be named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// A completed feature, by a meeple on it.
    Feature(Pos, Spot),
    /// A meeple.
    Meeple(Pos, Spot),
    /// A square (empty or not).
    Square(Pos),
    /// A mist region of a square.
    Mist(Pos, u8),
    /// A ghost spot of a square (the ghost a circle draws).
    Ghost(Pos, GhostSpot),
}

/// The step the game waits for, if it is a cooperative one.
fn coop_step(game: &Game) -> Option<CoopStep> {
    match game.phase() {
        Phase::Set(SetStep::Coop(s)) => Some(s),
        _ => None,
    }
}

fn why_of(step: Option<CoopStep>) -> Why {
    match step {
        Some(CoopStep::Fewer { .. }) => Why::Fewer,
        Some(CoopStep::CemeteryGhost) => Why::CemeteryGhost,
        Some(CoopStep::MistGhost { .. }) => Why::MistGhost,
        Some(CoopStep::Cat) => Why::Cat,
        Some(CoopStep::Hound { hound }) => Why::Hound(hound),
        _ => Why::Other,
    }
}

fn coop_move(a: &Action) -> Option<CoopMove> {
    match a {
        Action::Set(SetMove::Coop(m)) => Some(*m),
        _ => None,
    }
}

/// What a move points at (the removal: its square).
fn target(m: CoopMove) -> Option<Target> {
    Some(match m {
        CoopMove::Points { pos, spot } => Target::Feature(pos, spot),
        CoopMove::Remove { from, .. } => Target::Square(from),
        CoopMove::Bury { pos, spot } | CoopMove::With { pos, spot } => Target::Meeple(pos, spot),
        CoopMove::Ghost { pos, spot: GhostSpot::Mist(r) } => Target::Mist(pos, r),
        CoopMove::Ghost { pos, spot: GhostSpot::Cemetery } => Target::Square(pos),
        CoopMove::Ghost { pos, spot } => Target::Ghost(pos, spot),
        CoopMove::Clear { pos } | CoopMove::FaceDown { pos } => Target::Square(pos),
        CoopMove::BuryFromSupply { .. } | CoopMove::Meeple { .. } => return None,
    })
}

/// The sides of the board a mist region of the square at `pos` reaches.
fn mist_sides(game: &Game, pos: Pos, region: u8) -> Vec<Side> {
    let Some(sq) = game.board().square_at(pos) else { return Vec::new() };
    let placed = game.board().square(sq);
    let Some(m) = game.def_at(sq).mist.get(region as usize) else { return Vec::new() };
    let mut sides: Vec<Side> = mask_ports(m.ports).map(|p| p.rotate(placed.rot).side()).collect();
    crate::engine::sort::sort_by_key(&mut sides, |s| *s as u8);
    sides.dedup();
    sides
}

/// The colours of the meeples on the feature at `pos` and `spot`.
fn colours_on(game: &Game, pos: Pos, spot: Spot) -> Vec<u8> {
    let Some(i) = game.inspect(pos, crate::engine::Part::Spot(spot)) else { return Vec::new() };
    i.holders.iter().map(|h| game.palette_colour(h.player as u8)).collect()
}

/// A target's names, from the shortest to the fullest.
fn names(game: &Game, t: Target) -> Vec<Named> {
    let place = |pos: Pos| place_of(game, pos);
    match t {
        Target::Meeple(pos, spot) => {
            let fig = game.figure_at(pos, spot);
            let colour = fig.map_or(0, |f| game.colour_of(f));
            let feature = fig.map(|f| game.figure_feature(f));
            let near = place(pos).by;
            let full = Named::Meeple { colour, feature, near: None, at: Some(place(pos)) };
            vec![
                Named::Meeple { colour, feature: None, near: None, at: None },
                Named::Meeple { colour, feature, near: None, at: None },
                Named::Meeple { colour, feature, near, at: None },
                full.clone(),
                Named::Coords(Box::new(full), pos.x, pos.y),
            ]
        }
        Target::Feature(pos, spot) => {
            let kind = game.inspect(pos, crate::engine::Part::Spot(spot)).map_or(FeatureKind::Road, |i| i.kind);
            let colours = colours_on(game, pos, spot);
            let near = place(pos).by;
            let full = Named::Feature { kind, colours: colours.clone(), near: None, at: Some(place(pos)) };
            vec![
                Named::Feature { kind, colours: Vec::new(), near: None, at: None },
                Named::Feature { kind, colours: colours.clone(), near: None, at: None },
                Named::Feature { kind, colours, near, at: None },
                full.clone(),
                Named::Coords(Box::new(full), pos.x, pos.y),
            ]
        }
        Target::Square(pos) => {
            let p = place(pos);
            let full = Named::Square { here: None, by: None, full: Some(p.clone()) };
            // What lies there (an empty square has nothing to be named by), then by each
            // neighbour in turn, the start tile first.
            let mut out = Vec::new();
            if p.here.is_some() {
                out.push(Named::Square { here: p.here.clone(), by: None, full: None });
            }
            for by in neighbours_of(game, pos) {
                out.push(Named::Square { here: p.here.clone(), by: Some(by), full: None });
            }
            out.extend([full.clone(), Named::Coords(Box::new(full), pos.x, pos.y)]);
            out
        }
        Target::Mist(pos, r) => {
            let sides = mist_sides(game, pos, r);
            let p = place(pos);
            let on = Named::Square { here: p.here.clone(), by: None, full: None };
            let full = Named::Square { here: None, by: None, full: Some(p.clone()) };
            let fullest = Named::Mist { sides: sides.clone(), on: Some(Box::new(full)) };
            vec![
                Named::Mist { sides: Vec::new(), on: None },
                Named::Mist { sides: sides.clone(), on: None },
                Named::Mist { sides, on: Some(Box::new(on)) },
                fullest.clone(),
                Named::Coords(Box::new(fullest), pos.x, pos.y),
            ]
        }
        Target::Ghost(pos, spot) => {
            let p = place(pos);
            let mut out = vec![Named::Square { here: p.here.clone(), by: None, full: None }];
            for by in neighbours_of(game, pos) {
                out.push(Named::Square { here: p.here.clone(), by: Some(by), full: None });
            }
            let full = Named::Square { here: None, by: None, full: Some(p.clone()) };
            if let GhostSpot::Circle(r) | GhostSpot::Mist(r) = spot {
                out.push(Named::Mist { sides: mist_sides(game, pos, r), on: Some(Box::new(full.clone())) });
            }
            out.push(Named::Coords(Box::new(full), pos.x, pos.y));
            out
        }
    }
}

/// For each target, its shortest name that singles it out: the first of its names (shortest
/// first) that says none of the other targets, as `speech` says them (the fullest when none
/// does).
fn shortest(speech: &dyn Speech, candidates: Vec<Vec<Named>>) -> Vec<Named> {
    let said: Vec<Vec<String>> =
        candidates.iter().map(|c| c.iter().map(|n| speech.named(n, Case::Nom)).collect()).collect();
    candidates
        .into_iter()
        .enumerate()
        .map(|(i, mut mine)| {
            let alone = |k: usize| said.iter().enumerate().all(|(j, other)| j == i || !other.contains(&said[i][k]));
            let k = (0..mine.len()).find(|&k| alone(k)).unwrap_or(mine.len() - 1);
            mine.swap_remove(k)
        })
        .collect()
}

/// What applying `a` to a copy of `game` would score for the team, and the ghosts it
/// would remove.
fn preview(game: &Game, a: &Action) -> (i32, u8) {
    let Ok(events) = game.clone().apply(a) else { return (0, 0) };
    let mut points = 0;
    let mut ghosts = 0u8;
    for e in &events {
        match e {
            // A team marker's points already count every colour on the feature.
            Event::TeamScored { points: p, .. }
            | Event::HoundScored { points: p, .. }
            | Event::TeamCatScored { points: p } => points += p,
            Event::GhostsRemoved { count, .. } => ghosts = ghosts.saturating_add(*count),
            _ => {}
        }
    }
    (points, ghosts)
}

/// The words of each move in `moves` (all of the step `game` waits for), its target named
/// among the others'.
fn words(speech: &dyn Speech, game: &Game, moves: &[Action]) -> Vec<Option<ChoiceWords>> {
    let why = why_of(coop_step(game));
    let targets: Vec<Option<Target>> = moves.iter().map(|a| coop_move(a).and_then(target)).collect();
    // Names are chosen among the targets of one kind (meeples among meeples, …).
    let kind = |t: &Target| std::mem::discriminant(t);
    let mut named: Vec<Option<Named>> = vec![None; moves.len()];
    let mut kinds: Vec<std::mem::Discriminant<Target>> = Vec::new();
    for k in targets.iter().flatten().map(kind) {
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    for k in kinds {
        let idx: Vec<usize> = (0..moves.len()).filter(|&i| targets[i].as_ref().is_some_and(|t| kind(t) == k)).collect();
        let cands: Vec<Vec<Named>> = idx.iter().filter_map(|&i| targets[i].map(|t| names(game, t))).collect();
        for (i, n) in idx.iter().zip(shortest(speech, cands)) {
            named[*i] = Some(n);
        }
    }
    // A removal names the feature it gives up only when more than one is scored now.
    let features: Vec<(Pos, Spot)> = moves
        .iter()
        .filter_map(|a| match coop_move(a) {
            Some(CoopMove::Points { pos, spot }) => Some((pos, spot)),
            _ => None,
        })
        .collect();
    let feature_names = shortest(speech, features.iter().map(|&(p, s)| names(game, Target::Feature(p, s))).collect());
    moves
        .iter()
        .zip(named)
        .map(|(a, name)| {
            let m = coop_move(a)?;
            let name = name.unwrap_or(Named::Square { here: None, by: None, full: None });
            Some(match m {
                CoopMove::Points { .. } => ChoiceWords::Points { points: preview(game, a).0, feature: name },
                CoopMove::Remove { pos, spot, .. } => {
                    let of = game.figure_at(pos, spot).map(|f| game.figure_spot(f));
                    let instead_of = (features.len() > 1)
                        .then(|| features.iter().position(|f| Some(*f) == of).map(|k| feature_names[k].clone()))
                        .flatten();
                    ChoiceWords::Remove { ghosts: preview(game, a).1, from: name, instead_of }
                }
                CoopMove::Bury { .. } => ChoiceWords::Bury { meeple: name },
                CoopMove::BuryFromSupply { colour } => ChoiceWords::BuryColour { colour },
                CoopMove::Ghost { spot: GhostSpot::Mist(_) | GhostSpot::Cemetery, .. } => {
                    ChoiceWords::Spot { why, spot: name }
                }
                CoopMove::Ghost { .. } => ChoiceWords::Attract { from: name },
                CoopMove::With { .. } => ChoiceWords::With { why, meeple: name },
                CoopMove::Clear { .. } => ChoiceWords::Clear { ghosts: preview(game, a).1, from: name },
                CoopMove::FaceDown { .. } => ChoiceWords::FaceDown { at: name },
                CoopMove::Meeple { .. } => return None,
            })
        })
        .collect()
}

/// The buttons of the cooperative step `game` waits for: every legal action but a pass (and
/// the meeple step's own meeples, which are placed on the board), with its label in
/// `lang`. The order is the engine's, as the board numbers them (`ui::targets`).
pub fn choice_labels(lang: Lang, game: &Game) -> Vec<(Action, String)> {
    if !matches!(coop_step(game), Some(s) if !matches!(s, CoopStep::Meeple { .. })) {
        return Vec::new();
    }
    let moves: Vec<Action> = game.legal_actions().into_iter().filter(|a| !matches!(a, Action::Pass)).collect();
    let speech = lang.speech();
    let said = words(speech, game, &moves);
    moves.into_iter().zip(said).filter_map(|(a, w)| Some((a, speech.choice(&w?)))).collect()
}

/// A spot of the tile just placed: its feature's kind and its name ("the road on the north
/// side").
fn spot_words(lang: Lang, g: &Game, spot: Spot) -> (FeatureKind, String) {
    let Some(p) = g.figure_square().map(|sq| g.board().square(sq)) else { return (FeatureKind::Road, String::new()) };
    let def = g.tiles().get(p.tile);
    let kind = def.spot_local(spot).and_then(|l| def.segments.get(l as usize).map(|s| s.kind).or(def.building));
    let name = super::spot_name(lang, def, p.rot, spot).unwrap_or_default();
    (kind.unwrap_or(FeatureKind::Road), name)
}

/// A plan for this turn (the computers' `plan`) told step by step in `lang`, each step named
/// on the game as it stands before it. The telling stops at a step the game refuses.
pub fn plan_steps(lang: Lang, game: &Game, plan: &[Action]) -> Vec<String> {
    let speech = lang.speech();
    let mut g = game.clone();
    let mut out = Vec::new();
    for a in plan {
        let step = match a {
            Action::PlaceTile { pos, rot, .. } => {
                PlanStep::Tile { at: speech.place(&place_of(&g, *pos), PlaceAs::At), quarters: rot.quarters() }
            }
            Action::PlaceFigure { figure, spot } => {
                let (feature, spot) = spot_words(lang, &g, *spot);
                PlanStep::Figure { figure: *figure, feature, spot }
            }
            Action::RetrieveAbbot { pos } => PlanStep::Retrieve { at: speech.place(&place_of(&g, *pos), PlaceAs::At) },
            Action::Pass => PlanStep::Pass,
            Action::Set(SetMove::Coop(CoopMove::Meeple { colour, spot })) => {
                let (feature, spot) = spot_words(lang, &g, *spot);
                PlanStep::Meeple { colour: *colour, feature, spot }
            }
            Action::Set(SetMove::Coop(_)) => {
                let all: Vec<Action> = g.legal_actions().into_iter().filter(|x| !matches!(x, Action::Pass)).collect();
                let said = words(speech, &g, &all);
                match all.iter().position(|x| x == a).and_then(|k| said[k].clone()) {
                    Some(w) => PlanStep::Choice(Box::new(w)),
                    None => PlanStep::SetChoice,
                }
            }
            Action::Set(_) => PlanStep::SetChoice,
        };
        out.push(speech.plan(&step));
        if g.apply(a).is_err() {
            break;
        }
    }
    out
}
