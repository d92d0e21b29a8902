// No console window next to the app on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    set_linux_web_view_defaults();
    petstore_admin::run();
}

/// WebKitGTK reads these from the environment, and its web and network processes inherit them;
/// a person's own setting of either wins.
///
/// * `WEBKIT_DISABLE_DMABUF_RENDERER=1`: without it WebKitGTK shows a blank white window on many
///   NVIDIA and Wayland set-ups. (Setting it in place rather than re-executing the app saves
///   loading every GTK and WebKit library twice, 0.1-0.25 s of start-up.)
/// * `JSC_useJIT=false`: the page is a small IPC-bound UI that JavaScriptCore's JIT tiers do not
///   make faster, and they cost about 10 MiB across the app's processes (BENCHMARKS.md); without
///   them the web content process also never needs writable executable memory.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)] // the one use in the workspace; see SAFETY
fn set_linux_web_view_defaults() {
    for (name, value) in [
        ("WEBKIT_DISABLE_DMABUF_RENDERER", "1"),
        ("JSC_useJIT", "false"),
    ] {
        if std::env::var_os(name).is_none() {
            // SAFETY: the first thing `main` does: no other thread exists yet that could read or
            // write the environment at the same time.
            unsafe { std::env::set_var(name, value) };
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn set_linux_web_view_defaults() {}
