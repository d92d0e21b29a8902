//! What a desk that just connected can tell a person it proved: the schema's version in the
//! database, and how many other desks have used the store (issue 41's "other desks seen").

use crate::Shared;
use crate::error::{SharedError, Step, query};
use crate::schema::HISTORY_TABLE;

impl Shared {
    /// The highest migration applied to the store (after [`crate::connect`], this build's
    /// [`crate::known_version`]).
    pub async fn schema_version(&self) -> Result<i64, SharedError> {
        let step = Step::Read("read the store's schema version");
        let sql = format!("SELECT coalesce(max(version), 0)::int8 FROM {HISTORY_TABLE}");
        let row = self
            .client
            .query_one(&sql, &[])
            .await
            .map_err(|e| query(step, &e))?;
        row.try_get(0).map_err(|e| query(step, &e))
    }

    /// How many desks other than `desk` have claimed a create or recorded a request here, in any
    /// environment. Both tables have an index led by the environment, not the desk: this reads
    /// them whole, which a connect and a status (not every create) can afford.
    pub async fn other_desks(&self, desk: &str) -> Result<i64, SharedError> {
        let step = Step::Read("count the desks that used the store");
        let row = self
            .client
            .query_one(
                "SELECT count(*)::int8 FROM (
                     SELECT desk FROM petstore_claims UNION SELECT desk FROM petstore_history
                 ) AS seen WHERE desk <> $1",
                &[&desk],
            )
            .await
            .map_err(|e| query(step, &e))?;
        row.try_get(0).map_err(|e| query(step, &e))
    }
}
