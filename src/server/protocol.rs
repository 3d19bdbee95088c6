//! The messages of online play (docs/online.md): what a client may send, read and checked
//! here with limits no real game reaches, before anything else looks at it. Pure code: the
//! fuzz loop of `tests/server.rs` feeds it mutated messages.

use super::clock::{ClockFrame, ClockRule, Timeout};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The longest message a client may send, in bytes (a whole setup fits in 2 KB).
pub const MAX_MESSAGE: usize = 16 * 1024;
/// The longest room id, token or name.
pub const MAX_ID: usize = 64;

/// What a seat is when a room is created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person invited by a link of their own (the creator, if seat 0 is a person).
    Person,
    /// A seat anyone with the room's open link may take.
    Open,
    /// A computer player of this level, played by the server.
    Computer(String),
}

/// Who sits in a seat, as a room keeps it and as clients see it (`"person"`, `"open"`,
/// `"computer"` in JSON): the stored rooms and the frames keep these words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Occupant {
    /// A person with a token of their own.
    Person,
    /// Not taken yet: anyone with the room's open link may take it.
    Open,
    /// A computer player, played by the server.
    Computer,
}

/// A seat asked for at creation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRequest {
    /// The name shown.
    pub name: String,
    /// Who plays it.
    pub kind: SeatKind,
}

/// A message from a client.
#[derive(Clone, Debug, PartialEq)]
pub enum ClientMsg {
    /// Create a room: seats, sets and rule options as for a local game (the server picks
    /// the seed); `absent_secs`: after how long away a seat may be handed to a computer.
    Create {
        /// The seats, creator first (or computers only: a showcase room).
        seats: Vec<SeatRequest>,
        /// Tile sets.
        sets: Vec<String>,
        /// Rule options, as in a record.
        options: Value,
        /// Seconds away before the host may hand a seat to a computer.
        absent_secs: u64,
        /// Each seat's clock (none: untimed).
        clock: Option<ClockRule>,
        /// Listed in the lobby (its open seats are then taken without a secret).
        public: bool,
        /// A rated game (docs/online.md, "Ratings"): two seats, accounts, a clock that loses.
        rated: bool,
        /// A duplicate room: each match is two games on one tile order, the seats swapped.
        duplicate: bool,
    },
    /// Follow a room: with a seat's token to play it, without to watch.
    Join {
        /// The room.
        room: String,
        /// A seat token.
        token: Option<String>,
        /// The name the seat's player chose (an invited seat is named by the host until
        /// then); it counts only before the game starts, as a claim's does.
        name: Option<String>,
    },
    /// Take an open seat of a room under this name, with the open link's secret.
    Claim {
        /// The room.
        room: String,
        /// The name to show.
        name: String,
        /// The open link's secret (`created.open`); only rooms made before open links had
        /// secrets are claimed without one.
        secret: Option<String>,
    },
    /// The host starts the game.
    Start,
    /// Play an action (record form) for one's seat; `n` is the number of actions the client
    /// has seen, so that a move sent twice (or late) is refused, never applied twice.
    Act {
        /// Actions seen.
        n: usize,
        /// The action.
        action: Value,
    },
    /// The host hands an absent player's seat to a computer of a level.
    Computer {
        /// The seat.
        seat: usize,
        /// `easy`, `medium`, `hard` or `expert`.
        level: String,
    },
    /// The host starts another game with the same seats.
    Rematch,
    /// Keep the connection alive.
    Ping,
    /// Whose turn it is in the room joined and the legal actions of that seat.
    Legal,
    /// How the rooms this browser holds seats in stand ("my games"): room and token pairs.
    Games {
        /// At most [`MAX_GAMES`].
        rooms: Vec<(String, String)>,
    },
    /// The public rooms waiting for players and the live games to watch.
    Lobby,
    /// Be paired with the next player who asks for the same sets and clock.
    Quick {
        /// The name the other player will see.
        name: String,
        /// Tile sets.
        sets: Vec<String>,
        /// The clock (none: untimed).
        clock: Option<ClockRule>,
        /// A rated game (signed in, with a clock).
        rated: bool,
    },
    /// Wait no more for quick play.
    QuickCancel,
    /// Say something to the room (players only): plain text, one line.
    Chat {
        /// What is said, normalised as [`chat_text`] says.
        text: String,
    },
}

