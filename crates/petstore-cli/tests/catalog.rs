//! list, add, get and quota: the real binary against a sandbox on loopback.

mod support;

use support::{KEY, TestSandbox, stdout_json, text};

#[test]
fn list_prints_an_aligned_table() {
    let sandbox = TestSandbox::start();
    let out = sandbox.petstore(Some(KEY)).arg("list").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let header = lines[0];
    for column in ["ID", "NAME", "CATEGORY", "STATUS"] {
        assert!(header.contains(column), "{header}");
    }
    assert!(lines.len() > 2, "{stdout}");
    // Aligned: every row's category starts where the header's does.
    let at = header.find("CATEGORY").unwrap();
    for row in &lines[1..] {
        let before: String = row.chars().take(at).collect();
        assert!(
            before.ends_with("  "),
            "misaligned row {row:?} under {header:?}"
        );
    }
}

#[test]
fn list_json_is_the_apis_pet_array() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["--json", "list", "--limit", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let pets = stdout_json(&out);
    let pets = pets.as_array().expect("an array");
    assert_eq!(pets.len(), 5);
    for pet in pets {
        assert!(pet["id"].is_i64(), "{pet}");
        assert!(pet["name"].is_string(), "{pet}");
        assert!(pet["categoryId"].is_i64(), "{pet}");
        assert!(pet.get("category_id").is_none(), "{pet}");
    }
}

#[test]
fn list_filters_by_status() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["list", "--status", "sold", "--json", "--limit", "100"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let pets = stdout_json(&out);
    let pets = pets.as_array().unwrap();
    assert!(!pets.is_empty(), "demo data has sold pets");
    assert!(pets.iter().all(|p| p["status"] == "sold"), "{pets:?}");
}

#[test]
fn bad_limit_and_status_are_refused_before_any_request() {
    let sandbox = TestSandbox::start();
    for args in [
        ["list", "--limit", "0"],
        ["list", "--limit", "101"],
        ["list", "--status", "lost"],
    ] {
        let out = sandbox.petstore(Some(KEY)).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(args[2]), "{args:?}: {stderr}");
    }
    assert_eq!(sandbox.sandbox.request_count(), 0);
}

#[test]
fn long_names_are_truncated_in_the_table() {
    let sandbox = TestSandbox::start();
    let long = "Sir Reginald Fluffington the Third of Barkshire Manor";
    let id = sandbox.sandbox.insert_pet(long, 3, "pending", None);
    let out = sandbox
        .petstore(Some(KEY))
        .args(["list", "--status", "pending", "--limit", "100"])
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    let row = stdout
        .lines()
        .find(|l| l.starts_with(&format!("{id} ")))
        .unwrap_or_else(|| panic!("no row for {id}: {stdout}"));
    assert!(row.contains("Sir Reginald Fluffington"), "{row}");
    assert!(row.contains('…'), "{row}");
    assert!(!row.contains("Manor"), "{row}");
}

#[test]
fn add_then_list_shows_the_new_pet() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .args([
            "add",
            "--name",
            "Pickles",
            "--category",
            "4",
            "--status",
            "pending",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Pickles"));
    let out = sandbox
        .petstore(Some(KEY))
        .args(["--json", "list", "--status", "pending", "--limit", "100"])
        .output()
        .unwrap();
    let pets = stdout_json(&out);
    let found = pets
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["name"] == "Pickles");
    assert!(found, "{pets}");
}

#[test]
fn add_json_is_the_created_pet() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["add", "--json", "--name", "Mochi", "--category", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let pet = stdout_json(&out);
    assert!(pet["id"].is_i64(), "{pet}");
    assert_eq!(pet["name"], "Mochi");
    assert_eq!(pet["categoryId"], 2);
    // The sandbox's default for a pet created without a status.
    assert_eq!(pet["status"], "available");
}

#[test]
fn add_with_a_blank_name_is_refused_locally() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["add", "--name", "  ", "--category", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).to_lowercase().contains("name"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(sandbox.sandbox.request_count(), 0);
}

