//! Every failure has German words of its own: no English sentence leaks through.

use std::path::PathBuf;

use chrono::DateTime;
use petstore_bulk::{ContractError, ExportError, ImportError, JournalError, RowProblem, Stop};
use petstore_client::events::WaitReason;
use petstore_client::{
    ApiError, AutoConfig, BaseUrlProblem, CaFileError, ConfigError, Environment, Error, ErrorKind,
    InvalidInput, NetworkCause, OutcomeCause, ProxyUrlError,
};
use petstore_local::keychain::KeychainError;
use petstore_local::{
    CategoryError, Language, LocalError, NetworkSettingError, SettingsFault, UnreadableSettings,
};

use super::*;
use crate::exit::Incomplete;
use crate::words::with_language;

/// Words that only an English sentence has.
const ENGLISH: [&str; 8] = [
    " the ",
    "The ",
    " could not",
    "Check ",
    " was ",
    " is ",
    "Try ",
    " with ",
];

fn io(kind: std::io::ErrorKind) -> std::io::Error {
    std::io::Error::from(kind)
}

fn every_error() -> Vec<CliError> {
    let at = DateTime::from_timestamp(1_900_000_000, 0).expect("valid");
    let server = |status| ApiError::from_status(status);
    let env = Environment::Staging;
    let path = PathBuf::from("/tmp/x");
    let mut all = vec![
        CliError::Api(Error::Unauthorized(server(401))),
        CliError::Api(Error::NotFound(server(404))),
        CliError::Api(Error::Gone(server(410))),
        CliError::Api(Error::BadRequest(server(400))),
        CliError::Api(Error::Server(server(500))),
        CliError::Api(Error::Server(server(502))),
        CliError::Api(Error::UnexpectedResponse {
            status: 302,
            snippet: String::new(),
        }),
        CliError::Api(Error::Decode {
            status: 200,
            path: String::new(),
            message: "x".into(),
        }),
        CliError::Api(Error::Timeout),
        CliError::Api(Error::ResponseTooLarge {
            limit_bytes: 8 << 20,
        }),
        CliError::Api(Error::OutcomeUnknown {
            reason: "HTTP 502".into(),
            why: OutcomeCause::ServerError { status: 502 },
            server: None,
        }),
        CliError::Api(Error::OutcomeUnknown {
            reason: "x".into(),
            why: OutcomeCause::ConnectionLost,
            server: None,
        }),
        CliError::Input(InvalidInput::Name),
        CliError::Input(InvalidInput::ApiKey),
        CliError::Input(InvalidInput::Limit { given: 0 }),
        CliError::Input(InvalidInput::Status { given: "x".into() }),
        CliError::Input(InvalidInput::CategoryId { given: "x".into() }),
        CliError::Input(InvalidInput::PetId { given: "x".into() }),
        CliError::Config(ConfigError::MissingBaseUrl { environment: env }),
        CliError::Config(ConfigError::InvalidBaseUrl {
            url: "x".into(),
            reason: "x".into(),
            problem: BaseUrlProblem::PathNotV1,
        }),
        CliError::Config(ConfigError::InsecureBaseUrl { url: "x".into() }),
        CliError::Config(ConfigError::MissingApiKey { environment: env }),
        CliError::Config(ConfigError::ForeignLink { url: "x".into() }),
        CliError::Config(ConfigError::HttpClient {
            message: "x".into(),
        }),
        CliError::Config(ConfigError::WaitStore {
            location: "x".into(),
            message: "x".into(),
        }),
        CliError::Local(LocalError::SettingsUnreadable(UnreadableSettings {
            path: path.clone(),
            line: Some(2),
            column: Some(3),
            problem: "x".into(),
            fault: SettingsFault::Syntax,
        })),
        CliError::Local(LocalError::SettingsUnwritable {
            path: path.clone(),
            problem: "x".into(),
            fault: SettingsFault::Io(std::io::ErrorKind::PermissionDenied),
        }),
        CliError::Local(LocalError::Category(CategoryError::ListFull)),
        CliError::Local(LocalError::Category(CategoryError::NameEmpty)),
        CliError::Keychain(KeychainError::Locked { detail: "x".into() }),
        CliError::Keychain(KeychainError::TooLong { limit: 9 }),
        CliError::Keychain(KeychainError::Corrupt { env }),
        CliError::Keychain(KeychainError::Other("x".into())),
        CliError::Network(NetworkSettingError::NoProxyAddress),
        CliError::Network(NetworkSettingError::CaFile {
            path: path.clone(),
            error: CaFileError::NoCertificate,
        }),
        CliError::Network(NetworkSettingError::CaFile {
            path: path.clone(),
            error: CaFileError::Expired {
                subject: "x".into(),
                not_after: at,
            },
        }),
        CliError::Network(NetworkSettingError::CaFileUnreadable {
            path: path.clone(),
            problem: "x".into(),
            io: std::io::ErrorKind::NotFound,
        }),
        CliError::ProxyFlag(ProxyUrlError::Credentials),
        CliError::ProxyFlag(ProxyUrlError::Path),
        CliError::MissingKey { env },
        CliError::KeyRefused {
            key_source: KeySource::EnvVar,
            server: server(401),
        },
        CliError::KeyRefused {
            key_source: KeySource::SandboxDemo,
            server: server(401),
        },
        CliError::KeyForAnotherServer {
            env,
            url: "x".into(),
            configured: Some("y".into()),
        },
        CliError::KeyForAnotherServer {
            env,
            url: "x".into(),
            configured: None,
        },
        CliError::NoKeyForAddress { url: "x".into() },
        CliError::BadEnvKey(InvalidInput::ApiKey),
        CliError::KeychainUnavailable {
            env,
            source: KeychainError::Unavailable { detail: "x".into() },
        },
        CliError::DeadlineDuringWait { retry_at: at },
        CliError::WaitKept {
            env,
            url: "x".into(),
            kept: petstore_client::WaitKept::ClearedRecently { again_at: at },
        },
        CliError::WaitKept {
            env,
            url: "x".into(),
            kept: petstore_client::WaitKept::ServiceWait {
                until: at,
                reason: WaitReason::RateLimited,
            },
        },
        CliError::DeadlineExceeded { seconds: 1.0 },
        CliError::CreateOutcomeUnknown { seconds: 1.0 },
        CliError::AlreadyAdded {
            name: "Rex".into(),
            url: "x".into(),
            earlier: Box::new(petstore_bulk::Earlier {
                at,
                source: petstore_bulk::CreateSource::Form,
                pet_id: None,
                desk: None,
                in_progress: false,
            }),
        },
        CliError::StoreStaleSetting {
            value: "soon".into(),
        },
        CliError::Stdin(io(std::io::ErrorKind::PermissionDenied)),
        CliError::EmptyPassword,
        CliError::StoreNotSetUp,
        CliError::StoreUnchecked,
        CliError::StoreNoPassword {
            address: "postgres://u@h:5432/d".into(),
        },
        CliError::StoreUrl(crate::store::StoreUrlError::HasPassword),
        CliError::Store(petstore_shared::SharedError::SignIn { user: "u".into() }),
        CliError::NoProxyForPassword,
        CliError::SecretTooLong { limit: 4096 },
        CliError::Interrupted,
        CliError::Stdout(io(std::io::ErrorKind::StorageFull)),
        CliError::ReadFile {
            path: path.clone(),
            source: io(std::io::ErrorKind::NotFound),
        },
        CliError::Contract {
            path: path.clone(),
            source: ContractError::Empty,
        },
        CliError::Contract {
            path: path.clone(),
            source: ContractError::MissingColumn {
                missing: petstore_bulk::Column::Name,
                found: Vec::new(),
            },
        },
        CliError::Import(ImportError::Journal(JournalError::Busy {
            path: path.clone(),
        })),
        CliError::Export(ExportError::Exists { path: path.clone() }),
        CliError::Export(ExportError::Write(io(
            std::io::ErrorKind::ReadOnlyFilesystem,
        ))),
        CliError::NeedsConfirmation { rows: 3 },
        CliError::NoDataDir,
        CliError::History {
            path: "x".into(),
            error: petstore_activity::ActivityError::NewerSchema {
                found: 9,
                supported: 1,
            },
        },
        CliError::ImportIncomplete {
            code: 10,
            why: Incomplete::Stopped(Stop::Cancelled),
        },
        CliError::ImportIncomplete {
            code: 5,
            why: Incomplete::Stopped(Stop::Failed {
                kind: ErrorKind::RateLimited,
                message: "English".into(),
                cause: None,
            }),
        },
        CliError::ImportIncomplete {
            code: 8,
            why: Incomplete::Unknown {
                rows: 2,
                lines: "3, 4".into(),
                resent: false,
            },
        },
        CliError::ImportIncomplete {
            code: 10,
            why: Incomplete::Refused {
                rows: 2,
                lines: "3, 4".into(),
            },
        },
        CliError::Contract {
            path: path.clone(),
            source: ContractError::TooLarge {
                bytes: Some(52_428_841),
            },
        },
        CliError::Contract {
            path: path.clone(),
            source: ContractError::TooLarge { bytes: None },
        },
        CliError::SearchIncomplete {
            text: "rex".into(),
            status: None,
            seen: 100,
            matched: 2,
        },
        CliError::SearchIncomplete {
            text: "rex".into(),
            status: Some(petstore_client::PetStatus::Sold),
            seen: 100,
            matched: 0,
        },
        CliError::TooManyMatches {
            text: "e".into(),
            max: 10_000,
        },
        CliError::SearchText { chars: 0 },
        CliError::SearchText { chars: 1001 },
        CliError::EndlessList { pages: 7 },
    ];
    for reason in [
        WaitReason::RateLimited,
        WaitReason::QuotaExhausted,
        WaitReason::Backoff,
    ] {
        all.push(CliError::Api(Error::RateLimited {
            retry_at: at,
            reason,
            server: None,
        }));
    }
    all
}

