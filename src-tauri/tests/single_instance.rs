//! One app per person: the single-instance plugin as the app sets it up (`single_instance`), in
//! Tauri's mock runtime with the app's real configuration, in real processes. A second launch
//! must hand its arguments over to the first and exit with code 0 without starting; once the
//! first has closed, a launch starts as the first again. On Windows (the Windows stage runs this
//! under Wine) the plugin meets launches through a named mutex and a hidden message window; on
//! Linux through the D-Bus session bus (the unit stage gives the tests a private one).
//!
//! Each launch is this test program started again with [`ROLE`] set (so it has its own `main`,
//! without the test harness, and ignores the harness's arguments); the identifier is this run's
//! own, so a running app or a parallel run never answers.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

use tauri::test::{MockRuntime, mock_builder};

/// Set in a launched instance: the folder it reports through.
const ROLE: &str = "PETSTORE_TEST_SINGLE_INSTANCE_DIR";
/// Set in a launched instance: the identifier the instances share.
const IDENTIFIER: &str = "PETSTORE_TEST_SINGLE_INSTANCE_ID";
/// Files in the report folder: written by an instance that started as the first, by the first
/// when a launch was handed over to it (the launch's arguments, one per line), and by the test
/// to ask the first to close.
const STARTED: &str = "started";
const HANDED_OVER: &str = "handed-over";
const CLOSE: &str = "close";
/// An argument only the later launches carry.
const SECOND_LAUNCH_MARK: &str = "second-launch-mark";
/// Wine starts a program in a second or two; a slow CI machine gets ample room.
const WITHIN: Duration = Duration::from_secs(60);

/// The app's plugin in a mock app with the app's configuration under this run's identifier.
fn app(identifier: &str) -> tauri::App<MockRuntime> {
    let mut context = tauri::generate_context!("../tauri.conf.json");
    context.config_mut().identifier = identifier.to_owned();
    mock_builder()
        .plugin(petstore_admin::single_instance::plugin(|_app, args| {
            let dir = PathBuf::from(std::env::var_os(ROLE).expect("an instance has its folder"));
            std::fs::write(dir.join(HANDED_OVER), args.join("\n")).expect("report written");
        }))
        .build(context)
        .expect("app builds with the real configuration")
}

fn main() {
    match (std::env::var_os(ROLE), std::env::var(IDENTIFIER)) {
        (Some(dir), Ok(identifier)) => instance(&PathBuf::from(dir), &identifier),
        _ => {
            let name = "a_second_launch_hands_over_to_the_first_and_exits_and_after_the_first_closes_one_starts_again";
            println!("test {name} ...");
            a_second_launch_hands_over_to_the_first_and_exits_and_after_the_first_closes_one_starts_again();
            println!("test {name} ... ok");
        }
    }
}

/// A launched instance. A later launch exits inside `app`; the first reports that it started,
/// then waits for [`CLOSE`], answering the messages a later launch sends it.
fn instance(dir: &Path, identifier: &str) {
    let app = app(identifier);
    std::fs::write(dir.join(STARTED), std::process::id().to_string()).expect("report written");
    let until = Instant::now() + WITHIN * 2;
    while !dir.join(CLOSE).exists() && Instant::now() < until {
        pump_messages();
        std::thread::sleep(Duration::from_millis(20));
    }
    app.cleanup_before_exit();
    drop(app);
}

/// Windows delivers a later launch's message to the hidden window on the thread that made it
/// (this one), and only while that thread takes its messages.
#[cfg(windows)]
fn pump_messages() {
    use windows::Win32::UI::WindowsAndMessaging::{
        DispatchMessageW, MSG, PM_REMOVE, PeekMessageW, TranslateMessage,
    };
    let mut message = MSG::default();
    // SAFETY: `message` is a valid out value; the window's procedure is the plugin's.
    #[allow(unsafe_code)]
    unsafe {
        while PeekMessageW(&mut message, None, 0, 0, PM_REMOVE).as_bool() {
            let _ = TranslateMessage(&message);
            DispatchMessageW(&message);
        }
    }
}

/// On Linux the D-Bus connection answers on its own thread.
#[cfg(not(windows))]
fn pump_messages() {}

fn launch(dir: &Path, identifier: &str, extra: &[&str]) -> Child {
    Command::new(std::env::current_exe().expect("test program"))
        .args(extra)
        .env(ROLE, dir)
        .env(IDENTIFIER, identifier)
        .spawn()
        .expect("instance starts")
}

fn wait_for_file(path: &Path, child: &mut Child) -> String {
    let until = Instant::now() + WITHIN;
    loop {
        if let Ok(text) = std::fs::read_to_string(path)
            && !text.is_empty()
        {
            return text;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!(
                "the instance exited ({status}) before {} appeared",
                path.display()
            );
        }
        assert!(Instant::now() < until, "{} never appeared", path.display());
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn wait_for_exit(child: &mut Child, what: &str) -> ExitStatus {
    let until = Instant::now() + WITHIN;
    loop {
        if let Some(status) = child.try_wait().expect("status") {
            return status;
        }
        if Instant::now() > until {
            let _ = child.kill();
            panic!("{what} did not exit within {WITHIN:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Starts the first instance in a fresh folder; returns it and its folder.
fn first(identifier: &str) -> (Child, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = launch(dir.path(), identifier, &[]);
    wait_for_file(&dir.path().join(STARTED), &mut child);
    (child, dir)
}

fn close(mut child: Child, dir: &Path, what: &str) {
    std::fs::write(dir.join(CLOSE), "").expect("close asked");
    let status = wait_for_exit(&mut child, what);
    assert!(status.success(), "{what} closed with {status}");
}

fn a_second_launch_hands_over_to_the_first_and_exits_and_after_the_first_closes_one_starts_again() {
    let identifier = format!("dev.petstore.admin.test.p{}", std::process::id());
    #[cfg(target_os = "linux")]
    assert!(
        std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some(),
        "single instance on Linux meets launches on the D-Bus session bus, and there is none: \
         run this through `cargo xtask test unit`, which gives the tests a private one"
    );

    let (running, first_dir) = first(&identifier);

    // The second launch: hands its arguments to the first, exits 0, never starts.
    let second_dir = tempfile::tempdir().expect("temp dir");
    let mut second = launch(second_dir.path(), &identifier, &[SECOND_LAUNCH_MARK]);
    let status = wait_for_exit(&mut second, "the second launch");
    assert!(status.success(), "the second launch exited with {status}");
    assert!(
        !second_dir.path().join(STARTED).exists(),
        "the second launch started an app of its own"
    );
    let mut first_process = running;
    let handed = wait_for_file(&first_dir.path().join(HANDED_OVER), &mut first_process);
    assert!(
        handed.lines().any(|arg| arg == SECOND_LAUNCH_MARK),
        "the first instance did not get the second launch's arguments: {handed:?}"
    );
    close(first_process, first_dir.path(), "the first instance");

    // Once the first has closed, nothing of it is left to answer: a launch starts again (and a
    // launch after that hands over to it, as before).
    let (again, again_dir) = first(&identifier);
    let third_dir = tempfile::tempdir().expect("temp dir");
    let mut third = launch(third_dir.path(), &identifier, &[SECOND_LAUNCH_MARK]);
    let status = wait_for_exit(&mut third, "the launch after the restart");
    assert!(
        status.success(),
        "the launch after the restart exited with {status}"
    );
    assert!(!third_dir.path().join(STARTED).exists());
    let mut again = again;
    wait_for_file(&again_dir.path().join(HANDED_OVER), &mut again);
    close(again, again_dir.path(), "the restarted instance");
}
