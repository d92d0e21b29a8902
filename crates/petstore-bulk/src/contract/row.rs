//! One data row, validated exactly as the create form validates it
//! (`ui/src/lib/validation.ts`), through the client's own parsers.

use petstore_client::{NewPet, PetStatus, parse_category_id};
use serde::Serialize;

use super::{Cells, Column};

/// The most characters a name may have once trimmed (the service's limit, the form's too).
pub const MAX_NAME_CHARS: usize = 1000;

/// What is wrong with one cell of a row. `Display` is the message for a person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(rename_all = "camelCase", tag = "problem")]
pub enum RowProblem {
    #[error("the name is empty: enter a name.")]
    NameEmpty,
    #[error(
        "the name is {chars} characters long: shorten it to at most {MAX_NAME_CHARS} characters."
    )]
    NameTooLong { chars: usize },
    #[error("the category id is empty: enter a whole number from 1 up, for example 3.")]
    CategoryIdEmpty,
    #[error(
        "the category id \"{given}\" is not a whole number from 1 to 9223372036854775807: use digits only, for example 3."
    )]
    CategoryIdNotANumber { given: String },
    #[error("the category id {given} is not positive: use a whole number from 1 up.")]
    CategoryIdNotPositive { given: i64 },
    #[error(
        "the status \"{given}\" is not one of available, pending, sold (leave it empty to let the service decide)."
    )]
    StatusUnknown { given: String },
}

impl RowProblem {
    /// The column the problem is in (for the preview's fix-in-place).
    pub fn column(&self) -> Column {
        match self {
            RowProblem::NameEmpty | RowProblem::NameTooLong { .. } => Column::Name,
            RowProblem::CategoryIdEmpty
            | RowProblem::CategoryIdNotANumber { .. }
            | RowProblem::CategoryIdNotPositive { .. } => Column::CategoryId,
            RowProblem::StatusUnknown { .. } => Column::Status,
        }
    }
}

/// Every problem of the row, or the pet it makes.
pub(super) fn validate(cells: &Cells) -> Result<NewPet, Vec<RowProblem>> {
    let mut problems = Vec::new();
    let name = cells.name.trim();
    let chars = name.chars().count();
    if name.is_empty() {
        problems.push(RowProblem::NameEmpty);
    } else if chars > MAX_NAME_CHARS {
        problems.push(RowProblem::NameTooLong { chars });
    }
    let category = cells.category_id.trim();
    let category_id = if category.is_empty() {
        problems.push(RowProblem::CategoryIdEmpty);
        None
    } else {
        match parse_category_id(category) {
            Ok(id) if id >= petstore_client::MIN_CATEGORY_ID => Some(id),
            Ok(id) => {
                problems.push(RowProblem::CategoryIdNotPositive { given: id });
                None
            }
            Err(_) => {
                problems.push(RowProblem::CategoryIdNotANumber {
                    given: category.to_owned(),
                });
                None
            }
        }
    };
    let status = cells.status.trim();
    let status = if status.is_empty() {
        None
    } else {
        match status.to_lowercase().parse::<PetStatus>() {
            Ok(status) => Some(status),
            Err(_) => {
                problems.push(RowProblem::StatusUnknown {
                    given: status.to_owned(),
                });
                None
            }
        }
    };
    match category_id {
        Some(category_id) if problems.is_empty() => {
            // The client's own constructor: the same trimming and checks as every create.
            NewPet::new(name, category_id, status).map_err(|_| vec![RowProblem::NameEmpty])
        }
        _ => Err(problems),
    }
}
