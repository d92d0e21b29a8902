//! A [`Filter`] as a SQL `WHERE` clause with its values bound, never spliced into the text.

use rusqlite::types::Value;

use crate::codec::millis;
use crate::model::Filter;

#[derive(Debug, Default)]
pub(crate) struct Clause {
    /// Empty, or `WHERE …` with one `?` per value.
    pub sql: String,
    pub values: Vec<Value>,
}

impl Clause {
    pub(crate) fn new(filter: &Filter) -> Clause {
        let mut terms: Vec<&str> = Vec::new();
        let mut values = Vec::new();
        let mut text = |term, value: &str| {
            terms.push(term);
            values.push(Value::Text(value.to_owned()));
        };
        if let Some(environment) = filter.environment {
            text("environment = ?", environment.as_str());
        }
        if let Some(base_url) = &filter.base_url {
            text("base_url = ?", base_url);
        }
        if let Some(operation) = filter.operation {
            text("operation = ?", operation.as_str());
        }
        if let Some(outcome) = filter.outcome {
            text("outcome = ?", outcome.as_str());
        }
        if let Some(since) = filter.since {
            terms.push("started_at >= ?");
            values.push(Value::Integer(millis(since)));
        }
        if let Some(until) = filter.until {
            terms.push("started_at <= ?");
            values.push(Value::Integer(millis(until)));
        }
        let search = filter.search.as_deref().map(str::trim).unwrap_or_default();
        if !search.is_empty() {
            // instr, not LIKE: no wildcard in the user's text to escape, and the folded column
            // makes it case-insensitive beyond ASCII.
            values.push(Value::Text(search.to_lowercase()));
            match search.parse::<i64>() {
                Ok(id) => {
                    terms.push(
                        "(instr(pet_name_folded, ?) > 0 OR pet_id = ? OR resolution_pet_id = ?)",
                    );
                    values.push(Value::Integer(id));
                    values.push(Value::Integer(id));
                }
                Err(_) => terms.push("instr(pet_name_folded, ?) > 0"),
            }
        }
        let sql = if terms.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", terms.join(" AND "))
        };
        Clause { sql, values }
    }

    pub(crate) fn params(&self) -> rusqlite::ParamsFromIter<std::slice::Iter<'_, Value>> {
        rusqlite::params_from_iter(self.values.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use petstore_client::{Environment, Outcome};

    #[test]
    fn an_empty_filter_is_no_clause() {
        let clause = Clause::new(&Filter::default());
        assert_eq!(clause.sql, "");
        assert!(clause.values.is_empty());
    }

    #[test]
    fn every_condition_is_bound_never_spliced() {
        let clause = Clause::new(&Filter {
            environment: Some(Environment::Staging),
            outcome: Some(Outcome::Unknown),
            search: Some(" Rex'; DROP TABLE activity; -- ".to_owned()),
            ..Filter::default()
        });
        assert!(!clause.sql.contains("DROP"));
        assert_eq!(clause.sql.matches('?').count(), clause.values.len());
        assert_eq!(
            clause.values[2],
            Value::Text("rex'; drop table activity; --".to_owned())
        );
    }

    #[test]
    fn a_number_searches_ids_too() {
        let clause = Clause::new(&Filter {
            search: Some("42".to_owned()),
            ..Filter::default()
        });
        assert!(clause.sql.contains("pet_id = ?"));
        assert_eq!(clause.values.len(), 3);
    }
}
