//! The cooperative game's choices and plans in words (issue 39), over seeded random games
//! at every level, with and without the Spell Circles: at every co-op step, in each of the
//! four languages, every choice has a label, no two labels are alike, and a label falls
//! back to coordinates only where no words tell two targets apart; every plan is told one
//! phrase per action. Then scenarios: the labels' exact words on boards built by real moves.

use carcassonne::engine::coop::CoopOptions;
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Action, Deck, Game, Options, Phase, PlayerSetup, Set, SetStep, Setup, TileSet};
use carcassonne::text::{choice_labels, plan_steps, Lang};

fn setup(seed: u64) -> Setup {
    let level = 1 + (seed % 6) as u8;
    let players = 1 + (seed / 6 % 3) as usize;
    let mut sets = vec![Set::Ghosts];
    if seed / 18 % 2 == 1 {
        sets.push(Set::SpellCircles);
    }
    Setup {
        players: (0..players).map(|i| PlayerSetup::named(&format!("P{i}"))).collect(),
        sets,
        options: Options { coop: CoopOptions::level(level), ..Options::default() },
        deck: Deck::Seed(seed),
    }
}

fn games() -> u64 {
    std::env::var("CARC_PROPERTY_GAMES").ok().and_then(|n| n.parse::<u64>().ok()).map_or(300, |n| n / 4).max(30)
}

/// Whether a label ends in a square's coordinates (the last resort).
fn has_coordinates(label: &str) -> bool {
    label.contains(", ") && label.contains('(') && label.trim_end().ends_with(')') && {
        let inner = &label[label.rfind('(').unwrap() + 1..label.len() - 1];
        inner.split(", ").all(|n| n.parse::<i32>().is_ok())
    }
}

#[test]
fn every_co_op_choice_is_labelled_apart_in_every_language() {
    let (mut steps, mut labels, mut fallbacks) = (0usize, 0usize, 0usize);
    for seed in 0..games() {
        let mut g = Game::new(TileSet::builtin(), setup(seed)).expect("a co-op game");
        let mut rng = Rng::new(seed ^ 0x5eed);
        let mut scratch = Vec::new();
        let mut turn_start: Option<(Game, Vec<Action>)> = None;
        for _ in 0..600 {
            if g.phase() == Phase::Over {
                break;
            }
            if matches!(g.phase(), Phase::Tile { .. }) {
                // The plan of the turn before, told from its start: one phrase per action.
                if let Some((start, plan)) = turn_start.take() {
                    for lang in Lang::ALL {
                        let told = plan_steps(lang, &start, &plan);
                        assert_eq!(told.len(), plan.len(), "seed {seed} {lang:?}: {plan:?} told as {told:?}");
                        assert!(told.iter().all(|s| !s.trim().is_empty() && !s.contains('{')), "{told:?}");
                    }
                }
                turn_start = Some((g.clone(), Vec::new()));
            }
            let coop_step = matches!(g.phase(), Phase::Set(SetStep::Coop(_)));
            let listed: Vec<Action> = g.legal_actions().into_iter().filter(|a| *a != Action::Pass).collect();
            if coop_step && !listed.iter().any(|a| a.new_figure().is_some()) {
                steps += 1;
                for lang in Lang::ALL {
                    let said = choice_labels(lang, &g);
                    let actions: Vec<Action> = said.iter().map(|(a, _)| *a).collect();
                    assert_eq!(actions, listed, "seed {seed} {lang:?}: one label per choice, in the engine's order");
                    let mut texts: Vec<&str> = said.iter().map(|(_, l)| l.as_str()).collect();
                    assert!(texts.iter().all(|l| !l.trim().is_empty() && !l.contains('{')), "{texts:?}");
                    texts.sort_unstable();
                    let before = texts.len();
                    texts.dedup();
                    assert_eq!(texts.len(), before, "seed {seed} {lang:?}: two choices said alike: {said:?}");
                    if lang == Lang::En {
                        labels += said.len();
                        fallbacks += said.iter().filter(|(_, l)| has_coordinates(l)).count();
                    }
                }
            }
            let a = g.random_action(&mut rng, &mut scratch);
            if let Some((_, plan)) = turn_start.as_mut() {
                plan.push(a);
            }
            g.apply(&a).expect("a listed move is legal");
        }
    }
    assert!(steps > 100, "the games reached co-op choice steps ({steps})");
    // Words tell the targets apart nearly always; coordinates are the rare last resort.
    assert!(fallbacks * 50 <= labels, "{fallbacks} of {labels} labels fell back to coordinates");
}

