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
pub mod error;
pub mod events;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
mod link;
pub mod model;
pub mod network_cause;
pub mod ratelimit;
pub mod retry;
pub mod secret;
pub mod spreadsheet;

pub use activity::{ActivitySink, Operation, Outcome, PetNote, RequestRecord};
pub use certificate::{CaFileError, CompanyCa};
pub use client::{CLEAR_SPACING, ForgetError, LOG_TARGET, PetstoreClient, WaitKept, limits};
pub use clock::{Clock, SystemClock};
pub use config::{
    AutoConfig, BaseUrl, ClientConfig, Environment, ManualProxy, NetworkConfig, OtherClientNetwork,
    ProxyCredentials, ProxyMode, ProxyUrl, ProxyUrlError, Route, SANDBOX_DEFAULT_URL,
    SANDBOX_DEMO_KEY, UnknownEnvironment, is_bypass_entry,
};
pub use deprecation::DeprecationNotice;
pub use error::{
    ApiError, BaseUrlProblem, ConfigError, Error, ErrorKind, InvalidInput, NetworkCause,
    OutcomeCause, readable_server_text,
};
pub use events::{ClientEvent, WaitReason};
pub use model::{
    Limit, ListQuery, NewPet, NextPage, Pet, PetPage, PetStatus, Response, parse_category_id,
    parse_pet_id,
};
pub use ratelimit::{Forgetting, Plan, Priority, QuotaWindow, RateLimitSnapshot, WaitStore};
pub use retry::RetryPolicy;
pub use secret::ApiKey;
