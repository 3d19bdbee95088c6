//! Perft: counts of legal action sequences, by hand for tiny positions and from
//! `tests/data/perft.json` for seeded games, so a change in move generation shows up.

use carcassonne::engine::{Deck, Game, Options, PlayerSetup, Set, Setup, TileSet};
use carcassonne::selfplay::perft;

fn game(players: usize, deck: Deck) -> Game {
    let setup = Setup {
        players: (0..players).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
        sets: vec![Set::Base],
        options: Options::default(),
        deck,
    };
    Game::new(TileSet::builtin(), setup).unwrap()
}

#[test]
fn hand_counted_positions() {
    // The straight road U next to the start tile D: east (1,0) and west (-1,0) take it
    // road-to-road in one look (its two road-along rotations are the same picture), south
    // (0,1) takes it with fields facing north; north (needs a city edge) refuses it.
    let g = game(2, Deck::Draw(vec!["base.U".into()]));
    assert_eq!(perft(&g, 1), 3);
    // After each placement: road, north field, south field or pass (all three unoccupied).
    assert_eq!(perft(&g, 2), 12);

    // The all-city tile C fits only north of the start (city to city), in one look;
    // then a knight or a pass; the game then ends (depth 3 stays 2).
    let g = game(2, Deck::Draw(vec!["base.C".into()]));
    assert_eq!((perft(&g, 1), perft(&g, 2), perft(&g, 3)), (1, 2, 2));

    // The curve V (road south and west): at (1,0) it must bring its road to the west
    // edge with no city facing: 2 looks (road W–S, road W–N); at (-1,0) road to the east:
    // 2 looks; south of the start (field edge north): the 2 looks whose north edge is
    // field; north needs a city edge: none. Total 6.
    let g = game(2, Deck::Draw(vec!["base.V".into()]));
    assert_eq!(perft(&g, 1), 6);
}

#[test]
fn seeded_counts_match_the_committed_data() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.json")).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rows = doc["counts"].as_array().unwrap();
    assert!(rows.len() >= 20);
    for row in rows {
        let (seed, players, depth) =
            (row["seed"].as_u64().unwrap(), row["players"].as_u64().unwrap(), row["depth"].as_u64().unwrap());
        let g = game(players as usize, Deck::Seed(seed));
        assert_eq!(
            perft(&g, depth as u32),
            row["nodes"].as_u64().unwrap(),
            "seed {seed}, {players} players, depth {depth}"
        );
    }
}

/// The walk `examples/perft_data.rs` takes before counting: `n` random actions chosen by a
/// generator seeded with the game's seed.
fn advance(game: &Game, n: usize, seed: u64) -> Game {
    let mut g = game.clone();
    let mut rng = carcassonne::engine::rng::Rng::new(seed);
    for _ in 0..n {
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        g.apply(&legal[rng.below(legal.len())]).unwrap();
    }
    g
}

#[test]
fn every_allowed_combination_of_sets_matches_its_committed_counts() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    // 16 combinations of sets; those with the Spell Circles in both modes.
    assert_eq!(files.len(), 20, "{files:?}");
    for file in files {
        let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let sets: Vec<Set> = serde_json::from_value(doc["sets"].clone()).unwrap();
        let options: Options = serde_json::from_value(doc["options"].clone()).unwrap();
        let rows = doc["counts"].as_array().unwrap();
        assert!(rows.len() >= 20, "{file:?}");
        for row in rows {
            let n = |k: &str| row[k].as_u64().unwrap();
            let setup = Setup {
                players: (0..n("players")).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
                sets: sets.clone(),
                options: options.clone(),
                deck: Deck::Seed(n("seed")),
            };
            let g = advance(&Game::new(TileSet::builtin(), setup).unwrap(), n("after") as usize, n("seed"));
            assert_eq!(perft(&g, n("depth") as u32), n("nodes"), "{file:?} {row}");
        }
    }
}
