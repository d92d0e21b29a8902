//! A `petstore` process as a computer of its own: its settings, cache (remembered waits) and
//! data folders under one home, English words, and none of the host's addresses, key or proxy.

use std::path::Path;
use std::process::Command;

/// Points `command` (a `petstore` process) at folders under `home` alone: settings in `home`,
/// the cache in `home/cache`, the data in `home/data`; English whatever the machine's language;
/// no production or staging address, key or proxy inherited from the host (a test sets its own).
pub fn isolate_desk(command: &mut Command, home: &Path) {
    command
        .env("PETSTORE_CONFIG_DIR", home)
        .env("XDG_CONFIG_HOME", home)
        .env("PETSTORE_CACHE_DIR", home.join("cache"))
        .env("PETSTORE_DATA_DIR", home.join("data"))
        .env_remove("PETSTORE_PRODUCTION_URL")
        .env_remove("PETSTORE_STAGING_URL")
        .env_remove("PETSTORE_API_KEY")
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    for var in [
        "HTTPS_PROXY",
        "https_proxy",
        "HTTP_PROXY",
        "http_proxy",
        "ALL_PROXY",
        "all_proxy",
        "NO_PROXY",
        "no_proxy",
    ] {
        command.env_remove(var);
    }
}
