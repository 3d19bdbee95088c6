//! The game's tile catalogue says exactly what `../shared/tiles` says: identical files,
//! the counts of every set, and a sample of tiles read port by port.

use carcassonne::engine::tiles::{FeatureKind, StartSquare, Tower, NO_SEG};
use carcassonne::engine::{Port, TileSet};
use std::path::Path;

const SETS: [&str; 6] = ["base", "river", "ghosts", "spellcircles", "watchtowers", "shrines"];

#[test]
fn project_copy_is_identical_to_shared_catalogue() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tiles");
    if !shared.is_dir() {
        // A user's clone has no ../shared; CI always has it beside the clone.
        assert!(std::env::var_os("CI").is_none(), "CI must have ../shared/tiles beside the clone");
        eprintln!("note: ../shared/tiles not found; comparison runs in CI");
        return;
    }
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("tiles");
    for name in SETS.iter().map(|s| format!("{s}.toml")).chain(["FORMAT.md".to_string()]) {
        let a = std::fs::read(ours.join(&name)).unwrap();
        let b = std::fs::read(shared.join(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(a == b, "tiles/{name} differs from ../shared/tiles/{name}");
    }
    let mut theirs: Vec<String> = std::fs::read_dir(&shared)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    theirs.sort();
    let mut expected: Vec<String> = SETS.iter().map(|s| format!("{s}.toml")).collect();
    expected.sort();
    assert_eq!(theirs, expected, "a tile file was added to or removed from the shared catalogue");
}

fn copies(set: &str, pred: impl Fn(&carcassonne::engine::TileDef) -> bool) -> u32 {
    TileSet::builtin().set_tiles(set).filter(|(_, t)| pred(t)).map(|(_, t)| t.count).sum()
}

/// BASE-COMP-1 (72 land tiles), BASE-COMP-2 (12 river tiles), TOWER-1 (12), SHRINE-GEN-2
/// and DEC-20 (the 5 Count, King & Robber shrine tiles, the RGG tile optional),
/// GHOST-GEN-3 (60 tiles and the 2×2 start tile), SPELL-GEN-1 (9 circle tiles).
#[test]
fn every_set_has_its_published_counts() {
    assert_eq!(copies("base", |_| true), 72);
    assert_eq!(copies("river", |_| true), 12);
    assert_eq!(copies("watchtowers", |_| true), 12);
    assert_eq!(copies("shrines", |t| !t.optional), 5);
    assert_eq!(copies("shrines", |t| t.optional), 1);
    assert_eq!(copies("ghosts", |t| t.start.is_none()), 60);
    assert_eq!(copies("ghosts", |t| t.start.is_some()), 4);
    assert_eq!(copies("spellcircles", |_| true), 9);
    // RULES.md §12 reference counts for the base game.
    let expected = [
        ("A", 2),
        ("B", 4),
        ("C", 1),
        ("D", 4),
        ("E", 5),
        ("F", 2),
        ("G", 1),
        ("H", 3),
        ("I", 2),
        ("J", 3),
        ("K", 3),
        ("L", 3),
        ("M", 2),
        ("N", 3),
        ("O", 2),
        ("P", 3),
        ("Q", 1),
        ("R", 3),
        ("S", 2),
        ("T", 1),
        ("U", 8),
        ("V", 9),
        ("W", 4),
        ("X", 1),
    ];
    for (letter, n) in expected {
        let got = copies("base", |t| t.id.split('.').nth(1) == Some(letter));
        assert_eq!(got, n, "base.{letter}");
    }
    assert_eq!(copies("base", |t| t.building == Some(FeatureKind::Monastery)), 6);
    assert_eq!(copies("base", |t| t.building == Some(FeatureKind::Garden)), 8);
    assert_eq!(copies("ghosts", |t| t.building == Some(FeatureKind::Castle)), 5);
    assert_eq!(copies("ghosts", |t| t.building == Some(FeatureKind::Cemetery)), 5);
    assert_eq!(copies("watchtowers", |t| t.tower == Some(Tower::Road)), 3);
    let pennants: u32 = TileSet::builtin()
        .set_tiles("base")
        .map(|(_, t)| t.count * t.segments.iter().map(|s| s.pennants as u32).sum::<u32>())
        .sum();
    assert_eq!(pennants, 10);
    let circles: u32 = TileSet::builtin().set_tiles("spellcircles").map(|(_, t)| t.circles() as u32).sum();
    assert_eq!(circles, 12);
}

/// What owns a printed port: (kind, the segment's ports as names).
fn owner(id: &str, port: &str) -> (FeatureKind, String) {
    let ts = TileSet::builtin();
    let t = ts.get(ts.index_of(id).unwrap());
    let o = t.owner(Port::from_name(port).unwrap());
    if o == NO_SEG {
        let m = t.mist_at(Port::from_name(port).unwrap());
        assert_ne!(m, NO_SEG, "{id} {port} has no owner");
        return (FeatureKind::Mist, names(t.mist[m as usize].ports));
    }
    let s = &t.segments[o as usize];
    (s.kind, names(s.ports))
}

fn names(mask: u16) -> String {
    carcassonne::engine::geometry::mask_ports(mask).map(|p| p.name()).collect::<Vec<_>>().join(" ")
}

fn misty(id: &str, port: &str) -> bool {
    let ts = TileSet::builtin();
    ts.get(ts.index_of(id).unwrap()).mist_at(Port::from_name(port).unwrap()) != NO_SEG
}

#[test]
fn sample_tiles_port_by_port() {
    use FeatureKind::*;
    // base.D: city N, road E–W, a field by the city and a field below the road.
    for p in ["Nw", "N", "Ne"] {
        assert_eq!(owner("base.D", p), (City, "Nw N Ne".into()));
    }
    assert_eq!(owner("base.D", "E"), (Road, "E W".into()));
    assert_eq!(owner("base.D", "En"), (Field, "En Wn".into()));
    // The middle port of the field edge S belongs to the field owning its halves.
    assert_eq!(owner("base.D", "S"), (Field, "Es Se S Sw Ws".into()));
    // base.X: four roads ending at the crossing, four field quadrants.
    assert_eq!(owner("base.X", "N"), (Road, "N".into()));
    assert_eq!(owner("base.X", "Ne"), (Field, "Ne En".into()));
    // base.H: two separate cities.
    assert_eq!(owner("base.H", "N"), (City, "Nw N Ne".into()));
    assert_eq!(owner("base.H", "S"), (City, "Se S Sw".into()));
    assert_eq!(owner("base.H", "E"), (Field, "En E Es Ws W Wn".into()));
    // ghosts.13: mist over both road ends; the road still owns its middle ports.
    assert_eq!(owner("ghosts.13", "E"), (Road, "E W".into()));
    assert!(misty("ghosts.13", "E") && misty("ghosts.13", "Wn"));
    assert_eq!(owner("ghosts.13", "En"), (Mist, "En E Es Ws W Wn".into()));
    assert_eq!(owner("ghosts.13", "N"), (Field, "Nw N Ne".into()));
    assert!(!misty("ghosts.13", "N"));
    // ghosts.08: mist wholly inside the tile, a cemetery.
    let ts = TileSet::builtin();
    let g08 = ts.get(ts.index_of("ghosts.08").unwrap());
    assert_eq!((g08.mist.len(), g08.mist[0].ports), (1, 0));
    assert_eq!(g08.building, Some(Cemetery));
    // The start square ne: a road north, mist on the east and south edges.
    let ne = ts.get(ts.index_of("ghosts.start.ne").unwrap());
    assert_eq!(ne.start, Some(StartSquare::Ne));
    assert_eq!(owner("ghosts.start.ne", "N"), (Road, "N".into()));
    assert_eq!(owner("ghosts.start.ne", "S"), (Mist, "En E Es Se S Sw".into()));
    // Spell circles and towers.
    assert_eq!(ts.get(ts.index_of("spellcircles.03").unwrap()).circles(), 2);
    assert_eq!(ts.get(ts.index_of("watchtowers.CCRF_2T").unwrap()).tower, Some(Tower::Arms));
    assert_eq!(owner("river.CICI", "E"), (River, "E W".into()));
}

#[test]
fn symmetric_tiles_list_each_look_once() {
    let ts = TileSet::builtin();
    let distinct = |id: &str| {
        let t = ts.get(ts.index_of(id).unwrap());
        carcassonne::engine::Rotation::ALL.iter().filter(|r| t.is_distinct_rotation(**r)).count()
    };
    assert_eq!(distinct("base.X"), 1);
    assert_eq!(distinct("base.C"), 1);
    assert_eq!(distinct("base.B"), 1);
    assert_eq!(distinct("base.U"), 2);
    assert_eq!(distinct("base.F"), 2);
    assert_eq!(distinct("base.H"), 2);
    assert_eq!(distinct("base.D"), 4);
    assert_eq!(distinct("base.V"), 4);
}

#[test]
fn a_corrected_tile_file_loads_without_rebuilding() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tiles/ghosts.toml")).unwrap();
    // A player's correction: tile 11 turns out to have 3 copies.
    let fixed = text.replacen("id = \"ghosts.11\"\ncount = 1", "id = \"ghosts.11\"\ncount = 3", 1);
    assert_ne!(fixed, text);
    let ts = TileSet::with_files(&[("ghosts", &fixed)]).unwrap();
    assert_eq!(ts.get(ts.index_of("ghosts.11").unwrap()).count, 3);
    assert_eq!(ts.set_tiles("base").count(), TileSet::builtin().set_tiles("base").count());
}

