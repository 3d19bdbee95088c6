//! Why a server does not start: said once, by `carc serve`, before it exits.

use super::store::StoreError;
use std::net::SocketAddr;
use std::path::PathBuf;

/// A server that could not start.
#[derive(Debug)]
pub enum StartError {
    /// The address cannot be listened on (taken, or not this machine's).
    Bind(SocketAddr, std::io::Error),
    /// The database cannot be opened or set up.
    Store(StoreError),
    /// The folder of the built game cannot be read.
    Dist(PathBuf, std::io::Error),
    /// A page's inline code makes a header no browser takes: the page and why.
    Policy(String, String),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Bind(addr, e) => write!(f, "{addr}: {e}"),
            StartError::Store(e) => write!(f, "{e}"),
            StartError::Dist(path, e) => write!(f, "{}: {e}", path.display()),
            StartError::Policy(page, e) => write!(f, "{page}: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

impl From<StoreError> for StartError {
    fn from(e: StoreError) -> StartError {
        StartError::Store(e)
    }
}
