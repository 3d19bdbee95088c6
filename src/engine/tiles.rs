//! Tile definitions and the tile catalogue (`tiles/*.toml`, format in `tiles/FORMAT.md`).
//!
//! The catalogue is embedded in the binary, and a player may replace any set's file with
//! a corrected one at run time ([`TileSet::with_files`]); the mist sets are reconstructions.
//!
//! A tile's features are its road, city, river and field segments, its mist regions with
//! their spell circles, and one building (MODEL-3, MODEL-5). Field areas own half-edge
//! ports only, so roads, cities, rivers and mist bound fields (BASE-FIELD-1,
//! GHOST-FIELD-2); a field touches only the cities it borders directly, never through
//! mist (GHOST-FIELD-5, DEC-14). Mist is not terrain: a misty edge keeps its letter and
//! matches like a clear one (GHOST-MIST-1).

use super::geometry::{mask_ports, rotate_mask, Port, Rotation, Side};
use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Index of a tile definition in a [`TileSet`].
pub type TileIdx = u16;

// Limits on tile files (loaded at run time, so outside input): far beyond any printed
// tile, and small enough that no count of the board can overflow.

/// Most copies of one tile kind.
pub const MAX_COPIES: u32 = 100;
/// Most tile kinds in a whole catalogue.
pub const MAX_KINDS: usize = 4096;
/// Most coats of arms on one city segment, spell circles or ghost symbols in one mist region.
pub const MAX_MARKS: u8 = 4;

/// Terrain of a whole edge, as in the catalogue's `edges` string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// `F`: field (possibly misty).
    Field = 1,
    /// `R`: road in the middle.
    Road = 2,
    /// `C`: city along the whole edge.
    City = 3,
    /// `I`: river (River module).
    River = 4,
}

impl Terrain {
    fn from_letter(c: char) -> Option<Terrain> {
        match c {
            'F' => Some(Terrain::Field),
            'R' => Some(Terrain::Road),
            'C' => Some(Terrain::City),
            'I' => Some(Terrain::River),
            _ => None,
        }
    }
}

/// What a feature (a connected set of segments, or a building) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FeatureKind {
    /// Road segments joined end to end.
    Road,
    /// City segments joined along city edges.
    City,
    /// Field areas joined across field ports.
    Field,
    /// River segments (River module).
    River,
    /// Mist regions joined across misty–misty contacts: a mist bank.
    Mist,
    /// A monastery.
    Monastery,
    /// A shrine (Heretics & Shrines).
    Shrine,
    /// A haunted castle (Ghosts, Castles & Cemeteries), placed like any tile (GHOST-CASTLE-1).
    Castle,
    /// A cemetery (Ghosts, Castles & Cemeteries), placed like any tile (GHOST-CEM-1).
    Cemetery,
    /// A garden (Abbot module).
    Garden,
}

impl FeatureKind {
    /// Whether this is a single-square building completed by its 8 neighbours.
    pub const fn is_building(self) -> bool {
        matches!(
            self,
            FeatureKind::Monastery
                | FeatureKind::Shrine
                | FeatureKind::Castle
                | FeatureKind::Cemetery
                | FeatureKind::Garden
        )
    }

    /// Lower-case name, as in records and events.
    pub const fn name(self) -> &'static str {
        match self {
            FeatureKind::Road => "road",
            FeatureKind::City => "city",
            FeatureKind::Field => "field",
            FeatureKind::River => "river",
            FeatureKind::Mist => "mist",
            FeatureKind::Monastery => "monastery",
            FeatureKind::Shrine => "shrine",
            FeatureKind::Castle => "castle",
            FeatureKind::Cemetery => "cemetery",
            FeatureKind::Garden => "garden",
        }
    }
}

/// The symbol on a watchtower (TOWER-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tower {
    /// 2 per meeple in the 3×3.
    Meeple,
    /// 2 per coat of arms (pennant) in the 3×3.
    Arms,
    /// 1 per square with a road.
    Road,
    /// 3 per monastery or shrine.
    Monastery,
    /// 1 per square with a city.
    City,
}

/// Which square of the Ghosts 2×2 start tile a definition is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum StartSquare {
    /// North-west square.
    Nw,
    /// North-east square.
    Ne,
    /// South-west square.
    Sw,
    /// South-east square.
    Se,
}

impl StartSquare {
    /// Offset of this square from the north-west square (x east, y south).
    pub const fn offset(self) -> (i32, i32) {
        match self {
            StartSquare::Nw => (0, 0),
            StartSquare::Ne => (1, 0),
            StartSquare::Sw => (0, 1),
            StartSquare::Se => (1, 1),
        }
    }

