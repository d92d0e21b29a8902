//! The outbox as the UI sees it (issue 39): each environment's pets waiting to be sent, and what
//! its sender is doing. Not `petstore_bulk`'s types: ids and category ids travel as strings (an
//! entry's id is a u64, a category an int64), instants as RFC 3339, and the sender's state is the
//! app's own (the core only reports one run).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{EarlierCreate, Environment};
use crate::convert::instant;

/// One environment's outbox, whole: what `list_outboxes` answers per environment and what the
/// `outbox-changed` event carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OutboxView {
    pub environment: Environment,
    /// In the order filled (the order they are sent).
    pub entries: Vec<OutboxItem>,
    pub sender: SenderState,
    /// Settings → "Add when possible without asking" for this environment: a create that cannot
    /// be sent now is queued at once.
    pub add_without_asking: bool,
    /// The outbox file could not be read: it was kept aside under this name (never emptied in
    /// silence).
    pub damaged_kept_as: Option<String>,
}

/// One pet waiting to be sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OutboxItem {
    /// The entry's id within its environment's outbox (a u64, as a string).
    pub id: String,
    pub name: String,
    pub category_id: String,
    pub status: Option<String>,
    /// RFC 3339: since when it waits.
    pub queued_at: String,
    /// Why it waits, as it was queued.
    pub reason: QueueWhy,
    /// The person already chose to add it again.
    pub allow_repeat: bool,
    pub state: ItemState,
}

/// Why a pet waits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum QueueWhy {
    /// No connection, or the service could not be reached.
    Offline,
    /// The quota is spent (or a 429/503 wait runs): not before `until` (RFC 3339) when known.
    QuotaSpent { until: Option<String> },
    /// Queued without trying.
    Chosen,
}

/// Where an entry stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ItemState {
    Waiting,
    /// On its way now (or its sender died with it on its way: settled by listing first).
    Sending {
        since: String,
    },
    /// The service refused it (400): its words, for the person to edit or drop.
    Refused {
        message: String,
        at: String,
    },
    /// It may have been added (a lost answer) and could not be found: sent again only by the
    /// person's "Send anyway".
    Unconfirmed {
        at: String,
    },
}

/// What the environment's sender is doing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "kind"
)]
pub enum SenderState {
    /// Nothing to send, or waiting for a new entry.
    Idle,
    Sending,
    /// Sending is not possible now; it tries again on its own at `retryAt` (RFC 3339).
    Waiting {
        why: QueueWhy,
        retry_at: String,
    },
    /// Another program (the CLI) is sending this outbox; it looks again at `retryAt`.
    AnotherSender {
        retry_at: String,
    },
    /// The service refused the key (401): nothing is sent until the key or address changes.
    Unauthorized,
    /// Creates kept ending with an unknown outcome, `inARow` times: stopped, as an import does,
    /// until the person acts on an entry.
    KeptFailing {
        in_a_row: u32,
    },
}

/// What became of an entry the sender took (the Activity view's outbox section).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(
    rename_all = "camelCase",
    rename_all_fields = "camelCase",
    tag = "kind"
)]
pub enum OutboxOutcome {
    Sent {
        name: String,
        pet_id: String,
    },
    /// Not sent: this computer had added it before.
    AlreadyAdded {
        name: String,
        earlier: EarlierCreate,
    },
    Refused {
        name: String,
        message: String,
    },
    Unconfirmed {
        name: String,
    },
}

/// One outcome, with where and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OutboxRecord {
    pub environment: Environment,
    /// RFC 3339.
    pub at: String,
    /// The entry's id in its outbox.
    pub entry: String,
    pub outcome: OutboxOutcome,
}

/// An outbox changed (queued, edited, dropped, sent, its sender's state), or an entry's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct OutboxChanged {
    pub outbox: OutboxView,
    /// The outcome that changed it, when an entry was sent, refused, held back or left unsure.
    pub outcome: Option<OutboxRecord>,
}

impl From<&petstore_bulk::QueueReason> for QueueWhy {
    fn from(reason: &petstore_bulk::QueueReason) -> Self {
        match reason {
            petstore_bulk::QueueReason::Offline => QueueWhy::Offline,
            petstore_bulk::QueueReason::QuotaSpent { until } => QueueWhy::QuotaSpent {
                until: until.map(instant),
            },
            petstore_bulk::QueueReason::Chosen => QueueWhy::Chosen,
        }
    }
}

impl From<&petstore_bulk::OutboxEntry> for OutboxItem {
    fn from(entry: &petstore_bulk::OutboxEntry) -> Self {
        use petstore_bulk::EntryState as S;
        OutboxItem {
            id: entry.id.to_string(),
            name: entry.name.clone(),
            category_id: entry.category_id.to_string(),
            status: entry.status.clone(),
            queued_at: instant(entry.queued_at),
            reason: (&entry.reason).into(),
            allow_repeat: entry.allow_repeat,
            state: match &entry.state {
                S::Waiting => ItemState::Waiting,
                S::Sending { since, .. } => ItemState::Sending {
                    since: instant(*since),
                },
                S::Refused { message, at } => ItemState::Refused {
                    message: message.clone(),
                    at: instant(*at),
                },
                S::Unconfirmed { at } => ItemState::Unconfirmed { at: instant(*at) },
            },
        }
    }
}

impl From<&petstore_bulk::SendOutcome> for OutboxOutcome {
    fn from(outcome: &petstore_bulk::SendOutcome) -> Self {
        use petstore_bulk::SendOutcome as O;
        match outcome {
            O::Sent { entry, pet_id } => OutboxOutcome::Sent {
                name: entry.name.clone(),
                pet_id: pet_id.to_string(),
            },
            O::AlreadyAdded { entry, earlier } => OutboxOutcome::AlreadyAdded {
                name: entry.name.clone(),
                earlier: earlier.into(),
            },
            O::Refused { entry, message } => OutboxOutcome::Refused {
                name: entry.name.clone(),
                message: message.clone(),
            },
            O::Unconfirmed { entry } => OutboxOutcome::Unconfirmed {
                name: entry.name.clone(),
            },
        }
    }
}

/// The entry an outcome is about.
pub fn outcome_entry(outcome: &petstore_bulk::SendOutcome) -> &petstore_bulk::OutboxEntry {
    use petstore_bulk::SendOutcome as O;
    match outcome {
        O::Sent { entry, .. }
        | O::AlreadyAdded { entry, .. }
        | O::Refused { entry, .. }
        | O::Unconfirmed { entry } => entry,
    }
}