impl ClientMsg {
    /// The message's `type`.
    pub fn kind(&self) -> &'static str {
        match self {
            ClientMsg::Create { .. } => "create",
            ClientMsg::Join { .. } => "join",
            ClientMsg::Claim { .. } => "claim",
            ClientMsg::Start => "start",
            ClientMsg::Act { .. } => "act",
            ClientMsg::Computer { .. } => "computer",
            ClientMsg::Rematch => "rematch",
            ClientMsg::Ping => "ping",
            ClientMsg::Legal => "legal",
            ClientMsg::Chat { .. } => "chat",
            ClientMsg::Games { .. } => "games",
            ClientMsg::Lobby => "lobby",
            ClientMsg::Quick { .. } => "quick",
            ClientMsg::QuickCancel => "quick_cancel",
        }
    }

    /// Whether the message is about the room the client joined (and so goes to the room's
    /// owner when another instance serves it).
    pub fn in_room(&self) -> bool {
        matches!(
            self,
            ClientMsg::Start
                | ClientMsg::Act { .. }
                | ClientMsg::Computer { .. }
                | ClientMsg::Rematch
                | ClientMsg::Legal
                | ClientMsg::Chat { .. }
                | ClientMsg::QuickCancel
        )
    }
}

/// Every message type a client may send.
pub const KINDS: [&str; 14] = [
    "create",
    "join",
    "claim",
    "start",
    "act",
    "computer",
    "rematch",
    "ping",
    "legal",
    "chat",
    "games",
    "lobby",
    "quick",
    "quick_cancel",
];

/// The most legal actions a frame lists: far more than any position has (a tile's
/// placements and a figure's spots are a few hundred at most).
pub const MAX_LEGAL: usize = 4096;

/// Rooms one `games` message asks about.
pub const MAX_GAMES: usize = 50;

/// The known `type` of a message, even one refused for a bad field, so that its error can
/// say which request it answers (`re`).
pub fn kind_of(message: &str) -> Option<&'static str> {
    if message.len() > MAX_MESSAGE {
        return None;
    }
    let v: Value = serde_json::from_str(message).ok()?;
    let t = v.get("type")?.as_str()?;
    KINDS.into_iter().find(|k| *k == t)
}

/// Why a client's message is refused: said to the client (its `Display`) in an `error`
/// frame, the one place it becomes text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadMessage {
    /// Longer than [`MAX_MESSAGE`] bytes.
    TooLong,
    /// Not JSON (the parser's reason).
    NotJson(String),
    /// A field the message must have is missing.
    Missing(String),
    /// A field is not a string.
    NotText(String),
    /// A text field is empty or longer than [`MAX_ID`] characters.
    Length(String),
    /// An id or token holds characters ids never have.
    NotAnId(String),
    /// A field this message does not have.
    UnknownField(String),
    /// A field is not a whole number up to `max`.
    NotANumber {
        /// The field.
        field: String,
        /// Its largest value.
        max: u64,
    },
    /// A seat of a kind that is not `person`, `open` or `computer`.
    SeatKind(String),
    /// More rooms asked about than [`MAX_GAMES`].
    TooManyRooms,
    /// A field that is true or false was something else.
    Flag(&'static str),
    /// A message type the server does not know.
    UnknownType(String),
    /// A name or chat line holds an invisible or control character.
    Hidden {
        /// "name" or "chat message".
        what: &'static str,
        /// The character.
        c: char,
    },
    /// A name or chat line is empty (or only spaces) or too long.
    TextLength {
        /// "name" or "chat message".
        what: &'static str,
        /// The most characters it holds.
        max: usize,
        /// Whether it was only spaces or too long after normalising (the raw text was
        /// not already far too long).
        normalised: bool,
    },
    /// The message's shape is wrong in a way its text says ("a room has 1 to 5 seats").
    Shape(&'static str),
}

impl std::fmt::Display for BadMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadMessage::TooLong => write!(f, "a message is at most {MAX_MESSAGE} bytes"),
            BadMessage::NotJson(e) => write!(f, "not JSON ({e})"),
            BadMessage::Missing(k) => write!(f, "\"{k}\" is missing"),
            BadMessage::NotText(k) => write!(f, "\"{k}\" must be a string"),
            BadMessage::Length(k) => write!(f, "\"{k}\" must be 1 to {MAX_ID} characters"),
            BadMessage::NotAnId(k) => write!(f, "\"{k}\" holds characters an id never has"),
            BadMessage::UnknownField(k) => write!(f, "unknown field {k:?}"),
            BadMessage::NotANumber { field, max } => write!(f, "\"{field}\" must be a whole number up to {max}"),
            BadMessage::SeatKind(k) => write!(f, "seat kind {k:?}: person, open or computer"),
            BadMessage::TooManyRooms => write!(f, "at most {MAX_GAMES} rooms at once"),
            BadMessage::Flag(key) => write!(f, "\"{key}\" is true or false"),
            BadMessage::UnknownType(t) => write!(f, "unknown message type {t:?}"),
            BadMessage::Hidden { what, c } => {
                write!(f, "a {what} may not hold the invisible or control character U+{:04X}", *c as u32)
            }
            BadMessage::TextLength { what, max, normalised: true } => {
                write!(f, "a {what} is 1 to {max} characters, not only spaces")
            }
            BadMessage::TextLength { what, max, normalised: false } => write!(f, "a {what} is 1 to {max} characters"),
            BadMessage::Shape(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for BadMessage {}

fn field<'a>(o: &'a Map<String, Value>, k: &str) -> Result<&'a Value, BadMessage> {
    o.get(k).ok_or_else(|| BadMessage::Missing(k.into()))
}

