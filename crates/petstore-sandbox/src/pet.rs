//! A pet as the sandbox stores it, lists it and keeps it in its file.

use serde::{Deserialize, Serialize};

/// A pet as the API returns it. `status` is kept as text so tests can seed values the spec does not list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pet {
    pub id: i64,
    pub name: String,
    pub category_id: i64,
    pub status: String,
}
