//! Text packs: a language's sentences in a WebAssembly module of its own, which the page
//! loads only when it speaks that language (docs/ARCHITECTURE.md, "Text packs").
//!
//! The page's module speaks English itself. For another language it hands each sentence's
//! data to the pack as a [`Request`] (postcard bytes, through a [`Transport`] the page sets
//! up: a format read by no self-describing parser, so that a pack carries no JSON reader)
//! and reads back what the pack says. A sentence that tells squares in words needs the
//! game, which a pack does not have: the page's module first says the sentence in English
//! while it notes every square and tile that asks about ([`Cx::noting`]), and sends those
//! along ([`Known`]). That English sentence is also what is shown should the pack not
//! answer (not loaded yet, or a build that does not match), so a page never shows an empty
//! line.
//!
//! Every build but the page's speaks all four languages itself; tests send every sentence
//! through a pack in-process and require the same words as said directly (`remote.rs`).

use super::choice::{ChoiceWords, Named, PlanStep};
use super::speech::{CardLine, Case, Cx, FeatureRef, Known, Place, PlaceAs};
use super::tile::TilePart;
use super::{Lang, Line};
use crate::engine::moves::Restriction;
use crate::engine::{Event, FeatureKind, PlayError, SetupError, Side};
use crate::record::RecordError;
use serde::{Deserialize, Serialize};
#[cfg(speech = "en")]
use std::sync::OnceLock;

/// One sentence for a pack to say: what [`Speech`] is asked, as data.
// Externally tagged, as every type in it (serde's default): an internally tagged enum reads
// back through serde's buffering, which made a pack three times its size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Request {
    /// [`Speech::event`].
    Event { event: Event, names: Vec<String>, known: Known },
    /// [`Speech::line`].
    Line { line: Line },
    /// [`Speech::tile`].
    Tile { parts: Vec<TilePart> },
    /// [`Speech::place`].
    Place { place: Place, as_: PlaceAs },
    /// [`Speech::card`].
    Card { line: CardLine },
    /// [`Speech::feature`].
    Feature { feature: FeatureRef },
    /// [`Speech::spot`].
    Spot { kind: FeatureKind, side: Option<Side> },
    /// [`Speech::named`].
    Named { named: Named, case: Case },
    /// [`Speech::choice`].
    Choice { choice: ChoiceWords },
    /// [`Speech::plan`].
    Plan { step: PlanStep },
    /// [`Speech::ruin`].
    Ruin,
    /// [`Speech::play_error`].
    PlayError { error: PlayError, names: Vec<String>, known: Known },
    /// [`Speech::restriction`].
    Restriction { restriction: Restriction, names: Vec<String>, known: Known },
    /// [`Speech::setup_error`].
    SetupError { error: SetupError },
    /// [`Speech::record_error`].
    RecordError { error: RecordError, names: Vec<String>, known: Known },
}

/// A request with the language it is for: what a pack's `say` reads.
#[derive(Serialize, Deserialize)]
pub(super) struct Envelope {
    pub lang: Lang,
    pub request: Request,
}

/// What a pack answers: a sentence, or the ruin's title and lines.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) enum Answer {
    Text(String),
    Card(String, [String; 2]),
}

/// How the page's module reaches a pack: `(language, request) -> answer`, both as
/// [`encode`]'s bytes; `None` when that language's pack is not there.
pub type Transport = fn(Lang, &[u8]) -> Option<Vec<u8>>;

/// The most a request may take: a sentence's data with the squares it tells is a few
/// hundred bytes; a stranger's bytes beyond this are refused before they are read.
pub const MAX_REQUEST: usize = 64 * 1024;

/// A request or an answer as the bytes a pack reads.
pub(super) fn encode<T: Serialize>(value: &T) -> Option<Vec<u8>> {
    postcard::to_allocvec(value).ok()
}

/// What [`encode`] made of a `T`, or why `bytes` are none.
pub(crate) fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, String> {
    if bytes.len() > MAX_REQUEST {
        return Err(format!(
            "a text pack request of {} bytes is past the {MAX_REQUEST} a request may take",
            bytes.len()
        ));
    }
    match postcard::take_from_bytes(bytes) {
        Ok((value, [])) => Ok(value),
        Ok((_, rest)) => Err(format!("{} bytes after the request", rest.len())),
        Err(e) => Err(format!("not a text pack request: {e}")),
    }
}

#[cfg(speech = "en")]
static TRANSPORT: OnceLock<Transport> = OnceLock::new();