fn text(o: &Map<String, Value>, k: &str) -> Result<String, BadMessage> {
    let s = field(o, k)?.as_str().ok_or_else(|| BadMessage::NotText(k.into()))?;
    if s.is_empty() || s.chars().count() > MAX_ID {
        return Err(BadMessage::Length(k.into()));
    }
    Ok(s.to_string())
}

/// Characters a name may not hold though they are not control characters: bidirectional
/// overrides, embeddings, isolates and marks (which can turn the text around them), and
/// invisible ones (zero-width spaces and joiners, the word joiner, the byte-order mark).
fn hidden(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}' | '\u{180E}'
        | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}' | '\u{FEFF}'
        | '\u{FFA0}' | '\u{FFF9}'..='\u{FFFB}')
}

/// A name shown to other players: normalised (NFC, trimmed, inner runs of spaces made one)
/// and refused when empty, longer than 64 characters, or holding control characters or
/// characters that hide or turn text ([`hidden`]): a name is what it looks like.
pub fn name(raw: &str) -> Result<String, BadMessage> {
    use unicode_normalization::UnicodeNormalization;
    let nfc: String = raw.nfc().collect();
    if let Some(c) = nfc.chars().find(|c| c.is_control() || hidden(*c)) {
        return Err(BadMessage::Hidden { what: "name", c });
    }
    let name = nfc.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() || name.chars().count() > MAX_ID {
        return Err(BadMessage::TextLength { what: "name", max: MAX_ID, normalised: true });
    }
    Ok(name)
}

/// The most characters a chat message holds.
pub const MAX_CHAT: usize = 300;

/// A chat message as it is kept and shown: NFC, one line (runs of white space become one
/// space), trimmed, 1 to [`MAX_CHAT`] characters, and no control or invisible character
/// (the bidi overrides and zero-width ones that can disguise what is written).
pub fn chat_text(raw: &str) -> Result<String, BadMessage> {
    use unicode_normalization::UnicodeNormalization;
    const WHAT: &str = "chat message";
    if raw.len() > 16 * MAX_CHAT {
        return Err(BadMessage::TextLength { what: WHAT, max: MAX_CHAT, normalised: false });
    }
    let nfc: String = raw.nfc().collect();
    let line = nfc.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(c) = line.chars().find(|c| c.is_control() || hidden(*c)) {
        return Err(BadMessage::Hidden { what: WHAT, c });
    }
    if line.is_empty() || line.chars().count() > MAX_CHAT {
        return Err(BadMessage::TextLength { what: WHAT, max: MAX_CHAT, normalised: true });
    }
    Ok(line)
}

/// The `name` field, read as [`name`] says (its raw length bounded first).
/// A true-or-false field, false when missing.
fn flag(o: &Map<String, Value>, key: &'static str) -> Result<bool, BadMessage> {
    match o.get(key) {
        None => Ok(false),
        Some(v) => v.as_bool().ok_or(BadMessage::Flag(key)),
    }
}

fn name_field(o: &Map<String, Value>) -> Result<String, BadMessage> {
    let raw = field(o, "name")?.as_str().ok_or_else(|| BadMessage::NotText("name".into()))?;
    if raw.len() > 16 * MAX_ID {
        return Err(BadMessage::TextLength { what: "name", max: MAX_ID, normalised: false });
    }
    name(raw)
}

/// A room id or token: 1 to 64 characters of `A-Z a-z 0-9 - _`.
fn id(o: &Map<String, Value>, k: &str) -> Result<String, BadMessage> {
    let s = text(o, k)?;
    if !s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Err(BadMessage::NotAnId(k.into()));
    }
    Ok(s)
}

fn only(o: &Map<String, Value>, keys: &[&str]) -> Result<(), BadMessage> {
    match o.keys().find(|k| k.as_str() != "type" && !keys.contains(&k.as_str())) {
        Some(k) => Err(BadMessage::UnknownField(k.clone())),
        None => Ok(()),
    }
}

fn number(o: &Map<String, Value>, k: &str, max: u64) -> Result<u64, BadMessage> {
    field(o, k)?.as_u64().filter(|n| *n <= max).ok_or_else(|| BadMessage::NotANumber { field: k.into(), max })
}

