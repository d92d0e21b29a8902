//! Writing the shared history: a desk's batch in one statement, checked first.

use tokio_postgres::types::ToSql;

use super::HistoryEntry;
use crate::Shared;
use crate::error::{SharedError, Step, query};

/// The most entries written in one statement; a longer batch is written in turns of this many
/// (each one statement). 1,000 rows of the longest paths stay well under a megabyte.
pub const MAX_HISTORY_BATCH: usize = 1_000;

/// Bound by the table's checks (migrations/V3__history.sql), refused here with their reason.
fn check(entry: &HistoryEntry) -> Result<(), SharedError> {
    let chars = |text: &str| text.chars().count();
    let problem = if !(1..=255).contains(&chars(&entry.desk)) {
        Some("its desk name is empty or longer than 255 characters")
    } else if chars(&entry.account) > 255 {
        Some("its account is longer than 255 characters")
    } else if !(1..=2048).contains(&chars(&entry.environment)) {
        Some("its base address is empty or longer than 2048 characters")
    } else if chars(&entry.environment_name) > 64 {
        Some("its environment name is longer than 64 characters")
    } else if !(1..=64).contains(&chars(&entry.operation))
        || !(1..=64).contains(&chars(&entry.outcome))
    {
        Some("its operation or outcome is empty or longer than 64 characters")
    } else if !(1..=16).contains(&chars(&entry.method)) {
        Some("its method is empty or longer than 16 characters")
    } else if chars(&entry.path) > 4096 {
        Some("its path is longer than 4096 characters")
    } else if entry
        .status
        .is_some_and(|status| !(100..=999).contains(&status))
    {
        Some("its status is no HTTP status")
    } else if entry
        .pet_name
        .as_deref()
        .is_some_and(|name| chars(name) > 4096)
    {
        Some("its pet name is longer than 4096 characters")
    } else if entry.rate_limit.as_ref().is_some_and(|rl| {
        chars(&rl.window) > 16 || i64::try_from(rl.limit.max(rl.remaining)).is_err()
    }) {
        Some("its rate-limit figures are out of range")
    } else if i64::try_from(entry.duration.as_millis()).is_err() {
        Some("its duration is out of range")
    } else {
        None
    };
    match problem {
        Some(problem) => Err(SharedError::Invalid {
            what: "history entry",
            problem,
        }),
        None => Ok(()),
    }
}

/// The batch as one array per column, for `unnest`.
#[derive(Default)]
struct Columns {
    desk: Vec<String>,
    account: Vec<String>,
    local_id: Vec<i64>,
    started_at: Vec<chrono::DateTime<chrono::Utc>>,
    environment: Vec<String>,
    environment_name: Vec<String>,
    operation: Vec<String>,
    method: Vec<String>,
    path: Vec<String>,
    status: Vec<Option<i32>>,
    duration_ms: Vec<i64>,
    attempts: Vec<i32>,
    rate_limited: Vec<i32>,
    outcome: Vec<String>,
    rl_limit: Vec<Option<i64>>,
    rl_remaining: Vec<Option<i64>>,
    rl_reset_at: Vec<Option<chrono::DateTime<chrono::Utc>>>,
    rl_window: Vec<Option<String>>,
    pet_name: Vec<Option<String>>,
    pet_id: Vec<Option<i64>>,
}

impl Columns {
    fn push(&mut self, entry: &HistoryEntry) {
        // Checked before: every conversion below fits.
        let int = |n: u32| i32::try_from(n).unwrap_or(i32::MAX);
        let long = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        self.desk.push(entry.desk.clone());
        self.account.push(entry.account.clone());
        self.local_id.push(entry.local_id);
        self.started_at.push(entry.started_at);
        self.environment.push(entry.environment.clone());
        self.environment_name.push(entry.environment_name.clone());
        self.operation.push(entry.operation.clone());
        self.method.push(entry.method.clone());
        self.path.push(entry.path.clone());
        self.status.push(entry.status.map(i32::from));
        self.duration_ms
            .push(i64::try_from(entry.duration.as_millis()).unwrap_or(i64::MAX));
        self.attempts.push(int(entry.attempts));
        self.rate_limited.push(int(entry.rate_limited));
        self.outcome.push(entry.outcome.clone());
        let rl = entry.rate_limit.as_ref();
        self.rl_limit.push(rl.map(|rl| long(rl.limit)));
        self.rl_remaining.push(rl.map(|rl| long(rl.remaining)));
        self.rl_reset_at.push(rl.and_then(|rl| rl.reset_at));
        self.rl_window.push(rl.map(|rl| rl.window.clone()));
        self.pet_name.push(entry.pet_name.clone());
        self.pet_id.push(entry.pet_id);
    }

    fn params(&self) -> [&(dyn ToSql + Sync); 20] {
        [
            &self.desk,
            &self.account,
            &self.local_id,
            &self.started_at,
            &self.environment,
            &self.environment_name,
            &self.operation,
            &self.method,
            &self.path,
            &self.status,
            &self.duration_ms,
            &self.attempts,
            &self.rate_limited,
            &self.outcome,
            &self.rl_limit,
            &self.rl_remaining,
            &self.rl_reset_at,
            &self.rl_window,
            &self.pet_name,
            &self.pet_id,
        ]
    }
}

/// One statement for a whole batch: each column an array, `unnest` making the rows. A row the
/// store already has (the same desk and local id: a batch repeated after its answer was lost)
/// is left as it is.
const INSERT: &str = "INSERT INTO petstore_history (desk, account, local_id, started_at,
        environment, environment_name, operation, method, path, status, duration_ms, attempts,
        rate_limited, outcome, rl_limit, rl_remaining, rl_reset_at, rl_window, pet_name, pet_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int8[], $4::timestamptz[], $5::text[],
        $6::text[], $7::text[], $8::text[], $9::text[], $10::int4[], $11::int8[], $12::int4[],
        $13::int4[], $14::text[], $15::int8[], $16::int8[], $17::timestamptz[], $18::text[],
        $19::text[], $20::int8[])
     ON CONFLICT (desk, local_id) DO NOTHING";

impl Shared {
    /// Writes a desk's `entries` (every one checked first: one invalid entry writes none), in
    /// turns of [`MAX_HISTORY_BATCH`], each turn one statement. Returns how many rows were new
    /// (fewer than given when a batch is repeated). A lost connection mid-way leaves the turns
    /// already answered written: repeating the whole batch is harmless.
    pub async fn record_many(&mut self, entries: &[HistoryEntry]) -> Result<u64, SharedError> {
        entries.iter().try_for_each(check)?;
        let step = Step::Write("record requests in the shared history");
        let statement = self
            .client
            .prepare(INSERT)
            .await
            .map_err(|e| query(step, &e))?;
        let mut written = 0;
        for batch in entries.chunks(MAX_HISTORY_BATCH) {
            let mut columns = Columns::default();
            batch.iter().for_each(|entry| columns.push(entry));
            written += self
                .client
                .execute(&statement, &columns.params())
                .await
                .map_err(|e| query(step, &e))?;
        }
        Ok(written)
    }
}