#[test]
fn get_warns_that_it_is_deprecated() {
    let sandbox = TestSandbox::start();
    let id = sandbox.sandbox.insert_pet("Waffles", 1, "available", None);
    let out = sandbox
        .petstore(Some(KEY))
        .args(["get", &id.to_string()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Waffles"));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("deprecated"), "{stderr}");
    assert!(stderr.contains("5 December 2030"), "{stderr}");
    assert!(stderr.contains("petstore list --status"), "{stderr}");

    let out = sandbox
        .petstore(Some(KEY))
        .args(["get", "--json", &id.to_string()])
        .output()
        .unwrap();
    let pet = stdout_json(&out);
    assert_eq!(pet["id"], id);
    assert!(
        text(&out.stderr).contains("5 December 2030"),
        "warned every time"
    );
}

#[test]
fn get_of_a_missing_pet_exits_4() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["get", "987654321"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    assert!(!text(&out.stderr).trim().is_empty());
}

#[test]
fn a_refused_key_exits_3_without_echoing_it() {
    let sandbox = TestSandbox::start();
    let wrong = "not-the-right-key-4242";
    let out = sandbox.petstore(Some(wrong)).arg("list").output().unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let shown = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(!shown.contains(wrong), "{shown}");
    assert!(shown.contains("key"), "{shown}");
}

#[test]
fn quota_reads_a_fresh_response() {
    let sandbox = TestSandbox::start();
    let out = sandbox.petstore(Some(KEY)).arg("quota").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("300"), "Pro plan limit: {stdout}");
    assert!(stdout.contains("Remaining"), "{stdout}");
    assert!(stdout.contains("Resets"), "{stdout}");
    assert!(stdout.contains("per minute"), "{stdout}");
    assert_eq!(sandbox.sandbox.request_count(), 1);
}

#[test]
fn quota_json_shape() {
    let sandbox = TestSandbox::start();
    let out = sandbox
        .petstore(Some(KEY))
        .args(["quota", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let quota = stdout_json(&out);
    let keys: Vec<&str> = quota
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut keys = keys;
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "limit",
            "plan",
            "rateLimitedUntil",
            "remaining",
            "reset",
            "resetAt",
            "window"
        ]
    );
    assert_eq!(
        quota["rateLimitedUntil"],
        serde_json::Value::Null,
        "no wait"
    );
    assert_eq!(quota["limit"], 300);
    assert!(quota["remaining"].as_u64().unwrap() < 300);
    assert_eq!(quota["window"], "minute");
    assert_eq!(quota["plan"], "pro");
    let reset = quota["reset"].as_i64().unwrap();
    let reset_at =
        chrono::DateTime::parse_from_rfc3339(quota["resetAt"].as_str().unwrap()).unwrap();
    assert_eq!(reset_at.timestamp(), reset);
}

#[test]
fn version_and_help_document_the_exit_codes() {
    let out = support::petstore(std::env::temp_dir().as_path(), None)
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stdout).trim(),
        format!("petstore {}", env!("CARGO_PKG_VERSION"))
    );
    let out = support::petstore(std::env::temp_dir().as_path(), None)
        .arg("--help")
        .output()
        .unwrap();
    let help = text(&out.stdout);
    for line in [
        "  3  authentication",
        "  8  outcome unknown",
        "  9  configuration",
    ] {
        assert!(help.contains(line), "{help}");
    }
}

#[test]
fn list_hints_at_more_pets_when_the_service_has_a_next_page() {
    let mut config =
        petstore_sandbox::SandboxConfig::default().with_key(KEY, petstore_sandbox::Plan::Pro);
    config.page_size_links = true;
    let sandbox = TestSandbox::with_config(config, None);
    let out = sandbox
        .petstore(Some(KEY))
        .args(["list", "--limit", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("More pets: run with `petstore list --limit 6`"),
        "{stderr}"
    );
    assert_eq!(
        text(&out.stdout).lines().count(),
        4,
        "header and three pets"
    );

    let out = sandbox
        .petstore(Some(KEY))
        .args(["list", "--limit", "3", "--json"])
        .output()
        .unwrap();
    assert!(
        !text(&out.stderr).contains("More pets"),
        "JSON mode stays quiet"
    );
    assert_eq!(stdout_json(&out).as_array().map(Vec::len), Some(3));
}
