//! What a player of the cooperative game is told about a position: the pace (the next
//! mark against the tiles left), the drain of open cemeteries, and why a plan is worth
//! playing (*Hint*), down to which colour it moves toward its next mark at level 6. Each is a fact the player can check on the board; the page words
//! them in its language (`hint.why.*`, `team.pace*`, `team.drain.*` in www/lang-*.js).

use crate::engine::coop::levels::{CemeteryGhost, Markers};
use crate::engine::coop::{CoopState, Hound, COLOURS, HOUNDS};
use crate::engine::features::NodeIdx;
use crate::engine::{Action, Event, FeatureKind, Game};
use serde::Serialize;

/// Points a tile a team scores when it plays well (teams of computers score 1.0–1.5, see
/// docs/coop.md): a team that needs more than this from each tile left is behind.
pub const PACE_PER_TILE: f32 = 1.5;

/// The next mark on the track against the tiles left in the active pile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pace {
    /// `Rufus`, `Ronja` or `goal`: the next hound still on the track, else the goal.
    pub mark: &'static str,
    /// Its value on the track.
    pub value: u32,
    /// Points still needed to reach it (level 6: by the lowest marker).
    pub away: u32,
    /// Tiles left to draw in the active pile.
    pub tiles: usize,
    /// Reaching it needs more than [`PACE_PER_TILE`] points a tile.
    pub behind: bool,
}

/// The pace of a cooperative game not yet over (none otherwise).
pub fn pace(game: &Game) -> Option<Pace> {
    let st = game.coop();
    if !game.is_coop() || st.ending.is_some() {
        return None;
    }
    let low = st.markers.iter().copied().min().unwrap_or(0);
    let (mark, value) = next_mark(st, low);
    let away = value.saturating_sub(low);
    let tiles = game.active_pile_left();
    Some(Pace { mark, value, away, tiles, behind: away as f32 > PACE_PER_TILE * tiles as f32 })
}

/// The next mark above a marker at `points`: the first hound still on the track past it
/// (`Rufus` or `Ronja`) with its value, else `goal` and the goal.
fn next_mark(st: &CoopState, points: u32) -> (&'static str, u32) {
    let level = st.level();
    level
        .hounds
        .iter()
        .zip(&st.hounds)
        .zip(HOUNDS)
        .find(|((v, h), _)| **h == Hound::Track && **v > points)
        .map_or(("goal", level.goal), |((v, _), name)| (name, *v))
}

/// What each open cemetery costs the team, by level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Drain {
    /// Levels 2–4: one more ghost on one open cemetery in each turn that brings ghosts from
    /// the supply, however many are open (COOP-2a-4).
    Ghost,
    /// Levels 5–6: a tile of the active pile goes face down at the end of each turn while
    /// one is open (COOP-3c).
    Tile,
}

/// What an open cemetery costs at this game's level (none at level 1, which has none).
pub fn drain(game: &Game) -> Option<Drain> {
    let level = game.coop().level.as_ref()?;
    if level.face_down {
        Some(Drain::Tile)
    } else {
        (level.cemetery_ghost == CemeteryGhost::OneOpen).then_some(Drain::Ghost)
    }
}

/// One reason a plan is worth playing, as the page's text table keys it (`why`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Reason {
    /// The team reaches the goal and wins (COOP-END-1).
    Wins,
    /// Cemeteries close (COOP-DEF-3); `open` stay open, each costing what `drain` says.
    ClosesCemetery {
        /// How many this plan closes.
        closed: usize,
        /// How many are still open after it.
        open: usize,
        /// What an open one costs.
        drain: Drain,
    },
    /// Ghosts go back to the supply: a removal, a burial, a finished bank (COOP-1b,
    /// COOP-1c-1, COOP-3a-2, COOP-3b-1).
    GhostsBack {
        /// How many go back, less those the plan places.
        n: u8,
        /// The supply after the plan (running out loses, COOP-2a-2).
        supply: u8,
    },
    /// The team's points rise (COOP-3a-1; level 6: all markers together).
    Scores {
        /// Points gained.
        points: u32,
    },
    /// A hound is reached and the next pile opens (COOP-3b-1).
    ReachesHound {
        /// `Rufus` or `Ronja`.
        hound: &'static str,
        /// The pile now active (1-based).
        pile: u8,
    },
    /// A meeple goes on a road, city or castle that is not yet complete.
    Claims {
        /// `road`, `city` or `castle`.
        feature: &'static str,
        /// What it would score now (COOP-3a).
        value: i32,
    },
    /// Level 6, where each colour must pass every mark on its own marker (COOP-DEC-13): a
    /// colour still short of its next mark goes on an open road, city or castle, by a
    /// meeple placed there or (`too`) by joining its feature to one that other colours
    /// hold, so that it scores the whole of it with them (COOP-3a-1).
    Lifts {
        /// The colour's name (`green`).
        colour: &'static str,
        /// Points it still needs to reach the mark.
        away: u32,
        /// `Rufus`, `Ronja` or `goal`.
        mark: &'static str,
        /// `road`, `city` or `castle`.
        feature: &'static str,
        /// It shares the feature with other colours.
        too: bool,
    },
    /// One team marker (levels 1–5): colours that held apart features now share one, so
    /// that it scores its whole value for each of them (COOP-3a-1).
    Shares {
        /// One of the colours the plan brought together (`blue`).
        colour: &'static str,
        /// Another, which it had shared no feature with (`red`).
        other: &'static str,
        /// `road`, `city` or `castle`.
        feature: &'static str,
        /// What it would score now, for each colour (COOP-3a).
        value: i32,
    },
    /// One team marker (levels 1–5): a meeple goes on a road or city that reaches an open
    /// square another colour's road or city also reaches, so that one tile there can
    /// join them and both colours score the whole (COOP-3a-1).
    Beside {
        /// The meeple's colour.
        colour: &'static str,
        /// The other feature's colour.
        other: &'static str,
        /// `road` or `city`.
        feature: &'static str,
    },
    /// No meeple placed: the free ones are kept for features that pay.
    KeepsMeeples {
        /// The free meeples of the player's colours.
        left: u32,
    },
    /// Where the team stands after the plan.
    Pace(Pace),
}

