//! One running app per person on a computer: a second launch hands its arguments over to the
//! first and exits before it starts anything (so one pacing state per key, one window). The
//! official plugin meets other launches through a named mutex and a hidden message window on
//! Windows, and on the D-Bus session bus on Linux.

use tauri::{AppHandle, Runtime, plugin::TauriPlugin};

/// The plugin, calling `on_handover` in the first instance with a later launch's arguments.
pub fn plugin<R: Runtime>(on_handover: fn(&AppHandle<R>, &[String])) -> TauriPlugin<R> {
    tauri_plugin_single_instance::init(move |app, args, _cwd| {
        log::info!("a second launch was handed over to this window");
        on_handover(app, &args);
    })
}

/// On Linux the plugin meets other launches on the D-Bus session bus. With no bus running it
/// lets the app start as usual (it cannot tell then), but an address it cannot parse makes it
/// panic, which would end the app: then the app starts without it.
#[cfg(target_os = "linux")]
pub fn possible() -> bool {
    match zbus::Address::session() {
        Ok(_) => true,
        Err(error) => {
            // Before the logger: the plugin that would catch this line is not set up yet.
            eprintln!(
                "Petstore Admin: the D-Bus session bus address is not usable ({error}); a second launch will not find this one"
            );
            false
        }
    }
}

#[cfg(not(target_os = "linux"))]
pub fn possible() -> bool {
    true
}