/// The `sets` of a `create` or a `quick`: at most 8 names.
fn sets_field(o: &Map<String, Value>) -> Result<Vec<String>, BadMessage> {
    use BadMessage::Shape;
    let sets = field(o, "sets")?
        .as_array()
        .ok_or(Shape("\"sets\" must be a list"))?
        .iter()
        .map(|s| s.as_str().filter(|s| s.len() <= MAX_ID).map(str::to_string).ok_or(Shape("a set is a name")))
        .collect::<Result<Vec<_>, _>>()?;
    if sets.len() > 8 {
        return Err(Shape("at most 8 sets"));
    }
    Ok(sets)
}

/// The optional `clock` of a `create` or a `quick` (null: none).
fn clock_field(o: &Map<String, Value>) -> Result<Option<ClockRule>, BadMessage> {
    match o.get("clock") {
        None | Some(Value::Null) => Ok(None),
        Some(c) => clock_rule(c).map(Some),
    }
}

/// A room's clock as `create` asks for it: `{"base", "increment", "max", "timeout"}` in
/// seconds (increment 0, no maximum and `"computer"` unless given).
fn clock_rule(v: &Value) -> Result<ClockRule, BadMessage> {
    use BadMessage::Shape;
    let o = v.as_object().ok_or(Shape("\"clock\" is an object {\"base\", \"increment\", \"max\", \"timeout\"}"))?;
    only(o, &["base", "increment", "max", "timeout"])?;
    let max = super::clock::MAX_CLOCK_SECS;
    let rule = ClockRule {
        base: number(o, "base", max)?,
        increment: if o.contains_key("increment") { number(o, "increment", max)? } else { 0 },
        max: match o.get("max") {
            None | Some(Value::Null) => None,
            Some(_) => Some(number(o, "max", max)?),
        },
        timeout: match o.get("timeout").map(|t| t.as_str()) {
            None | Some(Some("computer")) => Timeout::Computer,
            Some(Some("loss")) => Timeout::Loss,
            _ => return Err(Shape("a clock's \"timeout\" is \"computer\" or \"loss\"")),
        },
    };
    rule.check().map_err(Shape)?;
    Ok(rule)
}

