//! Typed client of the Pet Store HTTP service, as `docs/interface.md` at the repository's root
//! describes it.
//!
//! Tauri-free: the desktop shell and the `petstore` CLI are thin layers over this crate.

mod client;
pub mod clock;
pub mod config;
pub mod deprecation;
pub mod error;
pub mod events;
mod link;
mod localfile;
pub mod model;
pub mod ratelimit;
pub mod retry;
pub mod secret;
pub mod settings;

pub use client::{LOG_TARGET, PetstoreClient, limits};
pub use clock::{Clock, SystemClock};
pub use config::{
    BaseUrl, ClientConfig, Environment, SANDBOX_DEFAULT_URL, SANDBOX_DEMO_KEY, UnknownEnvironment,
};
pub use deprecation::DeprecationNotice;
pub use error::{ApiError, ConfigError, Error, ErrorKind, InvalidInput};
pub use events::{ClientEvent, WaitReason};
pub use model::{
    Limit, ListQuery, NewPet, NextPage, Pet, PetPage, PetStatus, Response, parse_category_id,
    parse_pet_id,
};
pub use ratelimit::{Plan, QuotaWindow, RateLimitSnapshot, WaitMemory};
pub use retry::RetryPolicy;
pub use secret::ApiKey;
pub use settings::{Settings, SettingsFile};

#[cfg(feature = "keychain")]
pub mod keychain;