/// Why a plan for the rest of the current turn is worth playing: what it does (a win, a
/// closed cemetery, a hound reached, points, ghosts back, a meeple placed or kept), then
/// the pace it leaves. Empty outside the cooperative game, or if an action is refused
/// (the plan was made for another position).
pub fn reasons(game: &Game, plan: &[Action]) -> Vec<Reason> {
    if !game.is_coop() {
        return Vec::new();
    }
    let mut after = game.clone();
    let mut events = Vec::new();
    for action in plan {
        match after.apply(action) {
            Ok(ev) => events.extend(ev),
            Err(_) => return Vec::new(),
        }
    }
    let (st0, st1) = (game.coop(), after.coop());
    let mut out = Vec::new();
    if events.iter().any(|e| matches!(e, Event::TeamWon { .. })) {
        out.push(Reason::Wins);
    }
    let closed = st1.closed.len() - st0.closed.len();
    if let (true, Some(drain)) = (closed > 0, drain(&after)) {
        out.push(Reason::ClosesCemetery { closed, open: after.coop_open_cemeteries().len(), drain });
    }
    for e in &events {
        if let Event::HoundReached { hound } = e {
            out.push(Reason::ReachesHound { hound: HOUNDS[*hound as usize], pile: st1.active as u8 + 1 });
        }
    }
    let points = st1.markers.iter().sum::<u32>() - st0.markers.iter().sum::<u32>();
    if points > 0 {
        out.push(Reason::Scores { points });
    }
    let count = |e: &Event| match e {
        Event::GhostsReleased { count, .. } | Event::GhostsRemoved { count, .. } => *count as i32,
        Event::GhostsPlaced { count, .. } => -(*count as i32),
        _ => 0,
    };
    let back: i32 = events.iter().map(count).sum();
    if back > 0 {
        out.push(Reason::GhostsBack { n: back as u8, supply: after.coop_supply() });
    }
    let lifts = st1.level.as_ref().is_some_and(|l| l.markers == Markers::Colour);
    if lifts {
        out.extend(joins(game, &after));
    } else {
        out.extend(shares(game, &after));
    }
    for e in &events {
        match e {
            Event::MeeplePlaced { x, y, spot, colour, .. } => {
                // The meeple, if it is still there (a feature the tile completed has been
                // scored already and says so in its own reason).
                let Some(fig) = placed(&after, *x, *y, spot) else { continue };
                let claimed = claim(&after, fig);
                if let (true, Some(Reason::Claims { feature, .. })) = (lifts, &claimed) {
                    out.extend(lift(&after, *colour, feature, false));
                }
                if !lifts {
                    out.extend(beside(&after, fig));
                }
                out.extend(claimed);
            }
            Event::Passed { player } => {
                let left = crate::engine::coop::colours_of(after.setup().players.len(), *player)
                    .map(|c| after.players()[c as usize].in_supply(crate::engine::FigureKind::Meeple) as u32)
                    .sum();
                if left > 0 {
                    out.push(Reason::KeepsMeeples { left });
                }
            }
            _ => {}
        }
    }
    out.extend(pace(&after).map(Reason::Pace));
    out
}

/// A [`Reason::Lifts`] for the colour `named` ([`COLOURS`] index) on a `feature`, if it is
/// still short of its next mark.
fn lift(game: &Game, named: u8, feature: &'static str, too: bool) -> Option<Reason> {
    let st = game.coop();
    let points = *st.markers.get(st.palette.iter().position(|&c| c == named)?)?;
    let (mark, value) = next_mark(st, points);
    let colour = COLOURS.get(named as usize)?;
    (value > points).then_some(Reason::Lifts { colour, away: value - points, mark, feature, too })
}