#[test]
fn every_failure_has_german_words_of_its_own() {
    for err in every_error() {
        let english = with_language(Language::English, || message(&err));
        let german = with_language(Language::German, || message(&err));
        assert!(!german.trim().is_empty(), "{err:?}");
        assert_ne!(english, german, "{err:?}");
        for word in ENGLISH {
            assert!(!german.contains(word), "{word:?} in {german}");
        }
    }
}

#[test]
fn every_network_cause_and_row_problem_has_german_words() {
    let causes = [
        NetworkCause::Refused,
        NetworkCause::Dns,
        NetworkCause::Reset,
        NetworkCause::Tls,
        NetworkCause::Unreachable,
        NetworkCause::ProxyUnreachable,
        NetworkCause::ProxyAuthRequired,
        NetworkCause::ProxyAuthRefused,
        NetworkCause::ProxyRefused,
        NetworkCause::UnknownAuthority,
        NetworkCause::CertificateExpired,
        NetworkCause::CertificateName,
        NetworkCause::Other,
    ];
    for cause in causes {
        let german = with_language(Language::German, || client::network(cause));
        for word in ENGLISH {
            assert!(!german.contains(word), "{word:?} in {german}");
        }
        for shell_word in ["rustls", "reqwest", "os error"] {
            assert!(!german.contains(shell_word), "{german}");
        }
    }
    for auto in [
        AutoConfig {
            url: Some("http://wpad/proxy.pac".into()),
        },
        AutoConfig { url: None },
    ] {
        let german = with_language(Language::German, || client::auto_config_advice(&auto));
        let english = with_language(Language::English, || client::auto_config_advice(&auto));
        assert!(german.contains("--proxy URL") && english.contains("--proxy URL"));
        for word in ENGLISH {
            assert!(!german.contains(word), "{word:?} in {german}");
        }
    }
    let problems = [
        RowProblem::NameEmpty,
        RowProblem::NameTooLong { chars: 1001 },
        RowProblem::CategoryIdEmpty,
        RowProblem::CategoryIdNotANumber { given: "x".into() },
        RowProblem::CategoryIdNotPositive { given: 0 },
        RowProblem::StatusUnknown { given: "x".into() },
    ];
    for problem in problems {
        let german = with_language(Language::German, || row_problem(&problem));
        let english = with_language(Language::English, || row_problem(&problem));
        assert_ne!(german, english);
        assert_eq!(
            english,
            problem.to_string(),
            "the app's words and the CLI's agree"
        );
    }
}

