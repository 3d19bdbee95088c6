//! A compact JSON picture of a game's public state, for the command line and the page.

use crate::engine::{FigureKind, Game, Phase};
use serde_json::{json, Value};

/// Public state: whether the game is over, scores and supplies in seat order, the step.
/// Hidden information (the order of the stack) is never included.
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
    if game.ghosts_in_play() {
        v["ghosts"] = json!(game.ghost_supply());
    }
    if game.spell_mode_a() {
        v["ghosts_in_circles"] = json!(game.ghosts_in_circles());
        v["cat_pile"] = json!(game.cat_pile());
    }
    v
}