/// Read one message from a client. Every refusal says what is wrong.
pub fn parse(message: &str) -> Result<ClientMsg, BadMessage> {
    use BadMessage::Shape;
    if message.len() > MAX_MESSAGE {
        return Err(BadMessage::TooLong);
    }
    let v: Value = serde_json::from_str(message).map_err(|e| BadMessage::NotJson(e.to_string()))?;
    let o = v.as_object().ok_or(Shape("a message is a JSON object"))?;
    let kind = field(o, "type")?.as_str().ok_or_else(|| BadMessage::NotText("type".into()))?;
    Ok(match kind {
        "create" => {
            only(o, &["seats", "sets", "options", "absent_secs", "clock", "public", "rated", "duplicate"])?;
            let seats = field(o, "seats")?.as_array().ok_or(Shape("\"seats\" must be a list"))?;
            if !(1..=5).contains(&seats.len()) {
                return Err(Shape("a room has 1 to 5 seats"));
            }
            let seats = seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let s = s.as_object().ok_or(Shape("a seat is an object {\"name\", \"kind\"}"))?;
                    only(s, &["name", "kind", "level"])?;
                    let kind = match text(s, "kind")?.as_str() {
                        "person" => SeatKind::Person,
                        "open" => SeatKind::Open,
                        "computer" => SeatKind::Computer(text(s, "level")?),
                        other => return Err(BadMessage::SeatKind(other.into())),
                    };
                    // Seat 0 is the creator's, or a computer's in a room of computers only
                    // (a showcase: the creator then hosts with a token of its own).
                    if i == 0 && kind == SeatKind::Open {
                        return Err(Shape("seat 0 is the creator's (a person) or a computer's, never open"));
                    }
                    Ok(SeatRequest { name: name_field(s)?, kind })
                })
                .collect::<Result<Vec<_>, BadMessage>>()?;
            let sets = sets_field(o)?;
            let options = o.get("options").cloned().unwrap_or(Value::Object(Map::new()));
            if !options.is_object() {
                return Err(Shape("\"options\" must be an object"));
            }
            let absent_secs = if o.contains_key("absent_secs") { number(o, "absent_secs", 86_400)? } else { 120 };
            let (public, rated, duplicate) = (flag(o, "public")?, flag(o, "rated")?, flag(o, "duplicate")?);
            let clock = clock_field(o)?;
            ClientMsg::Create { seats, sets, options, absent_secs, clock, public, rated, duplicate }
        }
        "join" => {
            only(o, &["room", "token", "name"])?;
            let token = if o.contains_key("token") { Some(id(o, "token")?) } else { None };
            let name = if o.contains_key("name") { Some(name_field(o)?) } else { None };
            ClientMsg::Join { room: id(o, "room")?, token, name }
        }
        "claim" => {
            only(o, &["room", "name", "secret"])?;
            let secret = if o.contains_key("secret") { Some(id(o, "secret")?) } else { None };
            ClientMsg::Claim { room: id(o, "room")?, name: name_field(o)?, secret }
        }
        "start" => {
            only(o, &[])?;
            ClientMsg::Start
        }
        "act" => {
            only(o, &["n", "action"])?;
            let action = field(o, "action")?.clone();
            if !action.is_object() {
                return Err(Shape("\"action\" must be an object, as in a record"));
            }
            ClientMsg::Act { n: number(o, "n", 1_000_000)? as usize, action }
        }
        "computer" => {
            only(o, &["seat", "level"])?;
            ClientMsg::Computer { seat: number(o, "seat", 4)? as usize, level: text(o, "level")? }
        }
        "rematch" => {
            only(o, &[])?;
            ClientMsg::Rematch
        }
        "ping" => {
            only(o, &[])?;
            ClientMsg::Ping
        }
        "legal" => {
            only(o, &[])?;
            ClientMsg::Legal
        }
        "games" => {
            only(o, &["rooms"])?;
            let rooms = field(o, "rooms")?.as_array().ok_or(Shape("\"rooms\" must be a list"))?;
            if rooms.len() > MAX_GAMES {
                return Err(BadMessage::TooManyRooms);
            }
            let rooms = rooms
                .iter()
                .map(|r| {
                    let r = r.as_object().ok_or(Shape("a room is an object {\"room\", \"token\"}"))?;
                    only(r, &["room", "token"])?;
                    Ok((id(r, "room")?, id(r, "token")?))
                })
                .collect::<Result<Vec<_>, BadMessage>>()?;
            ClientMsg::Games { rooms }
        }
        "lobby" => {
            only(o, &[])?;
            ClientMsg::Lobby
        }
        "quick" => {
            only(o, &["name", "sets", "clock", "rated"])?;
            let rated = flag(o, "rated")?;
            ClientMsg::Quick { name: name_field(o)?, sets: sets_field(o)?, clock: clock_field(o)?, rated }
        }
        "quick_cancel" => {
            only(o, &[])?;
            ClientMsg::QuickCancel
        }
        "chat" => {
            only(o, &["text"])?;
            ClientMsg::Chat {
                text: chat_text(field(o, "text")?.as_str().ok_or_else(|| BadMessage::NotText("text".into()))?)?,
            }
        }
        other => return Err(BadMessage::UnknownType(other.into())),
    })
}

