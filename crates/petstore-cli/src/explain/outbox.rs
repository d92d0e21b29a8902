//! The outbox's failures and stops in words.

use petstore_bulk::{OutboxError, QueueReason, SendStop};
use petstore_client::Environment;

use super::io;
use crate::keysource::KeySource;
use crate::words::{ErrMsg, OutboxMsg, say};

/// Why an entry waits: "no connection to the service", "the quota is spent until 14:05:10 …".
pub fn reason(reason: &QueueReason) -> String {
    match reason {
        QueueReason::Offline => say(OutboxMsg::WhyOffline, &[]),
        QueueReason::QuotaSpent { until: Some(until) } => say(
            OutboxMsg::WhyQuotaUntil,
            &[("when", &crate::output::when_local(*until))],
        ),
        QueueReason::QuotaSpent { until: None } => say(OutboxMsg::WhyQuota, &[]),
        QueueReason::Chosen => say(OutboxMsg::WhyChosen, &[]),
    }
}

/// The outbox file's problem, or a missing or busy entry.
pub fn error(env: Environment, error: &OutboxError) -> String {
    match error {
        OutboxError::Io {
            path,
            doing,
            source,
            ..
        } => say(
            OutboxMsg::Io,
            &[
                ("path", &path.display()),
                ("doing", doing),
                ("why", &io(source)),
            ],
        ),
        OutboxError::Damaged {
            path,
            kept_as,
            problem,
        } => say(
            OutboxMsg::Damaged,
            &[
                ("path", &path.display()),
                ("kept", &kept_as.display()),
                ("problem", &crate::output::truncate(problem, 200)),
            ],
        ),
        OutboxError::Full { limit } => say(OutboxMsg::Full, &[("limit", limit)]),
        OutboxError::Invalid(input) => super::client::input(input),
        OutboxError::NameTooLong { limit } => name_too_long(None, *limit),
        OutboxError::NotFound { id } => say(OutboxMsg::NotFound, &[("env", &env), ("id", id)]),
        OutboxError::BeingSent { id } => say(OutboxMsg::BeingSent, &[("id", id)]),
        OutboxError::Created(created) => say(
            crate::words::BulkMsg::CreatedRecord,
            &[
                ("path", &created.path.display()),
                ("why", &io(&created.source)),
            ],
        ),
    }
}

/// Why `outbox send` stopped before the outbox was empty, and what is left.
pub fn left(waiting: usize, person: usize, stop: Option<&SendStop>) -> String {
    let mut lines = Vec::new();
    match stop {
        Some(SendStop::AnotherSender) => lines.push(say(OutboxMsg::StopAnotherSender, &[])),
        // The stop's message is the client's developer text: in the log (`-v`), not here.
        Some(SendStop::CannotSendNow { reason, .. }) => lines.push(say(
            OutboxMsg::StopCannotSend,
            &[("why", &self::reason(reason))],
        )),
        Some(SendStop::KeptFailing { in_a_row }) => {
            lines.push(say(OutboxMsg::StopKeptFailing, &[("n", in_a_row)]));
        }
        // Said by `key_refused`; never left here.
        Some(SendStop::Unauthorized { .. }) | None => {}
    }
    if waiting > 0 {
        lines.push(say(OutboxMsg::StillWaiting, &[("n", &waiting)]));
    }
    if person > 0 {
        lines.push(say(OutboxMsg::NeedPerson, &[("n", &person)]));
    }
    lines.join("\n")
}

/// A name longer than a pet's name may be (`chars`: its length, when known).
pub fn name_too_long(chars: Option<usize>, limit: usize) -> String {
    let chars = chars.map_or_else(|| format!("> {limit}"), |n| n.to_string());
    say(
        OutboxMsg::NameTooLong,
        &[("chars", &chars), ("max", &limit)],
    )
}

/// A 401 while sending: whose key, and that the entries stay. The stop's message is the
/// client's developer text (logged by the caller), so the service's words are not repeated.
pub fn key_refused(key_source: &KeySource) -> String {
    let said = String::new();
    let refused = match key_source {
        KeySource::Keychain(env) => {
            say(ErrMsg::KeyRefusedKeychain, &[("env", env), ("said", &said)])
        }
        KeySource::EnvVar => say(ErrMsg::KeyRefusedEnvVar, &[("said", &said)]),
        KeySource::SandboxDemo => say(ErrMsg::KeyRefusedDemo, &[("said", &said)]),
    };
    format!("{refused}\n{}", say(OutboxMsg::OutboxKeyRefused, &[]))
}
