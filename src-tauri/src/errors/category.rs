//! A category name refused (by `petstore-local`, or by the app before it asks), as the facts the
//! UI words: which rule, what was given, and the field to correct.

use petstore_local::CategoryError;

use crate::dto::{CategoryFailure, CategoryProblem, CategoryRefusal, CommandError, Field};

/// A refusal with nothing said yet but what was given.
pub(crate) fn refusal(id: &str, name: &str, line: Option<u64>) -> CategoryRefusal {
    CategoryRefusal {
        problem: CategoryProblem::NameEmpty,
        id: id.trim().to_owned(),
        name: name.to_owned(),
        line: line.map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
        chars: None,
        other_id: None,
        other_name: None,
    }
}

pub(crate) fn refused(
    error: &CategoryError,
    id: &str,
    name: &str,
    line: Option<u64>,
) -> CategoryRefusal {
    let given = refusal(id, name, line);
    match error {
        CategoryError::IdNotPositive { .. } => CategoryRefusal {
            problem: CategoryProblem::IdNotPositive,
            ..given
        },
        CategoryError::NameEmpty => given,
        CategoryError::NameTooLong { chars } => CategoryRefusal {
            problem: CategoryProblem::NameTooLong,
            chars: Some(u32::try_from(*chars).unwrap_or(u32::MAX)),
            ..given
        },
        CategoryError::NameTaken { name, id } => CategoryRefusal {
            problem: CategoryProblem::NameTaken,
            other_id: Some(id.to_string()),
            other_name: Some(name.clone()),
            ..given
        },
        CategoryError::IdNamed { name, .. } => CategoryRefusal {
            problem: CategoryProblem::IdNamed,
            other_name: Some(name.clone()),
            ..given
        },
        CategoryError::NotNamed { .. } => CategoryRefusal {
            problem: CategoryProblem::NotNamed,
            ..given
        },
        CategoryError::ListFull => CategoryRefusal {
            problem: CategoryProblem::ListFull,
            ..given
        },
    }
}

impl CategoryRefusal {
    /// The command's refusal, naming the field to correct.
    pub(crate) fn into_error(self) -> CommandError {
        let field = match self.problem {
            CategoryProblem::NameEmpty
            | CategoryProblem::NameTooLong
            | CategoryProblem::NameTaken => Some(Field::CategoryName),
            CategoryProblem::IdNotANumber
            | CategoryProblem::IdNotPositive
            | CategoryProblem::IdNamed
            | CategoryProblem::NotNamed => Some(Field::CategoryId),
            CategoryProblem::ListFull => None,
        };
        CommandError::Category(Box::new(CategoryFailure::CategoryRefused {
            refusal: self,
            field,
        }))
    }
}

/// A category change `petstore-local` refused, as a command's error (what was given is only
/// what the error itself says).
pub fn category_refused(error: &CategoryError) -> CommandError {
    let id = match error {
        CategoryError::IdNotPositive { given } => given.to_string(),
        CategoryError::IdNamed { id, .. } | CategoryError::NotNamed { id } => id.to_string(),
        _ => String::new(),
    };
    refused(error, &id, "", None).into_error()
}
