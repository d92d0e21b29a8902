// No console window next to the app on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    disable_webkit_dmabuf_renderer();
    petstore_admin::run();
}

/// On Linux, WebKitGTK shows a blank white window on many NVIDIA and Wayland setups unless its
/// DMA-BUF renderer is off; a person's own setting wins. This used to re-execute the app with
/// the variable set, which loaded every GTK and WebKit library twice before the window (about
/// 0.1-0.25 s of start-up here).
#[cfg(target_os = "linux")]
#[allow(unsafe_code)] // the one use in the workspace; see SAFETY
fn disable_webkit_dmabuf_renderer() {
    const VAR: &str = "WEBKIT_DISABLE_DMABUF_RENDERER";
    if std::env::var_os(VAR).is_none() {
        // SAFETY: the first thing `main` does: no other thread exists yet that could read or
        // write the environment at the same time.
        unsafe { std::env::set_var(VAR, "1") };
    }
}

#[cfg(not(target_os = "linux"))]
fn disable_webkit_dmabuf_renderer() {}
