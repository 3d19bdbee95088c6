//! Why the server refused a client's request. A client is told the reason as a `code` and its
//! `params` (for the page to say in its language) beside the English `message` (the
//! protocol's `error` frame, docs/online.md); the server's code passes the reason as this type.

use super::quick::QUICK_PER_ADDRESS;
use super::room::{CHAT_PER_WINDOW, CHAT_WINDOW, CONNECTIONS_PER_SEAT};
use super::store::StoreError;
use crate::record::ActionError;
use std::fmt;

/// A refused request, by its reason.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// No such room.
    NoSuchRoom,
    /// A token that plays no seat of the room.
    UnknownSeatLink,
    /// A seat open in [`CONNECTIONS_PER_SEAT`] places already.
    SeatOpenTooOften,
    /// The room has as many watchers as it may.
    TooManyWatchers {
        /// The most watchers a room may have.
        max: usize,
    },
    /// No game has started in the room.
    NotStarted,
    /// The game is over.
    Over,
    /// Another seat is to play.
    NotYourTurn,
    /// The seat's time ran out before its move came.
    OutOfTime,
    /// The client's move was made on an older position.
    MovedOn {
        /// Actions in the game.
        at: usize,
        /// Actions the client had seen.
        n: usize,
    },
    /// A seat the room does not have.
    NoSuchSeat,
    /// More chat lines than [`CHAT_PER_WINDOW`] in [`CHAT_WINDOW`].
    ChatTooFast,
    /// An open seat is claimed only with the room's open link.
    OpenLinkNeeded,
    /// Every open seat is taken.
    NoOpenSeat,
    /// A computer plays the seat already.
    ComputerAlready,
    /// The seat's player is connected.
    PlayerConnected,
    /// The seat's player has not been away as long as the room waits.
    NotAwayLongEnough {
        /// Seconds away.
        away: u64,
        /// Seconds the room waits.
        absent: u64,
    },
    /// The address has used its hourly quota of `what` (rooms, computer players).
    Quota {
        /// What was asked for.
        what: &'static str,
    },
    /// The request needs a room joined first.
    JoinFirst,
    /// Only the host starts a game.
    OnlyHostStarts,
    /// A game is being played.
    GameRunning,
    /// Watchers may not act.
    WatcherMayNotAct,
    /// A computer plays the client's seat now.
    ComputerPlaysSeat,
    /// Watchers may not chat.
    WatcherMayNotChat,
    /// Only the host hands a seat to a computer.
    OnlyHostHandsOver,
    /// The server holds as many rooms as it may.
    ServerFull,
    /// A new room's lease went to another instance.
    NewRoomElsewhere,
    /// Not a computer level: the level's own message.
    Level(String),
    /// A setup that starts no game: its message.
    Setup(String),
    /// An action that cannot be played.
    Action(ActionError),
    /// The store refused or failed.
    Store(StoreError),
    /// A stored room that does not replay: which and why.
    Damaged(String),
    /// The instance that holds the room cannot be reached: why.
    Unreachable(super::forward::Unreachable),
    /// The address has [`QUICK_PER_ADDRESS`] quick-play requests waiting.
    QuickTooMany,
    /// The quick-play queue is full.
    QuickFull,
    /// A rated game's conditions are not met (two seats, accounts, a clock, the standard
    /// rules), or what was asked is not done in a rated game: why.
    Rated(RatedWhy),
}

/// Why a rated game refused something (the page says each in its own words, by its id).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatedWhy {
    /// Rated quick play without an account or a clock.
    QuickNeeds,
    /// A second rated wish of an account that waits already.
    Waiting,
    /// Not two seats.
    TwoSeats,
    /// No clock.
    Clock,
    /// Made by a connection not signed in.
    SignInToMake,
    /// A second seat invited by link.
    Invited,
    /// Seat 0 not a person.
    FirstSeat,
    /// Both seats one account.
    Yourself,
    /// An open seat claimed by a connection not signed in.
    SignInToTake,
    /// An open seat claimed by the account that plays the other.
    AlreadyPlaying,
    /// A seat handed to a computer.
    HandOver,
    /// Co-op or another option than the Abbot.
    Rules,
}

