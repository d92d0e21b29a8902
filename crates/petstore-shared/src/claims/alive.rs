//! Whether a desk is alive: every session of a desk that claims creates holds a shared advisory
//! lock named after the desk for as long as it is connected. The server lets go of it when the
//! session ends, however it ends (the program exits, is killed, or its connection drops), so a
//! desk none of whose sessions holds it has no program connected that could still settle its
//! claims. [`Shared::unsettled_of_dead_desks`] lists only the claims of such desks.
//!
//! A shared lock, so that two programs of one desk (an import and an add at once) both hold it;
//! a desk is dead only when the exclusive lock can be had. A session never conflicts with its
//! own locks: a desk sees its own earlier runs' claims, which no program of it settles any more.

use crate::Shared;
use crate::error::{SharedError, Step, query};

/// The lock's key for the desk named by the SQL expression `desk` (a 64-bit hash: two desks
/// sharing one only keep each other alive longer).
pub(crate) fn desk_lock_key(desk: &str) -> String {
    format!("hashtextextended('petstore desk' || E'\\n' || {desk}, 0)")
}

impl Shared {
    /// Holds `desk`'s liveness lock until this connection ends: call it before the first claim.
    /// Waits at most [`crate::LOCK_WAIT`] (another desk may be checking this one this moment).
    /// Also asks the server to probe an idle connection every minute, so that a desk whose
    /// computer lost power is let go in minutes, not after the system's two hours.
    pub async fn hold_desk(&mut self, desk: &str) -> Result<(), SharedError> {
        let step = Step::Write("show this desk as alive in the shared store");
        // Keepalives are the server's settings for this session only (ignored on a Unix
        // socket); any user may set them.
        self.client
            .batch_execute(
                "SET tcp_keepalives_idle = 60; SET tcp_keepalives_interval = 10;
                 SET tcp_keepalives_count = 6;",
            )
            .await
            .map_err(|e| query(step, &e))?;
        let sql = format!("SELECT pg_advisory_lock_shared({})", desk_lock_key("$1"));
        self.client
            .execute(&sql, &[&desk])
            .await
            .map_err(|e| query(step, &e))?;
        Ok(())
    }
}
