//! A throwaway PostgreSQL cluster for the browser tests (tests/e2e/instances.test.mjs):
//! starts one as the Rust tests do (tests/support/postgres.rs), makes a database, prints
//! its URL, and keeps the cluster until its standard input closes (the test ends, however
//! it ends); then the cluster stops and its folder is deleted.
//!
//!   cargo build --release --features server --example pgcluster

#[cfg(feature = "server")]
#[path = "../tests/support/postgres.rs"]
mod postgres;

#[cfg(feature = "server")]
fn main() {
    let url = postgres::cluster().database("browser");
    println!("{url}");
    use std::io::{Read, Write};
    std::io::stdout().flush().ok();
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
}

#[cfg(not(feature = "server"))]
fn main() {
    eprintln!("build with --features server");
}
