//! Input refused before anything was sent: a leaf, so the API key's type can refuse a bad key
//! without depending on the client's errors.

/// Input refused before anything was sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidInput {
    #[error("{}", limit_text(*given))]
    Limit { given: i64 },
    #[error("status not one of available, pending, sold: {given:?}")]
    Status { given: String },
    #[error("name empty")]
    Name,
    #[error("category id not an int64: {given:?}")]
    CategoryId { given: String },
    /// Never the key itself.
    #[error("API key empty or not visible ASCII")]
    ApiKey,
    #[error("pet id not an int64: {given:?}")]
    PetId { given: String },
}

fn limit_text(given: i64) -> String {
    // `Limit::from_str` reports text that is not a number at all as i64::MIN/MAX.
    if given == i64::MIN || given == i64::MAX {
        "limit not a whole number from 1 to 100".to_owned()
    } else {
        format!("limit not from 1 to 100 (got {given})")
    }
}
