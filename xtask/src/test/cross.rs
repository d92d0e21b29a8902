//! The stages that build for other systems: the Windows build, started early in the background,
//! the Windows stage that tests it under Wine, and the macOS clippy the lint stage puts off to
//! run beside those tests.

#[cfg(unix)]
use super::macos;
use super::{Suite, WORKSPACE, background, windows};
use crate::cmd::{self, Result, step};

impl Suite {
    /// Starts the Windows stage's compiling in the background, once, when that stage will run
    /// after this one: at the lowest priority, it uses what the other stages leave idle.
    pub(super) fn start_windows_build(&mut self) -> Result {
        if !self.windows_follows || self.windows_build.is_some() {
            return Ok(());
        }
        crate::deps::ensure_rust_target(windows::TARGET)?;
        self.ensure_ui_built()?;
        let log = windows::target_dir(&self.target).join("build.log");
        let build =
            background::Background::start(windows::build_steps(&self.target, &WORKSPACE), log)?;
        println!(
            "\nThe Windows stage's build runs in the background from here, at the lowest priority \
             (its log: {})",
            build.log().display()
        );
        self.windows_build = Some(build);
        Ok(())
    }

    pub(super) fn windows(&mut self) -> Result {
        let started = std::time::Instant::now();
        crate::deps::ensure_rust_target(windows::TARGET)?;
        let wine = windows::Wine::prepare(&self.root, &self.target)?;
        self.ensure_ui_built()?;
        match self.windows_build.take() {
            Some(build) => {
                step("Waiting for the Windows build that ran beside the other stages");
                let ran = build.wait()?;
                println!(
                    "the Windows build ran {:.0} s in the background; the stage waited {:.0} s \
                     for it",
                    ran.as_secs_f64(),
                    started.elapsed().as_secs_f64()
                );
            }
            None => {
                for (what, mut command) in windows::build_steps(&self.target, &WORKSPACE) {
                    step(&what);
                    cmd::run(&mut command)?;
                }
            }
        }
        #[cfg(unix)]
        let macos = self.start_macos_clippy()?;
        let display = self.display()?.to_owned();
        let app = windows::test_under_wine(&wine, &self.target, &display)?;
        step("The app on a PC without WebView2: its message box, closed by Enter");
        windows::check_no_webview_box(&wine, &app, &display)?;
        println!(
            "Stage windows took {:.0} s",
            started.elapsed().as_secs_f64()
        );
        #[cfg(unix)]
        if let Some(macos) = macos {
            let waiting = std::time::Instant::now();
            step(&format!(
                "Waiting for the lint stage's last step: {}",
                macos::WHAT
            ));
            let ran = macos.wait()?;
            println!(
                "the macOS clippy ran {:.0} s beside the Windows stage; the suite waited {:.0} s \
                 for it",
                ran.as_secs_f64(),
                waiting.elapsed().as_secs_f64()
            );
        }
        Ok(())
    }

    /// The macOS clippy the lint stage put off, started at the lowest priority.
    #[cfg(unix)]
    fn start_macos_clippy(&mut self) -> Result<Option<background::Background>> {
        self.macos_clippy
            .take()
            .map(|clippy| {
                background::Background::start(
                    vec![(macos::WHAT.to_owned(), clippy)],
                    self.target.join("tools").join("macos-clippy.log"),
                )
            })
            .transpose()
    }
}
