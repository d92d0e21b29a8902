//! Which tests run under Wine, and which cannot (each with its reason, printed by the stage).

/// The crates whose tests run under Wine: every crate without Tauri.
pub(super) const WINE_TESTED: &[&str] = &[
    "petstore-client",
    "petstore-local",
    "petstore-bulk",
    "petstore-activity",
    "petstore-cli",
    "petstore-sandbox",
];

/// Tests compiled for Unix only, with the reason: the stage prints them beside
/// [`NOT_UNDER_WINE`], so nothing is left out without a word.
pub const UNIX_ONLY: &[(&str, &str)] = &[
    (
        "serves_the_given_keys_and_stops_on_sigterm",
        "SIGTERM and its clean stop: Windows has no signals (the Windows run stops the sandbox \
         with TerminateProcess)",
    ),
    (
        "the peak memory part of list_against_an_endless_body_mock_server_fails_with_a_bounded_peak",
        "the peak resident set is read from /proc; the outcome is checked under Wine too",
    ),
    (
        "a_key_typed_in_a_terminal_never_shows_and_is_stored, \
         a_proxy_password_typed_in_a_terminal_never_shows_and_is_stored, \
         ctrl_c_at_the_prompt_stores_nothing_and_the_terminal_shows_typing_again",
        "(Linux only) the terminal is a pseudo-terminal made by util-linux's `script`; the piped \
         secrets' test runs under Wine too",
    ),
    (
        "petstore-cli's tests/store.rs, tests/store_creates.rs and tests/store_dead_desks.rs \
         (the shared store)",
        "they start a real PostgreSQL from Debian's package, a Linux program a Windows test \
         cannot start under Wine; the CLI's store commands are the same code on Windows",
    ),
];

/// Why the tests below cannot run under Wine; the stage prints them with their tests.
const WINE_CRYPT32: &str = "Wine 8's crypt32 refuses a certificate chain engine with extra \
    trusted roots (CertCreateCertificateChainEngine: invalid parameter), which \
    rustls-platform-verifier builds to trust a company's own authority; each of these tests \
    trusts its TLS server's or proxy's test authority. Real Windows accepts it (Windows 8 and \
    later); the hosted Windows job of ci.yml only builds these tests, so no Windows runs them yet";
const WINDOWS_ROOTS: &str = "Windows reads its root certificates from the system store, which \
    SSL_CERT_FILE and SSL_CERT_DIR do not empty: there is no machine without roots to imitate \
    (a Linux-only case: a Debian without ca-certificates)";

/// Tests that cannot run under Wine (exact names), each with the reason; the stage prints this
/// list and skips exactly these.
pub const NOT_UNDER_WINE: &[(&str, &str)] = &[
    // petstore-client tests/network.rs
    (
        "a_407_is_typed_not_retried_and_credentials_fix_it",
        WINE_CRYPT32,
    ),
    (
        "a_429_through_the_proxy_is_paced_as_without_one",
        WINE_CRYPT32,
    ),
    ("a_bypassed_host_opens_no_tunnel", WINE_CRYPT32),
    (
        "a_manual_proxy_carries_the_request_and_never_sees_the_key_or_a_pet_in_clear",
        WINE_CRYPT32,
    ),
    ("an_expired_or_misnamed_certificate_says_so", WINE_CRYPT32),
    (
        "an_unknown_authority_is_typed_not_retried_and_trusting_the_ca_fixes_it",
        WINE_CRYPT32,
    ),
    (
        "an_unreachable_proxy_is_typed_and_not_retried",
        WINE_CRYPT32,
    ),
    (
        "off_goes_direct_and_the_sandbox_never_uses_a_proxy",
        WINE_CRYPT32,
    ),
    // petstore-cli tests/network.rs
    (
        "a_computer_using_proxy_auto_configuration_is_told_to_set_the_proxy_itself",
        WINE_CRYPT32,
    ),
    (
        "a_proxy_asking_for_credentials_exits_11_once_without_retrying",
        WINE_CRYPT32,
    ),
    (
        "an_unknown_authority_exits_11_and_the_ca_file_fixes_it",
        WINE_CRYPT32,
    ),
    ("credentials_inside_https_proxy_keep_working", WINE_CRYPT32),
    ("no_proxy_and_the_flag_bypass_https_proxy", WINE_CRYPT32),
    (
        "proxy_and_certificate_problems_are_said_in_german",
        WINE_CRYPT32,
    ),
    (
        "system_mode_honours_https_proxy_and_the_proxy_sees_no_key",
        WINE_CRYPT32,
    ),
    (
        "the_settings_file_sets_the_proxy_and_the_ca_and_refuses_a_password_in_the_address",
        WINE_CRYPT32,
    ),
    // src-tauri tests/updates.rs
    (
        "behind_a_company_proxy_the_check_uses_its_credentials_and_the_company_ca",
        WINE_CRYPT32,
    ),
    // petstore-cli tests/failures.rs
    (
        "a_machine_without_root_certificates_is_told_so_by_name",
        WINDOWS_ROOTS,
    ),
];

/// The app's tests of what runs before any web view exists: its settings file, its keys in the
/// Windows Credential Manager, the start-up sequence of the backend, single instance (the named
/// mutex and the hidden message window, between real processes), the window state file and the
/// updater's check against a local server.
pub const APP_TESTS_UNDER_WINE: &[&str] = &[
    "backend_setup",
    "keys",
    "settings_file",
    "single_instance",
    "updates",
    "window_state",
];
