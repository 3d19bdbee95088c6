//! A language said by its text pack (`pack`): [`Remote`] speaks through the pack, and
//! says the sentence in English, noting the squares it tells, both to send those along and
//! to have a line to show should the pack not answer.

use super::choice::{ChoiceWords, Named, PlanStep};
use super::pack::{decode, encode, transport, Answer, Envelope, Request};
use super::speech::{CardLine, Case, Cx, FeatureRef, Known, Place, PlaceAs, Speech};
use super::tile::TilePart;
use super::{en::English, Lang, Line};
use crate::engine::moves::Restriction;
use crate::engine::{Event, FeatureKind, PlayError, SetupError, Side};
use crate::record::RecordError;

/// A language spoken by its pack.
pub(crate) struct Remote(Lang);

/// The pack of each language, by [`Lang::ALL`]'s order.
static REMOTE: [Remote; 4] = [Remote(Lang::En), Remote(Lang::Nl), Remote(Lang::De), Remote(Lang::Fr)];

/// `lang` as its pack speaks it.
pub(crate) fn remote(lang: Lang) -> &'static Remote {
    &REMOTE[Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0)]
}

impl Remote {
    /// The pack's answer to `request`, if it gives one.
    fn ask(&self, request: Request) -> Option<Answer> {
        let bytes = encode(&Envelope { lang: self.0, request })?;
        decode(&transport()?(self.0, &bytes)?).ok()
    }

    /// The pack's sentence, or `english` when it gives none.
    fn say(&self, request: Request, english: impl FnOnce() -> String) -> String {
        match self.ask(request) {
            Some(Answer::Text(t)) => t,
            _ => english(),
        }
    }

    /// A sentence that may tell squares: said in English first, noting them, then asked of
    /// the pack with the players' names and what was noted (`request`).
    fn say_noting(
        &self,
        cx: &Cx,
        english: impl FnOnce(&Cx) -> String,
        request: impl FnOnce(Vec<String>, Known) -> Request,
    ) -> String {
        let (english, known) = cx.noting(Lang::En, english);
        self.say(request(cx.names().to_vec(), known), || english)
    }
}

impl Speech for Remote {
    fn event(&self, e: &Event, cx: &Cx) -> String {
        self.say_noting(cx, |c| English.event(e, c), |names, known| Request::Event { event: e.clone(), names, known })
    }

    fn line(&self, l: Line) -> String {
        self.say(Request::Line { line: l.clone() }, || English.line(l))
    }

    fn tile(&self, parts: &[TilePart]) -> String {
        self.say(Request::Tile { parts: parts.to_vec() }, || English.tile(parts))
    }

    fn place(&self, p: &Place, as_: PlaceAs) -> String {
        self.say(Request::Place { place: p.clone(), as_ }, || English.place(p, as_))
    }

    fn card(&self, line: &CardLine) -> String {
        self.say(Request::Card { line: line.clone() }, || English.card(line))
    }

    fn feature(&self, f: &FeatureRef) -> String {
        self.say(Request::Feature { feature: f.clone() }, || English.feature(f))
    }

    fn spot(&self, kind: FeatureKind, side: Option<Side>) -> String {
        self.say(Request::Spot { kind, side }, || English.spot(kind, side))
    }

    fn named(&self, n: &Named, case: Case) -> String {
        self.say(Request::Named { named: n.clone(), case }, || English.named(n, case))
    }

    fn choice(&self, c: &ChoiceWords) -> String {
        self.say(Request::Choice { choice: c.clone() }, || English.choice(c))
    }

    fn plan(&self, s: &PlanStep) -> String {
        self.say(Request::Plan { step: s.clone() }, || English.plan(s))
    }

    fn ruin(&self) -> (String, [String; 2]) {
        match self.ask(Request::Ruin) {
            Some(Answer::Card(title, lines)) => (title, lines),
            _ => English.ruin(),
        }
    }

