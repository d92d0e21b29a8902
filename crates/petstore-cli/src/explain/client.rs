//! The client's errors: the service's answers, the network, input and setup.

use petstore_client::error::is_gateway_status;
use petstore_client::events::WaitReason;
use petstore_client::{
    ApiError, AutoConfig, BaseUrlProblem, ByteSize, ByteUnit, ConfigError, Error, InvalidInput,
    NetworkCause, OutcomeCause, readable_server_text,
};

use crate::words::{NetworkMsg, ServiceMsg, SetupMsg, say};

pub fn api(error: &Error) -> String {
    match error {
        Error::Unauthorized(server) => said(ServiceMsg::Unauthorized, server),
        Error::NotFound(server) => said(ServiceMsg::NotFound, server),
        Error::Gone(server) => said(ServiceMsg::Gone, server),
        Error::BadRequest(server) => say(
            ServiceMsg::BadRequest,
            &[("code", &server.code), ("said", &service_said(server))],
        ),
        Error::RateLimited {
            retry_at, reason, ..
        } => {
            let msg = match reason {
                WaitReason::QuotaExhausted => ServiceMsg::QuotaUsedUp,
                WaitReason::RateLimited => ServiceMsg::TooManyRequests,
                WaitReason::Backoff => ServiceMsg::Busy,
                WaitReason::Paced => ServiceMsg::PacedPastDeadline,
            };
            // One time, said once: "after 17:30:01 local time (in 5 min)".
            say(msg, &[("when", &crate::output::when_local(*retry_at))])
        }
        Error::Server(server) => {
            let msg = match is_gateway_status(server.status) {
                true => ServiceMsg::Gateway,
                false => ServiceMsg::ServerProblem,
            };
            say(
                msg,
                &[("status", &server.status), ("said", &service_said(server))],
            )
        }
        Error::UnexpectedResponse { status, snippet } => {
            let it_said = readable_server_text(snippet)
                .map(|text| say(ServiceMsg::ItSaid, &[("text", &text)]))
                .unwrap_or_default();
            let msg = match is_gateway_status(*status) {
                true => ServiceMsg::Gateway,
                false => ServiceMsg::Unexpected,
            };
            say(msg, &[("status", status), ("said", &it_said)])
        }
        Error::Decode {
            status,
            path,
            message,
        } => {
            let at = match path.is_empty() {
                true => say(ServiceMsg::TopLevel, &[]),
                false => path.clone(),
            };
            say(
                ServiceMsg::Decode,
                &[("status", status), ("path", &at), ("detail", message)],
            )
        }
        Error::Timeout => say(ServiceMsg::Timeout, &[]),
        Error::Network {
            cause, auto_config, ..
        } => {
            network(*cause)
                + &auto_config
                    .as_ref()
                    .map(auto_config_advice)
                    .unwrap_or_default()
        }
        Error::ResponseTooLarge { limit_bytes } => {
            say(ServiceMsg::TooLarge, &[("size", &bytes(*limit_bytes))])
        }
        // The service's own words when it answered (a 5xx), as the app and the history tell them.
        Error::OutcomeUnknown { why, server, .. } => say(
            ServiceMsg::OutcomeUnknown,
            &[
                ("detail", &outcome_cause(*why)),
                (
                    "said",
                    &server.as_ref().map(service_said).unwrap_or_default(),
                ),
            ],
        ),
        Error::InvalidInput(invalid) => input(invalid),
        Error::Configuration(setup) => config(setup),
    }
}

fn said(msg: ServiceMsg, server: &ApiError) -> String {
    say(msg, &[("said", &service_said(server))])
}

/// " The service said: …" when the server's words add something, else nothing.
pub fn service_said(server: &ApiError) -> String {
    server
        .readable_message()
        .map(|text| say(ServiceMsg::ServiceSaid, &[("text", &text)]))
        .unwrap_or_default()
}

/// "8 MiB", "512 KiB", "1000 B": the client's unit ([`ByteSize`]) in the CLI's abbreviations.
pub(super) fn bytes(n: u64) -> String {
    let ByteSize { value, unit } = ByteSize::of(n);
    match unit {
        ByteUnit::Mib => format!("{value} MiB"),
        ByteUnit::Kib => format!("{value} KiB"),
        ByteUnit::Bytes => format!("{value} B"),
    }
}

/// Why a base address is not usable, from its type (the client's own clause stays in the log).
fn base_url_problem(problem: BaseUrlProblem) -> String {
    let msg = match problem {
        BaseUrlProblem::NotAnAddress => SetupMsg::AddressNotAnAddress,
        BaseUrlProblem::Scheme => SetupMsg::AddressScheme,
        BaseUrlProblem::NoHost => SetupMsg::AddressNoHost,
        BaseUrlProblem::Credentials => SetupMsg::AddressCredentials,
        BaseUrlProblem::QueryOrFragment => SetupMsg::AddressQuery,
        BaseUrlProblem::PathNotV1 => SetupMsg::AddressPath,
        BaseUrlProblem::SandboxFixed => SetupMsg::AddressSandboxFixed,
    };
    say(msg, &[])
}

