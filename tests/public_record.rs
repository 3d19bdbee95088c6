//! Online play's mirror (docs/online.md): a player's copy of a game is built from
//! `Record::public_of` (the tiles drawn so far, then the unseen ones in catalogue order,
//! never the real order) and kept in step by `Game::reveal` before each action. Over many
//! random games of every kind it shows exactly the public state of the real game.

use carcassonne::engine::coop::CoopOptions;
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Deck, Game, Options, PlayerSetup, Set, Setup, TileSet};
use carcassonne::record::Record;
use carcassonne::summary::summary;

fn setups(seed: u64) -> Setup {
    let players = 1 + (seed % 4) as usize;
    let (sets, coop) = match seed % 5 {
        0 => (vec![Set::Base, Set::River, Set::Watchtowers], None),
        1 => (vec![Set::Base, Set::Ghosts, Set::SpellCircles, Set::Shrines], None),
        2 => (vec![Set::Ghosts], CoopOptions::level(5)),
        3 => (vec![Set::Ghosts, Set::SpellCircles], CoopOptions::level(1 + (seed % 6) as u8)),
        _ => (vec![Set::Base], None),
    };
    let players = if coop.is_some() { players } else { players.max(2) };
    Setup {
        players: (0..players).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
        sets,
        options: Options { coop, ..Options::default() },
        deck: Deck::Seed(seed),
    }
}

/// The tiles the last action drew, as the server reveals them: face-down ones unnamed.
fn revealed(real: &Game, from: usize) -> Vec<Option<u16>> {
    (from..real.drawn()).map(|p| (!real.unseen_draws().contains(&p)).then(|| real.draw_order()[p])).collect()
}

#[test]
fn a_mirror_from_the_public_record_shows_the_real_public_state() {
    for seed in 0..150u64 {
        let mut real = Game::new(TileSet::builtin(), setups(seed)).unwrap();
        let mut rng = Rng::new(seed);
        let mut steps = 0;
        let mut mirror = Record::public_of(&real).replay(TileSet::builtin()).unwrap().0;
        while !real.is_over() {
            // Now and then a fresh mirror from the public record (a player joining).
            if steps % 37 == 5 {
                let public = Record::public_of(&real);
                // The public record never holds the seed, and its draw names no unseen
                // tile in its real place (checked below by the mirror matching anyway).
                assert!(matches!(public.setup.deck, Deck::Draw(_)));
                mirror = public.replay(TileSet::builtin()).unwrap_or_else(|e| panic!("seed {seed}: {e}")).0;
            }
            assert_eq!(summary(&mirror), summary(&real), "seed {seed}, step {steps}");
            assert_eq!(mirror.legal_actions(), real.legal_actions(), "seed {seed}, step {steps}");
            let legal = real.legal_actions();
            let a = legal[rng.below(legal.len())];
            let before = real.drawn();
            real.apply(&a).unwrap();
            mirror.reveal(&revealed(&real, before));
            mirror.apply(&a).unwrap_or_else(|e| panic!("seed {seed}, step {steps}: the mirror refused {a:?}: {e}"));
            steps += 1;
        }
        assert_eq!(summary(&mirror), summary(&real), "seed {seed}: the end");
    }
}

#[test]
fn the_public_record_hides_the_order_of_the_unseen_tiles() {
    // Two games that differ only in the order of their unseen tiles give the same public record.
    let setup = setups(4);
    let a = Game::new(TileSet::builtin(), setup.clone()).unwrap();
    let mut rng = Rng::new(9);
    let b = a.determinize(&mut rng);
    assert_ne!(a.draw_order(), b.draw_order());
    assert_eq!(Record::public_of(&a).to_json(), Record::public_of(&b).to_json());
}
