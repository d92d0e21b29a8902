//! Whether a window rectangle remembered from an earlier run is still usable on today's screens,
//! and where it goes when it is not. Pure: rectangles in, a placement out (tested without a
//! display).

/// A rectangle in physical pixels: a window's outer frame, or a monitor's work area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

/// What to do with the remembered window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Where it was is fine: leave the restored window alone.
    Keep,
    /// Put it here instead (centered on the primary work area, shrunk to fit it).
    Move(Rect),
}

/// How far outside a work area a window's corner may lie and still count as on it: Windows counts
/// its invisible resize borders (7-8 px) in the outer frame, and client-side decorations on Linux
/// their shadow, so a window snapped to a screen's edge starts a little outside it.
const SLACK: i64 = 32;

/// The window stays where it was when, on today's work areas:
/// * at least half of it is on them (a window mostly on a monitor that is gone is not usable),
/// * its top-left or top-right corner is on one (within [`SLACK`]), so its title bar can be grabbed,
/// * and it fits in one of them (within [`SLACK`] each side): a window larger than any screen has
///   edges nobody can reach to make it smaller.
///
/// Otherwise it goes to the middle of `primary` (the first work area when the primary monitor is
/// not known), shrunk to fit it. With no work areas at all there is nothing to check against, and
/// an empty rectangle is nothing remembered: both are kept.
pub fn place(window: Rect, work_areas: &[Rect], primary: Option<Rect>) -> Placement {
    let Some(target) = primary.or_else(|| work_areas.first().copied()) else {
        return Placement::Keep;
    };
    if window.width == 0 || window.height == 0 {
        return Placement::Keep;
    }
    // i128: two u32 sides multiply past i64 (a file may say anything).
    let area = i128::from(window.width) * i128::from(window.height);
    let mostly_visible = 2 * covered_area(window, work_areas) >= area;
    let (left, right, top) = (
        i64::from(window.x),
        end(window.x, window.width),
        i64::from(window.y),
    );
    let title_bar_reachable = work_areas
        .iter()
        .any(|a| near(a, left, top) || near(a, right, top));
    let fits = work_areas.iter().any(|a| {
        i64::from(window.width) <= i64::from(a.width) + 2 * SLACK
            && i64::from(window.height) <= i64::from(a.height) + 2 * SLACK
    });
    if mostly_visible && title_bar_reachable && fits {
        return Placement::Keep;
    }
    Placement::Move(centered_in(target, window.width, window.height))
}

/// `width` × `height`, shrunk to fit `area`, in the middle of it.
fn centered_in(area: Rect, width: u32, height: u32) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    let x = i64::from(area.x) + (i64::from(area.width) - i64::from(width)) / 2;
    let y = i64::from(area.y) + (i64::from(area.height) - i64::from(height)) / 2;
    Rect {
        // Within `area`, whose own corners are i32: these fit.
        x: i32::try_from(x).unwrap_or(area.x),
        y: i32::try_from(y).unwrap_or(area.y),
        width,
        height,
    }
}

/// The right (or bottom) edge, exclusive; in i64 so a far-off window cannot overflow.
fn end(start: i32, length: u32) -> i64 {
    i64::from(start) + i64::from(length)
}

/// Whether the point lies on `area` or within [`SLACK`] of it.
fn near(area: &Rect, x: i64, y: i64) -> bool {
    let (left, top) = (i64::from(area.x), i64::from(area.y));
    let (right, bottom) = (end(area.x, area.width), end(area.y, area.height));
    x >= left - SLACK && x < right + SLACK && y >= top - SLACK && y < bottom + SLACK
}

