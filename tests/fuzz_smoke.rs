//! A short, seeded mutation run of every fuzz target on stable Rust, in every test run:
//! thousands of inputs per target made from valid ones by the mutations a fuzzer makes
//! (bit flips, odd bytes, cut, repeated and spliced pieces, numbers at their limits). The
//! checks are `carcassonne::fuzzing`'s: no panic, every accepted game replays and has a
//! share code, a refused action changes nothing. `CARC_FUZZ_CASES=N` sets the number of
//! inputs per target (2,000 by default); docs/testing.md has the long libFuzzer runs.

use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Options, PlayerSetup, Set, Setup, SpellMode, TileSet};
use carcassonne::fuzzing;
use carcassonne::record::Record;
use carcassonne::share;

fn cases() -> usize {
    std::env::var("CARC_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(2000)
}

const NUMBERS: [&[u8]; 10] = [
    b"0",
    b"-1",
    b"65536",
    b"4294967295",
    b"4294967296",
    b"9007199254740993",
    b"18446744073709551616",
    b"1e309",
    b"-0.5",
    b"99999999999999999999999999",
];

/// One mutation of `input`, using `other` (another seed) for splices.
fn mutate(input: &[u8], other: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = if v.is_empty() { 0 } else { rng.below(v.len()) };
        match rng.below(9) {
            0 if !v.is_empty() => v[at] ^= 1 << rng.below(8),
            1 if !v.is_empty() => {
                v[at] = [0, 255, b'"', b'{', b'}', b'[', b']', b',', b':', b'9', b'.', b'\\'][rng.below(12)]
            }
            2 => v.insert(at, rng.below(256) as u8),
            3 if !v.is_empty() => {
                let end = (at + 1 + rng.below(16)).min(v.len());
                v.drain(at..end);
            }
            4 if !v.is_empty() => {
                let end = (at + 1 + rng.below(32)).min(v.len());
                let piece = v[at..end].to_vec();
                let to = rng.below(v.len() + 1);
                v.splice(to..to, piece);
            }
            5 if !other.is_empty() => {
                let a = rng.below(other.len());
                let b = (a + 1 + rng.below(64)).min(other.len());
                let end = (at + rng.below(64)).min(v.len());
                v.splice(at..end, other[a..b].iter().copied());
            }
            6 => {
                // A number at its limits, over the digits found here.
                let start = v[at..].iter().position(u8::is_ascii_digit).map(|p| at + p);
                if let Some(s) = start {
                    let end = v[s..].iter().position(|b| !b.is_ascii_digit()).map_or(v.len(), |p| s + p);
                    v.splice(s..end, NUMBERS[rng.below(NUMBERS.len())].iter().copied());
                }
            }
            7 => v.truncate(at),
            _ => {}
        }
    }
    v
}

/// Run `check` on the seeds and on `cases()` mutations of them.
fn run(seeds: &[Vec<u8>], check: fn(&[u8]), stream: u64) {
    assert!(!seeds.is_empty());
    for s in seeds {
        check(s);
    }
    let mut rng = Rng::new(0xf022 ^ stream);
    let n = cases();
    for i in 0..n {
        let a = &seeds[i % seeds.len()];
        let b = &seeds[rng.below(seeds.len())];
        let input = mutate(a, b, &mut rng);
        let outcome = std::panic::catch_unwind(|| check(&input));
        assert!(outcome.is_ok(), "case {i} panicked on input {:?}", String::from_utf8_lossy(&input));
    }
}

/// Records of random games in several set combinations, and the sample game.
fn records() -> Vec<Record> {
    let mut out = vec![Record::parse(include_str!("data/sample-game.json")).unwrap()];
    let combos: [&[Set]; 4] = [
        &[],
        &[Set::Ghosts, Set::SpellCircles, Set::Shrines],
        &[Set::River, Set::Watchtowers],
        &[Set::Ghosts, Set::Watchtowers],
    ];
    for (i, extra) in combos.iter().enumerate() {
        let setup = Setup {
            players: ["Ann", "Bo", "Cy"][..2 + i % 2].iter().map(|n| PlayerSetup::named(n)).collect(),
            options: Options { abbot: true, spell_mode: SpellMode::A, ..Options::default() },
            ..Setup::base(&[], 40 + i as u64).with_sets(extra)
        };
        let game = carcassonne::selfplay::random_game(TileSet::builtin(), setup, i as u64).unwrap();
        let mut r = Record::of_game(&game);
        r.actions.truncate(60 + 20 * i);
        out.push(r);
    }
    out
}

#[test]
fn the_record_parser_survives_mutated_records() {
    let seeds: Vec<Vec<u8>> = records().iter().map(|r| r.to_json().into_bytes()).collect();
    run(&seeds, fuzzing::record_text, 1);
}

#[test]
fn the_share_code_decoder_survives_mutated_codes() {
    let seeds: Vec<Vec<u8>> =
        records().iter().map(|r| share::encode(r, TileSet::builtin()).unwrap().into_bytes()).collect();
    run(&seeds, fuzzing::share_code, 2);
}

#[test]
fn the_tile_file_loader_survives_mutated_files() {
    let seeds: Vec<Vec<u8>> = [
        include_str!("../tiles/watchtowers.toml"),
        include_str!("../tiles/shrines.toml"),
        include_str!("../tiles/spellcircles.toml"),
    ]
    .iter()
    .map(|t| t.as_bytes().to_vec())
    .collect();
    run(&seeds, fuzzing::tile_file, 3);
}

#[test]
fn any_action_on_any_reachable_game_is_accepted_cleanly_or_refused_without_a_trace() {
    let mut rng = Rng::new(5);
    let seeds: Vec<Vec<u8>> = (0..16)
        .map(|i| {
            let mut v = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15).to_le_bytes().to_vec();
            v.extend((0..150).map(|_| rng.below(256) as u8));
            v
        })
        .collect();
    run(&seeds, fuzzing::actions, 4);
}

#[test]
fn a_text_pack_refuses_or_answers_any_request() {
    let seeds = fuzzing::pack_seeds();
    for s in &seeds {
        assert!(carcassonne::text::pack_answer(s).is_ok(), "a seed is answered");
    }
    run(&seeds, fuzzing::pack_request, 5);
}
