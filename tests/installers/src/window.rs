//! Looking at the X display from the host: finding a mapped window by title, screenshots.

use std::path::Path;
use std::process::Command;

use xtask_support::cmd::{Result, StepError, capture, fail};

/// A screenshot with fewer colours than this is a blank (or single-colour) window, not a page.
const MIN_COLOURS: u64 = 32;

/// The id of a viewable window titled exactly `title` on `display`, if there is one yet.
pub fn find_viewable(display: &str, title: &str) -> Option<String> {
    let tree =
        capture(Command::new("xwininfo").args(["-display", display, "-root", "-tree"])).ok()?;
    titled(&tree, title).into_iter().find(|id| {
        capture(Command::new("xwininfo").args(["-display", display, "-id", id]))
            .is_ok_and(|info| info.contains("Map State: IsViewable"))
    })
}

/// Window ids of an `xwininfo -tree` listing whose name is exactly `title`.
fn titled(tree: &str, title: &str) -> Vec<String> {
    let quoted = format!("\"{title}\"");
    tree.lines()
        .filter_map(|line| {
            let (id, rest) = line.trim_start().split_once(' ')?;
            let named = rest.strip_prefix(&quoted)?;
            (id.starts_with("0x") && named.starts_with(':')).then(|| id.to_owned())
        })
        .collect()
}

/// Moves the pointer to the screen's corner, off the window: Xvfb draws the pointer into the
/// picture (in the fresh root, where no cursor theme is set up, as a black square), and a hovered
/// row would be highlighted.
pub fn park_pointer(display: &str) -> Result {
    capture(
        Command::new("xdotool")
            .env("DISPLAY", display)
            .args(["mousemove", "0", "0"]),
    )
    .map(|_| ())
}

/// Saves window `id` as a PNG and checks it holds more than a blank window would.
pub fn screenshot(display: &str, id: &str, png: &Path) -> Result {
    save(display, id, png)?;
    let colours = capture(Command::new("identify").args(["-format", "%k"]).arg(png))?;
    let colours: u64 = colours.trim().parse().map_err(|_| {
        StepError(format!(
            "identify printed `{}` for {}, not a colour count",
            colours.trim(),
            png.display()
        ))
    })?;
    if colours < MIN_COLOURS {
        return fail(format!(
            "the window looks blank: {} has {colours} colours (fewer than {MIN_COLOURS})",
            png.display()
        ));
    }
    println!("screenshot: {} ({colours} colours)", png.display());
    Ok(())
}

/// Saves window `id` as a PNG.
pub fn save(display: &str, id: &str, png: &Path) -> Result {
    if let Some(folder) = png.parent() {
        std::fs::create_dir_all(folder)
            .map_err(|e| StepError(format!("could not create {}: {e}", folder.display())))?;
    }
    capture(
        Command::new("import")
            .args(["-display", display, "-window", id])
            .arg(png),
    )
    .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_windows_by_exact_title() {
        let tree = r#"
xwininfo: Window id: 0x3ff (the root window) (has no name)

  Root window id: 0x3ff (the root window) (has no name)
  Parent window id: 0x0 (none)
     2 children:
     0x200003 "Petstore Admin": ("petstore-admin" "Petstore-admin")  1100x720+90+40  +90+40
        1 child:
        0x200004 (has no name): ()  1x1+-1+-1  +89+39
     0x200001 "petstore-admin": ("petstore-admin" "Petstore-admin")  10x10+10+10  +10+10
     0x200009 "Petstore Admin - Settings": ()  10x10+10+10  +10+10
"#;
        assert_eq!(titled(tree, "Petstore Admin"), ["0x200003"]);
        assert!(titled(tree, "Petstore").is_empty());
    }
}