/// How much of `window` lies on the union of `areas`, each pixel counted once even where
/// monitors overlap (mirrored displays): the plane is cut along every edge of the clipped
/// areas and each cell is counted when some area covers it. A handful of monitors makes this
/// a few dozen cells.
fn covered_area(window: Rect, areas: &[Rect]) -> i128 {
    let (wl, wt) = (i64::from(window.x), i64::from(window.y));
    let (wr, wb) = (end(window.x, window.width), end(window.y, window.height));
    let clipped: Vec<(i64, i64, i64, i64)> = areas
        .iter()
        .map(|a| {
            (
                i64::from(a.x).max(wl),
                i64::from(a.y).max(wt),
                end(a.x, a.width).min(wr),
                end(a.y, a.height).min(wb),
            )
        })
        .filter(|(l, t, r, b)| l < r && t < b)
        .collect();
    let mut xs: Vec<i64> = clipped.iter().flat_map(|c| [c.0, c.2]).collect();
    let mut ys: Vec<i64> = clipped.iter().flat_map(|c| [c.1, c.3]).collect();
    for edges in [&mut xs, &mut ys] {
        edges.sort_unstable();
        edges.dedup();
    }
    let mut covered = 0;
    for column in xs.windows(2) {
        for row in ys.windows(2) {
            let (l, r, t, b) = (column[0], column[1], row[0], row[1]);
            if clipped
                .iter()
                .any(|c| c.0 <= l && r <= c.2 && c.1 <= t && b <= c.3)
            {
                covered += i128::from(r - l) * i128::from(b - t);
            }
        }
    }
    covered
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x: i32, y: i32, width: u32, height: u32) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    /// A laptop's 1920×1080 screen with a 40 px panel at the bottom.
    const LAPTOP: Rect = Rect {
        x: 0,
        y: 0,
        width: 1920,
        height: 1040,
    };
    /// A second monitor to its right.
    const RIGHT: Rect = Rect {
        x: 1920,
        y: 0,
        width: 2560,
        height: 1440,
    };

    #[test]
    fn a_window_on_a_screen_stays() {
        let window = rect(200, 100, 1100, 720);
        assert_eq!(place(window, &[LAPTOP], Some(LAPTOP)), Placement::Keep);
        assert_eq!(
            place(window, &[LAPTOP, RIGHT], Some(LAPTOP)),
            Placement::Keep
        );
    }

    #[test]
    fn a_window_on_a_monitor_that_is_gone_moves_to_the_middle_of_the_primary() {
        let on_the_second = rect(2400, 300, 1100, 720);
        assert_eq!(
            place(on_the_second, &[LAPTOP, RIGHT], Some(LAPTOP)),
            Placement::Keep
        );
        assert_eq!(
            place(on_the_second, &[LAPTOP], Some(LAPTOP)),
            Placement::Move(rect(410, 160, 1100, 720))
        );
    }

    #[test]
    fn a_window_larger_than_the_primary_is_shrunk_to_fit_it() {
        let big = rect(2000, 50, 2400, 1400);
        assert_eq!(
            place(big, &[LAPTOP], Some(LAPTOP)),
            Placement::Move(rect(0, 0, 1920, 1040))
        );
        // Wider only: full width, its own height, centered vertically.
        assert_eq!(
            place(rect(3000, 0, 2400, 600), &[LAPTOP], Some(LAPTOP)),
            Placement::Move(rect(0, 220, 1920, 600))
        );
    }

    #[test]
    fn a_window_larger_than_every_screen_is_fitted_even_where_it_is_mostly_on_one() {
        // Its top-left corner and most of it on the laptop, its right and bottom edges out of
        // reach: nobody could make it smaller.
        let too_big = rect(0, 0, 2200, 1300);
        assert_eq!(
            place(too_big, &[LAPTOP], Some(LAPTOP)),
            Placement::Move(rect(0, 0, 1920, 1040))
        );
    }

    #[test]
    fn mostly_off_every_screen_moves_half_on_stays() {
        // 60 % past the right edge of the only screen.
        let mostly_off = rect(1920 - 400, 100, 1000, 700);
        assert_eq!(
            place(mostly_off, &[LAPTOP], Some(LAPTOP)),
            Placement::Move(rect(460, 170, 1000, 700))
        );
        // 40 % past it: still usable.
        let partly_off = rect(1920 - 600, 100, 1000, 700);
        assert_eq!(place(partly_off, &[LAPTOP], Some(LAPTOP)), Placement::Keep);
    }

    #[test]
    fn a_title_bar_above_every_screen_moves_the_window() {
        // 86 % visible, but nothing to grab it by.
        let above = rect(300, -100, 1100, 720);
        assert_eq!(
            place(above, &[LAPTOP], Some(LAPTOP)),
            Placement::Move(rect(410, 160, 1100, 720))
        );
    }

    #[test]
    fn a_window_snapped_to_an_edge_with_invisible_borders_stays() {
        // Windows' outer frame includes 7 px borders nobody sees: snapped to the left half.
        assert_eq!(
            place(rect(-7, 0, 974, 1047), &[LAPTOP], Some(LAPTOP)),
            Placement::Keep
        );
        // A client-side shadow above the top edge of the screen.
        assert_eq!(
            place(rect(100, -24, 1100, 720), &[LAPTOP], Some(LAPTOP)),
            Placement::Keep
        );
    }

    #[test]
    fn a_window_across_two_monitors_stays() {
        let across = rect(1920 - 550, 200, 1100, 720);
        assert_eq!(
            place(across, &[LAPTOP, RIGHT], Some(LAPTOP)),
            Placement::Keep
        );
    }

    #[test]
    fn mirrored_monitors_are_not_counted_twice() {
        // 30 % on a screen shown twice (two monitors at the same place) is still 30 %.
        let mostly_off = rect(1920 - 300, 0, 1000, 700);
        assert_eq!(
            place(mostly_off, &[LAPTOP, LAPTOP], Some(LAPTOP)),
            Placement::Move(rect(460, 170, 1000, 700))
        );
    }

    #[test]
    fn monitors_left_of_and_above_the_primary_count() {
        let left = rect(-2560, -400, 2560, 1440);
        let window = rect(-2000, -300, 1100, 720);
        assert_eq!(
            place(window, &[LAPTOP, left], Some(LAPTOP)),
            Placement::Keep
        );
        assert_eq!(
            place(window, &[LAPTOP], Some(LAPTOP)),
            Placement::Move(rect(410, 160, 1100, 720))
        );
    }

    #[test]
    fn the_first_work_area_stands_in_for_an_unknown_primary() {
        let gone = rect(5000, 5000, 800, 600);
        assert_eq!(
            place(gone, &[RIGHT, LAPTOP], None),
            Placement::Move(rect(1920 + 880, 420, 800, 600))
        );
    }

    #[test]
    fn with_no_monitors_known_nothing_moves() {
        assert_eq!(
            place(rect(5000, 5000, 800, 600), &[], None),
            Placement::Keep
        );
    }

    #[test]
    fn an_empty_rectangle_is_left_alone() {
        assert_eq!(
            place(rect(5000, 10, 0, 0), &[LAPTOP], Some(LAPTOP)),
            Placement::Keep
        );
    }

    #[test]
    fn far_off_coordinates_do_not_overflow() {
        let far = rect(i32::MAX - 10, i32::MIN, u32::MAX, u32::MAX);
        assert_eq!(place(far, &[LAPTOP], Some(LAPTOP)), Placement::Move(LAPTOP));
    }

    #[test]
    fn covered_area_counts_each_pixel_once() {
        let window = rect(0, 0, 100, 100);
        assert_eq!(covered_area(window, &[]), 0);
        assert_eq!(covered_area(window, &[rect(50, 50, 100, 100)]), 2_500);
        assert_eq!(
            covered_area(window, &[rect(0, 0, 60, 100), rect(40, 0, 60, 100)]),
            10_000
        );
        assert_eq!(
            covered_area(window, &[rect(0, 0, 50, 50), rect(50, 50, 50, 50)]),
            5_000
        );
    }
}
