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
}

impl Column {
    /// The header name the file should use (others are accepted, see [`Column::of`]).
    pub fn header(self) -> &'static str {
        match self {
            Column::Name => "name",
            Column::CategoryId => "categoryId",
            Column::Status => "status",
        }
    }

    /// The column a header names, in any case: `name`; `categoryId`, `category_id` or
    /// `category`; `status`.
    pub fn of(header: &str) -> Option<Column> {
        match header.trim().to_lowercase().as_str() {
            "name" => Some(Column::Name),
            "categoryid" | "category_id" | "category" => Some(Column::CategoryId),
            "status" => Some(Column::Status),
            _ => None,
        }
    }
}

/// Where each read column is (0-based positions in a record).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Columns {
    pub name: usize,
    pub category_id: usize,
    pub status: Option<usize>,
}

impl Columns {
    /// The header names of every other column, as written (an unnamed one as `column N`).
    pub fn ignored(&self, names: &[String]) -> Vec<String> {
        names
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != self.name && *i != self.category_id && Some(*i) != self.status)
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

pub(super) fn columns(names: &[String]) -> Result<Columns, ContractError> {
    let mut found: [Option<usize>; 3] = [None; 3];
    for (i, name) in names.iter().enumerate() {
        let Some(column) = Column::of(name) else {
            continue;
        };
        let slot = &mut found[column as usize];
        if let Some(first) = *slot {
            return Err(ContractError::DuplicateColumn {
                column,
                first: names[first].clone(),
                second: name.clone(),
            });
        }
        *slot = Some(i);
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