    /// The corner of this square where the start tile's ruin lies (GHOST-START-4), in the
    /// square's own units (0 or 1 each way): the start tile's centre.
    pub const fn ruin_corner(self) -> (i32, i32) {
        let (x, y) = self.offset();
        (1 - x, 1 - y)
    }
}

/// A road, city, river or field segment printed on a tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Road, City, River or Field.
    pub kind: FeatureKind,
    /// The printed ports the segment owns (12-bit mask).
    pub ports: u16,
    /// Coats of arms (cities only).
    pub pennants: u8,
    /// For fields: local indices of the city segments the field touches.
    pub cities: Vec<u8>,
}

impl Segment {
    /// The first printed port the segment owns: how records name it.
    pub fn anchor(&self) -> Port {
        Port::new(self.ports.trailing_zeros() as u8)
    }

    /// Number of edges (roads: middle ports; cities: whole edges) the segment leaves by.
    pub fn edge_count(&self) -> u16 {
        Side::ALL.iter().filter(|s| self.ports & Port::middle(**s).bit() != 0).count() as u16
    }
}

/// A mist region: fog over fields and roads (Ghosts, Castles & Cemeteries).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MistRegion {
    /// Printed ports touched by the region (may include a road's middle port).
    pub ports: u16,
    /// Spell circles in the region.
    pub circles: u8,
    /// Ghost symbols: no function in the competitive game (GHOST-MIST-2); the cooperative
    /// game places ghosts on them.
    pub ghost_symbols: u8,
}

/// Marker in port tables for "no segment here".
pub const NO_SEG: u8 = u8::MAX;

/// One kind of tile, as printed, with its derived lookup tables.
#[derive(Clone, Debug)]
pub struct TileDef {
    /// Catalogue id, e.g. `base.D` (shared, so events can name tiles without copying).
    pub id: Arc<str>,
    /// Set name (the file stem), e.g. `base`.
    pub set: String,
    /// Copies in the set.
    pub count: u32,
    /// Terrain of the printed N, E, S, W edges.
    pub edges: [Terrain; 4],
    /// Roads, cities, rivers and fields.
    pub segments: Vec<Segment>,
    /// Mist regions.
    pub mist: Vec<MistRegion>,
    /// The building in the middle, if any (garden included).
    pub building: Option<FeatureKind>,
    /// The watchtower symbol, if any.
    pub tower: Option<Tower>,
    /// Which start-tile square this is (Ghosts 2×2 start tile).
    pub start: Option<StartSquare>,
    /// One copy is the base game's start tile.
    pub start_tile: bool,
    /// Only in some printings; left out unless asked for.
    pub optional: bool,
    /// The layout is a reconstruction, not the published tile.
    pub reconstructed: bool,
    /// Free text from the catalogue.
    pub note: String,
    owner: [u8; 12],
    mist_at: [u8; 12],
    signatures: [u16; 4],
    distinct: [bool; 4],
    /// The rotations with a distinct look, first `looks` of them.
    rotations: [Rotation; 4],
    looks: u8,
    /// The four signatures in 16-bit lanes (rotation r in lane r), for [`TileDef::fitting`].
    lanes: u64,
    /// [`TileDef::fitting`] for every constraint an open square can have, by its
    /// [`constraint_code`] (the listing's lookup), with how many rotations those are in
    /// the high 4 bits.
    fit_by_code: Box<[u8; CONSTRAINTS]>,
    /// Bit r set when rotation r looks distinct.
    distinct_mask: u8,
    /// For each rotation, the smallest rotation that looks the same.
    same_as: [Rotation; 4],
}

impl TileDef {
    /// The segment owning a printed port (`NO_SEG` where mist owns it).
    pub fn owner(&self, printed: Port) -> u8 {
        self.owner[printed.index()]
    }

    /// The mist region covering a printed port, or `NO_SEG`.
    pub fn mist_at(&self, printed: Port) -> u8 {
        self.mist_at[printed.index()]
    }

    /// Edge terrain packed 4 bits per board side (N lowest) for a rotation.
    pub fn signature(&self, rot: Rotation) -> u16 {
        self.signatures[rot.quarters() as usize]
    }

    /// Whether `rot` looks different from every smaller rotation (symmetric tiles
    /// repeat themselves; legal-move lists show each look once).
    pub fn is_distinct_rotation(&self, rot: Rotation) -> bool {
        self.distinct[rot.quarters() as usize]
    }

