//! The real-app scenarios, one module per area; helpers they share are in the crate root
//! (`app.rs`) and `app_support`.

mod accessibility;
mod activity;
mod categories;
mod create;
mod find;
mod header;
mod import;
mod keyboard;
mod keys;
mod language;
mod launch;
mod layout;
mod messages;
mod network;
mod outbox;
mod sandbox;
mod security;
mod settings_file;
mod shared_store;
mod updates;
mod waits;
mod window;
