//! The macOS code checked on this Linux machine, in the `lint` stage: clippy for both Mac
//! targets without Apple's SDK. Build scripts that compile C (aws-lc, SQLite) get zig's C compiler,
//! which carries macOS headers (zig from PyPI's `ziglang`, in a virtualenv the build owns). Nothing
//! is linked: linking for macOS needs the SDK, which only the release workflow's macOS job has.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cargo;
use crate::cmd::{self, Result, StepError, step};

/// The Mac targets, and the CPU zig assumes for each (Apple silicon has NEON and the crypto
/// extensions, which aws-lc requires at compile time).
const TARGETS: [(&str, &str); 2] = [
    ("aarch64-apple-darwin", "aarch64-macos -mcpu=apple_m1"),
    ("x86_64-apple-darwin", "x86_64-macos"),
];
/// zig from PyPI, pinned: its C compiler and archiver for the build scripts.
const ZIGLANG: &str = "ziglang==0.13.0";

/// Every feature of the workspace but the app's `native-notifications`, whose plugin compiles
/// Objective-C against Cocoa (only Apple's SDK has it). Keep in step with the crates' features.
const FEATURES: &str = "petstore-client/ts,petstore-local/keychain,petstore-admin/custom-protocol";

/// What [`clippy_command`] checks, for the step's title.
pub const WHAT: &str = "cargo clippy for macOS (aarch64 and x86_64, zig's C compiler, the app \
                        without its notification plugin; warnings are errors)";

/// `cargo clippy -D warnings` of the whole workspace for both Mac targets, run here.
pub fn clippy(target: &Path) -> Result {
    let mut clippy = clippy_command(target)?;
    step(WHAT);
    cmd::run(&mut clippy)
}

/// The clippy of both Mac targets at once (one build of the host's build scripts and macros for
/// both), with [`FEATURES`], once its targets and compilers are installed: to run here or in the
/// background.
pub fn clippy_command(target: &Path) -> Result<Command> {
    for (rust_target, _) in TARGETS {
        crate::deps::ensure_rust_target(rust_target)?;
    }
    let zig = ensure_zig(target)?;
    let wrappers = write_wrappers(target, &zig)?;
    let mut clippy = Command::new(cargo());
    clippy.args(["clippy", "--locked", "--workspace", "--no-default-features"]);
    clippy.args(["--features", FEATURES, "--all-targets"]);
    for (rust_target, _) in TARGETS {
        let var = rust_target.replace('-', "_");
        clippy
            .args(["--target", rust_target])
            .env(
                format!("CC_{var}"),
                wrappers.join(format!("cc-{rust_target}")),
            )
            .env(format!("AR_{var}"), wrappers.join("ar"));
    }
    clippy.args(["--", "-D", "warnings"]);
    Ok(clippy)
}

/// zig in target/tools/zig-venv; returns the `zig` program.
fn ensure_zig(target: &Path) -> Result<PathBuf> {
    let venv = target.join("tools").join("zig-venv");
    let stamp = venv.join(".xtask-ziglang");
    let find = || -> Option<PathBuf> {
        let lib = venv.join("lib");
        fs::read_dir(&lib)
            .ok()?
            .filter_map(|entry| entry.ok())
            .map(|entry| entry.path().join("site-packages/ziglang/zig"))
            .find(|zig| zig.is_file())
    };
    if fs::read_to_string(&stamp).is_ok_and(|pinned| pinned == ZIGLANG)
        && let Some(zig) = find()
    {
        return Ok(zig);
    }
    step(&format!(
        "Installing zig ({ZIGLANG}, pip, in target/tools/zig-venv)"
    ));
    cmd::run(
        Command::new("python3")
            .args(["-m", "venv", "--clear"])
            .arg(&venv),
    )?;
    cmd::run(Command::new(venv.join("bin/pip")).args([
        "install",
        "--quiet",
        "--disable-pip-version-check",
        ZIGLANG,
    ]))?;
    let zig = find().ok_or_else(|| StepError(format!("pip installed {ZIGLANG}, yet no zig")))?;
    fs::write(&stamp, ZIGLANG).map_err(|e| StepError(e.to_string()))?;
    Ok(zig)
}

/// One C compiler per target (zig cc, without the flags cc-rs passes that zig does not take:
/// `-arch X`, `-mmacosx-version-min=`, `--target=`, `-gfull`) and one archiver, as shell
/// scripts in target/tools/zig; returns their folder.
fn write_wrappers(target: &Path, zig: &Path) -> Result<PathBuf> {
    let dir = target.join("tools").join("zig");
    fs::create_dir_all(&dir).map_err(|e| StepError(e.to_string()))?;
    let zig = zig.display();
    for (rust_target, zig_target) in TARGETS {
        let script = format!(
            "#!/bin/sh\n\
             # zig cc for {rust_target}, written by cargo xtask test lint.\n\
             skip=0\n\
             for arg do\n\
             \x20 shift\n\
             \x20 if [ $skip = 1 ]; then skip=0; continue; fi\n\
             \x20 case \"$arg\" in\n\
             \x20   -arch) skip=1; continue ;;\n\
             \x20   -mmacosx-version-min=*|--target=*|-gfull) continue ;;\n\
             \x20 esac\n\
             \x20 set -- \"$@\" \"$arg\"\n\
             done\n\
             exec '{zig}' cc -target {zig_target} \"$@\"\n"
        );
        write_script(&dir.join(format!("cc-{rust_target}")), &script)?;
    }
    write_script(
        &dir.join("ar"),
        &format!("#!/bin/sh\nexec '{zig}' ar \"$@\"\n"),
    )?;
    Ok(dir)
}

fn write_script(path: &Path, text: &str) -> Result {
    use std::os::unix::fs::PermissionsExt;
    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    fs::write(path, text).map_err(|e| StepError(format!("{}: {e}", path.display())))?;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
        .map_err(|e| StepError(format!("{}: {e}", path.display())))
}
