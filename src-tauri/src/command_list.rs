// The one list of the app's IPC commands: each command's name, its arguments with their types, its
// result type, what it does (for both languages' readers) and its body. Everything else is made from
// it:
// - `ipc.rs`: the `#[tauri::command]` functions, the invoke handler, `COMMAND_NAMES`, and each
//   command's TypeScript signature;
// - `build.rs` (which `include!`s this file, as it cannot see the crate): the app manifest, from
//   which tauri-build generates an `allow-<command>` permission per command;
// - `tests/bindings.rs`: the typed functions of `ui/src/lib/backend.ts` (its generated part), the
//   `CommandName` union, and the `allow-<command>` grants of `capabilities/main.json`.
// So this file holds macros only (no `//!`, no `use`): it must compile inside build.rs as well,
// where the bodies are parsed and dropped.
//
// An entry: `name[backend](arg: Type, ...) -> Result { body }`, or `name[backend, app](...)` when
// the body needs the `AppHandle` (a native picker). `backend` is the `State<Backend>`; the body
// returns `Result<Result, CommandError>` and may `.await`. `Type as "ts"` writes the argument's
// TypeScript type where ts-rs would say otherwise (an `i64` the UI sends as a number). A body of
// more than a few lines lives in `commands.rs`.
//
// Adding a command: its entry here, the `Backend` method it calls, and a handler in the demo fake
// (`ui/src/demo/fake.ts`; `npm run check` asks for it); then `UPDATE_BINDINGS=1 cargo test -p
// petstore-admin --test bindings` writes its TypeScript function and permission.

