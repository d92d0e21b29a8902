//! The stages of `cargo xtask test`, by name, in the order the whole suite runs them.

use std::fmt;

/// One named piece of the suite; each runs alone from a clean checkout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// svelte-check, Vitest and the UI's production build.
    Ui,
    /// actionlint (with shellcheck) on the workflows, cargo fmt --check, clippy for Linux and
    /// (without Apple's SDK) for both Mac targets.
    Lint,
    /// Every cargo test but the real app's WebDriver tests and Prism, in the keyring session.
    Unit,
    /// The release app driven through tauri-driver on a virtual display.
    E2e,
    /// The Linux .deb and .rpm, and the .deb installed and run in a clean Debian root.
    Installers,
    /// The interface both ways: the client's requests against Prism, the sandbox with schemathesis.
    Api,
    /// The Windows build (mingw-w64): clippy for Windows, the Tauri-free crates' tests under Wine,
    /// the app's message box on a PC without WebView2.
    Windows,
}

impl Stage {
    /// Every stage, in the order `cargo xtask test` (and CI) runs them: the UI first, since the
    /// app embeds its build; the release app before the installers made from it.
    pub const ALL: [Stage; 7] = [
        Stage::Ui,
        Stage::Lint,
        Stage::Unit,
        Stage::E2e,
        Stage::Installers,
        Stage::Api,
        Stage::Windows,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Stage::Ui => "ui",
            Stage::Lint => "lint",
            Stage::Unit => "unit",
            Stage::E2e => "e2e",
            Stage::Installers => "installers",
            Stage::Api => "api",
            Stage::Windows => "windows",
        }
    }

    pub fn what(self) -> &'static str {
        match self {
            Stage::Ui => "svelte-check, Vitest, the UI's production build",
            Stage::Lint => {
                "actionlint on the workflows, cargo fmt --check, cargo clippy (Linux and macOS)"
            }
            Stage::Unit => {
                "every cargo test but the app's WebDriver and Prism tests (keyring session)"
            }
            Stage::E2e => "the release app through tauri-driver on Xvfb",
            Stage::Installers => ".deb and .rpm; the .deb installed and run in a clean Debian root",
            Stage::Api => "the client against Prism, the sandbox with schemathesis (openapi.yaml)",
            Stage::Windows => {
                "the Windows build: clippy, the Tauri-free crates' tests under Wine, no-WebView2 box"
            }
        }
    }

    /// The names of every stage, for messages: `ui, lint, unit, …`.
    pub fn names() -> String {
        Stage::ALL.map(Stage::name).join(", ")
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A stage name nobody defined.
#[derive(Debug, PartialEq, Eq)]
pub struct UnknownStage(pub String);

impl fmt::Display for UnknownStage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "there is no stage `{}`: the stages are {} (none = all of them)",
            self.0,
            Stage::names()
        )
    }
}

/// The stages `names` ask for, each once and in the suite's order; no name means every stage.
pub fn parse<S: AsRef<str>>(names: &[S]) -> Result<Vec<Stage>, UnknownStage> {
    if names.is_empty() {
        return Ok(Stage::ALL.to_vec());
    }
    let mut wanted = Vec::new();
    for name in names {
        let name = name.as_ref();
        let stage = Stage::ALL
            .into_iter()
            .find(|stage| stage.name() == name)
            .ok_or_else(|| UnknownStage(name.to_owned()))?;
        wanted.push(stage);
    }
    Ok(Stage::ALL
        .into_iter()
        .filter(|stage| wanted.contains(stage))
        .collect())
}

#[cfg(test)]
mod tests;