#[test]
fn a_broken_tile_file_is_refused_with_the_tile_named() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tiles/base.toml")).unwrap();
    let broken = text.replacen("edges = \"CRFR\"", "edges = \"CFFR\"", 1);
    let err = TileSet::with_files(&[("base", &broken)]).unwrap_err();
    assert_eq!(err.tile.as_deref(), Some("base.D"));
    assert!(err.to_string().contains("edge E"), "{err}");
    let err = TileSet::with_files(&[("base", "tile = 3")]).unwrap_err();
    assert!(err.to_string().contains("not valid catalogue TOML"), "{err}");
    let err = TileSet::with_files(&[("expansion9", "")]).unwrap_err();
    assert!(err.to_string().contains("unknown set"), "{err}");
    let unowned = text.replacen(
        "field = [ { ports = \"Nw Ne En Es Se Sw Ws Wn\" } ]\nmonastery",
        "field = [ { ports = \"Nw Ne En Es Se Sw Ws\" } ]\nmonastery",
        1,
    );
    let err = TileSet::with_files(&[("base", &unowned)]).unwrap_err();
    assert!(err.to_string().contains("no owner"), "{err}");
}

/// The tile gallery (dist/gallery.html, `Game.tiles()`, `carc tiles`) lists every tile with its
/// spots named as records name them (a segment's first printed port, in the order Nw N Ne En
/// E …): base.D, the start tile, read from tiles/base.toml: a city on the north edge (ports Nw N
/// Ne: named Nw), a road E–W (named E), the field between (En) and the field beyond the road (Es).
#[test]
fn the_gallery_names_every_tile_and_spot_as_records_do() {
    let ts = TileSet::builtin();
    let list = carcassonne::summary::tile_catalogue(&ts);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), ts.tiles().len());
    let tile = |id: &str| list.iter().find(|t| t["id"] == id).unwrap_or_else(|| panic!("{id}"));
    let spots = |id: &str| {
        let mut v: Vec<(String, String)> = tile(id)["spots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["at"].as_str().unwrap().to_string(), s["kind"].as_str().unwrap().to_string()))
            .collect();
        v.sort();
        v
    };
    let pairs = |v: &[(&str, &str)]| {
        let mut v: Vec<(String, String)> = v.iter().map(|(a, k)| (a.to_string(), k.to_string())).collect();
        v.sort();
        v
    };
    assert_eq!(spots("base.D"), pairs(&[("Nw", "city"), ("E", "road"), ("En", "field"), ("Es", "field")]));
    assert_eq!(tile("base.D")["count"], 4);
    assert_eq!(tile("base.D")["start_tile"], true);
    // base.A: a monastery with a road to the south.
    assert_eq!(spots("base.A"), pairs(&[("building", "monastery"), ("S", "road"), ("Nw", "field")]));
    // base.C: four city edges and a coat of arms.
    assert_eq!(tile("base.C")["spots"][0]["pennants"], 1);
    // Every spot's name is one a record takes, and names a port of its own segment.
    for t in list {
        for s in t["spots"].as_array().unwrap() {
            let at = s["at"].as_str().unwrap();
            assert!(carcassonne::record::parse_spot(at).is_ok(), "{}: {at}", t["id"]);
            assert!(at == "building" || s["ports"][0] == at, "{}: {at} is the first port of {}", t["id"], s["ports"]);
            let [x, y] = [0, 1].map(|i| s["point"][i].as_f64().unwrap());
            assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y), "{}: {at} at {x}, {y}", t["id"]);
        }
    }
    // Rivers hold no figure; the mist sets say they are reconstructions.
    let river = list
        .iter()
        .find(|t| t["set"] == "river" && t["spots"].as_array().unwrap().iter().any(|s| s["kind"] == "river"));
    assert!(river.unwrap()["spots"].as_array().unwrap().iter().any(|s| s["kind"] == "river" && s["figures"] == false));
    assert!(list.iter().filter(|t| t["set"] == "ghosts").all(|t| t["reconstructed"] == true));
    let total: u64 = list.iter().filter(|t| t["set"] == "base").map(|t| t["count"].as_u64().unwrap()).sum();
    assert_eq!(total, u64::from(copies("base", |_| true)));
}
