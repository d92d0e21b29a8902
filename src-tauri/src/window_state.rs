//! The main window's size, position and maximised state across runs, with the official
//! `tauri-plugin-window-state`, kept on a screen that is still there.
//!
//! * The plugin restores the state as the window is created and saves it when the app exits.
//!   [`STATE_FLAGS`] leave out VISIBLE: the window starts hidden and is shown once its page has
//!   loaded (no white flash), whatever it was when the app last ended.
//! * Its file, `.window-state.json`, lives beside `settings.json` ([`state_file`]): without
//!   `PETSTORE_CONFIG_DIR` that is the plugin's own default folder (the OS config folder and the
//!   app's identifier); with it, the override's folder, as for the settings (portable installs,
//!   and each e2e scenario its own window). The plugin still makes Tauri's config folder when it
//!   saves, which then stays empty.
//! * The plugin writes the file in place: one cut short (a power cut) costs only the remembered
//!   place; the window opens at its default and the next save writes a whole file.
//! * It is also saved shortly after the window moves or is resized ([`save_after_changes`]): an
//!   app ended by a signal (a session logging out, the e2e driver closing it) never reaches the
//!   plugin's save at exit.
//! * [`keep_on_screen`] checks what was restored against today's monitors: a window remembered
//!   on a monitor that is gone is moved onto the primary one ([`clamp::place`]).
//!
//! The web view has no permission of the plugin: only Rust saves and restores.

mod clamp;

pub use clamp::{Placement, Rect, place};

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use tauri::plugin::TauriPlugin;
use tauri::{
    Manager, Monitor, PhysicalPosition, PhysicalSize, Runtime, WebviewWindow, WindowEvent,
};
use tauri_plugin_window_state::{AppHandleExt, Builder, StateFlags};

/// What is remembered. Not VISIBLE (see the module), nor DECORATIONS and FULLSCREEN, which the
/// app never changes: a hand-edited file cannot take the window's frame away.
pub const STATE_FLAGS: StateFlags = StateFlags::SIZE
    .union(StateFlags::POSITION)
    .union(StateFlags::MAXIMIZED);

/// A drag or a resize is a stream of events; the file is written once they have stopped this long.
const SAVE_WHEN_QUIET_FOR: Duration = Duration::from_millis(500);

/// `.window-state.json` beside the settings file (see the module). `None` where the OS has no
/// config folder; the plugin then uses its default.
pub fn state_file() -> Option<PathBuf> {
    let settings = petstore_local::Settings::default_path()?;
    Some(
        settings
            .parent()?
            .join(tauri_plugin_window_state::DEFAULT_FILENAME),
    )
}

/// The plugin, saving to and restoring from `file` (its default place when `None`).
pub fn plugin<R: Runtime>(file: Option<&Path>) -> TauriPlugin<R> {
    let builder = Builder::new().with_state_flags(STATE_FLAGS);
    // The plugin joins its file name to Tauri's app config folder, which knows nothing of
    // PETSTORE_CONFIG_DIR; an absolute path replaces the folder it is joined to (`Path::join`).
    // A path that is not UTF-8 cannot be given as a name: the default place then.
    match file.and_then(Path::to_str) {
        Some(path) => builder.with_filename(path),
        None => builder,
    }
    .build()
}

/// In the app's setup, once the plugin has restored `window`: [`keep_on_screen`], then
/// [`save_after_changes`], both on the file the plugin uses.
pub fn follow<R: Runtime>(window: &WebviewWindow<R>) {
    let app = window.app_handle();
    // As the plugin finds it: its file name (absolute when we gave one) joined to that folder.
    let file = match app.path().app_config_dir() {
        Ok(dir) => dir.join(app.filename()),
        Err(error) => {
            log::warn!("the window state has no folder: {error}");
            return;
        }
    };
    log::info!("window state file: {}", file.display());
    keep_on_screen(window, &file);
    save_after_changes(window, file.parent().map(Path::to_path_buf));
}

/// One window's entry in the plugin's file, as far as [`keep_on_screen`] needs it (the plugin
/// keeps its own type private): the outer position, the inner size, and, while maximised, the
/// position before (the plugin restores that one under the maximised window).
#[derive(Debug, Deserialize)]
struct SavedWindow {
    x: i32,
    y: i32,
    width: u32,
    height: u32,
    #[serde(default)]
    prev_x: i32,
    #[serde(default)]
    prev_y: i32,
    #[serde(default)]
    maximized: bool,
}

/// What the plugin restored for one window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Remembered {
    /// Where the window goes when not maximised.
    pub rect: Rect,
    pub maximized: bool,
}

/// The window `label`'s remembered place in the plugin's file `text`; `None` when the file has
/// none for it, or only the empty entry the plugin writes before it has seen the window.
pub fn remembered(text: &str, label: &str) -> Option<Remembered> {
    let mut windows: std::collections::HashMap<String, SavedWindow> =
        serde_json::from_str(text).ok()?;
    let saved = windows.remove(label)?;
    if saved.width == 0 || saved.height == 0 {
        return None;
    }
    let (x, y) = match saved.maximized {
        true => (saved.prev_x, saved.prev_y),
        false => (saved.x, saved.y),
    };
    Some(Remembered {
        rect: Rect {
            x,
            y,
            width: saved.width,
            height: saved.height,
        },
        maximized: saved.maximized,
    })
}

fn work_area(monitor: &Monitor) -> Rect {
    let area = monitor.work_area();
    Rect {
        x: area.position.x,
        y: area.position.y,
        width: area.size.width,
        height: area.size.height,
    }
}

