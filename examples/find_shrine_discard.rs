//! Find a seeded base + shrines game in which a shrine tile fits by its edges but is
//! discarded because of the shrine–monastery rule (SHRINE-PLACE-5), and print its record
//! up to that moment: `cargo run --example find_shrine_discard > tests/data/shrine-discard.json`.

use carcassonne::engine::board::Board;
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Event, Game, Rotation, Set, Setup, TileSet};
use carcassonne::record::Record;

fn main() {
    for seed in 0..20_000u64 {
        let mut setup = Setup::base(&["Ann", "Bo"], seed);
        setup.sets.push(Set::Shrines);
        let mut g = Game::new(TileSet::builtin(), setup).unwrap();
        let mut rng = Rng::new(seed);
        while !g.is_over() {
            let legal = g.legal_actions();
            let ev = g.apply(&legal[rng.below(legal.len())]).unwrap();
            for e in &ev {
                if let Event::TileDiscarded { tile, .. } = e {
                    let def = g.tiles().get(g.tiles().index_of(tile).unwrap());
                    let fits = g.board().open().iter().any(|o| Rotation::ALL.iter().any(|r| Board::fits(o, def, *r)));
                    if tile.starts_with("shrines.") && fits {
                        print!("{}", Record::of_game(&g).to_json());
                        eprintln!("seed {seed}: {tile} discarded after {} actions", g.history().len());
                        return;
                    }
                }
            }
        }
    }
    eprintln!("none found");
}
