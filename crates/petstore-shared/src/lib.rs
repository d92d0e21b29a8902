//! The store several desks (computers) on one API key share, on PostgreSQL: desks talk to the
//! database directly, no server of ours between. SQLite and files stay the default; this crate
//! is used only when a person sets a shared store up (issue 41).
//!
//! It holds:
//!
//! - [`connect`]: TLS unless the host is this computer, the schema created or upgraded by
//!   numbered migrations (`migrations/`), a database that is someone else's or newer than this
//!   build refused before anything is changed, and a user that may only read told so at once;
//! - [`SharedError`]: one variant per thing a person can act on, from SQLSTATE codes;
//! - [`Shared::claim`] and its settling: the created record shared by every desk
//!   (`claims/`), with the local record's semantics;
//! - [`Shared::queue`] and [`Shared::take_next`]: the outbox shared by every desk (`outbox/`),
//!   sent in order by one desk per entry under a lease in the database;
//! - [`Shared::record_many`], [`Shared::page`] and [`Shared::day_figure`]: the activity
//!   history of every desk (`history/`).
//!
//! The schema, the privileges a desk's database user needs and what each error means are in
//! docs/shared-store.md. No Tauri, no HTTP: the shells and the bulk crate depend on this one.

mod claims;
mod connect;
mod desks;
mod error;
mod fingerprint;
mod history;
mod outbox;
mod schema;
mod settings;
mod tls;

pub use claims::{Claim, ClaimRef, Earlier, MAX_BATCH, MAX_UNSETTLED, Source, Unsettled};
pub use connect::{CONNECT_TIMEOUT, IDLE_IN_TRANSACTION, LOCK_WAIT, Shared, connect};
pub use error::{MAX_CAUSE_CHARS, SharedError};
pub use fingerprint::{Fingerprint, PetFields};
pub use history::{
    Cursor, HistoryEntry, HistoryPage, HistoryQuery, MAX_HISTORY_BATCH, MAX_PAGE, RateLimitRead,
    StoredEntry,
};
pub use outbox::{
    EntryState, Lease, MAX_LEASE, MAX_OUTBOX_ENTRIES, MAX_PET_NAME_CHARS, MAX_REFUSAL_CHARS,
    MIN_LEASE, OutboxEntry, PreviousSend, QueueReason, Taken,
};
pub use schema::{HISTORY_TABLE, MARKER_TABLE, known_version};
pub use settings::{MAX_NAME_LEN, Password, Settings, TlsMode, is_loopback};
pub use tls::TlsSetupError;
