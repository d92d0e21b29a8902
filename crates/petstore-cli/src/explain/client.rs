//! The client's errors: the service's answers, the network, input and setup.

use petstore_client::error::is_gateway_status;
use petstore_client::events::WaitReason;
use petstore_client::{
    ApiError, AutoConfig, BaseUrlProblem, ConfigError, Error, InvalidInput, NetworkCause,
    OutcomeCause, readable_server_text,
};

use crate::words::{ErrMsg, say};

pub fn api(error: &Error) -> String {
    match error {
        Error::Unauthorized(server) => said(ErrMsg::Unauthorized, server),
        Error::NotFound(server) => said(ErrMsg::NotFound, server),
        Error::Gone(server) => said(ErrMsg::Gone, server),
        Error::BadRequest(server) => say(
            ErrMsg::BadRequest,
            &[("code", &server.code), ("said", &service_said(server))],
        ),
        Error::RateLimited {
            retry_at, reason, ..
        } => {
            let msg = match reason {
                WaitReason::QuotaExhausted => ErrMsg::QuotaUsedUp,
                WaitReason::RateLimited => ErrMsg::TooManyRequests,
                WaitReason::Backoff => ErrMsg::Busy,
            };
            say(msg, &[("when", &crate::output::when(*retry_at))])
        }
        Error::Server(server) => {
            let msg = match is_gateway_status(server.status) {
                true => ErrMsg::Gateway,
                false => ErrMsg::ServerProblem,
            };
            say(
                msg,
                &[("status", &server.status), ("said", &service_said(server))],
            )
        }
        Error::UnexpectedResponse { status, snippet } => {
            let it_said = readable_server_text(snippet)
                .map(|text| say(ErrMsg::ItSaid, &[("text", &text)]))
                .unwrap_or_default();
            let msg = match is_gateway_status(*status) {
                true => ErrMsg::Gateway,
                false => ErrMsg::Unexpected,
            };
            say(msg, &[("status", status), ("said", &it_said)])
        }
        Error::Decode {
            status,
            path,
            message,
        } => {
            let at = match path.is_empty() {
                true => say(ErrMsg::TopLevel, &[]),
                false => path.clone(),
            };
            say(
                ErrMsg::Decode,
                &[("status", status), ("path", &at), ("detail", message)],
            )
        }
        Error::Timeout => say(ErrMsg::Timeout, &[]),
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
            say(ErrMsg::TooLarge, &[("size", &bytes(*limit_bytes))])
        }
        // The service's own words when it answered (a 5xx), as the app and the history tell them.
        Error::OutcomeUnknown { why, server, .. } => say(
            ErrMsg::OutcomeUnknown,
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

fn said(msg: ErrMsg, server: &ApiError) -> String {
    say(msg, &[("said", &service_said(server))])
}

/// " The service said: …" when the server's words add something, else nothing.
pub fn service_said(server: &ApiError) -> String {
    server
        .readable_message()
        .map(|text| say(ErrMsg::ServiceSaid, &[("text", &text)]))
        .unwrap_or_default()
}

/// "8 MiB", "512 KiB", "1000 bytes".
pub(super) fn bytes(n: u64) -> String {
    const KIB: u64 = 1024;
    match n {
        n if n >= KIB * KIB && n % (KIB * KIB) == 0 => format!("{} MiB", n / (KIB * KIB)),
        n if n >= KIB && n % KIB == 0 => format!("{} KiB", n / KIB),
        n => format!("{n} B"),
    }
}

/// Why a base address is not usable, from its type (the client's own clause stays in the log).
fn base_url_problem(problem: BaseUrlProblem) -> String {
    let msg = match problem {
        BaseUrlProblem::NotAnAddress => ErrMsg::AddressNotAnAddress,
        BaseUrlProblem::Scheme => ErrMsg::AddressScheme,
        BaseUrlProblem::NoHost => ErrMsg::AddressNoHost,
        BaseUrlProblem::Credentials => ErrMsg::AddressCredentials,
        BaseUrlProblem::QueryOrFragment => ErrMsg::AddressQuery,
        BaseUrlProblem::PathNotV1 => ErrMsg::AddressPath,
        BaseUrlProblem::SandboxFixed => ErrMsg::AddressSandboxFixed,
    };
    say(msg, &[])
}

/// Why a create's outcome is unknown, from its type (the client's own clause stays in the log).
fn outcome_cause(why: OutcomeCause) -> String {
    match why {
        OutcomeCause::Timeout => say(ErrMsg::OutcomeTimeout, &[]),
        OutcomeCause::ConnectionLost => say(ErrMsg::OutcomeConnectionLost, &[]),
        OutcomeCause::TooLarge {
            status,
            limit_bytes,
        } => say(
            ErrMsg::OutcomeTooLarge,
            &[("status", &status), ("size", &bytes(limit_bytes))],
        ),
        OutcomeCause::Redirected { status } => {
            say(ErrMsg::OutcomeRedirected, &[("status", &status)])
        }
        OutcomeCause::ServerError { status } => {
            say(ErrMsg::OutcomeServerError, &[("status", &status)])
        }
        OutcomeCause::NotAPet { status } => say(ErrMsg::OutcomeNotAPet, &[("status", &status)]),
    }
}

/// Why a System-mode connection may have failed on a PAC/WPAD computer, and the way out.
pub fn auto_config_advice(auto: &AutoConfig) -> String {
    match &auto.url {
        Some(url) => say(ErrMsg::AutoConfigAt, &[("url", url)]),
        None => say(ErrMsg::AutoConfigDiscovered, &[]),
    }
}

pub fn network(cause: NetworkCause) -> String {
    let reach = |what: ErrMsg| say(ErrMsg::Reach, &[("what", &say(what, &[]))]);
    match cause {
        NetworkCause::Refused => reach(ErrMsg::ReachRefused),
        NetworkCause::Reset => reach(ErrMsg::ReachReset),
        NetworkCause::Tls => reach(ErrMsg::ReachTls),
        NetworkCause::Unreachable => reach(ErrMsg::ReachUnreachable),
        NetworkCause::Other => reach(ErrMsg::ReachOther),
        NetworkCause::Dns => say(ErrMsg::Dns, &[]),
        NetworkCause::ProxyUnreachable => say(ErrMsg::ProxyUnreachable, &[]),
        NetworkCause::ProxyAuthRequired => say(ErrMsg::ProxyAuthRequired, &[]),
        NetworkCause::ProxyAuthRefused => say(ErrMsg::ProxyAuthRefused, &[]),
        NetworkCause::ProxyRefused => say(ErrMsg::ProxyRefused, &[]),
        NetworkCause::UnknownAuthority => say(ErrMsg::UnknownAuthority, &[]),
        NetworkCause::CertificateExpired => say(ErrMsg::CertificateExpired, &[]),
        NetworkCause::CertificateName => say(ErrMsg::CertificateName, &[]),
    }
}

pub fn input(invalid: &InvalidInput) -> String {
    match invalid {
        // `Limit::from_str` reports text that is not a number at all as i64::MIN/MAX.
        InvalidInput::Limit { given } if *given == i64::MIN || *given == i64::MAX => {
            say(ErrMsg::LimitRange, &[])
        }
        InvalidInput::Limit { given } => say(ErrMsg::LimitGiven, &[("given", given)]),
        InvalidInput::Status { given } => say(ErrMsg::StatusGiven, &[("given", given)]),
        InvalidInput::Name => say(ErrMsg::NameEmpty, &[]),
        InvalidInput::CategoryId { given } => say(ErrMsg::CategoryIdGiven, &[("given", given)]),
        InvalidInput::ApiKey => say(ErrMsg::ApiKeyShape, &[]),
        InvalidInput::PetId { given } => say(ErrMsg::PetIdGiven, &[("given", given)]),
    }
}

pub fn config(setup: &ConfigError) -> String {
    match setup {
        ConfigError::MissingBaseUrl { environment } => {
            match (environment.url_env_var(), environment.settings_field()) {
                (Some(var), Some(field)) => say(
                    ErrMsg::MissingBaseUrlVar,
                    &[("env", environment), ("var", &var), ("field", &field)],
                ),
                _ => say(ErrMsg::MissingBaseUrl, &[("env", environment)]),
            }
        }
        ConfigError::InvalidBaseUrl { url, problem, .. } => say(
            ErrMsg::InvalidBaseUrl,
            &[("url", url), ("detail", &base_url_problem(*problem))],
        ),
        ConfigError::InsecureBaseUrl { url } => say(ErrMsg::InsecureBaseUrl, &[("url", url)]),
        ConfigError::MissingApiKey { environment } => {
            say(ErrMsg::MissingApiKey, &[("env", environment)])
        }
        ConfigError::ForeignLink { url } => say(ErrMsg::ForeignLink, &[("url", url)]),
        ConfigError::HttpClient { message } => say(ErrMsg::HttpClient, &[("detail", message)]),
        ConfigError::WaitStore { location, message } => say(
            ErrMsg::WaitStore,
            &[("location", location), ("detail", message)],
        ),
    }
}
