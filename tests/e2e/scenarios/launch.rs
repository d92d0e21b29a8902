//! One app per computer (a second launch hands over), and a start without a usable session bus.

use crate::*;

#[test]
fn a_second_launch_hands_over_to_the_first_and_exits() {
    scenario(|setup, config| async move {
        let data = scratch_dir("data");
        let launch = Launch::new(&setup, config.path())
            .env("XDG_DATA_HOME", &data.path().display().to_string());
        let app = launch.start().await;
        app.wait_rows("the demo pets", |rows| rows.len() == 20)
            .await;

        // The same binary, the same environment, as a person double-clicking it again.
        let started = Instant::now();
        let mut second = launch
            .app_command()
            .spawn()
            .expect("the app binary starts again");
        let exited = loop {
            if let Some(status) = second.try_wait().expect("its status can be read") {
                break Some(status);
            }
            if started.elapsed() > SECOND_LAUNCH_EXITS_WITHIN {
                break None;
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let Some(status) = exited else {
            // Ours to end: the child we started, by its id.
            let _ = second.kill();
            let _ = second.wait();
            panic!("the second launch still ran after {SECOND_LAUNCH_EXITS_WITHIN:?}");
        };
        assert!(
            status.success(),
            "the second launch exits cleanly: {status}"
        );

        // The first window still answers, and was asked to come to the front.
        app.click_button("Refresh").await;
        app.wait_rows("the demo pets after the second launch", |rows| {
            rows.len() == 20
        })
        .await;
        eventually("the hand-over in the log", UI_TIMEOUT, || async {
            let log = log_text(data.path());
            Ok(log
                .contains("a second launch was handed over to this window")
                .then_some(()))
        })
        .await;
        app.quit().await;
    });
}

/// "Within a few seconds" on a busy 2-core machine: the second process loads GTK before the
/// single-instance check runs.
const SECOND_LAUNCH_EXITS_WITHIN: Duration = Duration::from_secs(15);

#[test]
fn the_app_starts_without_a_usable_session_bus() {
    scenario(|setup, config| async move {
        let missing = scratch_dir("no-bus");
        // No bus at the address (a minimal session), then an address nobody can parse.
        for address in [
            format!("unix:path={}", missing.path().join("bus").display()),
            "not-an-address".to_owned(),
        ] {
            let app = Launch::new(&setup, config.path())
                .env("DBUS_SESSION_BUS_ADDRESS", &address)
                .start()
                .await;
            app.wait_rows(
                &format!("the demo pets with the bus at {address:?}"),
                |rows| rows.len() == 20,
            )
            .await;
            app.quit().await;
        }
    });
}
