//! Every failure of a command in words for a person, in the run's language: matched on the
//! typed errors and their fields, never a library's `Display` (those stay English, for logs).
//! Text from outside (the operating system's, a parser's, the server's) is shown as it came.

mod bulk;
mod client;
mod local;
mod outbox;
mod store;

use petstore_client::{ConfigError, Error as ApiError, WaitKept};
use petstore_local::LocalError;

use crate::exit::CliError;
use crate::keysource::KeySource;
use crate::words::{ErrMsg, Msg, StoreMsg, say};

pub use bulk::{repeat, row_problem};
pub use client::{api, config};
pub use local::category;
pub use outbox::reason as queue_reason;

/// The failure in words, then what to do next where those words do not already say it for the
/// command line.
pub fn message(err: &CliError) -> String {
    let hint = match err {
        CliError::Config(ConfigError::MissingApiKey { .. })
        | CliError::Api(ApiError::Configuration(ConfigError::MissingApiKey { .. })) => {
            Some(ErrMsg::HintStoreKey)
        }
        CliError::Api(ApiError::OutcomeUnknown { .. }) => Some(ErrMsg::HintCheckList),
        CliError::Api(ApiError::Configuration(ConfigError::MissingBaseUrl { .. }))
        | CliError::Config(ConfigError::MissingBaseUrl { .. })
        | CliError::Local(LocalError::Config(ConfigError::MissingBaseUrl { .. })) => {
            Some(ErrMsg::HintBaseUrl)
        }
        _ => None,
    };
    let text = describe(err);
    match hint {
        Some(hint) => format!("{text}\n{}", say(hint, &[])),
        None => text,
    }
}

/// Why `quota --forget` cleared nothing, and from when it may.
fn wait_kept(env: petstore_client::Environment, url: &str, kept: &WaitKept) -> String {
    match kept {
        WaitKept::ClearedRecently { again_at } => say(
            Msg::ForgetTooSoon,
            &[
                ("env", &env),
                ("url", &url),
                ("when", &crate::output::when_local(*again_at)),
            ],
        ),
        WaitKept::ServiceWait { until, reason } => say(
            Msg::ForgetServiceWait,
            &[
                ("env", &env),
                ("url", &url),
                ("when", &crate::output::when_local(*until)),
                ("why", &crate::notices::why_waiting(*reason)),
            ],
        ),
    }
}

/// A failure's words: what `{err}` shows (the words alone, without [`message`]'s next step).
impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&describe(self))
    }
}

