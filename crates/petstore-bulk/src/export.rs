//! Export: every pet the service lists (all pages, same origin only), streamed page by page to
//! a writer as CSV or JSON, ids exact. CSV cells a spreadsheet would run as a formula are
//! guarded. Writing to a file goes through a temporary file and a rename, and never replaces a
//! file unasked (see [`SafeFile`]). On request each pet carries its category's name from this
//! computer's list (`categoryName`, empty or null where the category has none).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use petstore_client::spreadsheet::guard;
use petstore_client::{Pet, PetStatus, PetstoreClient};
use serde::Serialize;

use crate::pages::{PagesError, Surveyed, survey};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ExportFormat {
    Csv,
    Json,
}

/// The CSV header of an export (and the columns an import reads back).
pub const CSV_HEADER: [&str; 4] = ["id", "name", "categoryId", "status"];
/// The column (and JSON field) of the category names, after [`CSV_HEADER`]'s; an import reads
/// it back as names to learn.
pub const CATEGORY_NAME_FIELD: &str = "categoryName";

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Listing(#[from] PagesError<io::Error>),
    #[error("Could not write the export: {0}")]
    Write(#[source] io::Error),
    #[error(
        "{} already exists and was left as it is. Choose another name, or add --force to replace it (the old file is then kept as {}).",
        .path.display(), backup_path(.path).display()
    )]
    Exists { path: PathBuf },
}

/// Writes every pet of `status` (all when `None`) that the service lets a client see to `out`,
/// page by page ([`survey`]: when the whole list stops at a full page with no way on, the status
/// lists are read too). Says how many were written and whether that was every pet: an export
/// that is not [`Surveyed::complete`] must be reported as possibly incomplete.
/// Numbers (id, categoryId) are written as they are, exact; the text cells (name, status, the
/// category's name) are guarded in CSV. With `category_names` (an environment's list of names,
/// by id), each pet also gets its category's name.
pub async fn export(
    client: &PetstoreClient,
    status: Option<PetStatus>,
    format: ExportFormat,
    category_names: Option<&BTreeMap<i64, String>>,
    out: impl Write,
) -> Result<Surveyed, ExportError> {
    export_counting(client, status, format, category_names, out, |_| {}).await
}

/// [`export`], telling `written` how many pets are in the file so far after each page: an export
/// of a large store on a small plan takes minutes, and a person should see it move.
pub async fn export_counting(
    client: &PetstoreClient,
    status: Option<PetStatus>,
    format: ExportFormat,
    category_names: Option<&BTreeMap<i64, String>>,
    out: impl Write,
    mut written: impl FnMut(u64),
) -> Result<Surveyed, ExportError> {
    let mut count = 0_u64;
    let mut counted = |pets: &[Pet]| {
        count += pets.len() as u64;
        written(count);
    };
    match format {
        ExportFormat::Csv => {
            let mut writer = csv::Writer::from_writer(out);
            let mut header = CSV_HEADER.to_vec();
            if category_names.is_some() {
                header.push(CATEGORY_NAME_FIELD);
            }
            writer.write_record(header).map_err(csv_error)?;
            let surveyed = survey(client, status, |pets| {
                for pet in pets {
                    write_csv_row(&mut writer, pet, category_names)?;
                }
                counted(pets);
                Ok(())
            })
            .await?;
            writer.flush().map_err(ExportError::Write)?;
            Ok(surveyed)
        }
        ExportFormat::Json => {
            let mut out = out;
            out.write_all(b"[").map_err(ExportError::Write)?;
            let mut first = true;
            let surveyed = survey(client, status, |pets| {
                for pet in pets {
                    if !first {
                        out.write_all(b",")?;
                    }
                    first = false;
                    out.write_all(b"\n  ")?;
                    match category_names {
                        Some(names) => serde_json::to_writer(&mut out, &named(pet, names))?,
                        None => serde_json::to_writer(&mut out, pet)?,
                    }
                }
                counted(pets);
                Ok(())
            })
            .await?;
            out.write_all(if first { b"]\n" } else { b"\n]\n" })
                .and_then(|()| out.flush())
                .map_err(ExportError::Write)?;
            Ok(surveyed)
        }
    }
}

