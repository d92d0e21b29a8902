// The one list of the app's IPC commands. Everything that names a command is derived from it:
// - `lib.rs`: the invoke handler (`tauri::generate_handler!`) and `COMMAND_NAMES`;
// - `build.rs` (which `include!`s this file, as it cannot see the crate): the app manifest, from
//   which tauri-build generates an `allow-<command>` permission per command;
// - `tests/bindings.rs`: the TypeScript `CommandName` union that `ui/src/lib/backend.ts` and the
//   demo fake are type-checked against, and the `allow-<command>` grants of
//   `capabilities/main.json` (checked; `UPDATE_BINDINGS=1` rewrites both);
// - `tests/ipc.rs`: every listed command is registered and granted, and every function listed.
// So this file holds macros only (no `//!`, no `use`): it must compile inside build.rs as well.
//
// Adding a command: write its `#[tauri::command]` function in `commands.rs`, add its name here,
// and call it from `backend.ts`; then `UPDATE_BINDINGS=1 cargo test -p petstore-admin --test
// bindings`, and give the demo fake a handler (`npm run check` says so while it is missing).

/// Hands every command's name (the function in `commands.rs`, which is also its IPC name) to
/// `$callback!`, as a comma-separated list of identifiers.
macro_rules! with_commands {
    ($callback:ident) => {
        $callback! {
            list_pets,
            next_page,
            create_pet,
            get_pet,
            current_quota,
            list_environments,
            select_environment,
            get_settings,
            save_settings,
            set_api_key,
            clear_api_key,
            key_status,
            test_connection,
            get_page_size,
            save_page_size,
            get_language,
            save_language,
            report_first_table,
            settings_problem,
            last_crash,
            open_settings_folder,
            start_settings_over,
            remembered_wait,
            forget_wait,
            cancel_requests,
            pick_import_file,
            preview_import,
            fix_import_row,
            start_import,
            pause_import,
            resume_import,
            cancel_import,
            import_status,
            resend_unknown_rows,
            save_import_report,
            export_pets,
            unfinished_imports,
            list_activity,
            activity_status,
            unconfirmed_creates,
            check_unconfirmed,
            retry_unconfirmed,
            dismiss_unconfirmed,
            quota_history,
            export_activity,
            get_activity_settings,
            save_activity_settings,
            category_names,
            add_category_name,
            rename_category,
            remove_category_name,
            export_category_names,
            import_category_names,
            update_settings,
            save_update_check,
            check_for_update,
            install_update,
            network_settings,
            save_network_settings,
            set_proxy_password,
            clear_proxy_password,
            trust_company_certificate,
            remove_company_certificate,
        }
    };
}

/// For `with_commands!`: the names as a `&[&str]`.
macro_rules! command_names {
    ($($name:ident),* $(,)?) => {
        &[$(stringify!($name)),*]
    };
}