/// The failure in words (the `Display` of [`CliError`]).
pub fn describe(err: &CliError) -> String {
    match err {
        CliError::Api(error) => api(error),
        CliError::Input(input) => client::input(input),
        CliError::Config(config) => client::config(config),
        CliError::Local(error) => local::local(error),
        CliError::Keychain(error) => local::keychain(error),
        CliError::Network(error) => local::network_setting(error),
        CliError::ProxyFlag(error) => say(ErrMsg::ProxyFlag, &[("why", &local::proxy_url(error))]),
        CliError::MissingKey { env } => say(ErrMsg::MissingKey, &[("env", env)]),
        CliError::KeyRefused { key_source, server } => {
            // The server's first sentence only: its own advice would be a second next step.
            let said = client::service_said(server);
            match key_source {
                KeySource::Keychain(env) => {
                    say(ErrMsg::KeyRefusedKeychain, &[("env", env), ("said", &said)])
                }
                KeySource::EnvVar => say(ErrMsg::KeyRefusedEnvVar, &[("said", &said)]),
                KeySource::SandboxDemo => say(ErrMsg::KeyRefusedDemo, &[("said", &said)]),
            }
        }
        CliError::KeyForAnotherServer {
            env,
            url,
            configured,
        } => {
            let whose = match configured {
                Some(own) => say(
                    ErrMsg::OtherServer,
                    &[("url", url), ("env", env), ("own", own)],
                ),
                None => say(ErrMsg::NoAddressFor, &[("env", env), ("url", url)]),
            };
            say(
                ErrMsg::KeyForAnotherServer,
                &[("whose", &whose), ("env", env), ("url", url)],
            )
        }
        CliError::NoKeyForAddress { url } => say(ErrMsg::NoKeyForAddress, &[("url", url)]),
        CliError::BadEnvKey(input) => say(ErrMsg::BadEnvKey, &[("why", &client::input(input))]),
        CliError::KeychainUnavailable { env, source } => say(
            ErrMsg::KeychainUnavailableFor,
            &[("why", &local::keychain(source)), ("env", env)],
        ),
        CliError::DeadlineDuringWait { retry_at } => say(
            ErrMsg::DeadlineDuringWait,
            &[("when", &crate::output::when(*retry_at))],
        ),
        CliError::WaitKept { env, url, kept } => wait_kept(*env, url, kept),
        CliError::DeadlineExceeded { seconds } => {
            say(ErrMsg::DeadlineExceeded, &[("seconds", seconds)])
        }
        CliError::CreateOutcomeUnknown { seconds } => {
            say(ErrMsg::CreateOutcomeUnknown, &[("seconds", seconds)])
        }
        CliError::AlreadyAdded { name, url, earlier } => {
            let when = bulk::repeat(&petstore_bulk::Repeat::Earlier((**earlier).clone()));
            let msg = match earlier.pet_id {
                Some(_) => ErrMsg::AlreadyAdded,
                None if earlier.in_progress => ErrMsg::BeingAddedElsewhere,
                None => ErrMsg::MayHaveBeenAdded,
            };
            say(msg, &[("name", name), ("url", url), ("when", &when)])
        }
        CliError::Queued {
            name,
            error: Some(error),
        } => say(
            crate::words::OutboxMsg::NotSentNow,
            &[("name", name), ("why", &api(error))],
        ),
        CliError::Queued { name, error: None } => {
            say(crate::words::OutboxMsg::WaitsItsTurn, &[("name", name)])
        }
        CliError::NotQueued {
            env,
            name,
            error,
            why,
        } => say(
            crate::words::OutboxMsg::NotQueued,
            &[
                ("name", name),
                ("why", &api(error)),
                ("outbox", &outbox::error(*env, why)),
            ],
        ),
        CliError::NotQueuedBehind { env, name, why } => say(
            crate::words::OutboxMsg::NotQueuedBehind,
            &[("name", name), ("outbox", &outbox::error(*env, why))],
        ),
        CliError::Outbox { env, error } => outbox::error(*env, error),
        CliError::OutboxLeft {
            waiting,
            person,
            stop,
        } => outbox::left(*waiting, *person, stop.as_ref()),
        CliError::OutboxKeyRefused { key_source, .. } => outbox::key_refused(key_source),
        CliError::NameTooLong { chars } => {
            outbox::name_too_long(Some(*chars), petstore_bulk::MAX_NAME_CHARS)
        }
        CliError::Stdin(error) => say(ErrMsg::Stdin, &[("why", &io(error))]),
        CliError::EmptyPassword => say(ErrMsg::EmptyPassword, &[]),
        CliError::StoreNotSetUp => say(StoreMsg::NotSetUp, &[]),
        CliError::StoreNoPassword { address } => say(StoreMsg::NoPassword, &[("address", address)]),
        CliError::StoreManaged { address } => say(StoreMsg::Managed, &[("address", address)]),
        CliError::StoreUrl(error) => store::url(*error),
        CliError::StoreSetting(error) => store::setting(error),
        CliError::StoreCaFiles { count } => say(StoreMsg::TooManyCaFiles, &[("count", count)]),
        CliError::Store(error) => store::shared(error),
        CliError::StoreUnchecked => say(StoreMsg::Unchecked, &[]),
        CliError::StoreStaleSetting { value } => say(
            StoreMsg::StaleSetting,
            &[
                ("value", value),
                ("max", &crate::store::dead::MAX_STALE_SECS),
            ],
        ),
        CliError::NoProxyForPassword => say(ErrMsg::NoProxyForPassword, &[]),
        CliError::SecretTooLong { limit } => say(ErrMsg::SecretTooLong, &[("limit", limit)]),
        CliError::Interrupted => say(ErrMsg::Interrupted, &[]),
        CliError::Stdout(error) => say(ErrMsg::Stdout, &[("why", &io(error))]),
        CliError::Internal(detail) => say(ErrMsg::Internal, &[("detail", detail)]),
        CliError::ReadFile { path, source } => say(
            ErrMsg::ReadFile,
            &[("path", &path.display()), ("why", &io(source))],
        ),
        CliError::Contract { path, source } => bulk::in_file(path, source),
        CliError::Import(error) => bulk::import(error),
        CliError::Export(error) => bulk::export(error),
        CliError::NeedsConfirmation { rows } => say(ErrMsg::NeedsConfirmation, &[("rows", rows)]),
        CliError::NoDataDir => say(ErrMsg::NoDataDir, &[]),
        CliError::History { path, error } => say(
            ErrMsg::History,
            &[("path", path), ("why", &local::activity(error))],
        ),
        CliError::ImportIncomplete { why, .. } => bulk::incomplete(why),
        CliError::ExportIncomplete { count } => bulk::export_incomplete(*count),
        CliError::SearchIncomplete {
            text,
            status,
            seen,
            matched,
        } => {
            let seen = crate::output::count(*seen);
            let values: [(&str, &dyn std::fmt::Display); 3] =
                [("text", text), ("seen", &seen), ("matched", matched)];
            match status {
                None => say(ErrMsg::SearchIncomplete, &values),
                Some(status) => {
                    let with_status: [(&str, &dyn std::fmt::Display); 4] =
                        [values[0], values[1], values[2], ("status", status)];
                    say(ErrMsg::SearchIncompleteOfStatus, &with_status)
                }
            }
        }
        CliError::TooManyMatches { text, max } => say(
            ErrMsg::TooManyMatches,
            &[("text", text), ("max", &crate::output::count(*max as u64))],
        ),
        CliError::SearchText { chars: 0 } => say(ErrMsg::EmptyNameContains, &[]),
        CliError::SearchText { chars } => say(
            ErrMsg::LongNameContains,
            &[("chars", chars), ("max", &petstore_bulk::MAX_NAME_CHARS)],
        ),
        CliError::EndlessList { pages } => say(crate::words::BulkMsg::Endless, &[("pages", pages)]),
    }
}

/// An I/O failure by its kind; the system's own words only when the kind says nothing.
pub fn io(error: &std::io::Error) -> String {
    io_kind(error.kind(), error)
}

/// An I/O failure by its kind, with `detail` (the system's words) for a kind that says nothing.
pub fn io_kind(kind: std::io::ErrorKind, detail: &dyn std::fmt::Display) -> String {
    use std::io::ErrorKind as K;
    let msg = match kind {
        K::NotFound => ErrMsg::IoNotFound,
        K::PermissionDenied => ErrMsg::IoPermission,
        K::IsADirectory => ErrMsg::IoIsDirectory,
        K::StorageFull => ErrMsg::IoFull,
        K::ReadOnlyFilesystem => ErrMsg::IoReadOnly,
        K::InvalidData => ErrMsg::IoNotText,
        _ => return say(ErrMsg::IoOther, &[("detail", detail)]),
    };
    say(msg, &[])
}

/// " Details: …" for text from outside, or nothing when there is none.
fn details(detail: &str) -> String {
    match detail.trim() {
        "" => String::new(),
        text => say(ErrMsg::Details, &[("detail", &text)]),
    }
}

#[cfg(test)]
mod tests;
