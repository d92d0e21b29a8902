//! A real PostgreSQL server for a test: a new cluster from `initdb` in a temporary folder,
//! served on a free loopback port, stopped and removed when dropped. No mock: the shared
//! store's tests meet the server's own errors, locks and privileges.
//!
//! Debian's `postgresql` package provides the binaries (`/usr/lib/postgresql/<version>/bin`;
//! `cargo xtask setup unit` installs it); `PETSTORE_TEST_PG_BIN` names another folder. The
//! cluster signs in with SCRAM passwords only, like a real server, and its superuser's password
//! is made here. initdb and postgres refuse to run as root: as root (CI) they run as the
//! package's `postgres` user through `runuser`.

use std::fs;
use std::io::Write;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The superuser of every test cluster.
pub const SUPERUSER: &str = "petstore_admin";

/// A running test cluster; stopped (immediately) and its folder removed when dropped.
#[derive(Debug)]
pub struct TestPostgres {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    password: String,
    running: bool,
}

impl TestPostgres {
    /// A started cluster where the login `user` (with `password`) owns the database
    /// `database`: a desk's first connect creates the shared store there.
    pub fn with_store_owner(user: &str, password: &str, database: &str) -> TestPostgres {
        let pg = TestPostgres::start();
        pg.sql(
            "postgres",
            &format!("CREATE ROLE {user} LOGIN PASSWORD '{password}'"),
        );
        pg.sql(
            "postgres",
            &format!("CREATE DATABASE \"{database}\" OWNER {user}"),
        );
        pg
    }

    /// Makes a cluster and starts it on a free port of 127.0.0.1. Panics, saying what to
    /// install, when PostgreSQL is missing.
    pub fn start() -> TestPostgres {
        let bin = find_bin();
        let dir = temp_dir();
        fs::create_dir_all(&dir).expect("the test cluster's folder");
        let password = format!("pw-{}", unique());
        let pwfile = dir.join("pwfile");
        fs::write(&pwfile, format!("{password}\n")).expect("the superuser's password file");
        give_to_server_user(&dir);
        let data = dir.join("data");
        let out = as_server_user(&bin.join("initdb"))
            .arg("-D")
            .arg(&data)
            .args(["-U", SUPERUSER, "-A", "scram-sha-256", "-E", "UTF8"])
            .args(["--no-locale", "--no-sync"])
            .arg(format!("--pwfile={}", pwfile.display()))
            .output()
            .expect("initdb runs");
        check("initdb", &out);
        let _ = fs::remove_file(&pwfile);
        let mut server = TestPostgres {
            bin,
            dir,
            port: 0,
            password,
            running: false,
        };
        // A port found free can be taken by another test before the server binds it: try again.
        for attempt in 1..=5 {
            server.port = free_port();
            match server.try_start() {
                Ok(()) => return server,
                Err(log) if attempt == 5 => panic!("postgres did not start:\n{log}"),
                Err(_) => {}
            }
        }
        unreachable!()
    }

    pub fn host(&self) -> &'static str {
        "127.0.0.1"
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The superuser's password (the superuser is [`SUPERUSER`]).
    pub fn superuser_password(&self) -> &str {
        &self.password
    }

    /// Runs `sql` (one or more statements) in `database` as the superuser; its output, one
    /// row a line, columns separated by `|`. Panics when it fails.
    pub fn sql(&self, database: &str, sql: &str) -> String {
        let out = self.psql(database, sql);
        check("psql", &out);
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    }

