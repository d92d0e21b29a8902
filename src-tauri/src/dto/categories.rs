//! Category names as the UI gets them: this computer's list of an environment, and
//! what a merge (a shared list, an import's names column) added or did not use, with why. Not
//! `petstore-local`'s types: ids travel as strings (int64), line numbers as u32, and a refusal is
//! facts (`CategoryProblem` and the values) that `ui/src/lib/messages.ts` words.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::Environment;

/// One named category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CategoryEntry {
    /// int64, as a string.
    pub id: String,
    pub name: String,
}

/// An environment's names, by id. Payload of the `category-names` event, sent whenever a list
/// changes (Settings, a shared list imported, an import's names learned).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CategoryList {
    pub environment: Environment,
    pub entries: Vec<CategoryEntry>,
}

/// Why a category name was not added, renamed or removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum CategoryProblem {
    /// The id is not a whole number (`id` as given).
    IdNotANumber,
    /// The id is below 1.
    IdNotPositive,
    /// The name is empty once trimmed.
    NameEmpty,
    /// The name is longer than the most a name has (`chars`).
    NameTooLong,
    /// Another category has this name already, ignoring case (`otherId`, `otherName`).
    NameTaken,
    /// The category has a name already, which a merge never replaces (`otherName`).
    IdNamed,
    /// The category has no name to rename or remove.
    NotNamed,
    /// The environment has as many names as it keeps.
    ListFull,
}

/// A name refused, with the facts to say why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRefusal {
    pub problem: CategoryProblem,
    /// The id as given.
    pub id: String,
    /// The name as given (empty when none was).
    pub name: String,
    /// The line of the file it came from, for a merge.
    pub line: Option<u32>,
    /// The name's length in characters, once trimmed (`nameTooLong`).
    pub chars: Option<u32>,
    /// The category whose name it is already (`nameTaken`).
    pub other_id: Option<String>,
    /// The name already there (`nameTaken`: the other category's, `idNamed`: this one's).
    pub other_name: Option<String>,
}

/// What merging names into an environment's list did: names are added, never replaced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CategoryMerge {
    pub environment: Environment,
    pub added: Vec<CategoryEntry>,
    /// Names the list had already, for the same category.
    pub unchanged: u32,
    pub refused: Vec<CategoryRefusal>,
}

/// The answer to "Import list…".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CategoryImport {
    pub file_name: String,
    pub merge: CategoryMerge,
    /// The environment's list now.
    pub list: CategoryList,
}

/// The most characters of a category name (`petstore-local`'s rule), for the UI's own checks as
/// the person types: written into the TypeScript bindings, so it is defined once.
pub const MAX_CATEGORY_NAME_CHARS: usize = petstore_local::MAX_CATEGORY_NAME_CHARS;
/// The most names an environment keeps (`petstore-local`'s rule), for the UI's words.
pub const MAX_CATEGORIES: usize = petstore_local::MAX_CATEGORIES;
