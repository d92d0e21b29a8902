//! Process set-up that must happen before any GUI code runs.

/// On Linux, WebKitGTK shows a blank white window on many NVIDIA and Wayland setups unless its
/// DMA-BUF renderer is off. Setting a variable in a running process is `unsafe` (and forbidden
/// here), so when the person has not set it, the app starts itself again with it set: `exec`
/// replaces this process, costing a few milliseconds before anything is loaded.
#[cfg(target_os = "linux")]
pub fn prepare() {
    use std::os::unix::process::CommandExt;

    const VAR: &str = "WEBKIT_DISABLE_DMABUF_RENDERER";
    if std::env::var_os(VAR).is_some() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let error = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env(VAR, "1")
        .exec();
    // Only reached when exec failed: run without the variable rather than not at all.
    log::warn!("could not restart with {VAR}=1: {error}");
}

#[cfg(not(target_os = "linux"))]
pub fn prepare() {}