/// Hands every command to `$callback!` as the entries described above.
macro_rules! with_commands {
    ($callback:ident) => {
        $callback! {
            /// The first page of the selected environment's pets, `status` only when given;
            /// `limit: null` asks for the rows per page remembered from last time.
            list_pets[backend](status: Option<PetStatusValue>, limit: Option<i64> as "number | null")
                -> PetPage { backend.list_pets(status, limit).await }
            /// The page a `next` link of an earlier page names.
            next_page[backend](next: String) -> PetPage { backend.next_page(&next).await }
            /// Creates in `environment` (the one the form showed), whichever is selected meanwhile.
            /// Rejects with `createInFlight`, sending nothing, while another create for that
            /// environment is on its way, and with `alreadyAdded` when this computer added (or
            /// may have added) the same pet there, unless `allow_repeat`: the person's yes to
            /// "Add it again?", never sent without it.
            create_pet[backend](environment: Environment, input: NewPetInput, allow_repeat: bool)
                -> CreatedPet { backend.create_pet(environment, &input, allow_repeat).await }
            /// Every environment's outbox (issue 39): the pets waiting to be sent, what each
            /// sender is doing, and its "Add when possible without asking".
            list_outboxes[backend]() -> Vec<OutboxView> { backend.list_outboxes().await }
            /// Queues a pet the form could not send now as the environment's last entry (on disk
            /// before it answers); its sender sends it when it can. `allow_repeat`: the person's
            /// yes to adding again a pet this computer added.
            queue_pet[backend](environment: Environment, input: NewPetInput, allow_repeat: bool)
                -> OutboxView { backend.queue_pet(environment, &input, allow_repeat).await }
            /// Changes a waiting (refused, unconfirmed) entry's pet; it waits again.
            edit_outbox_entry[backend](environment: Environment, id: String, input: NewPetInput)
                -> OutboxView { backend.edit_outbox_entry(environment, &id, &input).await }
            /// The person's yes to "Drop X? It will not be added.": never called without it.
            drop_outbox_entry[backend](environment: Environment, id: String) -> OutboxView {
                backend.drop_outbox_entry(environment, &id).await
            }
            /// The person's yes to "Send it anyway?" for an entry that may have been added.
            send_outbox_entry_anyway[backend](environment: Environment, id: String) -> OutboxView {
                backend.send_outbox_entry_anyway(environment, &id).await
            }
            /// Settings: a create that cannot be sent now joins the outbox without asking.
            set_add_without_asking[backend](environment: Environment, on: bool) -> OutboxView {
                backend.set_add_without_asking(environment, on).await
            }
            /// What became of the entries sent in this session, newest first.
            outbox_outcomes[backend]() -> Vec<OutboxRecord> { Ok(backend.outbox_outcomes()) }
            /// The deprecated lookup by id, with what is known of its sunset.
            get_pet[backend](id: String) -> Lookup { backend.get_pet(&id).await }
            current_quota[backend]() -> Option<Quota> { Ok(backend.current_quota().await) }
            list_environments[backend]() -> Vec<EnvironmentInfo> {
                backend.list_environments().await
            }
            select_environment[backend](environment: Environment) -> EnvironmentInfo {
                backend.select_environment(environment).await
            }
            get_settings[backend]() -> Settings { Ok(backend.get_settings()) }
            /// `key_move`: the person's answer when an address moves to another server with a key
            /// stored (refused with `keyWouldMove` without one).
            save_settings[backend](settings: Settings, key_move: Option<KeyMove>) -> Settings {
                backend.save_settings(settings, key_move).await
            }
            set_api_key[backend](environment: Environment, key: String, session_only: bool)
                -> KeyStatus { backend.set_api_key(environment, key, session_only).await }
            clear_api_key[backend](environment: Environment) -> KeyStatus {
                backend.clear_api_key(environment).await
            }
            key_status[backend](environment: Environment) -> KeyStatus {
                backend.key_status(environment).await
            }
            /// Tries `base_url` (an address typed in Settings, not saved yet) when given, else the
            /// saved one. `key_to_new_server`: the person said the stored key may go to a typed
            /// address on another server (refused with `keyWouldMove` otherwise, before anything
            /// is sent).
            test_connection[backend](
                environment: Environment,
                base_url: Option<String>,
                key_to_new_server: bool,
            ) -> ConnectionTest {
                backend
                    .test_connection(environment, base_url.as_deref(), key_to_new_server)
                    .await
            }
            /// Asks an address typed in Settings, with no key, whether it answers and speaks this
            /// interface (`GET /pets?limit=1`: a 401 with the interface's Error body or a 200 prove
            /// it); no key leaves the computer.
            probe_address[backend](environment: Environment, base_url: String) -> AddressProbe {
                backend.probe_address(environment, &base_url).await
            }
            /// Stops the embedded sandbox, sets its pets file aside (renamed with the time, kept)
            /// and starts it with only the demo pets; pets added get ids no earlier run gave.
            start_sandbox_afresh[backend]() -> SandboxAfresh {
                backend.start_sandbox_afresh().await
            }
            /// Rows per page, remembered across restarts (1–100; 20 until the person picks another).
            get_page_size[backend]() -> u32 { Ok(backend.page_size()) }
            save_page_size[backend](page_size: i64 as "number") -> u32 {
                backend.save_page_size(page_size)
            }
            /// The language chosen in Settings ('system' until one is) and the computer's locale.
            get_language[backend]() -> LanguagePreference { Ok(backend.language()) }
            save_language[backend](choice: LanguageChoice) -> LanguagePreference {
                backend.save_language(choice)
            }
            /// Once the first table with data is on screen: the app prints a line people and
            /// benchmarks read.
            report_first_table[backend](rows: u32) -> () {
                commands::report_first_table(&backend, rows);
                Ok(())
            }
            /// The settings file's problem while it cannot be read (nothing is saved meanwhile),
            /// else null.
            settings_problem[backend]() -> Option<SettingsProblem> {
                Ok(backend.settings_problem())
            }
            /// The last run stopped on a bug: when, and the log file that says what happened; else
            /// null. Asked once at start-up.
            last_crash[backend]() -> Option<CrashNotice> { Ok(backend.last_crash()) }
            /// Shows the app's own settings file in the OS file manager (the app knows which file;
            /// the web view names no path).
            open_settings_folder[backend]() -> () {
                commands::open_settings_folder(&backend).await
            }
            /// Keeps the unreadable settings file as settings.json.broken-<time> and starts a new one.
            start_settings_over[backend]() -> StartedOver { backend.start_settings_over() }
            /// A rate-limit wait the selected environment's key must honour, remembered by this app
            /// or the CLI.
            remembered_wait[backend]() -> Option<RememberedWait> {
                Ok(backend.remembered_wait().await)
            }
            /// Clears the selected environment's remembered wait; true when there was one.
            forget_wait[backend]() -> bool { backend.forget_wait().await }
            /// Ends the environment's reads on their way now (a list waiting out a 429): they
            /// reject with `cancelled`. A create is never cancelled.
            cancel_requests[backend](environment: Environment) -> () {
                backend.cancel_requests(environment);
                Ok(())
            }
            /// The native open picker (the e2e answers it through a test hook in the app): a path,
            /// or null when closed.
            pick_import_file[backend, app]() -> Option<String> {
                Ok(commands::pick_import_file(&app, &backend).await)
            }
            /// Reads and validates a file for the import dialog, for the selected environment;
            /// sends nothing.
            preview_import[backend](path: String) -> ImportPreview {
                backend.preview_import(std::path::Path::new(&path)).await
            }
            /// Fixes one row of the preview in place (validated again); the import sends the fixed
            /// rows.
            fix_import_row[backend](index: u32, cells: RowCells) -> ImportPreview {
                backend.fix_import_row(index, cells).await
            }
            /// Starts (or resumes) the previewed import to the environment the preview showed. Rows
            /// that are repeats (a pet this computer already created there, or an earlier row of
            /// the file) are skipped unless `allow_repeats`: the person's explicit, counted choice.
            /// A shared store set up and out of reach rejects `sharedStore` (`storeUnchecked`),
            /// nothing sent, unless `unchecked`: the person's yes to importing without other
            /// desks' rows checked.
            start_import[backend](environment: Environment, allow_repeats: bool, unchecked: bool)
                -> ImportProgress { backend.start_import(environment, allow_repeats, unchecked).await }
            pause_import[backend]() -> Option<ImportStatus> { Ok(backend.pause_import()) }
            resume_import[backend]() -> Option<ImportStatus> { Ok(backend.resume_import()) }
            /// Stops sending after the row in flight; what was created stays created.
            cancel_import[backend]() -> Option<ImportStatus> { Ok(backend.cancel_import()) }
            /// This session's import, running or ended (a reopened dialog, a reloaded web view).
            import_status[backend]() -> Option<ImportStatus> { Ok(backend.import_status()) }
            /// The person's yes to "Resend these N rows?": never called without it.
            resend_unknown_rows[backend]() -> ImportProgress {
                backend.resend_unknown_rows().await
            }
            /// The save picker, then the report; null when the person closed the picker.
            save_import_report[backend, app]() -> Option<SavedFile> {
                commands::save_import_report(&app, &backend).await
            }
            /// The save picker, then the selected environment's pets of `status` (all when null),
            /// every page; with `category_names`, each pet's category name from this computer's
            /// list too; `on_progress` after each page. Null when the person closed the picker.
            export_pets[backend, app](
                status: Option<PetStatusValue>,
                format: ExportFormat,
                category_names: bool,
                on_progress: Progress<ExportProgress>,
            ) -> Option<SavedFile> {
                let progress = |pets| on_progress.send(pets);
                commands::export_pets(&app, &backend, status, format, category_names, progress)
                    .await
            }
            /// Imports an earlier session began and did not finish (offered, asking first).
            unfinished_imports[backend]() -> Vec<UnfinishedImport> {
                Ok(backend.unfinished_imports().await)
            }
            /// The activity history (newest first) matching `filter`, `limit` (at most 500)
            /// entries from `offset`, with the count of all that match.
            list_activity[backend](filter: ActivityFilter, offset: u32, limit: u32) -> ActivityPage {
                backend.list_activity(filter, offset, limit).await
            }
            /// Whether the history can be kept on this computer, and how many adds are still
            /// unconfirmed.
            activity_status[backend]() -> ActivityStatus { Ok(backend.activity_status()) }
            /// Adds whose outcome stayed unknown and that nobody has resolved yet, newest first.
            unconfirmed_creates[backend]() -> Vec<ActivityEntry> {
                backend.unconfirmed_creates().await
            }
            /// Lists every page of the entry's environment for a pet of that name and category;
            /// found resolves it.
            check_unconfirmed[backend](id: String) -> CheckResult {
                backend.check_unconfirmed(&id).await
            }
            /// The person's yes to "Add it again?": an explicit new create of the same pet. Never
            /// called without it.
            retry_unconfirmed[backend](id: String) -> CreatedPet {
                backend.retry_unconfirmed(&id).await
            }
            dismiss_unconfirmed[backend](id: String) -> ActivityEntry {
                backend.dismiss_unconfirmed(&id).await
            }
            /// The environment's remaining requests over the last hour or day, its resets and
            /// 429s, today's use.
            quota_history[backend](environment: Environment, range: QuotaRange) -> QuotaHistory {
                backend.quota_history(environment, range).await
            }
            /// The save picker, then the entries matching `filter` as CSV; null when the person
            /// closed the picker.
            export_activity[backend, app](filter: ActivityFilter) -> Option<SavedFile> {
                commands::export_activity(&app, &backend, filter).await
            }
            get_activity_settings[backend]() -> ActivitySettings { Ok(backend.activity_settings()) }
            /// Rejects with `field` set (`retentionDays`, `maxEntries`) when one number is out of
            /// range.
            save_activity_settings[backend](settings: ActivitySettings) -> ActivitySettings {
                backend.save_activity_settings(settings)
            }
            /// The environment's category names (this computer's list; names never go to the
            /// service).
            category_names[backend](environment: Environment) -> CategoryList {
                Ok(backend.category_names(environment))
            }
            /// Names a category with no name yet; rejects `categoryRefused` (a name taken, an id
            /// named, bad input).
            add_category_name[backend](environment: Environment, id: String, name: String)
                -> CategoryList { backend.add_category_name(environment, &id, &name) }
            rename_category[backend](environment: Environment, id: String, name: String)
                -> CategoryList { backend.rename_category(environment, &id, &name) }
            remove_category_name[backend](environment: Environment, id: String) -> CategoryList {
                backend.remove_category_name(environment, &id)
            }
            /// The save picker, then the list as `categoryId,name`; null when the person closed
            /// the picker.
            export_category_names[backend, app](environment: Environment) -> Option<SavedFile> {
                commands::export_category_names(&app, &backend, environment).await
            }
            /// The open picker, then the list merged in (added, never replacing a name); null
            /// when closed.
            import_category_names[backend, app](environment: Environment) -> Option<CategoryImport> {
                commands::import_category_names(&app, &backend, environment).await
            }
            /// The update settings in force (an administrator's file wins: `managed`).
            update_settings[backend]() -> UpdateSettings { Ok(backend.update_settings()) }
            /// Turns the start-up check on or off; unchanged (and `managed`) when an administrator
            /// decides.
            save_update_check[backend](check: bool) -> UpdateSettings {
                backend.save_update_check(check)
            }
            /// `at_start`: the quiet check after the first table (on and due only); else the
            /// person asked.
            check_for_update[backend, app](at_start: bool) -> UpdateCheck {
                Ok(updates::check(&app, &backend, at_start).await)
            }
            /// The person's yes: installs the offer and restarts; answers only why it failed.
            install_update[backend, app]() -> UpdateFailure {
                Ok(updates::install(&app, &backend).await)
            }
            /// Settings → Network: the proxy as saved (never its password: only whether one is
            /// stored) and the trusted certificates.
            network_settings[backend]() -> NetworkSettings { Ok(backend.network_settings().await) }
            /// Saves the proxy; rejects `networkSettings` with the facts in `network` (nothing
            /// saved then). Used from the next request on.
            save_network_settings[backend](input: NetworkInput) -> NetworkSettings {
                backend.save_network_settings(input).await
            }
            /// Keeps the proxy's password in the keychain; it is never read back.
            set_proxy_password[backend](password: String) -> NetworkSettings {
                backend.set_proxy_password(password).await
            }
            clear_proxy_password[backend]() -> NetworkSettings {
                backend.clear_proxy_password().await
            }
            /// The open picker, then the certificate checked, copied and trusted; null when the
            /// person closed the picker.
            trust_company_certificate[backend, app]() -> Option<NetworkSettings> {
                commands::trust_company_certificate(&app, &backend).await
            }
            /// Stops trusting a certificate file the settings list (`file` as `network_settings`
            /// gave it).
            remove_company_certificate[backend](file: String) -> NetworkSettings {
                backend.remove_company_certificate(&file).await
            }
            /// Settings → Shared store: the store in force (never its password: only whether
            /// one is stored).
            shared_store[backend]() -> SharedStoreView { Ok(backend.shared_store().await) }
            /// Test: reaches the store and signs in (`password` null or empty: the one kept for
            /// that address); saves nothing. Rejects `sharedStore` with the facts.
            test_shared_store[backend](input: SharedStoreInput, password: Option<String>)
                -> SharedStoreProof { backend.test_shared_store(input, password).await }
            /// Connect: proven first (nothing kept when it fails), this computer's record of
            /// added pets brought in once, then the password kept in the keychain and the
            /// address saved.
            connect_shared_store[backend](input: SharedStoreInput, password: Option<String>)
                -> SharedStoreProof { backend.connect_shared_store(input, password).await }
            /// Disconnect: the person's store and its password go (an administrator's stays).
            disconnect_shared_store[backend]() -> SharedStoreView {
                backend.disconnect_shared_store().await
            }
            /// Whether this desk shares now (the store in force reached and signed in to), for
            /// the header's "Not sharing".
            sharing_state[backend]() -> SharingState { Ok(backend.sharing_state().await) }
        }
    };
}

/// For `with_commands!`: the names as a `&[&str]`.
macro_rules! command_names {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident [$($inject:ident),+] ($($arg:ident : $ty:ty $(as $ts:literal)?),* $(,)?)
            -> $result:ty $body:block
    )*) => {
        &[$(stringify!($name)),*]
    };
}
