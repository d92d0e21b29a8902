use super::*;
use crate::dto::{CommandError, ConfigurationProblem};

/// The code each variant travels with. Exhaustive: a new variant fails to build until it is
/// listed here (and `ui/src/lib/reasons.ts` fails `npm run check` until it words it).
fn code_of(reason: &Reason) -> &'static str {
    match reason {
        Reason::Io { .. } => "io",
        Reason::SettingsSyntax { .. } => "settingsSyntax",
        Reason::SettingsEndOfFile { .. } => "settingsEndOfFile",
        Reason::SettingsWrongValue { .. } => "settingsWrongValue",
        Reason::SettingsTooLarge { .. } => "settingsTooLarge",
        Reason::AddressNotAnAddress => "addressNotAnAddress",
        Reason::AddressScheme => "addressScheme",
        Reason::AddressNoHost => "addressNoHost",
        Reason::AddressCredentials => "addressCredentials",
        Reason::AddressQuery => "addressQuery",
        Reason::AddressPath => "addressPath",
        Reason::AddressSandboxFixed => "addressSandboxFixed",
        Reason::NoAnswerInTime => "noAnswerInTime",
        Reason::ConnectionLost => "connectionLost",
        Reason::AnswerTooLarge { .. } => "answerTooLarge",
        Reason::Redirected { .. } => "redirected",
        Reason::ServerError { .. } => "serverError",
        Reason::NotAPet { .. } => "notAPet",
        Reason::ImportTooLarge { .. } => "importTooLarge",
        Reason::ImportTooManyRows { .. } => "importTooManyRows",
        Reason::NotUtf8 { .. } => "notUtf8",
        Reason::ImportEmpty => "importEmpty",
        Reason::MissingColumn { .. } => "missingColumn",
        Reason::DuplicateColumn { .. } => "duplicateColumn",
        Reason::MalformedCsv { .. } => "malformedCsv",
        Reason::ListTooLarge { .. } => "listTooLarge",
        Reason::ListTooLong { .. } => "listTooLong",
        Reason::ListEmpty => "listEmpty",
        Reason::JournalFile { .. } => "journalFile",
        Reason::JournalDamaged { .. } => "journalDamaged",
    }
}

fn every_reason() -> Vec<Reason> {
    let io = IoProblem::NotFound;
    let at = (Some(3), Some(7));
    let given = || "x".to_owned();
    vec![
        Reason::Io { io },
        Reason::SettingsSyntax {
            line: at.0,
            column: at.1,
        },
        Reason::SettingsEndOfFile {
            line: at.0,
            column: at.1,
        },
        Reason::SettingsWrongValue {
            line: at.0,
            column: at.1,
        },
        Reason::SettingsTooLarge {
            limit: ByteSize::of(1),
        },
        Reason::AddressNotAnAddress,
        Reason::AddressScheme,
        Reason::AddressNoHost,
        Reason::AddressCredentials,
        Reason::AddressQuery,
        Reason::AddressPath,
        Reason::AddressSandboxFixed,
        Reason::NoAnswerInTime,
        Reason::ConnectionLost,
        Reason::AnswerTooLarge {
            status: 201,
            limit: ByteSize::of(8),
        },
        Reason::Redirected { status: 302 },
        Reason::ServerError { status: 503 },
        Reason::NotAPet { status: 201 },
        Reason::ImportTooLarge {
            size: Some(ByteSize::of(2)),
            limit: ByteSize::of(1),
            rows: 1,
        },
        Reason::ImportTooManyRows { limit: 1 },
        Reason::NotUtf8 { line: 2 },
        Reason::ImportEmpty,
        Reason::MissingColumn {
            column: "name".into(),
            found: vec![given()],
        },
        Reason::DuplicateColumn {
            column: "categoryId".into(),
            first: "category".into(),
            second: "category_id".into(),
        },
        Reason::MalformedCsv { line: 4 },
        Reason::ListTooLarge {
            size: ByteSize::of(2),
            limit: ByteSize::of(1),
        },
        Reason::ListTooLong { limit: 1 },
        Reason::ListEmpty,
        Reason::JournalFile {
            path: "/j".into(),
            io,
        },
        Reason::JournalDamaged {
            path: "/j".into(),
            line: 9,
        },
    ]
}

