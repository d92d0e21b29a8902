//! The CSV contract of an import (issue 11 §1), shared by the app and the CLI.
//!
//! UTF-8 (a BOM is accepted), comma or semicolon separated (detected from the header line),
//! RFC 4180 quoting (the `csv` crate, never hand-written splitting), a header row naming the
//! columns in any order and any case. Each data row is validated as the create form validates
//! it, and reported with the physical line where its record starts.

mod header;
mod row;

use csv::{ByteRecord, ReaderBuilder};
use petstore_client::NewPet;
use serde::Serialize;

pub use header::{Column, Columns};
pub use row::{MAX_NAME_CHARS, RowProblem};

/// The largest file an import reads: 16 MiB holds 100,000 rows of long names; anything bigger
/// is not a pet list, and reading it whole would cost the app memory for nothing.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;
/// The most data rows an import takes: 100,000 creates are ten days of a Pro plan's day quota.
pub const MAX_ROWS: usize = 100_000;

/// A file that cannot be read as an import at all. Rows with a problem are not this: they are
/// [`Row`]s with problems, and the other rows still go.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContractError {
    #[error(
        "The file is {bytes} bytes; an import reads at most {MAX_FILE_BYTES} bytes (16 MiB). Split it into smaller files."
    )]
    TooLarge { bytes: usize },
    #[error(
        "The file has more than {MAX_ROWS} rows; an import takes at most {MAX_ROWS}. Split it into smaller files."
    )]
    TooManyRows,
    #[error("Line {line} is not UTF-8 text. Save the spreadsheet as \"CSV UTF-8\" and try again.")]
    NotUtf8 { line: u64 },
    #[error(
        "The file is empty. It needs a header row (name, categoryId, status) and one row per pet."
    )]
    Empty,
    #[error(
        "The header row has no \"{}\" column (found: {}). Add it, or rename the column that holds it.",
        .missing.header(),
        found_list(.found)
    )]
    MissingColumn { missing: Column, found: Vec<String> },
    #[error(
        "The header row has two columns for {} (\"{first}\" and \"{second}\"). Keep one of them.",
        .column.header()
    )]
    DuplicateColumn {
        column: Column,
        first: String,
        second: String,
    },
    #[error("Line {line} cannot be read as CSV: {message}. Check its quotes.")]
    Malformed { line: u64, message: String },
}

fn found_list(found: &[String]) -> String {
    if found.is_empty() {
        "no columns".to_owned()
    } else {
        found
            .iter()
            .map(|name| format!("\"{name}\""))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A whole file, read and validated, nothing sent.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ParsedFile {
    /// `b','` or `b';'`.
    #[serde(serialize_with = "as_char")]
    pub delimiter: u8,
    pub columns: Columns,
    /// Header names of the columns the import does not read, as written.
    pub ignored_columns: Vec<String>,
    /// Every data row, valid or not, in file order (blank lines left out).
    pub rows: Vec<Row>,
}

fn as_char<S: serde::Serializer>(byte: &u8, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_char(char::from(*byte))
}

impl ParsedFile {
    pub fn valid_rows(&self) -> impl Iterator<Item = (&Row, &NewPet)> {
        self.rows
            .iter()
            .filter_map(|row| row.pet.as_ref().map(|pet| (row, pet)))
    }

    pub fn invalid_rows(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|row| row.pet.is_none())
    }
}

/// One data row: what the file said, and the pet it makes or why it makes none.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Row {
    /// Position among the data rows (0 for the first after the header): the row's identity in
    /// the import's journal, stable for the same file.
    pub index: usize,
    /// The physical line (1-based) where the record starts, counting the newlines inside
    /// quoted cells of earlier records.
    pub line: u64,
    pub cells: Cells,
    /// `Some` when the row is valid; then `problems` is empty.
    pub pet: Option<NewPet>,
    pub problems: Vec<RowProblem>,
}

/// The three cells the import reads, as written (empty when the row is short).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Cells {
    pub name: String,
    pub category_id: String,
    pub status: String,
}

