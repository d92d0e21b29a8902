//! Windows draws the app's window with the Microsoft Edge WebView2 runtime, which Windows 10 may
//! lack. Without it the web view never appears and Tauri waits for it forever: a person sees
//! nothing at all. So before anything else the app asks whether the runtime is there, and when it
//! is not it says so in a native message box, writes the same to its log file, and exits with
//! [`EXIT_CODE`] once the box is closed.
// Windows-only but for its tests, which check the words and the log line everywhere.
#![cfg_attr(not(windows), allow(dead_code))]

/// The exit code when the runtime is missing (1 is any other failure to start).
pub const EXIT_CODE: i32 = 2;
/// The message box's title: the app's name, as the window's would be.
pub const TITLE: &str = "Petstore Admin";
/// Where a person gets the runtime (Microsoft's page for the Evergreen installer).
pub const DOWNLOAD_URL: &str = "https://developer.microsoft.com/microsoft-edge/webview2/";

/// What the box says: what is missing, where to get it, and what works without it.
pub fn message() -> String {
    format!(
        "Petstore Admin needs the Microsoft Edge WebView2 Runtime to show its window, and it is \
         not installed on this computer.\n\n\
         Get the Evergreen installer from {DOWNLOAD_URL}, run it, then start Petstore Admin \
         again.\n\n\
         The petstore command line works without it."
    )
}

/// The log line, in the log file's own format (`logging.rs`: UTC, level, target).
fn log_line(now: chrono::DateTime<chrono::Utc>) -> String {
    let text = format!(
        "the WebView2 runtime is not installed: {}",
        message().replace("\n\n", " ")
    );
    crate::logging::line(now, log::Level::Error, "petstore_admin", &text)
}

/// Appends [`log_line`] to the app's log file in `logs_dir` (the logger is not running yet).
fn append_to_log(logs_dir: &std::path::Path) -> std::io::Result<()> {
    crate::logging::append(logs_dir, &log_line(chrono::Utc::now()))
}

/// Returns when the runtime is there; otherwise tells the person and exits.
#[cfg(windows)]
pub fn require_runtime() {
    if runtime_version().is_some() {
        return;
    }
    // The log folder tauri-plugin-log writes to (on Windows %LOCALAPPDATA%\<identifier>\logs).
    if let Some(logs) = crate::logging::log_dir()
        && let Err(error) = append_to_log(&logs)
    {
        eprintln!("Petstore Admin: the log file could not be written: {error}");
    }
    eprintln!("{}", message());
    show_error_box(TITLE, &message());
    std::process::exit(EXIT_CODE);
}

#[cfg(not(windows))]
pub fn require_runtime() {}

/// The installed runtime's version, as the loader reports it; `None` when there is none.
#[cfg(windows)]
#[allow(unsafe_code)] // two calls into the WebView2 loader and the C runtime; see SAFETY
fn runtime_version() -> Option<String> {
    use webview2_com::Microsoft::Web::WebView2::Win32::GetAvailableCoreWebView2BrowserVersionString;
    use windows::core::{PCWSTR, PWSTR};
    let mut version = PWSTR::null();
    // SAFETY: a null browser folder asks for the installed runtime; `version` is an out pointer
    // the loader fills with a string it allocated (CoTaskMemAlloc), or leaves null.
    let found =
        unsafe { GetAvailableCoreWebView2BrowserVersionString(PCWSTR::null(), &mut version) };
    if found.is_err() || version.is_null() {
        return None;
    }
    // SAFETY: non-null, NUL-terminated, from the loader; freed once, after it is copied.
    let text = unsafe { version.to_string() }.ok();
    unsafe { windows::Win32::System::Com::CoTaskMemFree(Some(version.0 as *const _)) };
    text.filter(|text| !text.is_empty())
}

#[cfg(windows)]
#[allow(unsafe_code)] // one call to MessageBoxW; see SAFETY
fn show_error_box(title: &str, text: &str) {
    use windows::Win32::UI::WindowsAndMessaging::{MB_ICONERROR, MB_OK, MessageBoxW};
    use windows::core::HSTRING;
    // SAFETY: both strings live across the call; no owner window.
    unsafe {
        MessageBoxW(
            None,
            &HSTRING::from(text),
            &HSTRING::from(title),
            MB_OK | MB_ICONERROR,
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_what_is_missing_where_to_get_it_and_what_still_works() {
        let text = message();
        assert!(text.contains("WebView2 Runtime"), "{text}");
        assert!(text.contains(DOWNLOAD_URL), "{text}");
        assert!(text.contains("petstore command line"), "{text}");
    }

    #[test]
    fn the_log_line_is_one_line_in_the_log_files_format() {
        let now = chrono::DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let line = log_line(now);
        assert!(
            line.starts_with("[2027-01-15][08:00:00][petstore_admin][ERROR] the WebView2 runtime"),
            "{line}"
        );
        assert_eq!(line.matches('\n').count(), 1, "{line}");
    }

    #[test]
    fn the_line_is_appended_to_the_log_file_kept_so_far() {
        let dir = tempfile::tempdir().unwrap();
        let logs = dir.path().join("logs");
        std::fs::create_dir_all(&logs).unwrap();
        let file = logs.join("petstore-admin.log");
        std::fs::write(&file, "an earlier line\n").unwrap();
        append_to_log(&logs).unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.starts_with("an earlier line\n"), "{text}");
        assert!(text.contains("WebView2 runtime is not installed"), "{text}");
    }
}
