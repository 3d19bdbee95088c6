//! Write a complete random 3-player base game as a record (used to make the sample in
//! `tests/data/`): `cargo run --example sample_record > tests/data/sample-game.json`.

use carcassonne::engine::{Setup, TileSet};
use carcassonne::record::Record;
use carcassonne::selfplay::random_game;

fn main() {
    let game = random_game(TileSet::builtin(), Setup::base(&["Ann", "Bo", "Cy"], 2026), 11).expect("valid setup");
    print!("{}", Record::of_game(&game).to_json());
}
