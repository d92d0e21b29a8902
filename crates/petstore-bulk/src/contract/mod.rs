//! The CSV contract of an import, shared by the app and the CLI.
//!
//! UTF-8 (a BOM is accepted), comma or semicolon separated (detected from the header line),
//! RFC 4180 quoting (the `csv` crate, never hand-written splitting), a header row naming the
//! columns in any order and any case. Each data row is validated as the create form validates
//! it, and reported with the physical line where its record starts.
//!
//! Category names: a `categoryName` (or `category_name`) column, or a `category`
//! column beside `categoryId` (or `category_id`), gives each row's category a name that this
//! computer learns (see [`ParsedFile::category_names`]); names are never sent. A `category`
//! column with no `categoryId` beside it is the number, as it always was.

mod header;
mod names;
pub(crate) mod records;
mod row;

use petstore_client::NewPet;
use serde::Serialize;

pub use header::{Column, Columns};
pub use names::NamedCategory;
pub use row::{MAX_NAME_CHARS, RowProblem};

/// The largest file an import reads: 16 MiB holds 100,000 rows of long names; anything bigger
/// is not a pet list, and reading it whole would cost the app memory for nothing.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;
/// The most data rows an import takes: 100,000 creates are ten days of a Pro plan's day quota.
pub const MAX_ROWS: usize = 100_000;
/// The largest list of category names read (`category_list`): far more than the thousand names
/// an environment keeps.
pub const MAX_LIST_BYTES: usize = 1024 * 1024;
/// The most rows a list of category names may have.
pub const MAX_LIST_ROWS: usize = 10_000;

/// A file that cannot be read as an import at all. Rows with a problem are not this: they are
/// [`Row`]s with problems, and the other rows still go.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContractError {
    /// Larger than [`MAX_FILE_BYTES`]: `bytes` is its real size when known (the whole file was
    /// given, or the file system told), `None` when only "larger" is (a capped read).
    #[error(
        "The file is {}; an import reads at most {MAX_FILE_BYTES} bytes (16 MiB). Split it into parts of at most {MAX_ROWS} rows and 16 MiB each.",
        .bytes.map_or_else(|| "larger than 16 MiB".to_owned(), |b| format!("{b} bytes"))
    )]
    TooLarge { bytes: Option<u64> },
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
    /// A list of category names (`category_list`) larger than one is read.
    #[error(
        "The file is {bytes} bytes; a list of category names is read up to {} bytes (1 MiB). Is it the right file?",
        MAX_LIST_BYTES
    )]
    ListTooLarge { bytes: usize },
    #[error(
        "The file has more than {} rows; a list of category names has at most that many.",
        MAX_LIST_ROWS
    )]
    ListTooLong,
    #[error(
        "The file is empty. A list of category names needs a header row (categoryId, name) and one row per category."
    )]
    EmptyList,
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
    /// The category name the file gives beside the number (see [`ParsedFile::category_names`]),
    /// as written; `None` when the file has no names column or the cell is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category_name: Option<String>,
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
    /// The name starts as a spreadsheet formula does (`=`, `+`, `-`, `@`, as an export guards):
    /// it is imported as typed (the service keeps names as given), and the preview says so.
    pub fn name_may_run_as_formula(&self) -> bool {
        petstore_client::spreadsheet::may_run_as_formula(self.cells.name.trim())
    }

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
            category_name: None,
        }
    }

    /// The same row with cells a person fixed, validated again; what else the file said (its
    /// line, its category name) stays.
    pub fn with_cells(&self, cells: Cells) -> Row {
        Row {
            category_name: self.category_name.clone(),
            ..Row::from_cells(self.index, self.line, cells)
        }
    }
}

/// Reads and validates a whole import file. Sends nothing.
pub fn parse(bytes: &[u8]) -> Result<ParsedFile, ContractError> {
    parse_read(bytes, Some(bytes.len() as u64))
}

/// [`parse`] for the bytes of a read capped at [`MAX_FILE_BYTES`] + 1 (so more than that many
/// means "too large", not the file's size), with the size the file system gave (metadata), if
/// any: a file too large is refused naming that size, or as "larger than 16 MiB".
pub fn parse_read(bytes: &[u8], size_on_disk: Option<u64>) -> Result<ParsedFile, ContractError> {
    if bytes.len() > MAX_FILE_BYTES {
        let known = size_on_disk.filter(|size| *size >= bytes.len() as u64);
        return Err(ContractError::TooLarge { bytes: known });
    }
    let mut rows = Vec::new();
    let header = records::read(bytes, header::columns, |found: &Columns, line, cells| {
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
        let mut row = Row::from_cells(rows.len(), line, row_cells);
        row.category_name = Some(cell(found.category_name)).filter(|c| !c.trim().is_empty());
        rows.push(row);
        Ok(())
    })?
    .ok_or(ContractError::Empty)?;
    Ok(ParsedFile {
        delimiter: header.delimiter,
        ignored_columns: header.columns.ignored(&header.names),
        columns: header.columns,
        rows,
    })
}

#[cfg(test)]
mod tests;
