//! A throwaway PostgreSQL cluster for tests and the load benchmark: `initdb` in a temporary
//! folder, run as an unprivileged user (`postgres` when the tests run as root), listening on
//! 127.0.0.1 only, and stopped and deleted when the process that started it ends, however
//! it ends (a test that fails included): a small shell keeps the server and waits on a pipe
//! from this process, and when the pipe closes it stops the server and deletes the folder.
//! Debian's PostgreSQL programs are not on PATH: they are looked for in
//! /usr/lib/postgresql/*/bin (or `$PG_BIN`).
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A running cluster.
pub struct Cluster {
    /// Its port on 127.0.0.1.
    pub port: u16,
    bin: PathBuf,
    user: Option<&'static str>,
    /// The keeper's stdin: closing it (this process ending) stops and deletes the cluster.
    _keeper: Mutex<(Child, ChildStdin)>,
}

/// Where the PostgreSQL programs are: `$PG_BIN`, or the newest Debian version installed.
fn bin_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("PG_BIN") {
        return dir.into();
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path().join("bin")).filter(|p| p.join("initdb").exists()).collect())
        .unwrap_or_default();
    found.sort_by_key(|p| {
        p.parent().and_then(|v| v.file_name()).and_then(|v| v.to_str()).and_then(|v| v.parse::<u32>().ok())
    });
    found.pop().expect("PostgreSQL's server programs (scripts/setup.sh --tests installs Debian's postgresql)")
}

/// A command run as the cluster's user.
fn as_user(user: Option<&str>, program: PathBuf) -> Command {
    match user {
        Some(u) => {
            let mut c = Command::new("runuser");
            c.args(["-u", u, "--"]).arg(program);
            c
        }
        None => Command::new(program),
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl Cluster {
    /// Start a cluster (about a second).
    pub fn start() -> Cluster {
        let bin = bin_dir();
        // PostgreSQL will not run as root.
        let root = Command::new("id").arg("-u").output().map(|o| o.stdout == b"0\n").unwrap_or(false);
        let user = root.then_some("postgres");
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().subsec_nanos();
        let dir = std::env::temp_dir().join(format!("carc-pg-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        if let Some(u) = user {
            assert!(Command::new("chown").arg(u).arg(&dir).status().unwrap().success(), "chown {u}");
        }
        let data = dir.join("data");
        let out = as_user(user, bin.join("initdb"))
            .args(["-A", "trust", "-U", "carc", "-E", "UTF8", "--no-sync", "-D"])
            .arg(&data)
            .output()
            .expect("initdb");
        assert!(out.status.success(), "initdb: {}", String::from_utf8_lossy(&out.stderr));
        let port = free_port();
        // The keeper: the server in the background; when stdin closes, a fast stop and the
        // folder deleted. Durability is not what these tests try (the instances are killed,
        // never the database), so fsync is off.
        let script = r#"trap '' INT TERM HUP
"$1/postgres" -D "$2/data" -p "$3" -k "$2" -c listen_addresses=127.0.0.1 -c fsync=off \
  -c synchronous_commit=off -c full_page_writes=off -c max_connections=400 -c shared_buffers=64MB \
  > "$2/log" 2>&1 &
pid=$!
cat > /dev/null
kill -INT "$pid"
wait "$pid"
rm -rf "$2""#;
        let mut keeper = as_user(user, PathBuf::from("/bin/sh"))
            .args(["-c", script, "keeper"])
            .arg(&bin)
            .arg(&dir)
            .arg(port.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the cluster's keeper");
        let stdin = keeper.stdin.take().unwrap();
        let cluster = Cluster { port, bin, user, _keeper: Mutex::new((keeper, stdin)) };
        let deadline = Instant::now() + Duration::from_secs(30);
        while !cluster.ready() {
            assert!(Instant::now() < deadline, "PostgreSQL did not start: {}", dir.join("log").display());
            std::thread::sleep(Duration::from_millis(100));
        }
        cluster
    }

    fn ready(&self) -> bool {
        Command::new(self.bin.join("pg_isready"))
            .args(["-q", "-h", "127.0.0.1", "-p", &self.port.to_string()])
            .status()
            .is_ok_and(|s| s.success())
    }

    /// A new, empty database; its URL.
    pub fn database(&self, name: &str) -> String {
        let name: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
        let out = Command::new(self.bin.join("createdb"))
            .args(["-h", "127.0.0.1", "-p", &self.port.to_string(), "-U", "carc", &name])
            .output()
            .expect("createdb");
        assert!(out.status.success(), "createdb {name}: {}", String::from_utf8_lossy(&out.stderr));
        self.url(&name)
    }

    /// The URL of a database.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://carc@127.0.0.1:{}/{name}", self.port)
    }
}

/// One cluster for the whole test binary, started on first use.
pub fn cluster() -> &'static Cluster {
    static C: OnceLock<Cluster> = OnceLock::new();
    C.get_or_init(Cluster::start)
}

/// Whether this run tests the PostgreSQL store (`CARC_TEST_STORE=postgres`).
pub fn wanted() -> bool {
    std::env::var("CARC_TEST_STORE").is_ok_and(|s| s == "postgres")
}