/// Why a create's outcome is unknown, from its type (the client's own clause stays in the log).
fn outcome_cause(why: OutcomeCause) -> String {
    match why {
        OutcomeCause::Timeout => say(ServiceMsg::OutcomeTimeout, &[]),
        OutcomeCause::ConnectionLost => say(ServiceMsg::OutcomeConnectionLost, &[]),
        OutcomeCause::TooLarge {
            status,
            limit_bytes,
        } => say(
            ServiceMsg::OutcomeTooLarge,
            &[("status", &status), ("size", &bytes(limit_bytes))],
        ),
        OutcomeCause::Redirected { status } => {
            say(ServiceMsg::OutcomeRedirected, &[("status", &status)])
        }
        OutcomeCause::ServerError { status } => {
            say(ServiceMsg::OutcomeServerError, &[("status", &status)])
        }
        OutcomeCause::NotAPet { status } => say(ServiceMsg::OutcomeNotAPet, &[("status", &status)]),
    }
}

/// Why a System-mode connection may have failed on a PAC/WPAD computer, and the way out.
pub fn auto_config_advice(auto: &AutoConfig) -> String {
    match &auto.url {
        Some(url) => say(NetworkMsg::AutoConfigAt, &[("url", url)]),
        None => say(NetworkMsg::AutoConfigDiscovered, &[]),
    }
}

pub fn network(cause: NetworkCause) -> String {
    let reach = |what: NetworkMsg| say(NetworkMsg::Reach, &[("what", &say(what, &[]))]);
    match cause {
        NetworkCause::Refused => reach(NetworkMsg::ReachRefused),
        NetworkCause::Reset => reach(NetworkMsg::ReachReset),
        NetworkCause::Tls => reach(NetworkMsg::ReachTls),
        NetworkCause::Unreachable => reach(NetworkMsg::ReachUnreachable),
        NetworkCause::Other => reach(NetworkMsg::ReachOther),
        NetworkCause::Dns => say(NetworkMsg::Dns, &[]),
        NetworkCause::ProxyUnreachable => say(NetworkMsg::ProxyUnreachable, &[]),
        NetworkCause::ProxyAuthRequired => say(NetworkMsg::ProxyAuthRequired, &[]),
        NetworkCause::ProxyAuthRefused => say(NetworkMsg::ProxyAuthRefused, &[]),
        NetworkCause::ProxyRefused => say(NetworkMsg::ProxyRefused, &[]),
        NetworkCause::UnknownAuthority => say(NetworkMsg::UnknownAuthority, &[]),
        NetworkCause::CertificateExpired => say(NetworkMsg::CertificateExpired, &[]),
        NetworkCause::CertificateName => say(NetworkMsg::CertificateName, &[]),
    }
}

pub fn input(invalid: &InvalidInput) -> String {
    match invalid {
        // `Limit::from_str` reports text that is not a number at all as i64::MIN/MAX.
        InvalidInput::Limit { given } if *given == i64::MIN || *given == i64::MAX => {
            say(SetupMsg::LimitRange, &[])
        }
        InvalidInput::Limit { given } => say(SetupMsg::LimitGiven, &[("given", given)]),
        InvalidInput::Status { given } => say(SetupMsg::StatusGiven, &[("given", given)]),
        InvalidInput::Name => say(SetupMsg::NameEmpty, &[]),
        InvalidInput::CategoryId { given } => say(SetupMsg::CategoryIdGiven, &[("given", given)]),
        InvalidInput::ApiKey => say(SetupMsg::ApiKeyShape, &[]),
        InvalidInput::PetId { given } => say(SetupMsg::PetIdGiven, &[("given", given)]),
    }
}

pub fn config(setup: &ConfigError) -> String {
    match setup {
        ConfigError::MissingBaseUrl { environment } => {
            match (environment.url_env_var(), environment.settings_field()) {
                (Some(var), Some(field)) => say(
                    SetupMsg::MissingBaseUrlVar,
                    &[("env", environment), ("var", &var), ("field", &field)],
                ),
                _ => say(SetupMsg::MissingBaseUrl, &[("env", environment)]),
            }
        }
        ConfigError::InvalidBaseUrl { url, problem, .. } => say(
            SetupMsg::InvalidBaseUrl,
            &[("url", url), ("detail", &base_url_problem(*problem))],
        ),
        ConfigError::InsecureBaseUrl { url } => say(SetupMsg::InsecureBaseUrl, &[("url", url)]),
        ConfigError::MissingApiKey { environment } => {
            say(SetupMsg::MissingApiKey, &[("env", environment)])
        }
        ConfigError::ForeignLink { url } => say(SetupMsg::ForeignLink, &[("url", url)]),
        ConfigError::HttpClient { message } => say(SetupMsg::HttpClient, &[("detail", message)]),
        ConfigError::WaitStore { location, message } => say(
            SetupMsg::WaitStore,
            &[("location", location), ("detail", message)],
        ),
    }
}
