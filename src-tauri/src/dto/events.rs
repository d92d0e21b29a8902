//! The events the UI can `listen` to: the one list of their names and payloads, from which the
//! enum the backend emits and the UI's `BackendEvents` type (`tests/bindings.rs`) are made.

use std::collections::BTreeSet;

use ts_rs::{Config, TS};

use super::{
    ActivityRecorded, CategoryList, Deprecation, EnvironmentInfo, EnvironmentUpdated, Export,
    ImportProgress, ImportResult, OutboxChanged, Quota, QuotaAlert, Resumed, SettingsProblem,
    Waiting, export_named, named,
};

/// Hands every event to `$callback!`: its variant, its name on the wire, its payload's type.
macro_rules! with_events {
    ($callback:ident) => {
        $callback! {
            /// An environment's quota as its last answer showed it.
            Quota("quota", Quota),
            /// A request waits (a 429's Retry-After, a used-up quota, a backoff).
            Waiting("waiting", Waiting),
            /// The wait is over: requests go again.
            Resumed("resumed", Resumed),
            /// The lookup by id is deprecated: what the service said of its sunset.
            Deprecation("deprecation", Deprecation),
            /// Another environment was selected.
            EnvironmentChanged("environment-changed", EnvironmentInfo),
            /// The settings file's problem appeared or changed, or null: it can be read again.
            SettingsProblem("settings-problem", Option<SettingsProblem>),
            /// An environment's address or key changed (selected or not): what was on its way to
            /// the old one was cancelled, and its quota and rows are the old server's.
            EnvironmentUpdated("environment-updated", EnvironmentUpdated),
            /// The running import's counts changed (at most a few times a second).
            ImportProgress("import-progress", ImportProgress),
            /// The import ended: the end screen.
            ImportFinished("import-finished", Box<ImportResult>),
            /// New entries in the activity history (at most every 250 ms), with the unconfirmed
            /// adds now.
            ActivityRecorded("activity-recorded", ActivityRecorded),
            /// An environment's quota is low, used up, or it answered 429 (at most once per
            /// window).
            QuotaAlert("quota-alert", QuotaAlert),
            /// An environment's category names changed (Settings, a shared list, an import): its
            /// whole list now.
            CategoryNames("category-names", CategoryList),
            /// An environment's outbox changed (queued, edited, dropped, sent, its sender
            /// waiting or stopped): the whole outbox now, with the outcome that changed it.
            OutboxChanged("outbox-changed", Box<OutboxChanged>),
        }
    };
}

/// An event as the UI's generated `BackendEvents` type names it.
#[derive(Debug, Clone)]
pub struct EventSignature {
    /// The name on the wire (`quota-alert`).
    pub name: &'static str,
    /// The list's doc comment, a line an element.
    pub docs: Vec<&'static str>,
    /// The payload's TypeScript type.
    pub payload: String,
    /// The generated types the payload names (to import).
    pub types: BTreeSet<String>,
    /// Writes those types' files.
    pub export: Export,
}

macro_rules! app_event {
    ($($(#[doc = $doc:literal])* $variant:ident($name:literal, $payload:ty),)*) => {
        /// The events the UI can `listen` to, with their payloads.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum AppEvent {
            $($(#[doc = $doc])* $variant($payload),)*
        }

        impl AppEvent {
            /// Every event's name, in the list's order.
            pub const NAMES: &[&str] = &[$($name),*];

            /// The event name the UI listens to.
            pub fn name(&self) -> &'static str {
                match self {
                    $(AppEvent::$variant(_) => $name,)*
                }
            }

            /// The JSON payload.
            pub fn payload(&self) -> serde_json::Value {
                let value = match self {
                    $(AppEvent::$variant(payload) => serde_json::to_value(payload),)*
                };
                // These plain structs always serialize.
                value.unwrap_or(serde_json::Value::Null)
            }
        }

        /// Every event's signature, in the list's order.
        pub fn event_signatures(cfg: &Config) -> Vec<EventSignature> {
            vec![$({
                let mut types = BTreeSet::new();
                named::<$payload>(cfg, &mut types);
                EventSignature {
                    name: $name,
                    docs: vec![$($doc),*],
                    payload: <$payload as TS>::name(cfg),
                    types,
                    export: export_named::<$payload>,
                }
            }),*]
        }
    };
}

with_events!(app_event);
