//! The settings file as a person (or another version) may have left it: read as the app and the
//! CLI read it, then written as a change writes it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use petstore_client::{Environment, ProxyUrl};
use petstore_local::LocalError;
use petstore_local::fuzzing::{read_settings, write_settings};

fuzz_target!(|data: &[u8]| {
    let settings = match read_settings(data) {
        Ok(settings) => settings,
        Err(LocalError::SettingsUnreadable(unreadable)) => {
            assert_eq!(unreadable.line.is_some(), unreadable.column.is_some());
            return;
        }
        Err(other) => panic!("a file is read or unreadable, nothing else: {other:?}"),
    };
    // What a change writes reads back as the same file: saving never loses or alters what it
    // did not change (unknown fields of a newer version included).
    let written = write_settings(&settings).expect("settings that were read can be written");
    let reread = read_settings(&written).expect("what was written can be read");
    assert_eq!(write_settings(&reread).expect("written again"), written);
    // The readers of the hand-editable values take whatever is there.
    let _ = settings.language();
    for env in Environment::ALL {
        let _ = settings.base_url_with(env, |_| None);
        for (id, name) in settings.category_names.list(env) {
            assert!(id >= 1 && !name.as_str().is_empty());
        }
    }
    if let Some(activity) = &settings.activity {
        let effective = activity.effective();
        assert!(effective.retention_days >= 1 && effective.max_entries >= 1_000);
    }
    if let Some(url) = settings
        .proxy
        .as_ref()
        .and_then(|proxy| proxy.url.as_deref())
    {
        let _ = ProxyUrl::parse(url);
    }
});
