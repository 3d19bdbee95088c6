//! The level table of the cooperative game (COOP.md §2.1) as data: `data/coop-levels.toml`
//! is compiled in, and a corrected file replaces it at run time ([`LevelTable::parse`],
//! `carc --levels FILE`). A broken file is refused naming the level and the field.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// The level file compiled into the game, as TOML: the source of [`BUILTIN_JSON`], which
/// the game reads.
pub const BUILTIN: &str = include_str!("../../../data/coop-levels.toml");

/// The level file compiled into the game, as JSON (`build.rs`): no TOML parser needed.
pub const BUILTIN_JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/coop-levels.json"));

/// A level file as read: its `[[level]]` entries.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    level: Vec<Level>,
}

/// How many score markers the team moves (COOP-SETUP-6, COOP-3d).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Markers {
    /// One neutral marker for the team (levels 1–5).
    Team,
    /// One marker per colour in play (level 6).
    Colour,
}

/// When a cemetery counts as closed (COOP-DEF-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Closes {
    /// All 4 orthogonal neighbours occupied (levels 2–4).
    Sides,
    /// All 8 surrounding squares occupied (levels 5–6).
    Around,
}

/// Which extra cemetery ghosts a level places (COOP-2a-4, COOP-2a-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CemeteryGhost {
    /// None (level 1, no cemeteries).
    None,
    /// 1 ghost on one open cemetery when ghosts entered the mist from the supply (2–4).
    OneOpen,
    /// A new cemetery puts 1 ghost on every misty neighbour (5–6).
    Neighbours,
}

/// When a hound's ghost removal happens (COOP-3b-1, COOP-3b-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HoundRemoval {
    /// As the hound is placed (level 3).
    AtOnce,
    /// Once the hound's square is surrounded (levels 4–6, COOP-DEC-12).
    WhenSurrounded,
}

/// Every number and switch of one level.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// 1 to 6.
    pub level: u8,
    /// Haunted castles are in the deck.
    pub castles: bool,
    /// Cemeteries are in the deck.
    pub cemeteries: bool,
    /// 1 stack or 3 piles.
    pub piles: u8,
    /// Ghosts in play, the 3 on the start tile included.
    pub ghosts: u8,
    /// The hounds' track values, Rufus first.
    pub hounds: Vec<u32>,
    /// The score that wins.
    pub goal: u32,
    /// One team marker or one per colour.
    pub markers: Markers,
    /// When a cemetery closes.
    pub cemetery_closes: Closes,
    /// Which extra cemetery ghosts are placed.
    pub cemetery_ghost: CemeteryGhost,
    /// When a hound removes ghosts.
    pub hound_removal: HoundRemoval,
    /// A face-down tile each turn while a cemetery is open.
    pub face_down: bool,
}

/// All six levels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelTable {
    levels: Vec<Level>,
}

/// What is wrong in a level file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError {
    /// The level (none: the file as a whole).
    pub level: Option<u8>,
    /// The field.
    pub field: Option<&'static str>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level file")?;
        if let Some(l) = self.level {
            write!(f, ": level {l}")?;
        }
        if let Some(field) = self.field {
            write!(f, ": field \"{field}\"")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for LevelError {}

const FIELDS: [&str; 12] = [
    "level",
    "castles",
    "cemeteries",
    "piles",
    "ghosts",
    "hounds",
    "goal",
    "markers",
    "cemetery_closes",
    "cemetery_ghost",
    "hound_removal",
    "face_down",
];

impl LevelTable {
    /// The table compiled into the game.
    pub fn builtin() -> &'static LevelTable {
        static TABLE: OnceLock<LevelTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            let file: File = serde_json::from_str(BUILTIN_JSON).expect("build.rs writes valid level JSON");
            LevelTable::from_file(file).expect("the built-in level file is valid")
        })
    }

    /// Read a level file (TOML): exactly one entry for each level 1 to 6, every field
    /// present and in range. The file is read straight into the level records (no TOML
    /// document in between: that keeps the WebAssembly small); a TOML error is traced back
    /// to its level and field from where in the text it lies.
    pub fn parse(text: &str) -> Result<LevelTable, LevelError> {
        let file: File = toml::from_str(text).map_err(|e| diagnose(text, &e))?;
        LevelTable::from_file(file)
    }

    /// The table of a file as read: every level checked, each once, all six there.
    fn from_file(file: File) -> Result<LevelTable, LevelError> {
        let mut levels: Vec<Level> = Vec::new();
        for level in file.level {
            let at = (1..=6).contains(&level.level).then_some(level.level);
            level.check().map_err(|(field, m)| LevelError { level: at, field: Some(field), message: m })?;
            if levels.iter().any(|l| l.level == level.level) {
                return Err(LevelError { level: at, field: Some("level"), message: "appears twice".into() });
            }
            levels.push(level);
        }
        for n in 1..=6 {
            if !levels.iter().any(|l| l.level == n) {
                return Err(LevelError { level: Some(n), field: None, message: "missing from the file".into() });
            }
        }
        crate::engine::sort::sort_by_key(&mut levels, |l| l.level);
        Ok(LevelTable { levels })
    }

    /// One level (1 to 6).
    pub fn level(&self, n: u8) -> Option<&Level> {
        self.levels.iter().find(|l| l.level == n)
    }

    /// Every level, 1 to 6.
    pub fn levels(&self) -> &[Level] {
        &self.levels
    }
}

