//! The pets kept in a file across restarts ([`crate::SandboxConfig::pets_file`]).
//! The app's sandbox is a store a clerk practises on, and what the app remembers of it (the
//! activity history, import journals, the pets created from this computer) assumes a service
//! that keeps its pets and never gives an id twice.
//!
//! One pet a line, as the API shows it. The first start writes the demo data (through a
//! temporary file and a rename, so a crash never leaves part of it as the whole store); each pet
//! added is one line appended, in one write, before the answer. A line that cannot be read as a
//! pet (torn by a crash while it was written) is passed over and counted; the next pet is written
//! on a line of its own. One sandbox at a time per file.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::pet::Pet;

/// The largest pets file read (about 400,000 pets): the file is the sandbox's own, but a person
/// can put anything at its path, and the whole file is read at start.
pub(crate) const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// What the file held at start.
#[derive(Debug)]
pub(crate) struct Kept {
    pub pets: Vec<Pet>,
    /// Lines passed over: not a pet.
    pub skipped: usize,
}

/// The pets in the file at `path`; `None` when there is no file yet, or an empty one. A file
/// over [`MAX_FILE_BYTES`] is refused, not read.
pub(crate) fn read(path: &Path) -> io::Result<Option<Kept>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(naming(path, error)),
    };
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| naming(path, error))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(naming(
            path,
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("larger than {} MiB", MAX_FILE_BYTES / (1024 * 1024)),
            ),
        ));
    }
    if bytes.is_empty() {
        return Ok(None);
    }
    let mut kept = Kept {
        pets: Vec::new(),
        skipped: 0,
    };
    for line in bytes.split(|byte| *byte == b'\n') {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match serde_json::from_slice::<Pet>(line) {
            Ok(pet) => kept.pets.push(pet),
            Err(_) => kept.skipped += 1,
        }
    }
    Ok(Some(kept))
}

/// The highest id in the pets file at `path` (read as at start, within [`MAX_FILE_BYTES`]);
/// `None` when there is no file or no pet in it.
pub fn highest_id(path: &Path) -> io::Result<Option<i64>> {
    Ok(read(path)?.and_then(|kept| kept.pets.iter().map(|pet| pet.id).max()))
}

/// Writes `pets` as the whole file, creating its folder if needed: through a temporary file
/// beside it, then a rename.
pub(crate) fn write_all(path: &Path, pets: &[Pet]) -> io::Result<()> {
    let write = || -> io::Result<()> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(folder)?;
        }
        let mut name = path.file_name().map(OsString::from).unwrap_or_default();
        name.push(".new");
        let temporary = path.with_file_name(name);
        let mut text = Vec::new();
        for pet in pets {
            text.extend(line_of(pet)?);
        }
        let mut file = File::create(&temporary)?;
        file.write_all(&text)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    };
    write().map_err(|error| naming(path, error))
}

/// The file, open to append a pet at a time.
#[derive(Debug)]
pub(crate) struct PetsFile {
    path: PathBuf,
    file: File,
    /// A write failed, perhaps halfway: the next pet starts on a new line, not glued to a part.
    broken_line: bool,
}

impl PetsFile {
    /// Opens the file at `path` to append to. A last line left without its end (a write torn by
    /// a crash) is ended first, so the next pet is a line of its own.
    pub(crate) fn append_to(path: &Path) -> io::Result<PetsFile> {
        let open = || -> io::Result<File> {
            let mut file = OpenOptions::new().read(true).append(true).open(path)?;
            if file.metadata()?.len() > 0 {
                file.seek(SeekFrom::End(-1))?;
                let mut last = [0u8];
                file.read_exact(&mut last)?;
                if last[0] != b'\n' {
                    file.write_all(b"\n")?;
                }
            }
            Ok(file)
        };
        let file = open().map_err(|error| naming(path, error))?;
        Ok(PetsFile {
            path: path.to_owned(),
            file,
            broken_line: false,
        })
    }

    /// Appends one pet, in one write (the file is opened to append, so a line is never
    /// interleaved with another).
    pub(crate) fn append(&mut self, pet: &Pet) -> io::Result<()> {
        let mut line = if self.broken_line {
            b"\n".to_vec()
        } else {
            Vec::new()
        };
        line.extend(line_of(pet)?);
        self.broken_line = true;
        self.file
            .write_all(&line)
            .map_err(|error| naming(&self.path, error))?;
        self.broken_line = false;
        Ok(())
    }
}

fn line_of(pet: &Pet) -> io::Result<Vec<u8>> {
    let mut line = serde_json::to_vec(pet)?;
    line.push(b'\n');
    Ok(line)
}

/// The OS's error, with the file it was about (the OS's own text names none).
fn naming(path: &Path, error: io::Error) -> io::Error {
    io::Error::new(
        error.kind(),
        format!("the sandbox's pets file {}: {error}", path.display()),
    )
}