/// A message to a client (docs/online.md), the other half of [`ClientMsg`]: every frame
/// the server sends is one of these, written as JSON with its `type` first.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerMsg {
    /// A room was made: its id, the seats' tokens in seat order (null for computer and open
    /// seats), the host's token in a room of computers only, the open link's secret.
    Created {
        /// The room.
        room: String,
        /// One per seat.
        tokens: Vec<Option<String>>,
        /// Hosts a room of computers only.
        #[serde(skip_serializing_if = "Option::is_none")]
        host: Option<String>,
        /// Takes its open seats.
        #[serde(skip_serializing_if = "Option::is_none")]
        open: Option<String>,
    },
    /// An open seat was taken: the seat and its new token.
    Claimed {
        /// The room.
        room: String,
        /// The seat.
        seat: usize,
        /// Plays it from now on.
        token: String,
    },
    /// Who sits where and the room's status.
    Room(RoomFrame),
    /// The game as a player may see it.
    State {
        /// Actions so far.
        n: usize,
        /// The seat to play (null once the game is over).
        turn: Option<usize>,
        /// That seat's legal actions in record form, sent to its own connections only.
        #[serde(skip_serializing_if = "Option::is_none")]
        legal: Option<Vec<Value>>,
        /// The public record (no seed; unseen tiles in catalogue order).
        record: Value,
        /// The whole record, once the game is over.
        #[serde(rename = "final", skip_serializing_if = "Option::is_none")]
        whole: Option<Value>,
        /// The clocks, in a room with a clock.
        #[serde(skip_serializing_if = "Option::is_none")]
        clock: Option<ClockFrame>,
    },
    /// An action was committed: number, record form, the tiles it drew (null: face down)
    /// and the seat that played it.
    Action {
        /// Its number.
        n: usize,
        /// In record form.
        action: Value,
        /// The tiles it drew.
        reveal: Vec<Option<String>>,
        /// Who played it.
        by: usize,
        /// The seat to play next (null once the game is over).
        turn: Option<usize>,
        /// That seat's legal actions in record form, sent to its own connections only.
        #[serde(skip_serializing_if = "Option::is_none")]
        legal: Option<Vec<Value>>,
        /// The clocks after it, in a room with a clock.
        #[serde(skip_serializing_if = "Option::is_none")]
        clock: Option<ClockFrame>,
    },
    /// A seat's time ran out: by the room's rule a computer now plays it, or it lost and
    /// the game is over (a room frame and, for a loss, the final state follow).
    Timeout {
        /// The seat.
        seat: usize,
        /// `computer` or `loss`.
        rule: Timeout,
        /// The clocks now.
        clock: ClockFrame,
    },
    /// The answer to `legal`: the actions played so far, the seat to play (null: the game is
    /// over) and its legal actions in record form (at most [`MAX_LEGAL`]).
    Legal {
        /// Actions so far.
        n: usize,
        /// The seat to play.
        turn: Option<usize>,
        /// Its legal actions.
        actions: Vec<Value>,
    },
    /// What was said in the room: on joining the last [`CHAT_KEPT`] lines, then each new
    /// one as it is said.
    Chat {
        /// Oldest first.
        lines: Vec<ChatLine>,
    },
    /// How the rooms a `games` message asked about stand, in its order (rooms that do not
    /// exist are left out).
    Games {
        /// One per room.
        games: Vec<GameLine>,
    },
    /// The answer to `lobby`: public rooms waiting for players, and live games to watch,
    /// newest first (at most [`LOBBY_KEPT`] each).
    Lobby {
        /// Rooms in their lobby with an open seat.
        waiting: Vec<LobbyRoom>,
        /// Games being played.
        live: Vec<LobbyRoom>,
    },
    /// The answer to `quick` (`waiting: true`: in the queue) and `quick_cancel` (false).
    Quick {
        /// Whether this connection waits to be paired.
        waiting: bool,
    },
    /// Quick play found a player: the room made for both (its game started), this
    /// connection's seat and the seat's token; join it with the token.
    Paired {
        /// The room.
        room: String,
        /// The seat.
        seat: usize,
        /// Plays it.
        token: String,
    },
    /// How many watch the room now.
    Watchers {
        /// The count.
        watchers: u32,
    },
    /// The answer to a ping.
    Pong,
    /// A request was refused: why, and which request (`re`, its `type`) when known.
    Error {
        /// Why, in English.
        message: String,
        /// Why, as a code a page says in its own language (`refusal.<code>`; docs/online.md
        /// lists them).
        code: &'static str,
        /// The numbers the reason names, and a server-only reason's English `detail`.
        #[serde(skip_serializing_if = "serde_json::Map::is_empty")]
        params: serde_json::Map<String, Value>,
        /// The request's type.
        #[serde(skip_serializing_if = "Option::is_none")]
        re: Option<&'static str>,
    },
}

/// One room of "my games".
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameLine {
    /// The room.
    pub room: String,
    /// The seat the token plays (null: none any more, its seat went to a computer).
    pub seat: Option<usize>,
    /// The seats' names.
    pub names: Vec<String>,
    /// `lobby`, `playing` or `over`.
    pub status: &'static str,
    /// Whose turn it is, while a game is played.
    pub turn: Option<usize>,
    /// Actions played in the current game.
    pub actions: usize,
    /// When the last action was played (or the game began), in seconds since 1970.
    pub moved_at: Option<u64>,
}

/// Rooms of each kind the lobby lists at most.
pub const LOBBY_KEPT: usize = 50;

/// A public room as the lobby lists it: nothing a player of it would not show a watcher.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LobbyRoom {
    /// The room (a watch link's id; open seats are claimed with it).
    pub room: String,
    /// Tile sets.
    pub sets: Vec<String>,
    /// Its clock (null: untimed).
    pub clock: Option<ClockRule>,
    /// A rated room: its kind (left out: not rated).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rated: Option<String>,
    /// A duplicate room (two games on one tile order, the seats swapped).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub duplicate: bool,
    /// The seats: name, kind and a computer's level.
    pub seats: Vec<LobbySeat>,
    /// `lobby` or `playing`.
    pub status: &'static str,
    /// Actions played.
    pub actions: usize,
    /// When the last was played (or the game began), in seconds since 1970.
    pub moved_at: Option<u64>,
}

/// Where a duplicate room's match stands, as told in the room frame.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuplicateFrame {
    /// 1 or 2: the game of the match being played (or last played).
    pub game: u8,
    /// The first game's final points, each seat's, once the second has begun.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<Vec<i32>>,
}

/// A seat of a [`LobbyRoom`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LobbySeat {
    /// The name shown.
    pub name: String,
    /// Who sits there.
    pub kind: Occupant,
    /// A computer's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