/// A TOML error of a level file as a [`LevelError`]: the level is the `level = N` of the
/// `[[level]]` entry the error lies in, the field the one the message names or the key of
/// the line it points at.
fn diagnose(text: &str, e: &toml::de::Error) -> LevelError {
    let message = e.message().trim().to_string();
    let start = e.span().map_or(text.len(), |s| s.start.min(text.len()));
    let before = &text[..start];
    // The entry the error lies in: from its `[[level]]` header on (a missing field points
    // at the header itself).
    let entry_start = text[..(start + 9).min(text.len())].rfind("[[level]]");
    let entry = entry_start.map(|at| {
        let rest = &text[at..];
        let end = rest[9..].find("[[level]]").map_or(rest.len(), |e| e + 9);
        &rest[..end]
    });
    let level = entry.and_then(|e| {
        e.lines().find_map(|l| {
            let (k, v) = l.split_once('=')?;
            (k.trim() == "level").then(|| v.split('#').next()?.trim().parse::<u8>().ok()).flatten()
        })
    });
    let named = FIELDS.iter().copied().find(|f| message.contains(&format!("`{f}`")));
    let line_key = before.rsplit('\n').next().and_then(|line| {
        let key = line.split('=').next()?.trim();
        FIELDS.iter().copied().find(|f| *f == key)
    });
    let field = named.or(line_key);
    if entry_start.is_none() && field.is_none() {
        return LevelError {
            level: None,
            field: None,
            message: format!("not valid TOML, or not a level file: {message}"),
        };
    }
    LevelError { level: level.filter(|n| (1..=6).contains(n)), field, message }
}

impl Level {
    /// Whether the numbers lie in their ranges; else the field and what is wrong.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        check(self)
    }
}

/// The ranges a level's numbers must lie in.
fn check(l: &Level) -> Result<(), (&'static str, String)> {
    if !(1..=6).contains(&l.level) {
        return Err(("level", format!("must be 1 to 6, not {}", l.level)));
    }
    if !matches!(l.piles, 1 | 3) {
        return Err(("piles", format!("must be 1 or 3, not {}", l.piles)));
    }
    if !(4..=30).contains(&l.ghosts) {
        return Err(("ghosts", format!("must be 4 to 30 (3 of them start on the start tile), not {}", l.ghosts)));
    }
    if !(1..=10_000).contains(&l.goal) {
        return Err(("goal", format!("must be 1 to 10000, not {}", l.goal)));
    }
    if l.hounds.len() != l.piles as usize - 1 {
        return Err((
            "hounds",
            format!("{} piles need {} hounds (each opens the next pile), not {}", l.piles, l.piles - 1, l.hounds.len()),
        ));
    }
    if l.hounds.windows(2).any(|w| w[0] >= w[1]) || l.hounds.iter().any(|h| *h == 0 || *h >= l.goal) {
        return Err(("hounds", format!("must rise and lie between 1 and the goal {}: {:?}", l.goal, l.hounds)));
    }
    if l.cemeteries != (l.cemetery_ghost != CemeteryGhost::None) && l.cemeteries {
        return Err(("cemetery_ghost", "a level with cemeteries places their ghosts (one-open or neighbours)".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game reads its level table from the JSON build.rs writes; it is the TOML file's.
    #[test]
    fn the_built_in_json_is_the_toml_table() {
        assert_eq!(LevelTable::parse(BUILTIN).unwrap().levels(), LevelTable::builtin().levels());
    }

    #[test]
    fn the_built_in_table_is_cooped_md_section_2_1() {
        let t = LevelTable::builtin();
        let row = |n: u8| t.level(n).unwrap();
        assert_eq!((row(1).ghosts, row(1).goal, row(1).piles, row(1).castles), (15, 50, 1, false));
        assert_eq!((row(3).hounds.as_slice(), row(3).hound_removal), (&[15, 50][..], HoundRemoval::AtOnce));
        assert_eq!(row(4).hound_removal, HoundRemoval::WhenSurrounded);
        assert_eq!((row(5).ghosts, row(5).cemetery_closes, row(5).face_down), (13, Closes::Around, true));
        assert_eq!(
            (row(6).ghosts, row(6).goal, row(6).markers, row(6).hounds.as_slice()),
            (12, 50, Markers::Colour, &[8, 25][..])
        );
    }
}
