//! The copy of a file with rows fixed in place: what such an import really sends, so its content
//! (and journal) differ from the original's, and a restart can resume from it.

use std::path::{Path, PathBuf};

use petstore_bulk::ParsedFile;
use sha2::{Digest, Sha256};

use crate::dto::{CommandError, FileProblem};

/// The rows as `name,categoryId,status,line`, one record per row in file order. `line` (the
/// original file's line, never blank) keeps every row a record, so row positions, the journal's
/// row identity, stay those of the preview; the import ignores it as an extra column.
pub(super) fn content(file: &ParsedFile) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut write = || -> csv::Result<()> {
        writer.write_record(["name", "categoryId", "status", "line"])?;
        for row in &file.rows {
            let line = row.line.to_string();
            writer.write_record([
                row.cells.name.as_str(),
                &row.cells.category_id,
                &row.cells.status,
                &line,
            ])?;
        }
        writer.flush()?;
        Ok(())
    };
    // Writing to memory does not fail.
    let _ = write();
    writer.into_inner().unwrap_or_default()
}

/// `<data dir>/imports/fixed-<sha256 of the content>.csv`: the same fixes, the same copy.
pub(super) fn path(data_dir: &Path, bytes: &[u8]) -> PathBuf {
    let hex: String = Sha256::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    data_dir
        .join(petstore_bulk::journal::JOURNAL_FOLDER)
        .join(format!("fixed-{hex}.csv"))
}

/// Writes the copy (whole, through a temporary file) unless it is there already.
pub(super) fn write(path: &Path, bytes: &[u8]) -> Result<(), CommandError> {
    if std::fs::read(path).is_ok_and(|there| there == bytes) {
        return Ok(());
    }
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| {
            let temp = path.with_extension("csv.tmp");
            std::fs::write(&temp, bytes)?;
            std::fs::rename(&temp, path)
        });
    written.map_err(|error| {
        CommandError::file(FileProblem::FileNotWritten {
            path: path.display().to_string(),
            reason: crate::dto::Reason::io(&error),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_copy_keeps_row_positions_and_reads_back_the_same() {
        let original = petstore_bulk::parse(
            b"name;categoryId;extra\n\"Rex\nthe second\";3;x\n\n;4;y\nMia;-2;z\n",
        )
        .expect("parses");
        let copy = content(&original);
        let again = petstore_bulk::parse(&copy).expect("the copy parses");
        assert_eq!(again.rows.len(), original.rows.len());
        for (a, b) in again.rows.iter().zip(&original.rows) {
            assert_eq!(a.index, b.index);
            assert_eq!(a.cells, b.cells);
            assert_eq!(a.pet, b.pet);
        }
        assert_eq!(again.ignored_columns, vec!["line".to_owned()]);
        let dir = std::path::Path::new("/data");
        assert_eq!(path(dir, &copy), path(dir, &content(&original)));
        assert_ne!(path(dir, &copy), path(dir, b"other"));
    }
}