/// Chat lines a room keeps and shows on joining.
pub const CHAT_KEPT: usize = 50;

/// One line of a room's chat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChatLine {
    /// Its number in the room (0, 1, 2 …): a client that sees one twice shows it once.
    pub n: u64,
    /// The seat that said it.
    pub seat: usize,
    /// The seat's name then.
    pub name: String,
    /// What was said (plain text: shown as text, never as markup).
    pub text: String,
    /// When, in seconds since 1970.
    pub at: u64,
}

/// A room frame (`{"type": "room", …}`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoomFrame {
    /// The room.
    pub room: String,
    /// The seat this connection plays (null: watching or hosting without a seat).
    pub you: Option<usize>,
    /// Whether this connection hosts.
    pub host: bool,
    /// `lobby`, `playing` or `over`.
    pub status: &'static str,
    /// The game's number in the room (0: none yet).
    pub game: u32,
    /// Seconds away before a seat may go to a computer.
    pub absent_secs: u64,
    /// The room's clock (left out: untimed).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockRule>,
    /// The seat that lost the game on time (left out: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lost_on_time: Option<usize>,
    /// Listed in the lobby (left out: not).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub public: bool,
    /// A rated room: the kind its games are rated in (left out: not rated).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rated: Option<String>,
    /// A duplicate room: which game of the match this is (left out: not duplicate).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duplicate: Option<DuplicateFrame>,
    /// How many watch.
    pub watchers: u32,
    /// The seats.
    pub seats: Vec<SeatFrame>,
}

/// A seat in a room frame.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatFrame {
    /// The name shown.
    pub name: String,
    /// Who sits there.
    pub kind: Occupant,
    /// A computer's level (null otherwise).
    pub level: Option<String>,
    /// Someone plays it now.
    pub connected: bool,
    /// Seconds since its last connection left (null while connected).
    pub away_secs: Option<u64>,
    /// Someone has played it since the room was loaded (false: invited, not come yet).
    pub came: bool,
}

impl ServerMsg {
    /// An error with no request named (yet: see [`ServerMsg::re`]).
    pub fn error(code: &'static str, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error { message: message.into(), code, params: serde_json::Map::new(), re: None }
    }

    /// A request refused, by its reason: its English text, its code and its numbers.
    pub fn refused(r: &super::refusal::Refusal) -> ServerMsg {
        ServerMsg::Error { message: r.to_string(), code: r.code(), params: r.params(), re: None }
    }

    /// A message the server could not read: `bad_message`, the English reason as `detail`.
    pub fn bad(e: &BadMessage) -> ServerMsg {
        let mut params = serde_json::Map::new();
        params.insert("detail".into(), Value::String(e.to_string()));
        ServerMsg::Error { message: e.to_string(), code: "bad_message", params, re: None }
    }

    /// An error marked with the request it answers; any other message as it is.
    pub fn re(self, kind: &'static str) -> ServerMsg {
        match self {
            ServerMsg::Error { message, code, params, .. } => {
                ServerMsg::Error { message, code, params, re: Some(kind) }
            }
            other => other,
        }
    }

