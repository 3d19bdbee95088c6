//! A compact JSON picture of a game's public state, for the command line and the page.

use crate::engine::geometry::mask_ports;
use crate::engine::spells::Cat;
use crate::engine::tiles::FeatureKind;
use crate::engine::{FigureKind, Game, Phase, SetStep, TileSet};
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
        Phase::Set(step) => {
            let (name, details) = step.describe();
            let mut v = json!({"step": name});
            for (k, d) in details {
                v[k] = json!(d);
            }
            v
        }
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
    if game.is_coop() {
        v["coop"] = coop(game);
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

/// The cooperative game's public state: level, goal and markers, hounds, ghosts by square,
/// the supply and Eloïse's pile, the piles, buried meeples, face-down squares, the colours
/// each seat plays, the pace and the drain of open cemeteries ([`crate::ai::advice`]), and
/// how the game ended.
pub fn coop(game: &Game) -> Value {
    use crate::engine::coop::{colours_of, Cat, Hound, Step, COLOURS, HOUNDS};
    let st = game.coop();
    let level = st.level();
    let pos = |sq| game.board().square(sq).pos;
    let at = |node| {
        let i = game.features().node(node).occupant as usize;
        let (p, spot) = game.figure_spot(i);
        json!({"x": p.x, "y": p.y, "at": spot.to_string(), "colour": COLOURS[game.colour_of(i) as usize]})
    };
    let hounds: Vec<Value> = st
        .hounds
        .iter()
        .zip(&level.hounds)
        .enumerate()
        .map(|(i, (h, value))| {
            let (state, with) = match *h {
                Hound::Track => ("track", Value::Null),
                // `removal`: its ghost removal still waits for the square to be surrounded
                // (COOP-3b-5).
                Hound::With { node, removal } => {
                    let mut with = at(node);
                    with["removal"] = json!(removal);
                    ("with", with)
                }
                // Reached, and the team is choosing its meeple now (COOP-3b-1).
                Hound::Gone if game.phase() == Phase::Set(SetStep::Coop(Step::Hound { hound: i as u8 })) => {
                    ("choosing", Value::Null)
                }
                Hound::Gone => ("gone", Value::Null),
            };
            // What it did: ghosts cleared around its meeple, points scored, or out unscored.
            let d = st.hound_deeds.get(i).copied().unwrap_or_default();
            let did = json!({"cleared": d.cleared, "scored": d.scored, "lost": d.lost});
            json!({"name": HOUNDS[i], "value": value, "state": state, "with": with, "did": did})
        })
        .collect();
    let ghosts: Vec<Value> = st
        .ghosts
        .iter()
        .map(|&(sq, spot, n)| {
            let p = pos(sq);
            json!({"x": p.x, "y": p.y, "spot": spot.name(), "count": n})
        })
        .collect();
    let seats = game.setup().players.len();
    let name = |c: u8| COLOURS[game.palette_colour(c) as usize];
    let colours: Vec<Vec<&str>> = (0..seats).map(|s| colours_of(seats, s).map(name).collect()).collect();
    // Scanned once: the list and the drain's count (the page renders this every move).
    let open = game.coop_open_cemeteries();
    let mut piles = Vec::new();
    let mut start = 0;
    for (i, &end) in st.piles.iter().enumerate() {
        let left = if i < st.active {
            0
        } else if i == st.active {
            game.active_pile_left()
        } else {
            end - start
        };
        piles.push(left);
        start = end;
    }
    json!({
        "level": level.level,
        "goal": level.goal,
        "markers": st.markers,
        "marker_colours": level.markers == crate::engine::coop::levels::Markers::Colour,
        "hounds": hounds,
        "ghosts": ghosts,
        "ghosts_on_board": game.coop_ghosts_on_board(),
        "supply": st.supply,
        "cat_pile": st.pile,
        "cat": match st.cat {
            Cat::Off => Value::Null,
            Cat::Pile => json!("pile"),
            Cat::Waiting => json!("waiting"),
            Cat::At(node) => at(node),
        },
        "piles": piles,
        "active_pile": st.active + 1,
        "buried": st.buried.iter().map(|b| {
            let p = pos(b.cemetery);
            json!({"x": p.x, "y": p.y, "colour": name(b.colour)})
        }).collect::<Vec<_>>(),
        "open_cemeteries": open.iter().map(|p| json!({"x": p.x, "y": p.y})).collect::<Vec<_>>(),
        "closed": st.closed.iter().map(|&c| { let p = pos(c); json!({"x": p.x, "y": p.y}) }).collect::<Vec<_>>(),
        "face_down": st.face_down.iter().map(|&c| { let p = pos(c); json!({"x": p.x, "y": p.y}) }).collect::<Vec<_>>(),
        "colours": colours,
        "palette": (0..game.players().len() as u8).map(name).collect::<Vec<_>>(),
        "meeples": game.players().iter().map(|p| p.in_supply(crate::engine::FigureKind::Meeple)).collect::<Vec<_>>(),
        "active_pile_left": game.active_pile_left(),
        // The next mark against the tiles left, and what open cemeteries cost (the panel).
        "pace": crate::ai::advice::pace(game),
        "drain": crate::ai::advice::drain(game).map(|per| json!({"open": open.len(), "per": per})),
        "outcome": st.ending.map(|(e, turn)| {
            let mut o = serde_json::to_value(e).expect("plain data");
            o["won"] = json!(e.won());
            o["turn"] = json!(turn);
            if e == crate::engine::coop::Ending::Pile {
                o["step"] = json!("draw"); // COOP-1a-1: the only step that draws
            }
            o
        }),
    })
}

/// Every tile of a catalogue as a fan site's author needs it (the gallery page, `Game.tiles()`):
/// id, set, copies, whether it is a reconstruction or optional, its building and tower, and
/// its spots named as records name them (`at`: the segment's first printed port, or
/// `building`) with what each is and where it lies on the printed tile (`x`, `y` from 0 to 1,
/// east and south), and its mist banks (`mist:<port>` as `game.inspect` names them).
pub fn tile_catalogue(tiles: &TileSet) -> Value {
    let point = |p: crate::art::Pt| json!([(p.x * 1000.0).round() / 1000.0, (p.y * 1000.0).round() / 1000.0]);
    let list: Vec<Value> = tiles
        .tiles()
        .iter()
        .map(|t| {
            let mut spots: Vec<Value> = t
                .segments
                .iter()
                .enumerate()
                .map(|(i, seg)| {
                    json!({
                        "at": seg.anchor().name(),
                        "kind": seg.kind.name(),
                        "ports": mask_ports(seg.ports).map(|p| p.name()).collect::<Vec<_>>(),
                        "pennants": seg.pennants,
                        // A river holds no figure (BASE-RIVER-1).
                        "figures": seg.kind != FeatureKind::River,
                        "point": point(crate::art::anchor(t, i as u8)),
                    })
                })
                .collect();
            if let (Some(kind), Some(node)) = (t.building, t.building_node()) {
                spots.push(json!({"at": "building", "kind": kind.name(), "ports": [], "pennants": 0,
                    "figures": true, "point": point(crate::art::anchor(t, node))}));
            }
            let mist: Vec<Value> = t
                .mist
                .iter()
                .map(|m| {
                    let first = mask_ports(m.ports).next().map_or("", |p| p.name());
                    json!({"at": format!("mist:{first}"), "ports": mask_ports(m.ports).map(|p| p.name()).collect::<Vec<_>>(),
                        "circles": m.circles, "ghost_symbols": m.ghost_symbols})
                })
                .collect();
            json!({
                "id": &*t.id,
                "set": t.set,
                "count": t.count,
                "reconstructed": t.reconstructed,
                "optional": t.optional,
                "start_tile": t.start_tile,
                "building": t.building.map(|b| b.name()),
                "tower": t.tower,
                "spots": spots,
                "mist": mist,
                "note": t.note,
            })
        })
        .collect();
    Value::Array(list)
}

/// A game's review ([`crate::ai::review`]) as `carc review` prints it and the computers'
/// worker answers (docs/review.md): the judge's settings, each decision with its better
/// choice in record form, each turn's draw, and per player the accuracy, points lost and
/// draw luck; `unit` says whether the values are points or, in the cooperative game, the
/// team's chance to win in percent. Values to two decimals: they are estimates.
pub fn review_json(game: &Game, r: &crate::ai::review::Review, settings: &crate::ai::review::Settings) -> Value {
    use crate::record::RecordAction;
    let tiles = game.tiles();
    let round = |x: f32| (x as f64 * 100.0).round() / 100.0;
    let as_record = |a: &crate::engine::Action| RecordAction::from_action(a, tiles).to_value();
    let names = game.setup().players.iter().map(|p| p.name.clone());
    json!({
        "unit": r.unit,
        "judge": {"level": settings.level.name(), "candidates": settings.candidates,
            "simulations": settings.simulations, "seed": settings.seed},
        "decisions": r.decisions.iter().map(|d| json!({
            "index": d.index, "seat": d.seat, "played": round(d.played), "best": round(d.best),
            "loss": round(d.loss), "class": d.class, "best_action": d.better.first().map(as_record),
            "best_plan": d.better.iter().map(as_record).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "draws": r.draws.iter().map(|d| json!({
            "index": d.index, "seat": d.seat, "expected": round(d.expected), "luck": round(d.luck),
        })).collect::<Vec<_>>(),
        "players": r.players.iter().zip(names).enumerate().map(|(seat, (p, name))| json!({
            "seat": seat, "name": name, "decisions": p.decisions, "accuracy": round(p.average_loss),
            "points_lost": round(p.points_lost), "draw_luck": round(p.draw_luck),
        })).collect::<Vec<_>>(),
    })
}