impl Row {
    /// Validates cells as a person typed them (the app's fix-in-place uses this too).
    pub fn from_cells(index: usize, line: u64, cells: Cells) -> Row {
        let (pet, problems) = match row::validate(&cells) {
            Ok(pet) => (Some(pet), Vec::new()),
            Err(problems) => (None, problems),
        };
        Row {
            index,
            line,
            cells,
            pet,
            problems,
        }
    }
}

/// Reads and validates a whole import file. Sends nothing.
pub fn parse(bytes: &[u8]) -> Result<ParsedFile, ContractError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ContractError::TooLarge { bytes: bytes.len() });
    }
    let text = std::str::from_utf8(bytes).map_err(|err| ContractError::NotUtf8 {
        line: line_of(bytes, err.valid_up_to()),
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let delimiter = header::detect_delimiter(text);
    let mut reader = ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    let mut record = ByteRecord::new();
    let mut header_cells: Option<Vec<String>> = None;
    let mut columns = None;
    let mut rows = Vec::new();
    let mut lines = LineCounter::new(text.as_bytes());
    loop {
        let more = reader
            .read_byte_record(&mut record)
            .map_err(|err| malformed(&err))?;
        if !more {
            break;
        }
        let line = lines.record_line(record.position().map_or(0, csv::Position::byte));
        // Valid UTF-8 as a whole and split only at ASCII bytes: every cell is UTF-8.
        let cells: Vec<&str> = record
            .iter()
            .map(|cell| std::str::from_utf8(cell).unwrap_or_default())
            .collect();
        if cells.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        let Some(found) = &columns else {
            let names: Vec<String> = cells.iter().map(|c| c.trim().to_owned()).collect();
            columns = Some(header::columns(&names)?);
            header_cells = Some(names);
            continue;
        };
        if rows.len() == MAX_ROWS {
            return Err(ContractError::TooManyRows);
        }
        let cell = |at: Option<usize>| {
            at.and_then(|i| cells.get(i))
                .map_or_else(String::new, |c| (*c).to_owned())
        };
        let row_cells = Cells {
            name: cell(Some(found.name)),
            category_id: cell(Some(found.category_id)),
            status: cell(found.status),
        };
        rows.push(Row::from_cells(rows.len(), line, row_cells));
    }
    let (Some(columns), Some(names)) = (columns, header_cells) else {
        return Err(ContractError::Empty);
    };
    Ok(ParsedFile {
        delimiter,
        ignored_columns: columns.ignored(&names),
        columns,
        rows,
    })
}

fn malformed(err: &csv::Error) -> ContractError {
    let line = err.position().map_or(0, csv::Position::line);
    ContractError::Malformed {
        line,
        message: match err.kind() {
            csv::ErrorKind::Utf8 { .. } => "it is not UTF-8 text".to_owned(),
            _ => err.to_string(),
        },
    }
}

/// Physical line numbers of records, counted once through the file. The `csv` crate reports a
/// record after blank lines as starting on the first of them; a person wants the line the
/// record's text is on.
struct LineCounter<'a> {
    text: &'a [u8],
    offset: usize,
    line: u64,
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a [u8]) -> Self {
        LineCounter {
            text,
            offset: 0,
            line: 1,
        }
    }

    /// The line of the first byte at or after `start` that is not a line break. Offsets only
    /// grow, so the whole file is counted once.
    fn record_line(&mut self, start: u64) -> u64 {
        let mut at = usize::try_from(start)
            .unwrap_or(usize::MAX)
            .min(self.text.len());
        while at < self.text.len() && matches!(self.text[at], b'\r' | b'\n') {
            at += 1;
        }
        if at > self.offset {
            let breaks = self.text[self.offset..at].iter().filter(|b| **b == b'\n');
            self.line += breaks.count() as u64;
            self.offset = at;
        }
        self.line
    }
}

/// The 1-based line holding byte `offset`.
fn line_of(bytes: &[u8], offset: usize) -> u64 {
    let before = &bytes[..offset.min(bytes.len())];
    1 + before.iter().filter(|b| **b == b'\n').count() as u64
}

#[cfg(test)]
mod tests;
