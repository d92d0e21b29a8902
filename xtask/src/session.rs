//! Where tests run: a private D-Bus session with an unlocked gnome-keyring (the real Secret
//! Service for keychain tests) and private XDG folders, so nothing lands in the person's home.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::cargo;
use crate::cmd::{Result, StepError};

/// `cargo` wrapped so tests meet a real Secret Service (Linux), with every XDG folder in a scratch
/// place under target/ so nothing is written to the person's home.
pub fn with_keyring_session(target: &Path) -> Result<Command> {
    if !cfg!(target_os = "linux") {
        return Ok(Command::new(cargo()));
    }
    let scratch = target.join("test-home");
    let _ = fs::remove_dir_all(&scratch);
    let mut command = Command::new("dbus-run-session");
    command.args([
        "--",
        "sh",
        "-c",
        // The keyring's password only unlocks this throw-away login keyring.
        "printf scratch-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec \"$@\"",
        "keyring-session",
    ]);
    command.arg(cargo());
    use_private_xdg_dirs(&mut command, &scratch)?;
    command.env("NO_AT_BRIDGE", "1");
    Ok(command)
}

/// `cargo` with private XDG folders under target/`name` but no keyring: for tests that never
/// touch the keychain yet may remember a rate-limit wait.
pub fn with_private_home(target: &Path, name: &str) -> Result<Command> {
    let scratch = target.join(name);
    let _ = fs::remove_dir_all(&scratch);
    let mut command = Command::new(cargo());
    use_private_xdg_dirs(&mut command, &scratch)?;
    Ok(command)
}

/// Points every XDG folder of `command` into `scratch` (data, cache, config, runtime), so what a
/// desktop program writes stays there and not in the person's home.
pub fn use_private_xdg_dirs(command: &mut Command, scratch: &Path) -> Result {
    for (var, folder) in [
        ("XDG_DATA_HOME", "data"),
        ("XDG_CACHE_HOME", "cache"),
        ("XDG_CONFIG_HOME", "config"),
        ("XDG_RUNTIME_DIR", "runtime"),
    ] {
        let dir = scratch.join(folder);
        make_private_dir(&dir)?;
        command.env(var, dir);
    }
    Ok(())
}

fn make_private_dir(dir: &Path) -> Result {
    fs::create_dir_all(dir)
        .map_err(|e| StepError(format!("could not create {}: {e}", dir.display())))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))
            .map_err(|e| StepError(format!("could not restrict {}: {e}", dir.display())))?;
    }
    Ok(())
}