    /// The distinct-looking rotations (bit r for rotation r) whose edges fit a required
    /// terrain `required` on the sides in `mask` (4 bits per side, as [`TileDef::signature`]).
    /// All four rotations are tested at once, without branches.
    pub fn fitting(&self, required: u16, mask: u16) -> u8 {
        const SPREAD: u64 = 0x0001_0001_0001_0001;
        const LOW: u64 = 0x7fff * SPREAD;
        let x = (self.lanes & (mask as u64 * SPREAD)) ^ (required as u64 * SPREAD);
        // Bit 15 of each lane ends up set exactly when the lane is zero (no carry crosses
        // lanes: (x & 0x7fff) + 0x7fff < 0x10000).
        let zero = !(((x & LOW) + LOW) | x) & !LOW;
        // Gather the four flags (bits 0, 16, 32, 48 after the shift) into bits 48..=51; the
        // other products land on distinct bits below 48 or beyond 63, so nothing carries.
        const GATHER: u64 = (1 << 48) | (1 << 33) | (1 << 18) | (1 << 3);
        let bits = ((zero >> 15) & SPREAD).wrapping_mul(GATHER) >> 48;
        bits as u8 & self.distinct_mask
    }

    /// [`TileDef::fitting`] for an open square's [`constraint_code`], looked up.
    pub fn fitting_code(&self, code: u16) -> u8 {
        self.fit_by_code[code as usize] & 0xf
    }

    /// How many rotations [`TileDef::fitting_code`] gives.
    pub fn fitting_count(&self, code: u16) -> u32 {
        (self.fit_by_code[code as usize] >> 4) as u32
    }

    /// The smallest rotation that looks exactly like `rot`: the one legal-move lists name.
    pub fn canonical_rotation(&self, rot: Rotation) -> Rotation {
        self.same_as[rot.quarters() as usize]
    }

    /// The rotations that each look different, smallest first.
    pub fn distinct_rotations(&self) -> &[Rotation] {
        &self.rotations[..self.looks as usize]
    }

    /// Terrain on a board side under a rotation.
    pub fn terrain(&self, rot: Rotation, side: Side) -> Terrain {
        self.edges[rot.unapply_side(side) as usize]
    }

    /// Number of board-graph nodes the tile contributes: segments, mist regions, building.
    pub fn node_count(&self) -> usize {
        self.segments.len() + self.mist.len() + self.building.is_some() as usize
    }

    /// Local node index of the building, if any.
    pub fn building_node(&self) -> Option<u8> {
        self.building.map(|_| (self.segments.len() + self.mist.len()) as u8)
    }

    /// The local node a figure's spot names on this tile, as printed: the segment owning
    /// the port, or the building; `None` where the tile has none. The one place that reads
    /// a [`Spot`](super::Spot) as a node.
    pub fn spot_local(&self, spot: super::Spot) -> Option<u8> {
        let local = match spot {
            super::Spot::Port(p) => self.owner(p),
            super::Spot::Building => self.building_node()?,
        };
        (local != NO_SEG).then_some(local)
    }

    /// Local node index of mist region `m`.
    pub fn mist_node(&self, m: u8) -> u8 {
        self.segments.len() as u8 + m
    }

    /// Whether any mist is printed on the tile.
    pub fn has_mist(&self) -> bool {
        !self.mist.is_empty()
    }

    /// Spell circles printed on the tile.
    pub fn circles(&self) -> u8 {
        self.mist.iter().map(|m| m.circles).sum()
    }
}

/// A whole tile catalogue: every tile kind of every set.
#[derive(Debug)]
pub struct TileSet {
    tiles: Vec<TileDef>,
    by_id: HashMap<String, TileIdx>,
    /// Each file's tiles are contiguous: (set name, first index, end index).
    by_set: Vec<(String, usize, usize)>,
}