    /// [`sql`](Self::sql) that may fail: the server's error text when it does.
    pub fn try_sql(&self, database: &str, sql: &str) -> Result<String, String> {
        let out = self.psql(database, sql);
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    fn psql(&self, database: &str, sql: &str) -> Output {
        Command::new(self.bin.join("psql"))
            .args(["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"])
            .args(["-h", self.host(), "-U", SUPERUSER, "-d", database])
            .arg("-p")
            .arg(self.port.to_string())
            .arg("-c")
            .arg(sql)
            .env("PGPASSWORD", &self.password)
            .env("PGCONNECT_TIMEOUT", "10")
            .stdin(Stdio::null())
            .output()
            .expect("psql runs")
    }

    /// Turns TLS on with this certificate and key (PEM); plain connections stay allowed, as
    /// `pg_hba.conf`'s `host` lines allow both.
    pub fn enable_tls(&self, cert_pem: &str, key_pem: &str) {
        let data = self.dir.join("data");
        fs::write(data.join("server.crt"), cert_pem).expect("the server's certificate");
        let key = data.join("server.key");
        fs::write(&key, key_pem).expect("the server's key");
        // PostgreSQL refuses a key others may read.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&key, fs::Permissions::from_mode(0o600)).expect("the key's mode");
        }
        give_to_server_user(&data);
        self.sql("postgres", "ALTER SYSTEM SET ssl = on");
        self.sql("postgres", "SELECT pg_reload_conf()");
        // The postmaster reloads on its own time: wait until new sessions see it.
        for _ in 0..100 {
            if self.sql("postgres", "SHOW ssl") == "on" {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("TLS did not come on");
    }

    /// Stops the server (fast: sessions are ended, like a restart of a real server).
    pub fn stop(&mut self) {
        if self.running {
            let out = self.pg_ctl(&["stop", "-m", "fast", "-w"]);
            check("pg_ctl stop", &out);
            self.running = false;
        }
    }

    /// Starts the stopped server again on the same port, with its data.
    pub fn start_again(&mut self) {
        if let Err(log) = self.try_start() {
            panic!("postgres did not start again:\n{log}");
        }
    }

    fn try_start(&mut self) -> Result<(), String> {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40",
            self.port,
            self.dir.display()
        );
        let log = self.dir.join("server.log");
        let out = self.pg_ctl(&[
            "start",
            "-w",
            "-t",
            "60",
            "-o",
            &options,
            "-l",
            &log.to_string_lossy(),
        ]);
        if out.status.success() {
            self.running = true;
            Ok(())
        } else {
            Err(fs::read_to_string(&log).unwrap_or_default())
        }
    }

    fn pg_ctl(&self, args: &[&str]) -> Output {
        as_server_user(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(self.dir.join("data"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("pg_ctl runs")
    }
}

impl Drop for TestPostgres {
    fn drop(&mut self) {
        if self.running {
            let _ = self.pg_ctl(&["stop", "-m", "immediate", "-w"]);
        }
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// The newest `/usr/lib/postgresql/<version>/bin` with initdb, or `PETSTORE_TEST_PG_BIN`.
fn find_bin() -> PathBuf {
    if let Some(dir) = std::env::var_os("PETSTORE_TEST_PG_BIN") {
        return PathBuf::from(dir);
    }
    let mut found: Vec<(u32, PathBuf)> = fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_string_lossy().parse::<u32>().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    match found.pop() {
        Some((_, bin)) => bin,
        None => panic!(
            "PostgreSQL's server binaries are missing: install Debian's `postgresql` package \
             (`cargo xtask setup unit`), or set PETSTORE_TEST_PG_BIN to a folder with initdb"
        ),
    }
}

#[cfg(unix)]
fn is_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// Only Unix runs the server as another user (initdb refuses root there).
#[cfg(not(unix))]
fn is_root() -> bool {
    false
}

/// The server's programs as the package's `postgres` user when this is root.
fn as_server_user(program: &Path) -> Command {
    if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

fn give_to_server_user(dir: &Path) {
    if is_root() {
        let out = Command::new("chown")
            .args(["-R", "postgres:postgres"])
            .arg(dir)
            .output()
            .expect("chown runs");
        check("chown", &out);
    }
}

fn temp_dir() -> PathBuf {
    // Short: the server's socket lives here, and a socket's path is limited to ~100 bytes.
    std::env::temp_dir().join(format!("petstore-pg-{}", unique()))
}

fn unique() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!(
        "{}-{}-{nanos}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .expect("a free port on 127.0.0.1")
}

fn check(what: &str, out: &Output) {
    if !out.status.success() {
        let _ = std::io::stderr().write_all(&out.stdout);
        panic!(
            "{what} failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
