//! The embedded sandbox: started on 127.0.0.1 the first time the Sandbox environment is used,
//! stopped with the app. Its pets are kept in the data folder across restarts: a
//! clerk expects what they added to still be there, and the app's own memory of the sandbox (the
//! activity history, import journals, the pets created from this computer) assumes a service
//! that keeps its pets and never gives an id to two of them.
//!
//! Started afresh (Settings → Sandbox), it stops, its pets file is set aside under a name with
//! the time (kept, never deleted), and it starts with only the demo pets. The highest id any
//! earlier run gave is remembered in a small file beside it, and the new run gives ids above it:
//! the demo pets keep their ids (the interface changes no pet), every pet added in any run has an
//! id of its own, so Activity's entries of two runs never name one id for two pets.

use std::io::ErrorKind as IoErrorKind;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use petstore_sandbox::{Sandbox, SandboxConfig};
use tokio::sync::Mutex;

use crate::dto::CommandError;

/// The sandbox's pets file in the data folder.
pub const SANDBOX_PETS_FILE: &str = "sandbox-pets.jsonl";

/// Beside the pets file: the highest id an earlier run (set aside) gave, as one number.
pub const SANDBOX_HIGHEST_ID_FILE: &str = "sandbox-highest-id.txt";

/// What starting afresh did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Afresh {
    /// Where the earlier pets are kept; `None` when there was no file to set aside.
    pub kept_as: Option<PathBuf>,
    /// The first id a pet added from now on can get.
    pub ids_from: i64,
}

/// Why the sandbox could not start afresh; nothing was set aside unless said.
#[derive(Debug)]
pub enum AfreshError {
    /// Its pets are not kept in a file (no data folder): there is nothing to start afresh from.
    NotKept,
    /// The pets file could not be read, or the highest id not remembered: nothing was moved.
    Read(PathBuf, std::io::Error),
    Write(PathBuf, std::io::Error),
    /// The earlier pets were set aside, but the sandbox did not start again.
    NotStarted,
}

#[derive(Debug)]
pub struct EmbeddedSandbox {
    preferred_port: u16,
    /// Where its pets are kept across restarts; `None`: the demo data anew at every start.
    pets_file: Option<PathBuf>,
    running: Mutex<Option<Sandbox>>,
}

impl EmbeddedSandbox {
    pub fn new(preferred_port: u16, pets_file: Option<PathBuf>) -> EmbeddedSandbox {
        EmbeddedSandbox {
            preferred_port,
            pets_file,
            running: Mutex::new(None),
        }
    }

    /// The running sandbox's base address, starting it first if needed.
    pub async fn ensure(&self) -> Result<String, CommandError> {
        let mut running = self.running.lock().await;
        if let Some(sandbox) = running.as_ref() {
            return Ok(sandbox.base_url());
        }
        let sandbox = self.start().await.map_err(|e| {
            log::warn!("the sandbox could not be started: {e}");
            CommandError::SandboxNotStarted
        })?;
        let url = sandbox.base_url();
        log::info!("sandbox started at {url}");
        *running = Some(sandbox);
        Ok(url)
    }

    /// The base address when it runs.
    pub async fn url(&self) -> Option<String> {
        self.running.lock().await.as_ref().map(Sandbox::base_url)
    }

    /// Stops the sandbox, sets its pets file aside (renamed with `stamp`, the local time) and
    /// starts it again with only the demo pets, giving ids above every id given before.
    pub async fn start_afresh(&self, stamp: &str) -> Result<Afresh, AfreshError> {
        let Some(file) = &self.pets_file else {
            return Err(AfreshError::NotKept);
        };
        let mut running = self.running.lock().await;
        if let Some(sandbox) = running.take() {
            sandbox.shutdown().await;
        }
        // Remembered before the file moves: a crash in between leaves the floor high, never low.
        let in_file = petstore_sandbox::highest_kept_id(file)
            .map_err(|e| AfreshError::Read(file.clone(), e))?;
        let highest = self.highest_given().max(in_file.unwrap_or(0));
        let floor_file = highest_id_file(file);
        write_atomically(&floor_file, format!("{highest}\n").as_bytes())
            .map_err(|e| AfreshError::Write(floor_file, e))?;
        let kept_as = match std::fs::metadata(file) {
            Ok(_) => {
                let aside = aside_name(file, stamp);
                std::fs::rename(file, &aside).map_err(|e| AfreshError::Write(aside.clone(), e))?;
                log::info!("the sandbox's pets were set aside as {}", aside.display());
                Some(aside)
            }
            Err(_) => None,
        };
        let sandbox = self.start().await.map_err(|e| {
            log::warn!("the sandbox could not start afresh: {e}");
            AfreshError::NotStarted
        })?;
        log::info!(
            "sandbox started afresh at {}, ids from {}",
            sandbox.base_url(),
            highest.saturating_add(1)
        );
        *running = Some(sandbox);
        Ok(Afresh {
            kept_as,
            ids_from: highest.saturating_add(1),
        })
    }

    /// The highest id an earlier run gave (0: none was set aside). The small file is read
    /// first; when it is unreadable, the files set aside say it (they are never deleted).
    fn highest_given(&self) -> i64 {
        let Some(file) = &self.pets_file else {
            return 0;
        };
        let floor_file = highest_id_file(file);
        match read_number(&floor_file) {
            Ok(Some(id)) => id,
            Ok(None) => 0,
            Err(error) => {
                log::warn!(
                    "{} could not be read ({error}); the pets set aside say the highest id",
                    floor_file.display()
                );
                highest_set_aside(file)
            }
        }
    }