/// Per colour in play, the colours it shares an open road, city or castle with, a bit each.
fn partners(game: &Game) -> [u8; 8] {
    let (figures, f) = (game.figures(), game.features());
    let mut out = [0u8; 8];
    for a in figures {
        for b in figures {
            let root = f.root(a.node);
            if a.owner != b.owner && root == f.root(b.node) && feature_name(f.node(root).kind).is_some() {
                out[a.owner as usize & 7] |= 1 << (b.owner & 7);
            }
        }
    }
    out
}

/// Each meeting a plan makes, told to `found`: per colour, its first figure on a road,
/// city or castle where it meets a colour it shared no feature with before, with that
/// colour, the feature's name and its root.
fn meetings(before: &Game, after: &Game, found: &mut dyn FnMut(u8, u8, &'static str, NodeIdx)) {
    let (figures, f) = (after.figures(), after.features());
    let (new, old) = (partners(after), partners(before));
    let mut seen = 0u8;
    for a in figures {
        let fresh = new[a.owner as usize & 7] & !old[a.owner as usize & 7];
        let root = f.root(a.node);
        for b in figures {
            if seen & (1 << (a.owner & 7)) == 0 && fresh & (1 << (b.owner & 7)) != 0 && f.root(b.node) == root {
                seen |= 1 << (a.owner & 7);
                if let Some(name) = feature_name(f.node(root).kind) {
                    found(a.owner, b.owner, name, root);
                }
            }
        }
    }
}

/// Level 6: the colours that a plan puts beside colours they shared no feature with
/// before: a [`Reason::Lifts`] with `too` for each such colour still short of its next mark.
fn joins(before: &Game, after: &Game) -> Vec<Reason> {
    let mut out = Vec::new();
    meetings(before, after, &mut |a, _, feature, _| out.extend(lift(after, after.palette_colour(a), feature, true)));
    out
}

/// One team marker: for each feature where the plan puts colours together that shared no
/// feature before, a [`Reason::Shares`] naming one such pair.
fn shares(before: &Game, after: &Game) -> Vec<Reason> {
    let mut out = Vec::new();
    // Each meeting is found from both sides: told once, from the lower colour's.
    meetings(before, after, &mut |a, b, feature, root| {
        if let (true, Some(colour), Some(other)) = (a < b, colour_name(after, a), colour_name(after, b)) {
            out.push(Reason::Shares { colour, other, feature, value: after.coop_value(root) });
        }
    });
    out
}

/// One team marker: a [`Reason::Beside`] if the meeple `fig` just placed stands on a
/// road or city that reaches an open square another colour's road or city of the same
/// kind reaches too (the joins the teammates plan for, `eval::team_value`).
fn beside(game: &Game, fig: usize) -> Option<Reason> {
    let (figures, f) = (game.figures(), game.features());
    let (me, root) = (figures[fig].owner, f.root(figures[fig].node));
    let kind = f.node(root).kind;
    let feature = feature_name(kind).filter(|_| kind != FeatureKind::Castle)?;
    let mine = game.edge_squares(root).0;
    let other = figures.iter().find(|b| {
        let r = f.root(b.node);
        b.owner != me && r != root && f.node(r).kind == kind && game.edge_squares(r).0.iter().any(|s| mine.contains(s))
    })?;
    Some(Reason::Beside { colour: colour_name(game, me)?, other: colour_name(game, other.owner)?, feature })
}

/// The name of a colour in play (an index into `players`): `red`.
fn colour_name(game: &Game, owner: u8) -> Option<&'static str> {
    COLOURS.get(game.palette_colour(owner) as usize).copied()
}

/// The figure a meeple just placed at `(x, y)`, `spot` is, if it is still there.
fn placed(game: &Game, x: i32, y: i32, spot: &str) -> Option<usize> {
    (0..game.figures().len()).find(|&i| {
        let (p, s) = game.figure_spot(i);
        p.x == x && p.y == y && s.to_string() == spot
    })
}

/// A feature's name in the hint's words, for the kinds a meeple scores in the cooperative
/// game.
fn feature_name(kind: FeatureKind) -> Option<&'static str> {
    match kind {
        FeatureKind::Road => Some("road"),
        FeatureKind::City => Some("city"),
        FeatureKind::Castle => Some("castle"),
        _ => None,
    }
}

/// The road, city or castle the meeple `fig` just placed stands on.
fn claim(game: &Game, fig: usize) -> Option<Reason> {
    let root = game.features().root(game.figures()[fig].node);
    let feature = feature_name(game.features().node(root).kind)?;
    Some(Reason::Claims { feature, value: game.coop_value(root) })
}
