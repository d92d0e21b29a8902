//! The import's words of issue 38 §5 in the CLI: a name a spreadsheet may run as a formula is
//! named in the preview (a note: the row is still imported as typed).

mod support;

use support::{KEY, TestSandbox, text};

#[test]
fn a_name_starting_like_a_formula_is_named_and_imported_as_typed() {
    let sandbox = TestSandbox::start();
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("risky.csv");
    std::fs::write(&path, "name,categoryId\n=SUM(A1),1\nRex,1\n").unwrap();

    let out = sandbox
        .petstore(Some(KEY))
        .args(["import", "--dry-run"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "  line 2: the name “=SUM(A1)” starts as a spreadsheet formula does (=, +, - or @). \
             It is imported as typed"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("line 3: the name"), "{stderr}");
    assert!(text(&out.stdout).contains("=SUM(A1)"), "still in the table");

    let out = sandbox
        .petstore(Some(KEY))
        .args(["--json", "import"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        sandbox.sandbox.create_count(),
        2,
        "sent as typed, not refused"
    );
}