    async fn start(&self) -> std::io::Result<Sandbox> {
        let ids_above = self.highest_given();
        let with_floor = |pets_file| SandboxConfig {
            ids_above,
            ..config(pets_file)
        };
        let Some(file) = &self.pets_file else {
            return self.start_with(with_floor(None)).await;
        };
        match self.start_with(with_floor(Some(file.clone()))).await {
            Ok(sandbox) => {
                let skipped = sandbox.pets_file_skipped_lines();
                if skipped > 0 {
                    log::warn!(
                        "the sandbox passed over {skipped} unreadable lines of {}",
                        file.display()
                    );
                }
                Ok(sandbox)
            }
            // Demo data that is not kept beats no sandbox at all; the log says why.
            Err(error) => {
                log::warn!(
                    "the sandbox could not start with its pets kept ({error}); it starts with the demo data, not kept"
                );
                self.start_with(with_floor(None)).await
            }
        }
    }

    async fn start_with(&self, config: SandboxConfig) -> std::io::Result<Sandbox> {
        let at = |port| SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        match Sandbox::start_on(at(self.preferred_port), config.clone()).await {
            // Another sandbox (or anything else) holds the usual port: any free one will do.
            Err(e) if e.kind() == IoErrorKind::AddrInUse => Sandbox::start_on(at(0), config).await,
            other => other,
        }
    }

    pub async fn shutdown(&self) {
        if let Some(sandbox) = self.running.lock().await.take() {
            sandbox.shutdown().await;
        }
    }
}

/// Demo data, the demo key, next-page links so "Load more" can be seen, and the pets kept in
/// `pets_file`.
fn config(pets_file: Option<PathBuf>) -> SandboxConfig {
    SandboxConfig {
        page_size_links: true,
        pets_file,
        ..SandboxConfig::default()
    }
}

/// `sandbox-highest-id.txt` beside the pets file.
fn highest_id_file(pets_file: &std::path::Path) -> PathBuf {
    pets_file.with_file_name(SANDBOX_HIGHEST_ID_FILE)
}

/// `sandbox-pets.jsonl` set aside as `sandbox-pets.<stamp>.jsonl` (`-2`, `-3`… if taken).
fn aside_name(pets_file: &std::path::Path, stamp: &str) -> PathBuf {
    let stem = pets_file.file_stem().map_or_else(
        || "sandbox-pets".into(),
        |s| s.to_string_lossy().into_owned(),
    );
    (1..)
        .map(|n| match n {
            1 => pets_file.with_file_name(format!("{stem}.{stamp}.jsonl")),
            n => pets_file.with_file_name(format!("{stem}.{stamp}-{n}.jsonl")),
        })
        .find(|path| !path.exists())
        .unwrap_or_else(|| pets_file.with_extension(format!("{stamp}.jsonl")))
}

/// The highest id in every pets file set aside beside `pets_file` (0: none).
fn highest_set_aside(pets_file: &std::path::Path) -> i64 {
    let Some(folder) = pets_file.parent() else {
        return 0;
    };
    let stem = pets_file
        .file_stem()
        .map_or_else(String::new, |s| format!("{}.", s.to_string_lossy()));
    let Ok(entries) = std::fs::read_dir(folder) else {
        return 0;
    };
    entries
        .flatten()
        .filter(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            name.starts_with(&stem) && name.ends_with(".jsonl")
        })
        .filter_map(|entry| {
            petstore_sandbox::highest_kept_id(&entry.path())
                .ok()
                .flatten()
        })
        .max()
        .unwrap_or(0)
}

/// A file of one whole number (at most 64 bytes read); `None` when there is no file.
fn read_number(path: &std::path::Path) -> std::io::Result<Option<i64>> {
    use std::io::Read;
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == IoErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut text = String::new();
    file.take(64).read_to_string(&mut text)?;
    text.trim()
        .parse::<i64>()
        .map(Some)
        .map_err(|_| std::io::Error::new(IoErrorKind::InvalidData, "not a whole number"))
}

/// Through a temporary file beside it, then a rename: never half a number.
fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let temporary = path.with_extension("txt.new");
    let mut file = std::fs::File::create(&temporary)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&temporary, path)
}

impl super::Backend {
    /// Settings → Sandbox → Start afresh: reads of the sandbox are called off, its client is
    /// dropped (the new server's quota and connections are its own), and the sandbox starts
    /// again with only the demo pets (see the module's note).
    pub async fn start_sandbox_afresh(&self) -> Result<crate::dto::SandboxAfresh, CommandError> {
        use crate::dto::{FileProblem, ImportProblem, Reason};
        use petstore_client::Environment;
        // Nothing may be on its way to the sandbox being stopped: an add would have an unknown
        // outcome, an import would stop. Asked to wait for them instead; the slot held keeps a
        // new add from starting meanwhile.
        let _no_add = self.creates.claim(Environment::Sandbox)?;
        if self.imports.running() {
            return Err(CommandError::import(ImportProblem::ImportRunning));
        }
        self.reads.cancel(Environment::Sandbox);
        self.clients.forget(Environment::Sandbox);
        let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S").to_string();
        let afresh = self
            .sandbox
            .start_afresh(&stamp)
            .await
            .map_err(|error| match error {
                AfreshError::NotKept => CommandError::file(FileProblem::NoDataFolder),
                AfreshError::Read(path, e) => CommandError::file(FileProblem::FileNotRead {
                    path: path.display().to_string(),
                    reason: Reason::io(&e),
                }),
                AfreshError::Write(path, e) => CommandError::file(FileProblem::FileNotWritten {
                    path: path.display().to_string(),
                    reason: Reason::io(&e),
                }),
                AfreshError::NotStarted => CommandError::SandboxNotStarted,
            })?;
        Ok(crate::dto::SandboxAfresh {
            kept_as: afresh.kept_as.map(|path| path.display().to_string()),
            ids_from: afresh.ids_from.to_string(),
        })
    }
}