    fn play_error(&self, e: &PlayError, cx: &Cx) -> String {
        self.say_noting(
            cx,
            |c| English.play_error(e, c),
            |names, known| Request::PlayError { error: e.clone(), names, known },
        )
    }

    fn restriction(&self, r: &Restriction, cx: &Cx) -> String {
        self.say_noting(
            cx,
            |c| English.restriction(r, c),
            |names, known| Request::Restriction { restriction: *r, names, known },
        )
    }

    fn setup_error(&self, e: &SetupError) -> String {
        self.say(Request::SetupError { error: e.clone() }, || English.setup_error(e))
    }

    fn record_error(&self, e: &RecordError, cx: &Cx) -> String {
        self.say_noting(
            cx,
            |c| English.record_error(e, c),
            |names, known| Request::RecordError { error: e.clone(), names, known },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::pack::{
        answer, decode, encode, in_process, through_packs, Answer, Envelope, Request, MAX_REQUEST,
    };
    use super::*;
    use crate::engine::coop::CoopOptions;
    use crate::engine::rng::Rng;
    use crate::engine::{Action, Deck, Game, Options, PlayerSetup, Pos, Set, Setup, Spot, TileSet};
    use crate::text::{
        choice_labels, describe_on, feature_name, inspection_in, place_name, plan_steps, play_error_on, record_error,
        CardContext,
    };
    use std::sync::atomic::{AtomicUsize, Ordering};

    const PACKED: [Lang; 3] = [Lang::Nl, Lang::De, Lang::Fr];

    static ASKED: AtomicUsize = AtomicUsize::new(0);

    /// A pack in-process, counting what it is asked.
    fn counted(lang: Lang, request: &[u8]) -> Option<Vec<u8>> {
        ASKED.fetch_add(1, Ordering::Relaxed);
        in_process(lang, request)
    }

    /// `f` said directly and through the packs: the same words. Whether a pack was asked.
    fn same<T: PartialEq + std::fmt::Debug>(what: &str, f: impl Fn() -> T) -> bool {
        let before = ASKED.load(Ordering::Relaxed);
        assert_eq!(through_packs(counted, &f), f(), "{what}");
        ASKED.load(Ordering::Relaxed) > before
    }

    #[test]
    fn every_text_reads_the_same_through_its_pack() {
        for lang in PACKED {
            assert!(same(&format!("{lang:?}"), || super::super::every::every_text(lang)), "no pack was asked");
        }
    }

    fn setups() -> Vec<Setup> {
        let names = |n: usize| (0..n).map(|i| PlayerSetup::named(["Ann", "Bo", "Cy"][i])).collect::<Vec<_>>();
        let competitive = Setup {
            players: names(3),
            sets: vec![Set::Base, Set::Ghosts, Set::SpellCircles, Set::Watchtowers, Set::Shrines],
            options: Options::default(),
            deck: Deck::Seed(7),
        };
        let river =
            Setup { sets: vec![Set::Base, Set::River, Set::Watchtowers], deck: Deck::Seed(3), ..competitive.clone() };
        let coop = |level, seed| Setup {
            players: names(2),
            sets: vec![Set::Ghosts, Set::SpellCircles],
            options: Options { coop: CoopOptions::level(level), ..Options::default() },
            deck: Deck::Seed(seed),
        };
        vec![competitive, river, coop(3, 11), coop(6, 12)]
    }

    /// Whole games, every sentence the page says along the way, in each language: the log's
    /// lines, refusals, squares, features and their cards, co-op choices and plans.
    #[test]
    fn games_read_the_same_through_their_packs() {
        // What went through a pack at least once, in each kind of sentence.
        let mut asked = std::collections::BTreeSet::new();
        let mut same = |what: &str, f: &dyn Fn() -> Box<dyn std::fmt::Debug>| {
            if same(what, || format!("{:?}", f())) {
                asked.insert(what.split(' ').next().unwrap_or(what).to_string());
            }
        };
        for setup in setups() {
            let mut game = Game::new(TileSet::builtin(), setup).expect("a game");
            let names: Vec<String> = game.setup().players.iter().map(|p| p.name.clone()).collect();
            let mut rng = Rng::new(5);
            let mut scratch = Vec::new();
            for _ in 0..400 {
                if game.is_over() {
                    break;
                }
                for lang in PACKED {
                    same("choices", &|| Box::new(choice_labels(lang, &game)));
                    same("refusal", &|| {
                        Box::new(game.clone().apply(&Action::Pass).err().map(|e| play_error_on(lang, &game, &e)))
                    });
                    same("square", &|| Box::new(place_name(lang, &game, Pos::new(1, 0))));
                }
                let action = game.random_action(&mut rng, &mut scratch);
                let before = game.clone();
                let events = game.apply(&action).expect("a legal action");
                for lang in PACKED {
                    same("plan", &|| Box::new(plan_steps(lang, &before, std::slice::from_ref(&action))));
                    for e in &events {
                        same(&format!("event {e:?}"), &|| Box::new(describe_on(lang, &game, e, &names)));
                    }
                }
            }
            // Every feature of the board by name and by card.
            let squares: Vec<Pos> = game.board().squares().iter().map(|p| p.pos).collect();
            let spots: Vec<Spot> = crate::engine::Port::all().map(Spot::Port).chain([Spot::Building]).collect();
            for lang in PACKED {
                for p in &squares {
                    for &spot in &spots {
                        same("feature", &|| Box::new(feature_name(lang, &game, *p, spot, &names)));
                        same("card", &|| {
                            Box::new(
                                game.inspect(*p, crate::engine::Part::Spot(spot))
                                    .map(|i| inspection_in(lang, &i, &names, CardContext::default())),
                            )
                        });
                    }
                }
            }
        }
        let all: Vec<&str> = asked.iter().map(String::as_str).collect();
        assert_eq!(all, ["card", "choices", "event", "feature", "plan", "refusal", "square"]);
    }

    #[test]
    fn a_pack_that_does_not_answer_leaves_english() {
        let game = Game::new(TileSet::builtin(), setups().remove(0)).expect("a game");
        let e = game.clone().apply(&Action::Pass).expect_err("no pass while a tile waits");
        let english = play_error_on(Lang::En, &game, &e);
        for answer in [|_: Lang, _: &[u8]| None, |_: Lang, _: &[u8]| Some(b"{\"not\": \"an answer\"}".to_vec())] {
            assert_eq!(through_packs(answer, || play_error_on(Lang::De, &game, &e)), english);
            let said = through_packs(answer, || record_error(Lang::Fr, &RecordError::Malformed("x".into())));
            assert_eq!(said, record_error(Lang::En, &RecordError::Malformed("x".into())));
        }
    }

    #[test]
    fn a_pack_refuses_what_is_no_request() {
        let ruin = encode(&Envelope { lang: Lang::De, request: Request::Ruin }).expect("bytes");
        let tile = encode(&Envelope { lang: Lang::Fr, request: Request::Tile { parts: Vec::new() } }).expect("bytes");
        let mut spanish = ruin.clone();
        spanish[0] = 9;
        let mut unknown = ruin.clone();
        unknown[1] = 99;
        let huge = [ruin.clone(), vec![0; MAX_REQUEST]].concat();
        for bad in [
            Vec::new(),
            vec![0xff; 40],
            spanish,
            unknown,
            tile[..tile.len() - 1].to_vec(),
            [tile.clone(), vec![0]].concat(),
            huge,
            br#"{"lang": "de", "request": "ruin"}"#.to_vec(),
        ] {
            assert!(answer(&bad).is_err(), "{bad:?}");
        }
        match decode(&answer(&ruin).expect("the ruin's card")) {
            Ok(Answer::Card(title, _)) => assert_eq!(title, "Ruine"),
            other => panic!("{other:?}"),
        }
    }
}
