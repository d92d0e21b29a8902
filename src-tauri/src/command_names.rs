// Shared by build.rs (the app manifest that generates `allow-<command>` permissions) and the app
// (tests check that every name is registered and granted), so the three lists cannot drift.

/// Every `#[tauri::command]` of the app, by its IPC name.
pub const COMMAND_NAMES: &[&str] = &[
    "list_pets",
    "next_page",
    "create_pet",
    "get_pet",
    "current_quota",
    "list_environments",
    "select_environment",
    "get_settings",
    "save_settings",
    "set_api_key",
    "clear_api_key",
    "key_status",
    "test_connection",
    "get_page_size",
    "save_page_size",
    "report_first_table",
    "settings_problem",
    "open_settings_folder",
    "start_settings_over",
    "remembered_wait",
    "forget_wait",
];
