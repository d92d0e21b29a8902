//! Exit codes: distinct, documented in both languages, and the CLI's hints.

use super::*;
use crate::explain::message;
use crate::words::Text;

/// The client's words name no shell; the CLI adds where its keys come from, whether the
/// setup or the client found the key missing.
#[test]
fn a_missing_key_gets_the_clis_hint() {
    let missing = ConfigError::MissingApiKey {
        environment: Environment::Staging,
    };
    for err in [
        CliError::Config(missing.clone()),
        CliError::Api(ApiError::Configuration(missing)),
    ] {
        let text = message(&err);
        assert!(text.contains("staging"), "{text}");
        assert!(text.contains("petstore key set"), "{text}");
        assert!(text.contains("PETSTORE_API_KEY"), "{text}");
        assert_eq!(err.exit_code(), CONFIG);
    }
    let unreadable = CliError::Local(LocalError::SettingsUnwritable {
        path: "/tmp/settings.json".into(),
        problem: "read-only".into(),
        fault: petstore_local::SettingsFault::Io(std::io::ErrorKind::ReadOnlyFilesystem),
    });
    assert_eq!(unreadable.exit_code(), CONFIG);
}

#[test]
fn exit_codes_are_distinct_and_documented() {
    let codes = [
        OK,
        INTERNAL,
        USAGE,
        AUTH,
        NOT_FOUND,
        RATE_LIMITED,
        SERVER,
        NETWORK,
        OUTCOME_UNKNOWN,
        CONFIG,
        IMPORT_INCOMPLETE,
        NETWORK_SETUP,
        EXPORT_INCOMPLETE,
        ALREADY_ADDED,
        SEARCH_INCOMPLETE,
        QUEUED,
        OUTBOX_WAITING,
        OUTBOX_NEEDS_PERSON,
        STORE_NOT_SET_UP,
        STORE_UNREACHABLE,
        STORE_SIGN_IN,
        STORE_SCHEMA_TOO_NEW,
        STORE_UNCHECKED,
        INTERRUPTED,
    ];
    let mut sorted = codes.to_vec();
    sorted.dedup();
    assert_eq!(sorted.len(), codes.len());
    // Shown after `petstore --help` (the README carries the same table).
    for language in petstore_local::Language::ALL {
        let help = crate::words::UsageMsg::ExitCodes.text_in(language);
        for code in codes {
            assert!(
                help.contains(&format!("\n  {code}  ")),
                "{code} undocumented in {language:?}"
            );
        }
    }
}
