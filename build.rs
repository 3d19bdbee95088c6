//! The built-in tile catalogue (`tiles/*.toml`) and co-op level table
//! (`data/coop-levels.toml`) turned into JSON at build time, so that the game reads them
//! with the JSON parser it carries anyway and the WebAssembly build carries no TOML parser.
//! The TOML files stay the source; user files (`carc --tiles`, `--levels`) are still TOML.
//!
//! It also names what a build speaks (`cfg(speech = "de")` for each language built in,
//! `cfg(speech_pack)` in a text pack) and whether the guides are built in
//! (`cfg(builtin_guides)`), from the features: the page's module (`page`) speaks English and
//! loads the other languages' packs and the guides on demand; a pack (`pack-nl`, `pack-de`,
//! `pack-fr`) speaks its one language; every other build speaks all four.

use std::{env, fs, path::Path};

/// The languages besides English, each a text pack in the page.
const PACKS: [&str; 3] = ["nl", "de", "fr"];

fn feature(name: &str) -> bool {
    env::var_os(format!("CARGO_FEATURE_{}", name.to_uppercase().replace('-', "_"))).is_some()
}

/// What the features ask this build to speak, as cfgs.
fn speech() {
    println!("cargo::rustc-check-cfg=cfg(speech, values(\"en\", \"nl\", \"de\", \"fr\"))");
    println!("cargo::rustc-check-cfg=cfg(speech_pack)");
    println!("cargo::rustc-check-cfg=cfg(builtin_guides)");
    let packs: Vec<&str> = PACKS.into_iter().filter(|l| feature(&format!("pack-{l}"))).collect();
    let page = feature("page");
    let spoken: Vec<&str> = match packs.as_slice() {
        [] if page => vec!["en"],
        [] => vec!["en", "nl", "de", "fr"],
        [one] if !page && !feature("worker") && !feature("server") => {
            println!("cargo:rustc-cfg=speech_pack");
            vec![one]
        }
        _ => panic!("a text pack (pack-nl, pack-de, pack-fr) is one language, built alone"),
    };
    for lang in spoken {
        println!("cargo:rustc-cfg=speech=\"{lang}\"");
    }
    if packs.is_empty() && !page {
        println!("cargo:rustc-cfg=builtin_guides");
    }
}

/// The built-in guides (`data/guides/<id>.json`), in the order the page lists them.
const GUIDES: [&str; 9] =
    ["base", "farmers", "ghosts", "spellcircles", "eloise", "watchtowers", "shrines", "coop-1", "coop-3"];

/// `guides.rs` (the guides' texts, compiled in where `cfg(builtin_guides)`) and
/// `guide-index.json` (each guide's id, topic, title and sets: what the page lists, also in
/// the page's module, which reads a guide's text from its file only when it is played).
fn guides(out: &Path) {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR")).join("data/guides");
    println!("cargo:rerun-if-changed=data/guides");
    let mut list = String::from("/// The built-in guides as (id, JSON text), in the order the page lists them.\npub const BUILTIN: &[(&str, &str)] = &[\n");
    let mut index = Vec::new();
    for id in GUIDES {
        let file = dir.join(format!("{id}.json"));
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let guide: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{id}.json: {e}"));
        index.push(serde_json::json!({
            "id": guide["id"], "topic": guide["topic"], "title": guide["title"], "sets": guide["record"]["setup"]["sets"],
        }));
        list.push_str(&format!("    ({id:?}, include_str!({:?})),\n", file.display().to_string()));
    }
    list.push_str("];\n");
    fs::write(out.join("guides.rs"), list).expect("OUT_DIR is writable");
    fs::write(out.join("guide-index.json"), serde_json::to_string(&index).expect("JSON")).expect("OUT_DIR is writable");
}

fn main() {
    speech();
    guides(Path::new(&env::var("OUT_DIR").expect("OUT_DIR")));
    let out = env::var("OUT_DIR").expect("OUT_DIR");
    let files = ["base", "river", "ghosts", "spellcircles", "watchtowers", "shrines"]
        .map(|n| (format!("tiles/{n}.toml"), format!("{n}.json")))
        .into_iter()
        .chain([("data/coop-levels.toml".to_string(), "coop-levels.json".to_string())]);
    for (from, to) in files {
        println!("cargo:rerun-if-changed={from}");
        let text = fs::read_to_string(&from).unwrap_or_else(|e| panic!("{from}: {e}"));
        let value: toml::Table = toml::from_str(&text).unwrap_or_else(|e| panic!("{from}: {e}"));
        let json = serde_json::to_string(&value).expect("TOML values are JSON values");
        fs::write(Path::new(&out).join(to), json).expect("OUT_DIR is writable");
    }
}
