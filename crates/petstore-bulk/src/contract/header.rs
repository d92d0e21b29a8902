//! The header row: which column holds what, and which separator the file uses.

use serde::Serialize;

use super::ContractError;

/// A column the import reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Column {
    Name,
    CategoryId,
    Status,
    /// The category's name beside its number: it teaches this computer the name (see
    /// [`super::ParsedFile::category_names`]); never sent.
    CategoryName,
}

impl Column {
    /// The header name the file should use (others are accepted, see [`Column::of`]).
    pub fn header(self) -> &'static str {
        match self {
            Column::Name => "name",
            Column::CategoryId => "categoryId",
            Column::Status => "status",
            Column::CategoryName => "categoryName",
        }
    }

    /// The column a header names, in any case: `name`; `categoryId`, `category_id` or
    /// `category`; `status`; `categoryName` or `category_name`. A `category` column beside a
    /// `categoryId` (or `category_id`) column holds the names instead (see [`columns`]).
    pub fn of(header: &str) -> Option<Column> {
        match header.trim().to_lowercase().as_str() {
            "name" => Some(Column::Name),
            "categoryid" | "category_id" | BARE_CATEGORY => Some(Column::CategoryId),
            "status" => Some(Column::Status),
            "categoryname" | "category_name" => Some(Column::CategoryName),
            _ => None,
        }
    }
}

/// The header that is the number when it is the only category column, else the names.
const BARE_CATEGORY: &str = "category";

/// Where each read column is (0-based positions in a record).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Columns {
    pub name: usize,
    pub category_id: usize,
    pub status: Option<usize>,
    pub category_name: Option<usize>,
}

impl Columns {
    /// The header names of every other column, as written (an unnamed one as `column N`).
    pub fn ignored(&self, names: &[String]) -> Vec<String> {
        let read = [
            Some(self.name),
            Some(self.category_id),
            self.status,
            self.category_name,
        ];
        names
            .iter()
            .enumerate()
            .filter(|(i, _)| !read.contains(&Some(*i)))
            .map(|(i, name)| {
                if name.is_empty() {
                    format!("column {}", i + 1)
                } else {
                    name.clone()
                }
            })
            .collect()
    }
}

/// The columns a header row names. `category` is the category's number when the file has no
/// `categoryId` (or `category_id`) column, as it always was; beside one, it is the names column.
pub(super) fn columns(names: &[String]) -> Result<Columns, ContractError> {
    let mut found: [Option<usize>; 4] = [None; 4];
    let mut bare: Option<usize> = None;
    let doubled = |column: Column, first: usize, second: usize| ContractError::DuplicateColumn {
        column,
        first: names[first].clone(),
        second: names[second].clone(),
    };
    for (i, name) in names.iter().enumerate() {
        let Some(column) = Column::of(name) else {
            continue;
        };
        let slot = if name.trim().eq_ignore_ascii_case(BARE_CATEGORY) {
            &mut bare
        } else {
            &mut found[column as usize]
        };
        if let Some(first) = *slot {
            return Err(doubled(column, first, i));
        }
        *slot = Some(i);
    }
    if let Some(at) = bare {
        let (id, named) = (Column::CategoryId as usize, Column::CategoryName as usize);
        match (found[id], found[named]) {
            (None, _) => found[id] = Some(at),
            (Some(_), None) => found[named] = Some(at),
            (Some(_), Some(names_at)) => {
                return Err(doubled(
                    Column::CategoryName,
                    names_at.min(at),
                    names_at.max(at),
                ));
            }
        }
    }
    let missing = |column: Column| ContractError::MissingColumn {
        missing: column,
        found: names.iter().filter(|n| !n.is_empty()).cloned().collect(),
    };
    Ok(Columns {
        name: found[Column::Name as usize].ok_or_else(|| missing(Column::Name))?,
        category_id: found[Column::CategoryId as usize]
            .ok_or_else(|| missing(Column::CategoryId))?,
        status: found[Column::Status as usize],
        category_name: found[Column::CategoryName as usize],
    })
}

/// Semicolon when the header line has more semicolons than commas outside quotes (what a
/// spreadsheet in a comma-decimal locale writes), else comma.
pub(super) fn detect_delimiter(text: &str) -> u8 {
    let header = text
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or_default();
    let (mut commas, mut semicolons, mut quoted) = (0usize, 0usize, false);
    for c in header.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => commas += 1,
            ';' if !quoted => semicolons += 1,
            _ => {}
        }
    }
    if semicolons > commas { b';' } else { b',' }
}
