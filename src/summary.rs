//! A compact JSON picture of a game's public state, for the command line and the page.

use crate::engine::spells::Cat;
use crate::engine::{FigureKind, Game, Phase};
use serde_json::{json, Value};

/// Public state: whether the game is over, scores and supplies in seat order, the step,
/// every figure with its ghosts, and with the sets that have them the ghost supply, the
/// circles, Eloïse and the river's open end. Hidden information (the order of the stack)
/// is never included. `docs/record-format.md` documents every field.
pub fn summary(game: &Game) -> Value {
    let setup = game.setup();
    let players: Vec<Value> = game
        .players()
        .iter()
        .zip(&setup.players)
        .map(|(p, s)| {
            json!({
                "name": s.name,
                "score": p.score,
                "supply": {
                    "meeple": p.in_supply(FigureKind::Meeple),
                    "guard": p.in_supply(FigureKind::Guard),
                    "abbot": p.in_supply(FigureKind::Abbot),
                },
                "guard_reserve": p.reserve,
            })
        })
        .collect();
    let step = match game.phase() {
        Phase::Tile { tile } => json!({"step": "tile", "tile": &*game.tiles().get(tile).id}),
        Phase::Ghost { case, .. } => json!({"step": "ghost", "case": case}),
        Phase::Circle { .. } => json!({"step": "circle"}),
        Phase::Cat { .. } => json!({"step": "cat"}),
        Phase::Figure { .. } => json!({"step": "figure"}),
        Phase::Over => json!({"step": "over"}),
    };
    let mut v = json!({
        "over": game.is_over(),
        "turn": game.turn(),
        "current_player": game.current_player(),
        "phase": step,
        "tiles_left": game.tiles_left(),
        "tiles_placed": game.board().squares().len(),
        "discarded": game.discarded().iter().map(|t| &*game.tiles().get(*t).id).collect::<Vec<_>>(),
        "scores": game.scores(),
        "meeples_in_supply": game.players().iter().map(|p| p.in_supply(FigureKind::Meeple)).collect::<Vec<_>>(),
        "players": players,
    });
    v["figures"] = figures(game);
    if game.ghosts_in_play() {
        v["ghosts"] = json!(game.ghost_supply());
    }
    if game.spell_mode_a() {
        v["ghosts_in_circles"] = json!(game.ghosts_in_circles());
        v["cat_pile"] = json!(game.cat_pile());
        v["cat"] = match game.cat() {
            Cat::At(node) => {
                let i = game.features().node(node).occupant as usize;
                let (pos, spot) = game.figure_spot(i);
                json!({"x": pos.x, "y": pos.y, "at": spot.to_string()})
            }
            Cat::Off => Value::Null,
            Cat::Pile => json!("pile"),
            Cat::Waiting => json!("waiting"),
        };
    }
    if let Some(end) = game.river_end() {
        v["river_end"] = json!({"x": end.pos.x, "y": end.pos.y, "side": end.out.letter().to_string()});
    }
    v
}

/// Every figure on the board: owner's seat, kind, square, spot (as a record names it),
/// the feature it stands on, and the ghosts next to it.
pub fn figures(game: &Game) -> Value {
    (0..game.figures().len())
        .map(|i| {
            let f = &game.figures()[i];
            let (pos, spot) = game.figure_spot(i);
            json!({
                "player": f.owner,
                "kind": f.kind,
                "x": pos.x,
                "y": pos.y,
                "at": spot.to_string(),
                "feature": game.figure_feature(i),
                "ghosts": f.ghosts,
            })
        })
        .collect()
}