    /// The JSON text sent.
    pub fn text(&self) -> String {
        serde_json::to_string(self).expect("plain data")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 22, chat: one line of NFC text, white space runs made one space, 1 to 300
    /// characters, without the characters that hide or reverse what is written.
    #[test]
    fn chat_lines_are_one_line_of_plain_text() {
        assert_eq!(chat_text("  hi\n\tthere  "), Ok("hi there".into()));
        assert_eq!(chat_text("Cafe\u{301}"), Ok("Café".into()), "NFC");
        assert_eq!(chat_text(&"é".repeat(MAX_CHAT)).map(|t| t.chars().count()), Ok(MAX_CHAT));
        for bad in ["", "  \n ", "a\u{202E}b", "a\u{200B}b", "\u{FEFF}x", "a\u{7}b"] {
            assert!(chat_text(bad).is_err(), "{bad:?}");
        }
        assert!(chat_text(&"x".repeat(MAX_CHAT + 1)).is_err());
        assert_eq!(parse(r#"{"type":"chat","text":" yes "}"#), Ok(ClientMsg::Chat { text: "yes".into() }));
        assert!(parse(r#"{"type":"chat","text":"a","to":1}"#).is_err());
    }

    /// "My games": room and token pairs, ids checked, at most 50.
    #[test]
    fn games_ask_about_room_and_token_pairs() {
        assert_eq!(
            parse(r#"{"type":"games","rooms":[{"room":"r1","token":"t1"}]}"#),
            Ok(ClientMsg::Games { rooms: vec![("r1".into(), "t1".into())] })
        );
        assert!(parse(r#"{"type":"games","rooms":[{"room":"r 1","token":"t1"}]}"#).is_err());
        assert!(parse(r#"{"type":"games","rooms":[{"room":"r1"}]}"#).is_err());
        let many = format!(r#"{{"type":"games","rooms":[{}]}}"#, vec![r#"{"room":"r","token":"t"}"#; 51].join(","));
        assert!(parse(&many).unwrap_err().to_string().contains("at most 50"));
    }

    #[test]
    fn messages_are_read_or_refused_with_a_reason() {
        assert_eq!(parse(r#"{"type":"ping"}"#), Ok(ClientMsg::Ping));
        assert_eq!(
            parse(r#"{"type":"join","room":"abc_-9"}"#),
            Ok(ClientMsg::Join { room: "abc_-9".into(), token: None, name: None })
        );
        assert!(parse(r#"{"type":"join","room":"a b"}"#).unwrap_err().to_string().contains("characters"));
        assert!(parse(r#"{"type":"act","n":-1,"action":{}}"#).unwrap_err().to_string().contains("\"n\""));
        assert!(parse(r#"{"type":"act","n":1,"action":{},"x":1}"#).unwrap_err().to_string().contains("unknown field"));
        assert!(parse(r#"{"type":"create","seats":[{"name":"A","kind":"open"}],"sets":["base"]}"#)
            .unwrap_err()
            .to_string()
            .contains("seat 0"));
        assert!(parse("[]").is_err() && parse("{").is_err() && parse(r#"{"type":"shout"}"#).is_err());
        // Refusals are told apart by their kind, not by their text.
        assert_eq!(parse(r#"{"type":"shout"}"#), Err(BadMessage::UnknownType("shout".into())));
        assert_eq!(parse(r#"{"type":"act","n":1}"#), Err(BadMessage::Missing("action".into())));
        assert_eq!(
            parse(r#"{"type":"games","rooms":[{"room":"r1","token":"t 1"}]}"#),
            Err(BadMessage::NotAnId("token".into()))
        );
        assert!(parse(&"x".repeat(MAX_MESSAGE + 1)).unwrap_err().to_string().contains("at most"));
        assert_eq!(kind_of(r#"{"type":"act","n":-1}"#), Some("act"));
        // Issue 22, defect 10: names are normalised, and hiding or turning characters refused.
        assert_eq!(name("  Ann    Marie "), Ok("Ann Marie".into()));
        assert_eq!(name("Elo\u{0069}\u{0308}se"), Ok("Elo\u{00EF}se".into()), "NFC");
        assert_eq!(name("Zoë 🐱"), Ok("Zoë 🐱".into()));
        for bad in
            ["a\u{202E}evil", "a\u{2066}b", "\u{200B}", "Bo\u{200D}", "x\u{0007}", "\u{FEFF}Ann", "a\nb", "   ", ""]
        {
            assert!(name(bad).is_err(), "{bad:?}");
        }
        assert!(name(&"é".repeat(65)).is_err() && name(&"e\u{0301}".repeat(64)).is_ok(), "64 characters after NFC");
        // What the server sends: typed, `type` first (room frames are recognised by it).
        assert_eq!(ServerMsg::Pong.text(), r#"{"type":"pong"}"#);
        assert_eq!(
            ServerMsg::error("slow_down", "no").re("act").text(),
            r#"{"type":"error","message":"no","code":"slow_down","re":"act"}"#
        );
        assert_eq!(ServerMsg::error("not_text", "no").text(), r#"{"type":"error","message":"no","code":"not_text"}"#);
        let r = super::super::refusal::Refusal::TooManyWatchers { max: 3 };
        assert_eq!(
            ServerMsg::refused(&r).text(),
            r#"{"type":"error","message":"this room has 3 watchers, as many as it may","code":"too_many_watchers","params":{"max":3}}"#
        );
        let over = ServerMsg::State {
            n: 2,
            turn: None,
            legal: None,
            record: Value::Null,
            whole: Some(Value::Bool(true)),
            clock: None,
        };
        assert_eq!(over.text(), r#"{"type":"state","n":2,"turn":null,"record":null,"final":true}"#);
        let created =
            ServerMsg::Created { room: "R".into(), tokens: vec![Some("T".into()), None], host: None, open: None };
        assert_eq!(created.text(), r#"{"type":"created","room":"R","tokens":["T",null]}"#);
        let claim = parse(r#"{"type":"claim","room":"r","name":"a\u202Eevil"}"#).unwrap_err().to_string();
        assert!(claim.contains("U+202E"), "{claim}");
        assert_eq!(kind_of(r#"{"type":"fly"}"#), None);
        assert_eq!(kind_of("{"), None);
        for k in KINDS {
            assert_eq!(kind_of(&format!(r#"{{"type":"{k}","x":1}}"#)), Some(k));
        }
    }
}