impl RatedWhy {
    /// The id the page's words are found by (`rated.<id>`).
    pub fn id(self) -> &'static str {
        match self {
            RatedWhy::QuickNeeds => "quick_needs",
            RatedWhy::Waiting => "waiting",
            RatedWhy::TwoSeats => "two_seats",
            RatedWhy::Clock => "clock",
            RatedWhy::SignInToMake => "sign_in_to_make",
            RatedWhy::Invited => "invited",
            RatedWhy::FirstSeat => "first_seat",
            RatedWhy::Yourself => "yourself",
            RatedWhy::SignInToTake => "sign_in_to_take",
            RatedWhy::AlreadyPlaying => "already_playing",
            RatedWhy::HandOver => "hand_over",
            RatedWhy::Rules => "rules",
        }
    }
}

impl fmt::Display for RatedWhy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RatedWhy::QuickNeeds => "a rated game needs you signed in, and a clock",
            RatedWhy::Waiting => "you are already waiting for a rated game",
            RatedWhy::TwoSeats => "a rated game has two seats",
            RatedWhy::Clock => "a rated game needs a clock",
            RatedWhy::SignInToMake => "sign in to make a rated game",
            RatedWhy::Invited => "a rated game's second seat is open or a computer's, not invited by link",
            RatedWhy::FirstSeat => "a rated game's first seat is its creator's",
            RatedWhy::Yourself => "you cannot play yourself in a rated game",
            RatedWhy::SignInToTake => "sign in to take a seat in a rated game",
            RatedWhy::AlreadyPlaying => "you already play in this rated game",
            RatedWhy::HandOver => "in a rated game the clock decides: a seat whose time runs out loses",
            RatedWhy::Rules => {
                "rated games use the standard rules (the Abbot may be added), not co-op or other options"
            }
        })
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NoSuchRoom => f.write_str("no such room"),
            Refusal::UnknownSeatLink => {
                f.write_str("that link's seat is not in this room (or was handed to a computer)")
            }
            Refusal::SeatOpenTooOften => write!(f, "that seat is open in {CONNECTIONS_PER_SEAT} places already"),
            Refusal::TooManyWatchers { max } => write!(f, "this room has {max} watchers, as many as it may"),
            Refusal::NotStarted => f.write_str("the game has not started"),
            Refusal::Over => f.write_str("the game is over"),
            Refusal::NotYourTurn => f.write_str("it is not your turn"),
            Refusal::QuickTooMany => {
                write!(f, "this address has {QUICK_PER_ADDRESS} quick-play requests waiting, as many as it may")
            }
            Refusal::QuickFull => f.write_str("too many players are waiting for quick play: try again soon"),
            Refusal::Rated(why) => write!(f, "{why}"),
            Refusal::OutOfTime => f.write_str("your time ran out before this move came"),
            Refusal::MovedOn { at, n } => write!(f, "the game has moved on: it is at action {at}, not {n}"),
            Refusal::NoSuchSeat => f.write_str("no such seat"),
            Refusal::ChatTooFast => {
                write!(f, "at most {CHAT_PER_WINDOW} chat messages in {} seconds: wait a moment", CHAT_WINDOW.as_secs())
            }
            Refusal::OpenLinkNeeded => f.write_str("an open seat is taken with the room's open link"),
            Refusal::NoOpenSeat => f.write_str("no open seat is left in this room"),
            Refusal::ComputerAlready => f.write_str("a computer already plays that seat"),
            Refusal::PlayerConnected => f.write_str("that player is connected"),
            Refusal::NotAwayLongEnough { away, absent } => {
                write!(f, "that player has been away {away} s; the room waits {absent} s")
            }
            Refusal::Quota { what } => write!(f, "this address has asked for too many {what} this hour"),
            Refusal::JoinFirst => f.write_str("join a room first"),
            Refusal::OnlyHostStarts => f.write_str("only the host (the room's creator) may start a game"),
            Refusal::GameRunning => f.write_str("a game is being played"),
            Refusal::WatcherMayNotAct => f.write_str("only a player in a room may act (watchers may not)"),
            Refusal::ComputerPlaysSeat => f.write_str("a computer plays this seat now"),
            Refusal::WatcherMayNotChat => f.write_str("only a player in a room may chat (watchers read)"),
            Refusal::OnlyHostHandsOver => f.write_str("only the host may hand a seat to a computer"),
            Refusal::ServerFull => f.write_str("the server holds as many rooms as it may"),
            Refusal::NewRoomElsewhere => f.write_str("a new room could not be given to this server"),
            Refusal::Level(m) | Refusal::Setup(m) | Refusal::Damaged(m) => f.write_str(m),
            Refusal::Unreachable(why) => write!(f, "{why}"),
            Refusal::Action(e) => e.fmt(f),
            Refusal::Store(e) => e.fmt(f),
        }
    }
}

