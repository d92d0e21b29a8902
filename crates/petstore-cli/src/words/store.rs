//! `petstore store …`: the shared store several desks use (issue 41), and its failures.

use super::catalog;

catalog! {
    /// The words of the shared store's commands, on stdout and stderr.
    pub enum StoreMsg {
        PasswordPrompt {
            en: "Type the password of {user} on the shared store and press Enter (it will not show as you type):",
            de: "Geben Sie das Passwort von {user} für den gemeinsamen Speicher ein und drücken Sie die Eingabetaste (es wird beim Eingeben nicht angezeigt):",
        },
        Connected {
            en: "This desk ({desk}) now shares the store {address}. Proven:",
            de: "Dieser Arbeitsplatz ({desk}) nutzt jetzt den gemeinsamen Speicher {address}. Geprüft:",
        },
        Status {
            en: "Shared store {address}, desk {desk}, {source}. Proven:",
            de: "Gemeinsamer Speicher {address}, Arbeitsplatz {desk}, {source}. Geprüft:",
        },
        SetByPerson {
            en: "set in your settings file",
            de: "in Ihrer Einstellungsdatei festgelegt",
        },
        SetBySystem {
            en: "set by the system-wide settings file (an administrator's: it wins over yours)",
            de: "von der systemweiten Einstellungsdatei festgelegt (der eines Administrators: sie hat Vorrang vor Ihrer)",
        },
        ProvenEncrypted {
            en: "  reached {host}:{port}, encrypted (TLS, the server's certificate verified)",
            de: "  {host}:{port} erreicht, verschlüsselt (TLS, das Zertifikat des Servers geprüft)",
        },
        ProvenLoopback {
            en: "  reached {host}:{port} on this computer (unencrypted: nothing crosses a network)",
            de: "  {host}:{port} auf diesem Computer erreicht (unverschlüsselt: nichts geht über ein Netz)",
        },
        ProvenSignedIn {
            en: "  signed in as {user} to the database {database}",
            de: "  als {user} an der Datenbank {database} angemeldet",
        },
        ProvenSchema {
            en: "  schema version {version} (this program knows up to {known})",
            de: "  Schemaversion {version} (dieses Programm kennt bis {known})",
        },
        ProvenDesks {
            en: "  other desks seen: {count}",
            de: "  andere Arbeitsplätze gesehen: {count}",
        },
        Joined {
            en: "  this computer's record of created pets brought in: {added} new, {known} already there",
            de: "  die Liste der auf diesem Computer angelegten Haustiere übernommen: {added} neu, {known} schon vorhanden",
        },
        Sharing {
            en: "Sharing: yes.",
            de: "Gemeinsame Nutzung: ja.",
        },
        Disconnected {
            en: "This desk no longer uses the shared store; its password was removed from the keychain. It works on its own record.",
            de: "Dieser Arbeitsplatz nutzt den gemeinsamen Speicher nicht mehr; sein Passwort wurde aus dem Schlüsselbund entfernt. Er arbeitet mit seiner eigenen Liste.",
        },
        DisconnectedManaged {
            en: "The password was removed from the keychain. The shared store stays set by the system-wide settings file (an administrator's), so this desk is not sharing until `petstore store connect` is run again.",
            de: "Das Passwort wurde aus dem Schlüsselbund entfernt. Der gemeinsame Speicher bleibt von der systemweiten Einstellungsdatei (der eines Administrators) festgelegt; dieser Arbeitsplatz nutzt ihn erst wieder nach `petstore store connect`.",
        },
        NothingToDisconnect {
            en: "No shared store was set up on this desk.",
            de: "Auf diesem Arbeitsplatz war kein gemeinsamer Speicher eingerichtet.",
        },
        RepeatEarlierBy {
            en: "already added by {desk} on {date} from {from}, pet {id}",
            de: "schon von {desk} am {date} hinzugefügt aus {from}, Haustier {id}",
        },
        RepeatMaybeBy {
            en: "may already have been added by {desk} on {date} from {from} (its outcome was never confirmed)",
            de: "vielleicht schon von {desk} am {date} hinzugefügt aus {from} (das Ergebnis wurde nie bestätigt)",
        },
        RepeatInProgressBy {
            en: "is being added by {desk} (claimed {time} from {from}) and not confirmed yet: not sent, as that desk may be adding it at this moment; run the same command again later",
            de: "wird gerade von {desk} hinzugefügt (beansprucht {time} aus {from}) und ist noch nicht bestätigt: nicht gesendet, da dieser Arbeitsplatz es eben jetzt hinzufügen könnte; führen Sie denselben Befehl später erneut aus",
        },
        InProgressLater {
            en: "{n} rows are being added by other desks at this moment and were not sent: run the same import again later (a desk that stopped meanwhile has its rows settled by listing the service, and the rows it did not add are sent then).",
            de: "{n} Zeilen werden gerade von anderen Arbeitsplätzen hinzugefügt und wurden nicht gesendet: Führen Sie denselben Import später erneut aus (die Zeilen eines inzwischen abgebrochenen Arbeitsplatzes werden dann anhand der Liste des Dienstes geklärt, und die nicht angelegten werden gesendet).",
        },
        DeadSettled {
            en: "Settled {total} creates left unconfirmed by desks that stopped ({desks}) by listing the service: {created} were added (not sent again), {refused} were not (sent as usual), {unknown} may have been added (not sent).",
            de: "{total} von abgebrochenen Arbeitsplätzen ({desks}) unbestätigt hinterlassene Anlagen anhand der Liste des Dienstes geklärt: {created} wurden angelegt (nicht erneut gesendet), {refused} nicht (werden wie üblich gesendet), {unknown} wurden vielleicht angelegt (nicht gesendet).",
        },
        DeadNotSettled {
            en: "{total} creates left unconfirmed by desks that stopped ({desks}) could not be settled: the service's list could not be read ({why}). They are not sent; run the same command again later.",
            de: "{total} von abgebrochenen Arbeitsplätzen ({desks}) unbestätigt hinterlassene Anlagen konnten nicht geklärt werden: Die Liste des Dienstes war nicht lesbar ({why}). Sie werden nicht gesendet; führen Sie denselben Befehl später erneut aus.",
        },
        StaleSetting {
            en: "PETSTORE_SHARED_CLAIM_STALE_SECS (a test and administrator setting: after how many seconds another desk's unconfirmed create may be settled once that desk is gone) must be a whole number from 0 to {max}; it is “{value}”.",
            de: "PETSTORE_SHARED_CLAIM_STALE_SECS (eine Einstellung für Tests und Administratoren: nach wie vielen Sekunden die unbestätigte Anlage eines anderen Arbeitsplatzes geklärt werden darf, wenn dieser nicht mehr verbunden ist) muss eine ganze Zahl von 0 bis {max} sein; sie ist „{value}“.",
        },
        NotChecked {
            en: "Warning: the shared store could not be reached, so other desks' adds could not be checked; this desk's own record was.",
            de: "Warnung: Der gemeinsame Speicher war nicht erreichbar, daher konnten die Einträge anderer Arbeitsplätze nicht geprüft werden; die eigene Liste dieses Arbeitsplatzes wurde geprüft.",
        },
        ImportUnchecked {
            en: "The shared store cannot be reached, so this import cannot check which rows other desks already added: it may add pets a second time. Go on anyway? [y/N] ",
            de: "Der gemeinsame Speicher ist nicht erreichbar, daher kann dieser Import nicht prüfen, welche Zeilen andere Arbeitsplätze schon angelegt haben: Er könnte Haustiere ein zweites Mal anlegen. Trotzdem fortfahren? [j/N] ",
        },
        // Failures.
        Unchecked {
            en: "Not imported: the shared store cannot be reached, so other desks' rows cannot be checked, and nothing was sent. Try again when it is back, or run the same command with --unchecked to import checking this desk's own record only.",
            de: "Nicht importiert: Der gemeinsame Speicher ist nicht erreichbar, daher können die Zeilen anderer Arbeitsplätze nicht geprüft werden, und nichts wurde gesendet. Versuchen Sie es erneut, wenn er wieder erreichbar ist, oder führen Sie denselben Befehl mit --unchecked aus, um nur gegen die eigene Liste dieses Arbeitsplatzes zu prüfen.",
        },
        NotSetUp {
            en: "No shared store is set up on this desk: it works on its own record. Set one up with `petstore store connect postgres://USER@HOST:PORT/DB`.",
            de: "Auf diesem Arbeitsplatz ist kein gemeinsamer Speicher eingerichtet: Er arbeitet mit seiner eigenen Liste. Richten Sie einen mit `petstore store connect postgres://BENUTZER@HOST:PORT/DB` ein.",
        },
        NoPassword {
            en: "The shared store {address} is set, but no password for it is stored on this desk. Run `petstore store connect {address}` to store it.",
            de: "Der gemeinsame Speicher {address} ist festgelegt, aber auf diesem Arbeitsplatz ist kein Passwort dafür gespeichert. Führen Sie `petstore store connect {address}` aus, um es zu speichern.",
        },
        Managed {
            en: "The system-wide settings file sets the shared store {address} for every desk; this desk cannot be pointed at another. Connect to that address (to store its password), or ask the administrator.",
            de: "Die systemweite Einstellungsdatei legt den gemeinsamen Speicher {address} für alle Arbeitsplätze fest; dieser Arbeitsplatz kann nicht auf einen anderen zeigen. Verbinden Sie sich mit dieser Adresse (um ihr Passwort zu speichern), oder fragen Sie den Administrator.",
        },
        UrlNotAnAddress {
            en: "The shared store's address must look like postgres://USER@HOST:PORT/DB.",
            de: "Die Adresse des gemeinsamen Speichers muss wie postgres://BENUTZER@HOST:PORT/DB aussehen.",
        },
        UrlHasPassword {
            en: "The address must not contain the password: an address is kept in the shell's history and seen by other programs. Give postgres://USER@HOST:PORT/DB; the password is asked for (or read from standard input) and kept in the keychain.",
            de: "Die Adresse darf das Passwort nicht enthalten: Eine Adresse bleibt im Verlauf der Shell und ist für andere Programme sichtbar. Geben Sie postgres://BENUTZER@HOST:PORT/DB an; das Passwort wird abgefragt (oder von der Standardeingabe gelesen) und im Schlüsselbund gespeichert.",
        },
        UrlNoUser {
            en: "The shared store's address has no user: postgres://USER@HOST:PORT/DB.",
            de: "Die Adresse des gemeinsamen Speichers nennt keinen Benutzer: postgres://BENUTZER@HOST:PORT/DB.",
        },
        UrlNoHost {
            en: "The shared store's address has no host: postgres://USER@HOST:PORT/DB.",
            de: "Die Adresse des gemeinsamen Speichers nennt keinen Host: postgres://BENUTZER@HOST:PORT/DB.",
        },
        UrlBadPort {
            en: "The shared store's port must be a number from 1 to 65535.",
            de: "Der Port des gemeinsamen Speichers muss eine Zahl von 1 bis 65535 sein.",
        },
        UrlNoDatabase {
            en: "The shared store's address has no database: postgres://USER@HOST:PORT/DB.",
            de: "Die Adresse des gemeinsamen Speichers nennt keine Datenbank: postgres://BENUTZER@HOST:PORT/DB.",
        },
        UrlHasOptions {
            en: "The shared store's address must not carry options (?… or #…): encryption is required unless the host is this computer, and a company certificate is given with --ca-file.",
            de: "Die Adresse des gemeinsamen Speichers darf keine Optionen tragen (?… oder #…): Verschlüsselung ist Pflicht, außer der Host ist dieser Computer, und ein Firmenzertifikat wird mit --ca-file angegeben.",
        },
        BadSetting {
            en: "The shared store's settings cannot be used: the {field} is empty, longer than {max} characters, or holds control characters. Correct \"sharedStore\" in the settings file, or connect again.",
            de: "Die Einstellungen des gemeinsamen Speichers sind unbrauchbar: {field} ist leer, länger als {max} Zeichen oder enthält Steuerzeichen. Korrigieren Sie \"sharedStore\" in der Einstellungsdatei, oder verbinden Sie sich erneut.",
        },
        BadPort {
            en: "The shared store's port in the settings file must be 1-65535.",
            de: "Der Port des gemeinsamen Speichers in der Einstellungsdatei muss 1-65535 sein.",
        },
        TooManyCaFiles {
            en: "The shared store takes one company certificate file (it may hold several certificates); {count} were given.",
            de: "Der gemeinsame Speicher nimmt eine Zertifikatsdatei der Firma (sie darf mehrere Zertifikate enthalten); angegeben wurden {count}.",
        },
        Unreachable {
            en: "The shared store at {host}:{port} could not be reached ({cause}). Check the address and port, that PostgreSQL runs there, and that this network lets it through. Nothing was saved.",
            de: "Der gemeinsame Speicher unter {host}:{port} war nicht erreichbar ({cause}). Prüfen Sie Adresse und Port, ob PostgreSQL dort läuft und ob dieses Netz die Verbindung zulässt. Nichts wurde gespeichert.",
        },
        SignIn {
            en: "PostgreSQL did not let {user} sign in: the password is wrong, or this computer may not sign in as that user. Nothing was saved.",
            de: "PostgreSQL hat die Anmeldung von {user} abgelehnt: Das Passwort ist falsch, oder dieser Computer darf sich nicht als dieser Benutzer anmelden. Nichts wurde gespeichert.",
        },
        SchemaTooNew {
            en: "The shared store was upgraded by a newer Petstore Admin (schema version {found}; this one knows up to {known}). Update Petstore Admin on this computer. Nothing was changed.",
            de: "Der gemeinsame Speicher wurde von einem neueren Petstore Admin aktualisiert (Schemaversion {found}; dieses kennt bis {known}). Aktualisieren Sie Petstore Admin auf diesem Computer. Nichts wurde geändert.",
        },
        TlsRequired {
            en: "The shared store at {host} offers no encrypted connection, which is required for a server off this computer. Ask its administrator to turn TLS on.",
            de: "Der gemeinsame Speicher unter {host} bietet keine verschlüsselte Verbindung, die für einen Server außerhalb dieses Computers Pflicht ist. Bitten Sie den Administrator, TLS einzuschalten.",
        },
        TlsFailed {
            en: "The encrypted connection to the shared store at {host} failed ({cause}). If its certificate comes from a company or provider authority, give that authority with --ca-file.",
            de: "Die verschlüsselte Verbindung zum gemeinsamen Speicher unter {host} ist gescheitert ({cause}). Stammt sein Zertifikat von einer Stelle der Firma oder des Anbieters, geben Sie diese mit --ca-file an.",
        },
        NoDatabase {
            en: "There is no database {database} on the shared store's server. Check its name, or ask the administrator to create it.",
            de: "Auf dem Server des gemeinsamen Speichers gibt es keine Datenbank {database}. Prüfen Sie den Namen, oder bitten Sie den Administrator, sie anzulegen.",
        },
        NotOurs {
            en: "The database {database} holds another program's tables, not a Petstore Admin store. Give the shared store an empty database of its own. Nothing was changed.",
            de: "Die Datenbank {database} enthält Tabellen eines anderen Programms, keinen Speicher von Petstore Admin. Geben Sie dem gemeinsamen Speicher eine eigene, leere Datenbank. Nichts wurde geändert.",
        },
        Privilege {
            en: "The shared store's user may not do a desk's work ({detail}). Ask the administrator to grant it a desk's privileges (docs/shared-store.md).",
            de: "Der Benutzer des gemeinsamen Speichers darf die Arbeit eines Arbeitsplatzes nicht tun ({detail}). Bitten Sie den Administrator, ihm die Rechte eines Arbeitsplatzes zu geben (docs/shared-store.md).",
        },
        Other {
            en: "The shared store failed: {detail}",
            de: "Der gemeinsame Speicher ist gescheitert: {detail}",
        },
    }
}
