//! Every numeric argument is bounded: a value out of range is exit 2 with a message naming the
//! option and the range, never a panic, and nothing is sent.

mod support;

use support::{KEY, TestSandbox, petstore, text};

/// Runs `petstore ARGS` against an address where nothing listens, so only a refusal can
/// come back quickly with exit 2.
fn refused(args: &[&str]) -> String {
    let dir = tempfile::TempDir::new().unwrap();
    let out = petstore(dir.path(), Some(KEY))
        .args(["--base-url", "http://127.0.0.1:9/v1"])
        .args(args)
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    stderr
}

#[test]
fn timeouts_out_of_range_are_refused_with_the_range() {
    for value in [
        "1e13",
        "1e300",
        "NaN",
        "nan",
        "-0",
        "0",
        "0.0",
        "-1",
        "inf",
        "86400.001",
        "0.0001",
        "ten",
    ] {
        let stderr = refused(&["--timeout", value, "list"]);
        assert!(stderr.contains("--timeout"), "{value}: {stderr}");
        assert!(
            stderr.contains("86400 (24 hours)"),
            "names the range: {value}: {stderr}"
        );
    }
    // The `=` form reaches the same check, also for what clap would take for a flag.
    for arg in ["--timeout=-0", "--timeout=-inf", "--timeout=1e13"] {
        let stderr = refused(&[arg, "list"]);
        assert!(stderr.contains("not a timeout"), "{arg}: {stderr}");
    }
}

#[test]
fn the_longest_timeout_is_accepted() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["--timeout", "86400", "list", "--limit", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = sandbox
        .petstore(Some(KEY))
        .args(["--timeout", "0.001", "list", "--limit", "1"])
        .output()
        .unwrap();
    // So short that the answer cannot come back in time, but refused it is not.
    assert_ne!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

#[test]
fn limits_out_of_range_are_refused_with_the_range() {
    for value in ["0", "101", "-1", "-0", "1e2", "4294967297", "NaN", "1.5"] {
        let stderr = refused(&["list", "--limit", value]);
        assert!(stderr.contains("1 to 100"), "{value}: {stderr}");
    }
}

#[test]
fn ids_beyond_int64_are_refused_with_the_range() {
    // As the app words them (issue 38 §5): "at most 9,223,372,036,854,775,807".
    let pet = [
        (
            "9223372036854775808",
            "is too large for a pet id: use at most 9,223,372,036,854,775,807",
        ),
        (
            "-9223372036854775809",
            "is too small for a pet id: use at least -9,223,372,036,854,775,808",
        ),
        ("1e3", "is not a pet id: use a whole number, for example 42"),
        ("NaN", "is not a pet id: use a whole number, for example 42"),
        ("4.5", "is not a pet id: use a whole number, for example 42"),
    ];
    for (value, words) in pet {
        let stderr = refused(&["get", value]);
        assert!(
            stderr.contains(&format!("'{value}' {words}")),
            "{value}: {stderr}"
        );
        let stderr = refused(&["add", "--name", "Rex", "--category", value]);
        assert!(
            stderr.contains(&format!(
                "'{value}' is not a category id: use a whole number from 1 to \
                 9,223,372,036,854,775,807, for example 3"
            )),
            "{value}: {stderr}"
        );
    }
}

#[test]
fn the_int64_edges_are_sent_as_they_are() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["--json", "add", "--name", "Edge", "--category"])
        .arg(i64::MAX.to_string())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains(&i64::MAX.to_string()),
        "{}",
        text(&out.stdout)
    );
    let out = sandbox
        .petstore(Some(KEY))
        .arg("get")
        .arg(i64::MIN.to_string())
        .output()
        .unwrap();
    // Sent, and not found: the edge is a valid id, not a refused one.
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
}
