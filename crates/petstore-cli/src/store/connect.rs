//! `petstore store connect postgres://USER@HOST:PORT/DB`: the password asked for (or piped),
//! the store reached and its schema set up, and only then the address saved and the password
//! kept in the keychain, so a wrong password or an unreachable server leaves nothing behind.

use petstore_local::keychain::Keychain;
use petstore_local::settings::{read_system_settings, system_settings_path};
use petstore_local::{Settings, SettingsFile, SharedStorePrefs, StoreSource, resolve_shared_store};
use petstore_shared::Password;

use super::gate::Desk;
use super::{StoreUrl, absolute, address, connection, join, prove, proven, runtime};
use crate::args::Cli;
use crate::exit::CliError;
use crate::secret_input;
use crate::words::{StoreMsg, say};

pub fn run(cli: &Cli, url: &str, desk: Option<&str>) -> Result<(), CliError> {
    let url = StoreUrl::parse(url).map_err(CliError::StoreUrl)?;
    if cli.ca_file.len() > 1 {
        return Err(CliError::StoreCaFiles {
            count: cli.ca_file.len(),
        });
    }
    let person = Settings::load()?;
    let system = match system_settings_path(|name| std::env::var(name).ok()) {
        Some(path) => read_system_settings(&path),
        None => petstore_local::SystemSettings::Absent,
    };
    let (prefs, managed) = match resolve_shared_store(&system, person.shared_store.as_ref()) {
        // An administrator's store: this desk may only store its password.
        Some((admin, StoreSource::System)) => {
            let same = admin.host.eq_ignore_ascii_case(&url.host)
                && admin.port == url.port
                && admin.database == url.database
                && admin.user == url.user;
            if !same {
                return Err(CliError::StoreManaged {
                    address: address(&admin),
                });
            }
            (admin, true)
        }
        earlier => {
            let kept_desk = earlier.and_then(|(prefs, _)| prefs.desk);
            let prefs = SharedStorePrefs {
                host: url.host,
                port: url.port,
                database: url.database,
                user: url.user,
                ca_file: cli.ca_file.first().map(|path| absolute(path)),
                desk: desk.map(str::to_owned).or(kept_desk),
            };
            (prefs, false)
        }
    };
    prefs.check().map_err(CliError::StoreSetting)?;
    let settings = connection(&prefs)?;
    // Before the password is asked: a desk without a keychain learns it at once.
    let keychain = Keychain::system()?;
    let typed = secret_input::read(&say(StoreMsg::PasswordPrompt, &[("user", &prefs.user)]))?;
    if typed.is_empty() {
        return Err(CliError::EmptyPassword);
    }
    let password = Password::new(typed.as_str());
    let records = join::local_records()?;
    log::info!("connecting to the shared store {}", address(&prefs));
    let proven = runtime()?
        .block_on(async {
            let (shared, mut proven) = prove(&prefs, &settings, &password).await?;
            // Joining: this computer's record comes in once (a second connect adds nothing).
            let mut desk = Desk::new(shared, prefs.desk_name());
            proven.joined = Some(join::bring_in(&mut desk, &records).await?);
            Ok(proven)
        })
        .map_err(CliError::Store)?;
    // Proven: now the password and the address are kept (the password first, so settings never
    // name a store this desk holds no password for).
    keychain.set_shared_store_password(&address(&prefs), &typed)?;
    if !managed && let Some(file) = SettingsFile::default_location() {
        file.update(|settings| {
            settings.shared_store = Some(prefs.clone());
            Ok(())
        })?;
    }
    proven::print(cli.json, &proven, None)
}
