//! The built-in tile catalogue (`tiles/*.toml`) and co-op level table
//! (`data/coop-levels.toml`) turned into JSON at build time, so that the game reads them
//! with the JSON parser it carries anyway and the WebAssembly build carries no TOML parser.
//! The TOML files stay the source; user files (`carc --tiles`, `--levels`) are still TOML.

use std::{env, fs, path::Path};

fn main() {
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