impl Refusal {
    /// The reason as the `error` frame's `code` names it (docs/online.md lists them); the page
    /// says `refusal.<code>` in its language.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::NoSuchRoom => "no_such_room",
            Refusal::UnknownSeatLink => "unknown_seat_link",
            Refusal::SeatOpenTooOften => "seat_open_too_often",
            Refusal::TooManyWatchers { .. } => "too_many_watchers",
            Refusal::NotStarted => "not_started",
            Refusal::Over => "over",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::QuickTooMany => "quick_too_many",
            Refusal::QuickFull => "quick_full",
            Refusal::OutOfTime => "out_of_time",
            Refusal::MovedOn { .. } => "moved_on",
            Refusal::NoSuchSeat => "no_such_seat",
            Refusal::ChatTooFast => "chat_too_fast",
            Refusal::OpenLinkNeeded => "open_link_needed",
            Refusal::NoOpenSeat => "no_open_seat",
            Refusal::ComputerAlready => "computer_already",
            Refusal::PlayerConnected => "player_connected",
            Refusal::NotAwayLongEnough { .. } => "not_away_long_enough",
            Refusal::Quota { what: "rooms" } => "quota_rooms",
            Refusal::Quota { .. } => "quota_computers",
            Refusal::JoinFirst => "join_first",
            Refusal::OnlyHostStarts => "only_host_starts",
            Refusal::GameRunning => "game_running",
            Refusal::WatcherMayNotAct => "watcher_may_not_act",
            Refusal::ComputerPlaysSeat => "computer_plays_seat",
            Refusal::WatcherMayNotChat => "watcher_may_not_chat",
            Refusal::OnlyHostHandsOver => "only_host_hands_over",
            Refusal::ServerFull => "server_full",
            Refusal::NewRoomElsewhere => "new_room_elsewhere",
            Refusal::Level(_) => "level",
            Refusal::Setup(_) => "setup",
            Refusal::Action(ActionError::Illegal(_)) => "illegal_action",
            Refusal::Action(ActionError::Malformed(_)) => "bad_action",
            Refusal::Store(_) => "store",
            Refusal::Damaged(_) => "damaged",
            Refusal::Unreachable(_) => "unreachable",
            Refusal::Rated(_) => "rated",
        }
    }

    /// The numbers (and, where the reason is a text only the server has, its English
    /// `detail`) a page needs to say the reason in its own words.
    pub fn params(&self) -> serde_json::Map<String, serde_json::Value> {
        use serde_json::json;
        let v = match self {
            Refusal::SeatOpenTooOften => json!({"max": CONNECTIONS_PER_SEAT}),
            Refusal::QuickTooMany => json!({"max": QUICK_PER_ADDRESS}),
            Refusal::TooManyWatchers { max } => json!({"max": max}),
            Refusal::MovedOn { at, n } => json!({"at": at, "n": n}),
            Refusal::ChatTooFast => json!({"max": CHAT_PER_WINDOW, "secs": CHAT_WINDOW.as_secs()}),
            Refusal::NotAwayLongEnough { away, absent } => json!({"away": away, "absent": absent}),
            Refusal::Level(m) | Refusal::Setup(m) | Refusal::Damaged(m) => json!({"detail": m}),
            Refusal::Rated(why) => json!({"reason": why.id()}),
            Refusal::Action(e) => json!({"detail": e.to_string()}),
            Refusal::Store(e) => json!({"detail": e.to_string()}),
            Refusal::Unreachable(e) => json!({"detail": e.to_string()}),
            _ => json!({}),
        };
        match v {
            serde_json::Value::Object(m) => m,
            _ => serde_json::Map::new(),
        }
    }
}

impl std::error::Error for Refusal {}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        Refusal::Store(e)
    }
}

impl From<ActionError> for Refusal {
    fn from(e: ActionError) -> Refusal {
        Refusal::Action(e)
    }
}

impl From<crate::record::ParseActionError> for Refusal {
    fn from(e: crate::record::ParseActionError) -> Refusal {
        Refusal::Action(e.into())
    }
}