/// After the plugin's restore: moves `window` onto the primary monitor when where it was
/// remembered is not usable on today's monitors ([`place`]).
///
/// Decided from the file rather than by asking the window: on Linux a window not yet shown
/// answers with its size and position from before the plugin's requests were carried out.
pub fn keep_on_screen<R: Runtime>(window: &WebviewWindow<R>, file: &Path) {
    let text = match std::fs::read_to_string(file) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return,
        Err(error) => {
            log::warn!("the window state {} is unreadable: {error}", file.display());
            return;
        }
    };
    let Some(saved) = remembered(&text, window.label()) else {
        return;
    };
    let monitors = match window.available_monitors() {
        Ok(monitors) => monitors,
        Err(error) => {
            log::warn!("the monitors could not be listed: {error}");
            return;
        }
    };
    let areas: Vec<Rect> = monitors.iter().map(work_area).collect();
    let primary = window
        .primary_monitor()
        .ok()
        .flatten()
        .map(|m| work_area(&m));
    let Placement::Move(to) = place(saved.rect, &areas, primary) else {
        return;
    };
    log::info!(
        "the window's remembered place {:?} is not usable on today's screens ({areas:?}); moved to {to:?}",
        saved.rect
    );
    let moved = window
        .set_position(PhysicalPosition::new(to.x, to.y))
        .and_then(|()| window.set_size(PhysicalSize::new(to.width, to.height)))
        // Some platforms take a move as the end of maximised (the plugin maximises last for it).
        .and_then(|()| match saved.maximized {
            true => window.maximize(),
            false => Ok(()),
        });
    if let Err(error) = moved {
        log::warn!("the window could not be moved onto the screen: {error}");
    }
}

/// Saves the window state shortly after `window` has stopped moving or changing size, to the
/// plugin's file (whose folder, `dir`, is made first: the plugin only makes its default one).
pub fn save_after_changes<R: Runtime>(window: &WebviewWindow<R>, dir: Option<PathBuf>) {
    let (changed, mut changes) = tokio::sync::watch::channel(());
    window.on_window_event(move |event| {
        if matches!(event, WindowEvent::Moved(_) | WindowEvent::Resized(_)) {
            changed.send_replace(());
        }
    });
    let app = window.app_handle().clone();
    tauri::async_runtime::spawn(async move {
        while changes.changed().await.is_ok() {
            while let Ok(Ok(())) =
                tokio::time::timeout(SAVE_WHEN_QUIET_FOR, changes.changed()).await
            {}
            let handle = app.clone();
            let dir = dir.clone();
            // On the main thread: the plugin's save holds its lock while it asks the window for
            // its size and position; from another thread those questions wait for the main
            // thread, which may itself be waiting for that lock in the plugin's move handler.
            let queued = app.run_on_main_thread(move || {
                if let Some(dir) = &dir
                    && let Err(error) = std::fs::create_dir_all(dir)
                {
                    log::warn!("the folder {} could not be made: {error}", dir.display());
                }
                if let Err(error) = handle.save_window_state(STATE_FLAGS) {
                    log::warn!("the window state could not be saved: {error}");
                }
            });
            if queued.is_err() {
                return; // the event loop has ended; the plugin saved at exit
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_leave_visibility_to_the_page_load() {
        assert!(STATE_FLAGS.contains(StateFlags::SIZE | StateFlags::POSITION));
        assert!(STATE_FLAGS.contains(StateFlags::MAXIMIZED));
        assert!(
            !STATE_FLAGS
                .intersects(StateFlags::VISIBLE | StateFlags::DECORATIONS | StateFlags::FULLSCREEN)
        );
    }

    /// The plugin's file as version 2.4 writes it.
    const FILE: &str = r#"{
      "main": {
        "width": 900, "height": 640, "x": 150, "y": 120, "prev_x": 40, "prev_y": 30,
        "maximized": false, "visible": true, "decorated": true, "fullscreen": false
      },
      "other": {
        "width": 0, "height": 0, "x": 0, "y": 0, "prev_x": 0, "prev_y": 0,
        "maximized": false, "visible": true, "decorated": true, "fullscreen": false
      }
    }"#;

    #[test]
    fn the_remembered_place_is_read_from_the_plugins_file() {
        assert_eq!(
            remembered(FILE, "main"),
            Some(Remembered {
                rect: Rect {
                    x: 150,
                    y: 120,
                    width: 900,
                    height: 640
                },
                maximized: false,
            })
        );
    }

    #[test]
    fn a_maximised_window_is_placed_where_it_was_before_it_was_maximised() {
        let file = FILE.replacen("\"maximized\": false", "\"maximized\": true", 1);
        assert_eq!(
            remembered(&file, "main"),
            Some(Remembered {
                rect: Rect {
                    x: 40,
                    y: 30,
                    width: 900,
                    height: 640
                },
                maximized: true,
            })
        );
    }

    #[test]
    fn nothing_is_remembered_from_an_empty_entry_another_window_or_a_broken_file() {
        assert_eq!(remembered(FILE, "other"), None);
        assert_eq!(remembered(FILE, "settings"), None);
        assert_eq!(remembered("{\"main\": ", "main"), None);
        assert_eq!(remembered("[]", "main"), None);
    }

    #[test]
    fn the_state_file_is_beside_the_settings_file() {
        let settings = petstore_local::Settings::default_path().expect("a config folder");
        assert_eq!(
            state_file().expect("a config folder"),
            settings.with_file_name(".window-state.json")
        );
    }
}