/// An error in a tile catalogue file, naming the file and tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CatalogueError {
    /// File (set) the error is in.
    pub file: String,
    /// Tile id, if the error is about one tile.
    pub tile: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CatalogueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.tile {
            Some(t) => write!(f, "tile file {}: tile {}: {}", self.file, t, self.message),
            None => write!(f, "tile file {}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for CatalogueError {}

/// The catalogue files compiled into the game, as (set name, TOML text): the source of
/// [`BUILTIN_JSON`], kept for tools and tests (the game itself reads the JSON, so its
/// WebAssembly build links no TOML parser).
pub const BUILTIN_FILES: [(&str, &str); 6] = [
    ("base", include_str!("../../tiles/base.toml")),
    ("river", include_str!("../../tiles/river.toml")),
    ("ghosts", include_str!("../../tiles/ghosts.toml")),
    ("spellcircles", include_str!("../../tiles/spellcircles.toml")),
    ("watchtowers", include_str!("../../tiles/watchtowers.toml")),
    ("shrines", include_str!("../../tiles/shrines.toml")),
];

/// The catalogue compiled into the game, as (set name, JSON text): `build.rs` writes each
/// of `tiles/*.toml` as JSON, so the game needs no TOML parser to read its own tiles.
pub const BUILTIN_JSON: [(&str, &str); 6] = [
    ("base", include_str!(concat!(env!("OUT_DIR"), "/base.json"))),
    ("river", include_str!(concat!(env!("OUT_DIR"), "/river.json"))),
    ("ghosts", include_str!(concat!(env!("OUT_DIR"), "/ghosts.json"))),
    ("spellcircles", include_str!(concat!(env!("OUT_DIR"), "/spellcircles.json"))),
    ("watchtowers", include_str!(concat!(env!("OUT_DIR"), "/watchtowers.json"))),
    ("shrines", include_str!(concat!(env!("OUT_DIR"), "/shrines.json"))),
];

impl TileSet {
    /// The catalogue compiled into the game.
    pub fn builtin() -> Arc<TileSet> {
        static BUILTIN: OnceLock<Arc<TileSet>> = OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                let files = BUILTIN_JSON.map(|(set, json)| {
                    let raw: RawFile = serde_json::from_str(json).expect("build.rs writes valid catalogue JSON");
                    (set, build_file(set, raw).expect("the built-in catalogue is valid"))
                });
                Arc::new(TileSet::assemble(files.into()).expect("the built-in catalogue is valid"))
            })
            .clone()
    }

    /// The built-in catalogue with some sets' files replaced (e.g. a corrected mist set).
    /// Each replacement is (set name, TOML text); the set name must be a known set. Only
    /// the replacements are parsed: the other sets' tiles are the built-in ones.
    pub fn with_files(replacements: &[(&str, &str)]) -> Result<TileSet, CatalogueError> {
        for (name, _) in replacements {
            if !BUILTIN_JSON.iter().any(|(n, _)| n == name) {
                return Err(CatalogueError {
                    file: name.to_string(),
                    tile: None,
                    message: format!("unknown set; the sets are {}", BUILTIN_JSON.map(|f| f.0).join(", ")),
                });
            }
        }
        let builtin = TileSet::builtin();
        let mut files = Vec::new();
        for (set, _) in BUILTIN_JSON {
            let defs = match replacements.iter().rev().find(|(n, _)| *n == set) {
                Some((_, text)) => parse_file(set, text)?,
                None => builtin.set_tiles(set).map(|(_, d)| d.clone()).collect(),
            };
            files.push((set, defs));
        }
        TileSet::assemble(files)
    }

    /// Parse a catalogue from (set name, TOML text) pairs.
    pub fn from_files(files: &[(&str, &str)]) -> Result<TileSet, CatalogueError> {
        let parsed =
            files.iter().map(|(set, text)| Ok((*set, parse_file(set, text)?))).collect::<Result<Vec<_>, _>>()?;
        TileSet::assemble(parsed)
    }

    /// A catalogue from each set's tiles, checked as a whole: at most [`MAX_KINDS`] kinds,
    /// each start square once, each id once.
    fn assemble(files: Vec<(&str, Vec<TileDef>)>) -> Result<TileSet, CatalogueError> {
        let mut tiles = Vec::new();
        let mut by_id = HashMap::new();
        let mut by_set = Vec::new();
        for (set, defs) in files {
            let first = tiles.len();
            for def in defs {
                let fail =
                    |message: String| CatalogueError { file: set.to_string(), tile: Some(def.id.to_string()), message };
                if tiles.len() >= MAX_KINDS {
                    return Err(fail(format!("a catalogue holds at most {MAX_KINDS} tile kinds")));
                }
                if let Some(sq) = def.start.filter(|sq| tiles.iter().any(|t: &TileDef| t.start == Some(*sq))) {
                    return Err(fail(format!("a second start square {:?}: each of nw, ne, sw, se is one tile", sq)));
                }
                if by_id.insert(def.id.to_string(), tiles.len() as TileIdx).is_some() {
                    return Err(fail("duplicate tile id".into()));
                }
                tiles.push(def);
            }
            by_set.push((set.to_string(), first, tiles.len()));
        }
        Ok(TileSet { tiles, by_id, by_set })
    }

    /// All tile definitions.
    pub fn tiles(&self) -> &[TileDef] {
        &self.tiles
    }

    /// A tile definition by index.
    pub fn get(&self, idx: TileIdx) -> &TileDef {
        &self.tiles[idx as usize]
    }

    /// The index of a tile id, e.g. `base.D`.
    pub fn index_of(&self, id: &str) -> Option<TileIdx> {
        self.by_id.get(id).copied()
    }

    /// The tile kinds of one set.
    pub fn set_tiles<'a>(&'a self, set: &'a str) -> impl Iterator<Item = (TileIdx, &'a TileDef)> + 'a {
        let ranges = self.by_set.iter().filter(move |(name, _, _)| name == set);
        ranges.flat_map(move |&(_, a, b)| (a..b).map(move |i| (i as TileIdx, &self.tiles[i])))
    }
}

