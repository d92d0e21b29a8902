//! The CLI's slips of issue 38 §5, each held by its exact words: a full page "offers no way to the
//! next page", a 429's time said once, a category below 1 refused before sending (the app's rule).

mod support;

use support::{KEY, TestSandbox, text};

#[test]
fn a_full_page_with_no_next_link_offers_no_way_to_the_next_page() {
    // The demo's 40 pets, no paging: a page of 3 comes back full with no next link.
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["list", "--limit", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr).trim_end(),
        "There may be more pets: the service answered a full page of 3 and offers no way to the \
         next page. Run `petstore list --limit 6` to see more."
    );
}

#[test]
fn a_rate_limit_says_its_time_once() {
    let sandbox = TestSandbox::with_a_remembered_wait(KEY);
    let out = sandbox
        .petstore(Some(KEY))
        .args(["--timeout", "1", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    let line = stderr
        .lines()
        .find(|line| line.contains("Try again after "))
        .unwrap_or_else(|| panic!("no retry time: {stderr}"));
    // "… Try again after 17:30:01 local time (in 10 min)." and nothing after it.
    let after = line.split("Try again after ").nth(1).unwrap_or_default();
    let (time, rest) = after.split_at(8.min(after.len()));
    assert!(
        time.chars().filter(|c| *c == ':').count() == 2,
        "a time of day first: {line}"
    );
    assert!(rest.starts_with(" local time (in "), "{line}");
    assert!(rest.ends_with(" min)."), "{line}");
    assert_eq!(
        stderr.matches(time).count(),
        1,
        "the time said once: {stderr}"
    );
    assert!(!stderr.contains("That is"), "{stderr}");
}

#[test]
fn a_category_below_1_is_refused_as_the_app_refuses_it_and_never_sent() {
    let sandbox = TestSandbox::start();
    for (value, language, words) in [
        (
            "-5",
            "en_US.UTF-8",
            "'-5' is not a category id: use a whole number from 1 to 9,223,372,036,854,775,807, \
             for example 3",
        ),
        (
            "0",
            "de_DE.UTF-8",
            "'0' ist keine Kategorie-ID: Verwenden Sie eine ganze Zahl von 1 bis \
             9,223,372,036,854,775,807, zum Beispiel 3",
        ),
    ] {
        let out = sandbox
            .petstore(Some(KEY))
            .env("LANG", language)
            .args(["add", "--name", "Rex", "--category", value])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        let stderr = text(&out.stderr);
        assert!(stderr.contains(words), "{stderr}");
    }
    assert_eq!(sandbox.sandbox.request_count(), 0, "nothing was sent");
    assert_eq!(sandbox.sandbox.create_count(), 0);
}