#[test]
fn every_reason_travels_as_its_code_with_camel_case_arguments() {
    let all = every_reason();
    let mut codes: Vec<&str> = all.iter().map(code_of).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), all.len(), "one sample per variant");
    for reason in all {
        let json = serde_json::to_value(&reason).expect("json");
        assert_eq!(json["code"], code_of(&reason), "{json}");
        for key in json.as_object().expect("an object").keys() {
            assert!(!key.contains('_'), "{key} in {json}");
        }
        let back: Reason = serde_json::from_value(json).expect("reads back");
        assert_eq!(back, reason);
    }
    let json = serde_json::to_value(Reason::AnswerTooLarge {
        status: 201,
        limit: ByteSize::of(8 * 1024 * 1024),
    })
    .expect("json");
    assert_eq!(
        json,
        serde_json::json!({"code": "answerTooLarge", "status": 201, "limit": {"value": 8, "unit": "mib"}})
    );
}

/// A real settings file with a trailing comma, read by the real reader.
#[test]
fn a_broken_settings_file_is_a_syntax_code_with_its_line_and_column() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("settings.json");
    std::fs::write(&path, "{\n  \"pageSize\": 25,\n}\n").expect("write");
    let error = petstore_local::SettingsFile::at(&path)
        .load()
        .expect_err("broken");
    let out = CommandError::from(error);
    let CommandError::Configuration(problem) = &out else {
        panic!("{out:?}")
    };
    let ConfigurationProblem::SettingsUnreadable {
        reason,
        line,
        column,
        ..
    } = &**problem
    else {
        panic!("{out:?}")
    };
    assert_eq!(
        reason,
        &Reason::SettingsSyntax {
            line: Some(3),
            column: Some(1)
        }
    );
    assert_eq!((*line, *column), (Some(3), Some(1)));
    let json = serde_json::to_string(&out).expect("json");
    assert!(
        !json.contains("trailing comma"),
        "the parser's English: {json}"
    );

    std::fs::write(&path, "{\"pageSize\": ").expect("write");
    let error = petstore_local::SettingsFile::at(&path)
        .load()
        .expect_err("cut short");
    let out = CommandError::from(error);
    assert!(
        matches!(
            &out,
            CommandError::Configuration(problem) if matches!(
                **problem,
                ConfigurationProblem::SettingsUnreadable {
                    reason: Reason::SettingsEndOfFile { line: Some(1), .. },
                    ..
                }
            )
        ),
        "{out:?}"
    );
}

/// A real CSV through the real contract: each row problem is a code with its arguments.
#[test]
fn import_row_problems_are_codes_with_their_arguments() {
    let long = "n".repeat(MAX_NAME_CHARS + 1);
    let csv = format!("name,categoryId,status\n,x,lost\n{long},-4,\n");
    let file = petstore_bulk::parse(csv.as_bytes()).expect("parses");
    let codes: Vec<Vec<serde_json::Value>> = file
        .rows
        .iter()
        .map(|row| {
            row.problems
                .iter()
                .map(|p| serde_json::to_value(RowProblemCode::from(p)).expect("json"))
                .collect()
        })
        .collect();
    assert_eq!(
        codes,
        vec![
            vec![
                serde_json::json!({"code": "nameEmpty"}),
                serde_json::json!({"code": "categoryIdNotANumber", "given": "x"}),
                serde_json::json!({"code": "statusUnknown", "given": "lost"}),
            ],
            vec![
                serde_json::json!({"code": "nameTooLong", "chars": 1001, "max": 1000}),
                serde_json::json!({"code": "categoryIdNotPositive", "given": "-4"}),
            ],
        ]
    );
}

#[test]
fn a_file_that_is_no_import_names_its_columns_not_english() {
    let error = petstore_bulk::parse(b"nom;categorie\nRex;3\n").expect_err("no name column");
    assert_eq!(
        Reason::from(&error),
        Reason::MissingColumn {
            column: "name".into(),
            found: vec!["nom".into(), "categorie".into()],
        }
    );
    let error = petstore_bulk::parse(b"").expect_err("empty");
    assert_eq!(Reason::from(&error), Reason::ImportEmpty);
    let error = petstore_bulk::parse(b"name,categoryId\nR\xffx,3\n").expect_err("not UTF-8");
    assert!(
        matches!(
            Reason::from(&error),
            Reason::NotUtf8 { line: 2 } | Reason::MalformedCsv { line: 2 }
        ),
        "{error:?}"
    );
}

#[test]
fn an_address_that_is_not_usable_is_a_code() {
    let error = petstore_client::BaseUrl::parse("https://api.example.com/v2").expect_err("no v1");
    let out = CommandError::from(error);
    assert_eq!(
        out,
        CommandError::configuration(ConfigurationProblem::InvalidBaseUrl {
            address: "https://api.example.com/v2".to_owned(),
            reason: Reason::AddressPath,
            field: None
        })
    );
}
