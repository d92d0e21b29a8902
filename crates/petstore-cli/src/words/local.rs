//! This computer's side of failures: the settings file, the keychain, proxy and company
//! certificates, the activity history (`crate::explain::local` picks the message).

use super::catalog;

catalog! {
    /// The words of local failures, on stderr.
    pub enum LocalMsg {
        // The settings file.
        SettingsUnreadable {
            en: "The settings file {path} could not be read{position}: {detail}. Fix it, or move it aside to \
                 start over.",
            de: "Die Einstellungsdatei {path} konnte nicht gelesen werden{position}: {detail}. Korrigieren \
                 Sie sie, oder verschieben Sie sie, um neu zu beginnen.",
        },
        // Why the settings file cannot be read (`{detail}` of SettingsUnreadable).
        SettingsSyntax {
            en: "it is not valid JSON (look for a stray character, a trailing comma or a missing quote)",
            de: "sie ist kein gültiges JSON (achten Sie auf ein überzähliges Zeichen, ein Komma am Ende oder \
                 ein fehlendes Anführungszeichen)",
        },
        SettingsEndOfFile {
            en: "its text ends before its JSON does (a closing bracket or quote is missing)",
            de: "ihr Text endet vor ihrem JSON (eine schließende Klammer oder ein Anführungszeichen fehlt)",
        },
        SettingsTooLarge {
            en: "it is larger than a settings file may be ({size})",
            de: "sie ist größer, als eine Einstellungsdatei sein darf ({size})",
        },
        SettingsWrongValue {
            en: "a value is not of the kind the settings need (for example text where a number belongs)",
            de: "ein Wert hat nicht die Art, die die Einstellungen brauchen (zum Beispiel Text, wo eine Zahl \
                 hingehört)",
        },
        AtLineColumn { en: " (line {line}, column {column})", de: " (Zeile {line}, Spalte {column})" },
        AtLine { en: " (line {line})", de: " (Zeile {line})" },
        SettingsUnwritable {
            en: "The settings file {path} could not be changed: {detail}. Check that its folder exists and \
                 may be written to; nothing was changed.",
            de: "Die Einstellungsdatei {path} konnte nicht geändert werden: {detail}. Prüfen Sie, ob ihr \
                 Ordner existiert und beschrieben werden darf; es wurde nichts geändert.",
        },
        CategoryIdNotPositive {
            en: "A category id is a whole number from 1 up; {given} is not.",
            de: "Eine Kategorie-ID ist eine ganze Zahl ab 1; {given} ist keine.",
        },
        CategoryNameEmpty { en: "A category name cannot be empty.", de: "Ein Kategoriename darf nicht leer sein." },
        CategoryNameTooLong {
            en: "The category name is {chars} characters long; a name has at most {max}.",
            de: "Der Kategoriename ist {chars} Zeichen lang; ein Name hat höchstens {max}.",
        },
        CategoryNameTaken {
            en: "\u{201c}{name}\u{201d} is already the name of category {id}.",
            de: "\u{201e}{name}\u{201c} ist bereits der Name der Kategorie {id}.",
        },
        CategoryIdNamed {
            en: "Category {id} already has a name, \u{201c}{name}\u{201d}.",
            de: "Die Kategorie {id} hat bereits einen Namen, \u{201e}{name}\u{201c}.",
        },
        CategoryNotNamed { en: "Category {id} has no name.", de: "Die Kategorie {id} hat keinen Namen." },
        CategoryListFull {
            en: "This environment already has {max} category names, the most it keeps.",
            de: "Diese Umgebung hat bereits {max} Kategorienamen, mehr werden nicht gespeichert.",
        },
        // The keychain.
        KeychainUnavailable {
            en: "No keychain is reachable on this system (on Linux: install and unlock a Secret Service such \
                 as gnome-keyring).{details}",
            de: "Auf diesem System ist kein Schlüsselbund erreichbar (unter Linux: Installieren und \
                 entsperren Sie einen Secret Service wie gnome-keyring).{details}",
        },
        KeychainLocked {
            en: "The keychain is locked or refused access: unlock it and try again.{details}",
            de: "Der Schlüsselbund ist gesperrt oder verweigert den Zugriff: Entsperren Sie ihn und \
                 versuchen Sie es erneut.{details}",
        },
        KeyTooLong {
            en: "The API key is too long for this keychain: it holds at most {limit} bytes.",
            de: "Der API-Schlüssel ist zu lang für diesen Schlüsselbund: Er fasst höchstens {limit} Bytes.",
        },
        KeyCorrupt {
            en: "The keychain entry for {env} does not hold a valid API key: store it again with \
                 `petstore key set --env {env}`.",
            de: "Der Eintrag für {env} im Schlüsselbund enthält keinen gültigen API-Schlüssel: Speichern Sie \
                 ihn erneut mit `petstore key set --env {env}`.",
        },
        KeychainFailed {
            en: "The keychain failed.{details}",
            de: "Der Schlüsselbund hat einen Fehler gemeldet.{details}",
        },
        // Proxy and company certificates.
        NoProxyAddress {
            en: "The proxy is set to Manual but has no address. Set its address (like \
                 http://proxy.example.com:8080), or choose System or Off.",
            de: "Der Proxy ist auf Manual gesetzt, hat aber keine Adresse. Setzen Sie seine Adresse (etwa \
                 http://proxy.example.com:8080), oder wählen Sie System oder Off.",
        },
        ProxyNotAnAddress {
            en: "The proxy address \"{given}\" is not an address. Write it as http://proxy.example.com:8080.",
            de: "Die Proxy-Adresse \"{given}\" ist keine Adresse. Schreiben Sie sie als http://proxy.example.com:8080.",
        },
        ProxyScheme {
            en: "The proxy address must start with http:// or https:// (got \"{given}\"). SOCKS proxies are \
                 not supported.",
            de: "Die Proxy-Adresse muss mit http:// oder https:// beginnen (angegeben: \"{given}\"). \
                 SOCKS-Proxys werden nicht unterstützt.",
        },
        ProxyCredentials {
            en: "The proxy address must not contain a user name or password. Put the user name in the settings \
                 file's \"proxy\" and store the password in the keychain with `petstore proxy password`.",
            de: "Die Proxy-Adresse darf keinen Benutzernamen und kein Passwort enthalten. Tragen Sie den \
                 Benutzernamen unter \"proxy\" in der Einstellungsdatei ein und speichern Sie das Passwort \
                 mit `petstore proxy password` im Schlüsselbund.",
        },
        ProxyPath {
            en: "The proxy address must be only a scheme, host and port (like http://proxy.example.com:8080), \
                 without a path or query.",
            de: "Die Proxy-Adresse darf nur Schema, Host und Port enthalten (etwa \
                 http://proxy.example.com:8080), ohne Pfad oder Abfrage.",
        },
        CaFile {
            en: "The company certificate {path} cannot be used: {why}",
            de: "Das Firmenzertifikat {path} kann nicht verwendet werden: {why}",
        },
        CaFileUnreadable {
            en: "The company certificate {path} could not be read ({detail}). Check the file, or remove it \
                 from the settings.",
            de: "Das Firmenzertifikat {path} konnte nicht gelesen werden ({detail}). Prüfen Sie die Datei, \
                 oder entfernen Sie sie aus den Einstellungen.",
        },
        CaTooLarge {
            en: "The file is larger than a certificate file can be. Choose the company's certificate file \
                 (PEM, usually .pem or .crt).",
            de: "Die Datei ist größer, als eine Zertifikatsdatei sein kann. Wählen Sie die Zertifikatsdatei \
                 der Firma (PEM, meist .pem oder .crt).",
        },
        CaNoCertificate {
            en: "The file holds no certificate in PEM form (text starting with -----BEGIN CERTIFICATE-----). \
                 Ask for the company certificate as a PEM file, or convert a .cer/.der file to PEM.",
            de: "Die Datei enthält kein Zertifikat im PEM-Format (Text, der mit -----BEGIN CERTIFICATE----- \
                 beginnt). Fragen Sie nach dem Firmenzertifikat als PEM-Datei, oder wandeln Sie eine \
                 .cer/.der-Datei in PEM um.",
        },
        CaUnreadable {
            en: "The file holds a certificate that cannot be read ({detail}). Ask for the company certificate \
                 file again.",
            de: "Die Datei enthält ein Zertifikat, das nicht gelesen werden kann ({detail}). Fragen Sie \
                 erneut nach der Zertifikatsdatei der Firma.",
        },
        CaNotAuthority {
            en: "The certificate \"{subject}\" is not a certificate authority: it is a server's own \
                 certificate. Ask for the certificate of the authority that issued it (the company root CA).",
            de: "Das Zertifikat \"{subject}\" ist keine Zertifizierungsstelle, sondern das eigene Zertifikat \
                 eines Servers. Fragen Sie nach dem Zertifikat der Zertifizierungsstelle, die es ausgestellt \
                 hat (die Stammzertifizierungsstelle der Firma).",
        },
        CaExpired {
            en: "The certificate \"{subject}\" expired on {date}. Ask for the company's current certificate.",
            de: "Das Zertifikat \"{subject}\" ist am {date} abgelaufen. Fragen Sie nach dem aktuellen \
                 Zertifikat der Firma.",
        },
        CaNotYetValid {
            en: "The certificate \"{subject}\" is not valid before {date}. Check the computer's date, or ask \
                 for the company's current certificate.",
            de: "Das Zertifikat \"{subject}\" ist erst ab dem {date} gültig. Prüfen Sie das Datum des \
                 Computers, oder fragen Sie nach dem aktuellen Zertifikat der Firma.",
        },
        // The activity history.
        HistoryNewer {
            en: "it was written by a newer version of Petstore Admin (schema {found}; this version reads up \
                 to {supported}). It was left as it is: update to see it.",
            de: "er wurde von einer neueren Version von Petstore Admin geschrieben (Schema {found}; diese \
                 Version liest bis {supported}). Er bleibt unverändert: Aktualisieren Sie, um ihn zu sehen.",
        },
        HistoryUnavailable {
            en: "it cannot be opened ({detail}). Requests still work; they are not recorded until this is fixed.",
            de: "er kann nicht geöffnet werden ({detail}). Anfragen funktionieren weiter; sie werden \
                 erst wieder aufgezeichnet, wenn das behoben ist.",
        },
        HistoryBadValue {
            en: "entry {id} has a value that cannot be read in its column {column}; the history may have \
                 been edited outside the app.",
            de: "Eintrag {id} hat in der Spalte {column} einen Wert, der nicht gelesen werden kann; der \
                 Verlauf wurde vielleicht außerhalb der App bearbeitet.",
        },
        HistoryWrite {
            en: "the export could not be written: {why}",
            de: "der Export konnte nicht geschrieben werden: {why}",
        },
        HistoryDatabase {
            en: "it could not be read or written ({detail}).",
            de: "er konnte nicht gelesen oder geschrieben werden ({detail}).",
        },
    }
}
