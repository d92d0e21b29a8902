//! A settings file the app cannot read is shown, never written over, kept and started over.

use crate::*;

#[test]
fn a_settings_file_the_app_cannot_read_is_shown_kept_and_started_over() {
    scenario(|setup, config| async move {
        let file = config.path().join("settings.json");
        let hand_edit =
            "{\n  \"stagingUrl\": \"https://staging.example.com/v1\",\n  \"pageSize\": 10,\n}\n";
        std::fs::write(&file, hand_edit).expect("settings written");
        let app = Launch::new(&setup, config.path()).start().await;
        app.wait_rows("the demo pets, on the default rows per page", |rows| {
            rows.len() == 20
        })
        .await;
        let banner = app
            .wait_text("[data-testid='settings-problem']", |t| {
                t.contains("can’t be read")
            })
            .await;
        assert!(banner.contains(&file.display().to_string()), "{banner}");
        assert!(banner.contains("line 4, column 1"), "{banner}");
        assert!(banner.contains("are not saved"), "{banner}");
        app.screenshot("09-settings-file-unreadable").await;

        // Rows per page still change for this session; the file stays as the person left it.
        app.type_into("#limit", "5").await;
        app.driver()
            .find(By::Css("#limit"))
            .await
            .expect("the rows field")
            .send_keys("\u{E007}")
            .await
            .expect("Enter");
        app.wait_rows("5 rows", |rows| rows.len() == 5).await;
        assert_eq!(
            std::fs::read_to_string(&file).expect("still there"),
            hand_edit
        );

        app.click_button("Start over").await;
        app.find(By::Css("[role='dialog']")).await;
        app.screenshot("09-settings-start-over-confirm").await;
        app.click(By::XPath(
            "//*[@role='dialog']//button[normalize-space(.)='Start over']",
        ))
        .await;
        let done = app
            .wait_text("[data-testid='settings-started-over']", |t| {
                t.contains("settings.json.broken-")
            })
            .await;
        app.screenshot("09-settings-started-over").await;
        let kept: Vec<_> = walk(config.path())
            .into_iter()
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("settings.json.broken-"))
            })
            .collect();
        assert_eq!(kept.len(), 1, "{kept:?}");
        assert!(done.contains(&kept[0].display().to_string()), "{done}");
        assert_eq!(
            std::fs::read_to_string(&kept[0]).expect("kept"),
            hand_edit,
            "kept byte for byte"
        );
        let fresh = std::fs::read_to_string(&file).expect("a new settings file");
        assert!(fresh.contains("\"pageSize\": 5"), "{fresh}");
        app.quit().await;
    });
}