/// The pet as the service sent it, with its category's name (null when it has none here).
fn named(pet: &Pet, names: &BTreeMap<i64, String>) -> serde_json::Value {
    let mut value = serde_json::to_value(pet).unwrap_or_default();
    if let Some(fields) = value.as_object_mut() {
        fields.insert(
            CATEGORY_NAME_FIELD.to_owned(),
            names
                .get(&pet.category_id)
                .map_or(serde_json::Value::Null, |name| name.as_str().into()),
        );
    }
    value
}

fn write_csv_row(
    writer: &mut csv::Writer<impl Write>,
    pet: &Pet,
    category_names: Option<&BTreeMap<i64, String>>,
) -> io::Result<()> {
    let status = pet
        .status
        .as_ref()
        .map(PetStatus::as_str)
        .unwrap_or_default();
    let id = pet.id.to_string();
    let category_id = pet.category_id.to_string();
    let name = guard(&pet.name);
    let status = guard(status);
    let mut record = vec![id.as_str(), &name, &category_id, &status];
    let category_name =
        category_names.map(|names| guard(names.get(&pet.category_id).map_or("", String::as_str)));
    if let Some(category_name) = &category_name {
        record.push(category_name);
    }
    writer
        .write_record(record)
        .map_err(|e| io::Error::other(e.to_string()))
}

fn csv_error(error: csv::Error) -> ExportError {
    ExportError::Write(io::Error::other(error.to_string()))
}

/// Where `--force` keeps the file it replaces: `<name>.bak` beside it.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_owned();
    name.push(".bak");
    path.with_file_name(name)
}

/// A file written whole or not at all: the content goes to a temporary file beside the target,
/// which replaces the target by a rename only once complete and synced. An existing target is
/// refused unless `replace`, and then kept as `<name>.bak` first (replacing an older `.bak`).
#[derive(Debug)]
pub struct SafeFile {
    target: PathBuf,
    temp: PathBuf,
    writer: BufWriter<File>,
    replace: bool,
}

impl SafeFile {
    pub fn create(target: &Path, replace: bool) -> Result<SafeFile, ExportError> {
        if target.exists() && !replace {
            return Err(ExportError::Exists {
                path: target.to_owned(),
            });
        }
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(target.file_name().unwrap_or_default());
        temp_name.push(format!(".{}.tmp", std::process::id()));
        let temp = target.with_file_name(temp_name);
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(ExportError::Write)?;
        Ok(SafeFile {
            target: target.to_owned(),
            temp,
            writer: BufWriter::new(file),
            replace,
        })
    }

    pub fn writer(&mut self) -> &mut BufWriter<File> {
        &mut self.writer
    }

    /// Puts the complete file in place. Returns where an existing file was kept, if any.
    pub fn commit(mut self) -> Result<Option<PathBuf>, ExportError> {
        self.writer.flush().map_err(ExportError::Write)?;
        self.writer
            .get_ref()
            .sync_all()
            .map_err(ExportError::Write)?;
        let mut kept = None;
        if self.target.exists() {
            if !self.replace {
                return Err(ExportError::Exists {
                    path: self.target.clone(),
                });
            }
            let backup = backup_path(&self.target);
            std::fs::rename(&self.target, &backup).map_err(ExportError::Write)?;
            kept = Some(backup);
        }
        std::fs::rename(&self.temp, &self.target).map_err(ExportError::Write)?;
        Ok(kept)
    }
}

impl Drop for SafeFile {
    fn drop(&mut self) {
        // Not committed (or committed: then the temporary name is gone and this does nothing).
        let _ = std::fs::remove_file(&self.temp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_file_refuses_then_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("pets.csv");
        std::fs::write(&path, "mine").unwrap();
        let err = SafeFile::create(&path, false).unwrap_err();
        assert!(err.to_string().contains("--force"), "{err}");
        let mut file = SafeFile::create(&path, true).unwrap();
        file.writer().write_all(b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
        let kept = file.commit().unwrap().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), "mine");
        assert_eq!(kept, dir.path().join("pets.csv.bak"));
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 2, "no temporary file left");
    }

    #[test]
    fn an_uncommitted_file_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        let mut file = SafeFile::create(&path, false).unwrap();
        file.writer().write_all(b"half").unwrap();
        drop(file);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
