//! What the client refused before sending anything: input the interface does not allow, and
//! a setup it cannot use (addresses, keys, the HTTP client, the remembered waits).

use super::catalog;

catalog! {
    /// The words of input and setup the client refused, on stderr.
    pub enum SetupMsg {
        // Input refused before sending.
        LimitRange {
            en: "The limit must be a whole number from 1 to 100.",
            de: "Das Limit muss eine ganze Zahl von 1 bis 100 sein.",
        },
        LimitGiven {
            en: "The limit must be a whole number from 1 to 100 (got {given}).",
            de: "Das Limit muss eine ganze Zahl von 1 bis 100 sein (angegeben: {given}).",
        },
        StatusGiven {
            en: "The status must be one of available, pending, sold (got \"{given}\").",
            de: "Der Status muss available, pending oder sold sein (angegeben: \"{given}\").",
        },
        NameEmpty { en: "The name must not be empty.", de: "Der Name darf nicht leer sein." },
        CategoryIdGiven {
            en: "The category id must be a whole number (int64), got \"{given}\".",
            de: "Die Kategorie-ID muss eine ganze Zahl (int64) sein, angegeben: \"{given}\".",
        },
        PetIdGiven {
            en: "The pet id must be a whole number (int64), got \"{given}\".",
            de: "Die Haustier-ID muss eine ganze Zahl (int64) sein, angegeben: \"{given}\".",
        },
        ApiKeyShape {
            en: "The API key must not be empty and may only contain visible ASCII characters (no spaces).",
            de: "Der API-Schlüssel darf nicht leer sein und nur sichtbare ASCII-Zeichen enthalten (keine Leerzeichen).",
        },
        // Setup of the client.
        MissingBaseUrlVar {
            en: "No base address is set for {env}. Set {var}, or \"{field}\" in the settings file, to an \
                 https:// address ending in /v1.",
            de: "Für {env} ist keine Basisadresse gesetzt. Setzen Sie {var} oder \"{field}\" in der \
                 Einstellungsdatei auf eine https://-Adresse, die auf /v1 endet.",
        },
        MissingBaseUrl {
            en: "No base address is set for {env}.",
            de: "Für {env} ist keine Basisadresse gesetzt.",
        },
        // Why a base address is not usable (`{detail}` of InvalidBaseUrl).
        AddressNotAnAddress {
            en: "it is not an address (expected e.g. https://api.example.com/v1)",
            de: "sie ist keine Adresse (erwartet z. B. https://api.example.com/v1)",
        },
        AddressScheme {
            en: "only http:// and https:// addresses are supported",
            de: "nur Adressen mit http:// und https:// werden unterstützt",
        },
        AddressNoHost { en: "it has no host", de: "sie hat keinen Host" },
        AddressCredentials {
            en: "it must not contain a user name or password",
            de: "sie darf keinen Benutzernamen und kein Passwort enthalten",
        },
        AddressQuery {
            en: "it must not contain a query (?...) or fragment (#...)",
            de: "sie darf keine Abfrage (?...) und keinen Anker (#...) enthalten",
        },
        AddressPath {
            en: "its path must end in /v1 (e.g. https://api.example.com/v1)",
            de: "ihr Pfad muss auf /v1 enden (z. B. https://api.example.com/v1)",
        },
        AddressSandboxFixed { en: "the sandbox's address is fixed", de: "die Adresse der Sandbox ist fest" },
        InvalidBaseUrl {
            en: "The base address \"{url}\" is not usable: {detail}.",
            de: "Die Basisadresse \"{url}\" ist nicht verwendbar: {detail}.",
        },
        InsecureBaseUrl {
            en: "The base address \"{url}\" does not use https. Use an https:// address (plain http is only \
                 allowed for 127.0.0.1, ::1 and localhost), so the API key never travels in clear text.",
            de: "Die Basisadresse \"{url}\" verwendet kein https. Verwenden Sie eine https://-Adresse \
                 (einfaches http ist nur für 127.0.0.1, ::1 und localhost erlaubt), damit der API-Schlüssel \
                 nie unverschlüsselt übertragen wird.",
        },
        MissingApiKey {
            en: "No API key is set for {env}.",
            de: "Für {env} ist kein API-Schlüssel gesetzt.",
        },
        ForeignLink {
            en: "The next-page address \"{url}\" points outside the base address (another server, or \
                 another path on it); it was not followed, so the API key is not sent there.",
            de: "Die Adresse der nächsten Seite \"{url}\" zeigt aus der Basisadresse hinaus (auf einen \
                 anderen Server oder einen anderen Pfad darauf); ihr wurde nicht gefolgt, damit der \
                 API-Schlüssel nicht dorthin geht.",
        },
        HttpClient {
            en: "The HTTP client could not be set up: {detail}.",
            de: "Die Verbindung zum Dienst konnte nicht eingerichtet werden: {detail}.",
        },
        WaitStore {
            en: "The remembered rate-limit waits ({location}) could not be changed: {detail}. Check that they \
                 may be written to, then try again.",
            de: "Die gemerkten Wartezeiten ({location}) konnten nicht geändert werden: {detail}. Prüfen Sie, \
                 ob sie geschrieben werden dürfen, und versuchen Sie es erneut.",
        },
    }
}