/// The way a build that speaks every language reaches them without a transport: itself
/// (tests). The page's module has none: a language without its pack is said in English.
#[cfg(all(speech = "en", speech = "nl", speech = "de", speech = "fr"))]
const IN_PROCESS: Option<Transport> = Some(in_process);
#[cfg(all(speech = "en", not(all(speech = "nl", speech = "de", speech = "fr"))))]
const IN_PROCESS: Option<Transport> = None;

/// The way to the packs, set once (the page's module sets the one to JavaScript when it
/// starts). Without one a build asks its own languages ([`answer`]), which is what tests do.
#[cfg(speech = "en")]
pub fn set_transport(t: Transport) {
    let _ = TRANSPORT.set(t);
}

/// What a pack says to `request` (an [`Envelope`]'s bytes, as the page's module sends it),
/// as an [`Answer`]'s bytes; an error for bytes that are no request, or for a language this
/// build does not speak.
pub fn answer(request: &[u8]) -> Result<Vec<u8>, String> {
    // A pack says its own words: nothing it says goes through a pack again.
    #[cfg(test)]
    let was = THROUGH.with(|t| t.replace(None));
    let out = answer_here(request);
    #[cfg(test)]
    THROUGH.with(|t| t.set(was));
    out
}

fn answer_here(request: &[u8]) -> Result<Vec<u8>, String> {
    let Envelope { lang, request } = decode(request)?;
    let speech = lang.built_in().ok_or_else(|| format!("this build does not speak {:?}", lang.code()))?;
    let text = |t: String| Answer::Text(t);
    let answer = match request {
        Request::Event { event, names, known } => text(speech.event(&event, &Cx::known(lang, &names, &known))),
        Request::Line { line } => text(speech.line(line)),
        Request::Tile { parts } => text(speech.tile(&parts)),
        Request::Place { place, as_ } => text(speech.place(&place, as_)),
        Request::Card { line } => text(speech.card(&line)),
        Request::Feature { feature } => text(speech.feature(&feature)),
        Request::Spot { kind, side } => text(speech.spot(kind, side)),
        Request::Named { named, case } => text(speech.named(&named, case)),
        Request::Choice { choice } => text(speech.choice(&choice)),
        Request::Plan { step } => text(speech.plan(&step)),
        Request::Ruin => {
            let (title, lines) = speech.ruin();
            Answer::Card(title, lines)
        }
        Request::PlayError { error, names, known } => text(speech.play_error(&error, &Cx::known(lang, &names, &known))),
        Request::Restriction { restriction, names, known } => {
            text(speech.restriction(&restriction, &Cx::known(lang, &names, &known)))
        }
        Request::SetupError { error } => text(speech.setup_error(&error)),
        Request::RecordError { error, names, known } => {
            text(speech.record_error(&error, &Cx::known(lang, &names, &known)))
        }
    };
    encode(&answer).ok_or_else(|| "the answer could not be written".to_string())
}

/// A request written as JSON (the same data, for people to read: test seeds), as the bytes a
/// pack reads.
pub fn request_from_json(json: &str) -> Result<Vec<u8>, String> {
    let envelope: Envelope = serde_json::from_str(json).map_err(|e| e.to_string())?;
    encode(&envelope).ok_or_else(|| "the request could not be written".to_string())
}

/// The languages this build speaks itself, asked as a pack would be.
#[allow(dead_code)]
pub(crate) fn in_process(_: Lang, request: &[u8]) -> Option<Vec<u8>> {
    answer(request).ok()
}

/// Whether `lang` is said through its pack although this build speaks it: only while a
/// test asks for it ([`through_packs`]).
#[cfg(speech = "en")]
pub(crate) fn sent(lang: Lang) -> bool {
    #[cfg(test)]
    {
        lang != Lang::En && THROUGH.with(std::cell::Cell::get).is_some()
    }
    #[cfg(not(test))]
    {
        let _ = lang;
        false
    }
}

/// The way to the packs now: a test's, the one set up, or this build itself.
#[cfg(speech = "en")]
pub(super) fn transport() -> Option<Transport> {
    #[cfg(test)]
    if let Some(t) = THROUGH.with(std::cell::Cell::get) {
        return Some(t);
    }
    TRANSPORT.get().copied().or(IN_PROCESS)
}

#[cfg(test)]
thread_local! {
    static THROUGH: std::cell::Cell<Option<Transport>> = const { std::cell::Cell::new(None) };
}

/// `f`'s texts in Dutch, German and French said through `transport`, as the page's module
/// says them ([`in_process`]: as a pack would).
#[cfg(test)]
pub(crate) fn through_packs<T>(transport: Transport, f: impl FnOnce() -> T) -> T {
    let was = THROUGH.with(|t| t.replace(Some(transport)));
    let out = f();
    THROUGH.with(|t| t.set(was));
    out
}