// ---------------------------------------------------------------- parsing

/// One set's TOML file, parsed and its tiles built (at most [`MAX_KINDS`] of them).
fn parse_file(set: &str, text: &str) -> Result<Vec<TileDef>, CatalogueError> {
    let raw: RawFile = toml::from_str(text).map_err(|e| CatalogueError {
        file: set.to_string(),
        tile: None,
        message: format!("not valid catalogue TOML: {e}"),
    })?;
    build_file(set, raw)
}

/// One set's tiles built from its parsed file (at most [`MAX_KINDS`] of them).
fn build_file(set: &str, raw: RawFile) -> Result<Vec<TileDef>, CatalogueError> {
    if raw.tile.len() > MAX_KINDS {
        return Err(CatalogueError {
            file: set.to_string(),
            tile: None,
            message: format!("a catalogue holds at most {MAX_KINDS} tile kinds"),
        });
    }
    raw.tile
        .into_iter()
        .map(|rt| {
            let id = rt.id.clone();
            build_tile(set, rt).map_err(|message| CatalogueError { file: set.to_string(), tile: Some(id), message })
        })
        .collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    tile: Vec<RawTile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTile {
    id: String,
    count: u32,
    edges: String,
    #[serde(default)]
    city: Vec<RawCity>,
    #[serde(default)]
    road: Vec<RawEdges>,
    #[serde(default)]
    river: Vec<RawEdges>,
    #[serde(default)]
    field: Vec<RawField>,
    #[serde(default)]
    mist: Vec<RawMist>,
    #[serde(default)]
    monastery: bool,
    #[serde(default)]
    shrine: bool,
    #[serde(default)]
    castle: bool,
    #[serde(default)]
    cemetery: bool,
    #[serde(default)]
    garden: bool,
    watchtower: Option<String>,
    #[serde(default)]
    note: String,
    start: Option<String>,
    #[serde(default)]
    start_tile: bool,
    #[serde(default)]
    optional: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCity {
    edges: String,
    #[serde(default)]
    pennants: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEdges {
    edges: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawField {
    ports: String,
    #[serde(default)]
    cities: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMist {
    #[serde(default)]
    ports: String,
    #[serde(default)]
    circles: u8,
    #[serde(default)]
    ghost_symbols: u8,
}

fn parse_sides(s: &str) -> Result<Vec<Side>, String> {
    let sides: Vec<Side> = s
        .split_whitespace()
        .map(|w| Side::from_letter(w).ok_or_else(|| format!("{w:?} is not an edge (N, E, S, W)")))
        .collect::<Result<_, _>>()?;
    if sides.is_empty() {
        return Err("a segment needs at least one edge".into());
    }
    Ok(sides)
}

fn parse_ports(s: &str) -> Result<u16, String> {
    let mut mask = 0u16;
    for w in s.split_whitespace() {
        let p = Port::from_name(w).ok_or_else(|| format!("{w:?} is not a port"))?;
        if mask & p.bit() != 0 {
            return Err(format!("port {w} listed twice"));
        }
        mask |= p.bit();
    }
    Ok(mask)
}

fn build_tile(set: &str, rt: RawTile) -> Result<TileDef, String> {
    if rt.id.split('.').next() != Some(set) {
        return Err(format!("the id must start with the set name {set:?}"));
    }
    if rt.count == 0 || rt.count > MAX_COPIES {
        return Err(format!("count must be 1 to {MAX_COPIES}, not {}", rt.count));
    }
    let letters: Vec<char> = rt.edges.chars().collect();
    if letters.len() != 4 {
        return Err(format!("edges {:?} must be four letters (N E S W)", rt.edges));
    }
    let mut edges = [Terrain::Field; 4];
    for (i, c) in letters.iter().enumerate() {
        edges[i] = Terrain::from_letter(*c).ok_or_else(|| format!("edge letter {c:?} is not C, R, F or I"))?;
    }

    let mut segments: Vec<Segment> = Vec::new();
    let mut city_edges: Vec<Vec<Side>> = Vec::new();
    for c in &rt.city {
        if c.pennants > MAX_MARKS {
            return Err(format!("a city has at most {MAX_MARKS} coats of arms, not {}", c.pennants));
        }
        let sides = parse_sides(&c.edges)?;
        let ports = sides.iter().fold(0u16, |m, s| m | Port::of_side(*s).iter().fold(0, |a, p| a | p.bit()));
        city_edges.push(sides);
        segments.push(Segment { kind: FeatureKind::City, ports, pennants: c.pennants, cities: vec![] });
    }
    for (kind, list) in [(FeatureKind::Road, &rt.road), (FeatureKind::River, &rt.river)] {
        for r in list {
            let sides = parse_sides(&r.edges)?;
            if sides.len() > 2 {
                return Err(format!("a {} segment has one or two edges", kind.name()));
            }
            let ports = sides.iter().fold(0u16, |m, s| m | Port::middle(*s).bit());
            segments.push(Segment { kind, ports, pennants: 0, cities: vec![] });
        }
    }
    let first_field = segments.len();
    for f in &rt.field {
        let ports = parse_ports(&f.ports)?;
        if ports == 0 {
            return Err("a field needs ports".into());
        }
        if mask_ports(ports).any(|p| p.is_middle()) {
            return Err("field ports are half-edge ports (Nw Ne En Es Se Sw Ws Wn)".into());
        }
        let mut cities = Vec::new();
        for name in &f.cities {
            let side = Side::from_letter(name).ok_or_else(|| format!("city reference {name:?} is not an edge"))?;
            let idx = city_edges
                .iter()
                .position(|es| es.contains(&side))
                .ok_or_else(|| format!("field refers to city {name:?}, but no city has that edge"))?;
            cities.push(idx as u8);
        }
        segments.push(Segment { kind: FeatureKind::Field, ports, pennants: 0, cities });
    }

    let mut mist = Vec::new();
    let mut mist_at = [NO_SEG; 12];
    for (i, m) in rt.mist.iter().enumerate() {
        if m.circles > MAX_MARKS || m.ghost_symbols > MAX_MARKS {
            return Err(format!(
                "a mist region has at most {MAX_MARKS} spell circles and {MAX_MARKS} ghost symbols, not {} and {}",
                m.circles, m.ghost_symbols
            ));
        }
        let ports = parse_ports(&m.ports)?;
        for p in mask_ports(ports) {
            if mist_at[p.index()] != NO_SEG {
                return Err(format!("port {p} is in two mist regions"));
            }
            mist_at[p.index()] = i as u8;
        }
        mist.push(MistRegion { ports, circles: m.circles, ghost_symbols: m.ghost_symbols });
    }

    // Port ownership: every port owned exactly once (mist may mark a road's middle port).
    let mut owner = [NO_SEG; 12];
    let mut owned_by_mist = [false; 12];
    for (i, seg) in segments.iter().enumerate() {
        for p in mask_ports(seg.ports) {
            if owner[p.index()] != NO_SEG {
                return Err(format!("port {p} is owned twice"));
            }
            owner[p.index()] = i as u8;
        }
    }
    for p in Port::all() {
        if mist_at[p.index()] == NO_SEG {
            continue;
        }
        let o = owner[p.index()];
        if o == NO_SEG {
            owned_by_mist[p.index()] = true;
        } else if segments[o as usize].kind != FeatureKind::Road || !p.is_middle() {
            return Err(format!("mist on port {p}, which belongs to a {}", segments[o as usize].kind.name()));
        }
    }
    // The middle port of a field edge belongs to whatever owns both halves.
    for side in Side::ALL {
        let [a, m, b] = Port::of_side(side);
        if owner[m.index()] != NO_SEG || owned_by_mist[m.index()] {
            continue;
        }
        if owner[a.index()] != NO_SEG && owner[a.index()] == owner[b.index()] {
            owner[m.index()] = owner[a.index()];
            let s = owner[m.index()] as usize;
            segments[s].ports |= m.bit();
        } else if owned_by_mist[a.index()] && owned_by_mist[b.index()] && mist_at[a.index()] == mist_at[b.index()] {
            owned_by_mist[m.index()] = true;
            mist_at[m.index()] = mist_at[a.index()];
            mist[mist_at[a.index()] as usize].ports |= m.bit();
        } else {
            return Err(format!("middle port {m} has no owner"));
        }
    }
    for p in Port::all() {
        if owner[p.index()] == NO_SEG && !owned_by_mist[p.index()] {
            return Err(format!("port {p} has no owner"));
        }
    }
    for (i, side) in Side::ALL.iter().enumerate() {
        let m = Port::middle(*side);
        let o = owner[m.index()];
        let want = if o == NO_SEG {
            Terrain::Field
        } else {
            match segments[o as usize].kind {
                FeatureKind::City => Terrain::City,
                FeatureKind::Road => Terrain::Road,
                FeatureKind::River => Terrain::River,
                _ => Terrain::Field,
            }
        };
        if edges[i] != want {
            return Err(format!(
                "edge {} is {:?} in `edges` but its segments make it {:?}",
                side.letter(),
                edges[i],
                want
            ));
        }
    }
    // Field–city adjacency must agree with the ring of ports.
    for seg in &segments[first_field..] {
        let mut touching: Vec<u8> = Vec::new();
        for p in mask_ports(seg.ports) {
            for q in [Port::new(p.index() as u8 + 11), Port::new(p.index() as u8 + 1)] {
                let o = owner[q.index()];
                if o != NO_SEG && segments[o as usize].kind == FeatureKind::City && !touching.contains(&o) {
                    touching.push(o);
                }
            }
        }
        let mut listed = seg.cities.clone();
        super::sort::sort(&mut listed);
        super::sort::sort(&mut touching);
        if listed != touching {
            return Err(format!(
                "field {} lists cities {:?} but touches city segments {:?}",
                mask_ports(seg.ports).map(|p| p.name()).collect::<Vec<_>>().join(" "),
                listed,
                touching
            ));
        }
    }

    let buildings = [
        (rt.monastery, FeatureKind::Monastery),
        (rt.shrine, FeatureKind::Shrine),
        (rt.castle, FeatureKind::Castle),
        (rt.cemetery, FeatureKind::Cemetery),
        (rt.garden, FeatureKind::Garden),
    ];
    let present: Vec<FeatureKind> = buildings.iter().filter(|b| b.0).map(|b| b.1).collect();
    if present.len() + rt.watchtower.is_some() as usize > 1 {
        return Err("at most one building, garden or watchtower per tile".into());
    }
    let tower = match rt.watchtower.as_deref() {
        None => None,
        Some("meeple") => Some(Tower::Meeple),
        Some("arms") => Some(Tower::Arms),
        Some("road") => Some(Tower::Road),
        Some("monastery") => Some(Tower::Monastery),
        Some("city") => Some(Tower::City),
        Some(other) => return Err(format!("unknown watchtower symbol {other:?}")),
    };
    let start = match rt.start.as_deref() {
        None => None,
        Some("nw") => Some(StartSquare::Nw),
        Some("ne") => Some(StartSquare::Ne),
        Some("sw") => Some(StartSquare::Sw),
        Some("se") => Some(StartSquare::Se),
        Some(other) => return Err(format!("start must be nw, ne, sw or se (got {other:?})")),
    };

    let mut def = TileDef {
        reconstructed: rt.note.contains("reconstructed"),
        id: rt.id.into(),
        set: set.to_string(),
        count: rt.count,
        edges,
        segments,
        mist,
        building: present.first().copied(),
        tower,
        start,
        start_tile: rt.start_tile,
        optional: rt.optional,
        note: rt.note,
        owner,
        mist_at,
        signatures: [0; 4],
        distinct: [true; 4],
        rotations: Rotation::ALL,
        looks: 0,
        lanes: 0,
        fit_by_code: Box::new([0; CONSTRAINTS]),
        distinct_mask: 0,
        same_as: Rotation::ALL,
    };
    for rot in Rotation::ALL {
        def.signatures[rot.quarters() as usize] =
            Side::ALL.iter().fold(0u16, |acc, s| acc | (def.terrain(rot, *s) as u16) << (4 * *s as u16));
    }
    let looks: Vec<_> = Rotation::ALL.iter().map(|r| look(&def, *r)).collect();
    for r in 1..4 {
        def.distinct[r] = !looks[..r].contains(&looks[r]);
        let first = looks.iter().position(|l| *l == looks[r]).expect("itself");
        def.same_as[r] = Rotation::ALL[first];
    }
    def.lanes = (0..4).fold(0u64, |l, r| l | (def.signatures[r] as u64) << (16 * r));
    for rot in Rotation::ALL {
        if def.distinct[rot.quarters() as usize] {
            def.rotations[def.looks as usize] = rot;
            def.looks += 1;
            def.distinct_mask |= 1 << rot.quarters();
        }
    }
    // A rotation fits exactly the constraints whose sides each demand nothing or its own
    // edge: 16 codes per rotation (which sides demand), not a test of all 625.
    for rot in Rotation::ALL.into_iter().filter(|r| def.distinct_mask >> r.quarters() & 1 == 1) {
        for sides in 0..16u8 {
            let code: u16 = (0..4u8)
                .filter(|side| sides >> side & 1 == 1)
                .map(|side| constraint_code(side, def.terrain(rot, Side::ALL[side as usize]) as u8))
                .sum();
            // The rotation's bit, and one more in the count (high 4 bits).
            def.fit_by_code[code as usize] += (1 << rot.quarters()) | 1 << 4;
        }
    }
    Ok(def)
}

/// How many constraints an open square can have: each side free or demanding one of the
/// four terrains.
pub const CONSTRAINTS: usize = 625;

/// An open square's constraint as one number below [`CONSTRAINTS`]: the terrain (1 to 4,
/// 0 for none) each side demands, as the digits in base 5 (north first), so that the sides
/// a neighbour adds are summed in.
pub const fn constraint_code(side: u8, terrain: u8) -> u16 {
    terrain as u16 * 5u16.pow(side as u32)
}

/// Everything that makes a rotated tile look the way it does, in a comparable form:
/// (segment kind, rotated ports, pennants) and (rotated mist ports, circles), sorted.
type Look = (Vec<(FeatureKind, u16, u8)>, Vec<(u16, u8)>);

fn look(def: &TileDef, rot: Rotation) -> Look {
    let mut segs: Vec<_> = def.segments.iter().map(|s| (s.kind, rotate_mask(s.ports, rot), s.pennants)).collect();
    super::sort::sort(&mut segs);
    let mut mist: Vec<_> = def.mist.iter().map(|m| (rotate_mask(m.ports, rot), m.circles)).collect();
    super::sort::sort(&mut mist);
    (segs, mist)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The game reads its catalogue from the JSON build.rs writes; it is the TOML files'
    /// catalogue, tile for tile (`Debug` shows every field and derived table).
    #[test]
    fn the_built_in_json_is_the_toml_catalogue() {
        let from_toml = TileSet::from_files(&BUILTIN_FILES).unwrap();
        let builtin = TileSet::builtin();
        assert_eq!(from_toml.tiles().len(), builtin.tiles().len());
        for (a, b) in from_toml.tiles().iter().zip(builtin.tiles()) {
            assert_eq!(format!("{a:?}"), format!("{b:?}"));
        }
        assert_eq!(format!("{:?}", from_toml.by_set), format!("{:?}", builtin.by_set));
    }

    /// `fitting` tests four rotations with bit tricks: it must agree with the plain
    /// per-rotation comparison for every tile and every constraint a board can impose.
    #[test]
    fn fitting_agrees_with_the_plain_comparison_everywhere() {
        let ts = TileSet::builtin();
        for def in ts.tiles() {
            // Each side: no neighbour, or a neighbour demanding one of the four terrains.
            for code in 0..5u32.pow(4) {
                let (mut required, mut mask) = (0u16, 0u16);
                for side in 0..4 {
                    let t = (code / 5u32.pow(side)) % 5;
                    if t > 0 {
                        required |= (t as u16) << (4 * side);
                        mask |= 0xf << (4 * side);
                    }
                }
                let plain = Rotation::ALL
                    .iter()
                    .filter(|r| def.is_distinct_rotation(**r) && def.signature(**r) & mask == required)
                    .fold(0u8, |m, r| m | 1 << r.quarters());
                assert_eq!(def.fitting(required, mask), plain, "{} {required:04x}/{mask:04x}", def.id);
                // The looked-up table, by the constraint's code (the board sums one
                // constraint_code per side; properties.rs checks it keeps the two forms alike).
                let code = (0..4).map(|side| constraint_code(side, (required >> (4 * side)) as u8 & 0xf)).sum::<u16>();
                assert_eq!(def.fitting_code(code), plain, "{} code {code}", def.id);
                assert_eq!(def.fitting_count(code), plain.count_ones(), "{} code {code}", def.id);
            }
            let looks: Vec<_> = Rotation::ALL.into_iter().filter(|r| def.is_distinct_rotation(*r)).collect();
            assert_eq!(def.distinct_rotations(), looks.as_slice());
        }
    }
}