#[test]
fn an_unusable_address_and_a_broken_settings_file_are_worded_from_their_types() {
    let address = CliError::Config(ConfigError::InvalidBaseUrl {
        url: "https://api.example.com/v2".into(),
        reason: "the client's English clause".into(),
        problem: BaseUrlProblem::PathNotV1,
    });
    let settings = CliError::Local(LocalError::SettingsUnreadable(UnreadableSettings {
        path: PathBuf::from("/home/sam/.config/petstore/settings.json"),
        line: Some(3),
        column: Some(9),
        problem: "serde's English clause".into(),
        fault: SettingsFault::Syntax,
    }));
    let german = with_language(Language::German, || (message(&address), message(&settings)));
    assert!(
        german.0.contains("ihr Pfad muss auf /v1 enden"),
        "{}",
        german.0
    );
    assert!(
        german.1.contains("kein gültiges JSON") && german.1.contains("(Zeile 3, Spalte 9)"),
        "{}",
        german.1
    );
    let english = with_language(Language::English, || {
        (message(&address), message(&settings))
    });
    assert!(
        english.0.contains("its path must end in /v1"),
        "{}",
        english.0
    );
    assert!(english.1.contains("not valid JSON"), "{}", english.1);
    for text in [&german.0, &german.1, &english.0, &english.1] {
        assert!(!text.contains("English clause"), "{text}");
    }
}

/// A create answered 503 is of unknown outcome, but the service did answer, and its
/// words are part of the account, as in the app's form and its activity history.
#[test]
fn an_unknown_outcome_after_a_503_gives_the_services_words() {
    let err = CliError::Api(Error::OutcomeUnknown {
        reason: "the service answered HTTP 503".into(),
        why: OutcomeCause::ServerError { status: 503 },
        server: Some(ApiError {
            status: 503,
            code: "service_unavailable".into(),
            message: "The service is unavailable right now (simulated outage). Try again shortly."
                .into(),
        }),
    });
    let english = with_language(Language::English, || message(&err));
    assert!(english.contains("HTTP 503"), "{english}");
    assert!(
        english
            .contains("The service said: The service is unavailable right now (simulated outage)."),
        "{english}"
    );
    let german = with_language(Language::German, || message(&err));
    assert!(german.contains("Der Dienst meldete:"), "{german}");
}
