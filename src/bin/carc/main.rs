//! `carc`: the engine on the command line (native only). `carc --help` lists the
//! subcommands and `carc SUBCOMMAND --help` their options ([`args`]); the output of each is
//! JSON (or a share code) on stdout, and an error goes to stderr with exit status 2.

#[cfg(not(target_arch = "wasm32"))]
mod args;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(cli::run(std::env::args_os()));
}

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod progress;

#[cfg(not(target_arch = "wasm32"))]
mod cli;
