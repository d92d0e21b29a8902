//! An import file too large is refused with its real size and what to do (issue 38 §3.4).

mod support;

use support::{KEY, TestSandbox, text};

#[test]
fn a_50_mb_file_is_refused_with_its_real_size_and_advice_to_split_it() {
    let sandbox = TestSandbox::start();
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("everything.csv");
    // 52,428,841 bytes of well-formed rows: only its size is wrong.
    let mut csv = String::from("name,categoryId\n");
    let row = "Rex the very good dog,1\n";
    while csv.len() + row.len() <= 52_428_841 {
        csv.push_str(row);
    }
    csv.push_str(&"x".repeat(52_428_841 - csv.len()));
    std::fs::write(&path, &csv).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 52_428_841);

    let out = sandbox
        .petstore(Some(KEY))
        .arg("import")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(
            "The file is 52,428,841 bytes; an import reads at most 16,777,216 bytes (16 MiB). \
             Split it into parts of at most 100,000 rows and 16 MiB each, and import them one \
             after the other."
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("16,777,217"), "{stderr}");

    let out = sandbox
        .petstore(Some(KEY))
        .env("LANG", "de_DE.UTF-8")
        .args(["import", "--dry-run"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("Die Datei hat 52,428,841 Bytes")
            && stderr.contains("Teile von höchstens 100,000 Zeilen und 16 MiB"),
        "{stderr}"
    );
    assert_eq!(sandbox.sandbox.request_count(), 0);
}