/// Plays `seed`'s game with the first listed move until `stop` holds.
fn first_moves_until(setup: Setup, stop: impl Fn(&Game) -> bool) -> Option<Game> {
    let mut g = Game::new(TileSet::builtin(), setup).ok()?;
    for _ in 0..400 {
        if stop(&g) {
            return Some(g);
        }
        if g.phase() == Phase::Over {
            return None;
        }
        let legal = g.legal_actions();
        // A meeple whenever one may go, else the first move.
        let a = legal.iter().find(|a| a.new_figure().is_some()).copied().unwrap_or(legal[0]);
        g.apply(&a).ok()?;
    }
    None
}

fn coop(level: u8, seed: u64) -> Setup {
    Setup {
        players: vec![PlayerSetup::named("Ann")],
        sets: vec![Set::Ghosts],
        options: Options { coop: CoopOptions::level(level), ..Options::default() },
        deck: Deck::Seed(seed),
    }
}

/// COOP-3a: a scoring's buttons say its points and name the feature by its kind alone when
/// it is the only one of its kind ("Take 2 points: the road"); the removal says how many
/// ghosts and where, in words.
#[test]
fn a_scoring_is_labelled_by_its_points_and_its_feature() {
    let found = (1..60).find_map(|seed| {
        first_moves_until(coop(3, seed), |g| {
            g.phase() == Phase::Set(SetStep::Coop(carcassonne::engine::coop::Step::Score))
                && g.legal_actions().iter().filter(|a| a.square().is_some()).count() > 0
        })
    });
    let g = found.expect("a scoring with ghosts to remove");
    let said = choice_labels(Lang::En, &g);
    let points: Vec<&str> = said.iter().map(|(_, l)| l.as_str()).filter(|l| l.starts_with("Take ")).collect();
    assert!(!points.is_empty(), "{said:?}");
    for l in &points {
        let ok = regex_like(l, "Take ", " point", ": the ");
        assert!(ok, "{l:?}");
    }
    let removals: Vec<&str> = said.iter().map(|(_, l)| l.as_str()).filter(|l| l.starts_with("Remove ")).collect();
    assert!(!removals.is_empty(), "{said:?}");
    for l in &removals {
        assert!(l.ends_with(" instead") || l.contains(" instead (giving up "), "{l:?}");
        assert!(!has_coordinates(l), "{l:?}");
    }
    // The same choices in Dutch, German and French, in their words.
    let nl = choice_labels(Lang::Nl, &g);
    assert!(nl.iter().any(|(_, l)| l.starts_with("Neem ")), "{nl:?}");
    let de = choice_labels(Lang::De, &g);
    assert!(de.iter().any(|(_, l)| l.contains(" nehmen: ")), "{de:?}");
    let fr = choice_labels(Lang::Fr, &g);
    assert!(fr.iter().any(|(_, l)| l.starts_with("Prendre ")), "{fr:?}");
}

/// `text` starts with `a`, then has `b` and then `c`.
fn regex_like(text: &str, a: &str, b: &str, c: &str) -> bool {
    let Some(rest) = text.strip_prefix(a) else { return false };
    let Some(i) = rest.find(b) else { return false };
    rest[i..].contains(c)
}

/// A plan told from the start of a turn: the tile by where it goes and how it is turned, in
/// words ("turned a quarter to the right", never degrees), then the meeple by its spot.
#[test]
fn a_plan_is_told_in_words() {
    let g = Game::new(TileSet::builtin(), coop(1, 7)).unwrap();
    let mut copy = g.clone();
    let mut plan = Vec::new();
    while plan.is_empty() || !matches!(copy.phase(), Phase::Tile { .. } | Phase::Over) {
        let legal = copy.legal_actions();
        let a = legal.iter().find(|a| a.new_figure().is_some()).copied().unwrap_or(legal[0]);
        plan.push(a);
        copy.apply(&a).unwrap();
    }
    let told = plan_steps(Lang::En, &g, &plan);
    assert_eq!(told.len(), plan.len());
    assert!(told[0].starts_with("place the tile ") && !told[0].contains('°'), "{told:?}");
    assert!(
        ["without turning it", "turned a quarter to the right", "turned upside down", "turned a quarter to the left"]
            .iter()
            .any(|t| told[0].ends_with(t)),
        "{}",
        told[0]
    );
    assert!(told.iter().skip(1).all(|s| !s.contains('°')), "{told:?}");
    let de = plan_steps(Lang::De, &g, &plan);
    assert!(de[0].starts_with("das Plättchen ") && de[0].contains(" legen, "), "{de:?}");
}
