//! Typed client of the Pet Store HTTP service, as `docs/interface.md` at the repository's root
//! describes it.
//!
//! Tauri-free: the desktop shell and the `petstore` CLI are thin layers over this crate. What is
//! kept on the computer (settings, keychain, remembered waits) is `petstore-local`'s; the client
//! takes the remembered waits as a [`WaitStore`].

pub mod activity;
pub mod certificate;
mod client;
pub mod clock;
pub mod config;
pub mod deprecation;
pub mod environment;
pub mod error;
pub mod error_kind;
pub mod events;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
pub mod invalid_input;
pub mod limits;
mod link;
pub mod model;
pub mod network_cause;
pub mod quota_snapshot;
pub mod ratelimit;
pub mod retry;
pub mod secret;
pub mod spreadsheet;

pub use activity::{ActivitySink, Operation, Outcome, PetNote, RequestRecord};
pub use certificate::{CaFileError, CompanyCa};
pub use client::{CLEAR_SPACING, ForgetError, KeylessAnswer, PetstoreClient, WaitKept};
pub use clock::{Clock, SystemClock};
pub use config::{
    AutoConfig, BaseUrl, ClientConfig, ManualProxy, NetworkConfig, OtherClientNetwork,
    ProxyCredentials, ProxyMode, ProxyUrl, ProxyUrlError, Route, SANDBOX_DEFAULT_URL,
    SANDBOX_DEMO_KEY, is_bypass_entry,
};
pub use deprecation::DeprecationNotice;
pub use environment::{Environment, UnknownEnvironment};
pub use error::{
    ApiError, BaseUrlProblem, ConfigError, Error, ErrorKind, InvalidInput, NetworkCause,
    OutcomeCause, is_gateway_status, readable_server_text, server_words,
};
pub use events::{ClientEvent, WaitReason};
pub use limits::{ByteSize, ByteUnit};
pub use model::{
    Limit, ListQuery, MIN_CATEGORY_ID, NewPet, NextPage, Pet, PetPage, PetStatus, Response,
    parse_category_id, parse_pet_id,
};
pub use ratelimit::{Forgetting, Plan, Priority, QuotaWindow, RateLimitSnapshot, WaitStore};
pub use retry::RetryPolicy;
pub use secret::ApiKey;

/// The `log` target of every request line, wait and retry (the client's `trace`, the governor's
/// waits).
pub const LOG_TARGET: &str = "petstore::http";
