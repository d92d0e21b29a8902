//! Why a command stopped: the CLI's own failures and every library error it wraps, worded from
//! their types and fields (`crate::explain` picks the message). `{detail}` is text from outside
//! (the operating system's, a parser's, the server's own words), shown as it came.

use super::catalog;

catalog! {
    /// The words of failures, on stderr.
    pub enum ErrMsg {
        Details { en: " Details: {detail}", de: " Details: {detail}" },
        ServiceSaid { en: " The service said: {text}", de: " Der Dienst meldete: {text}" },
        ItSaid { en: " It said: {text}", de: " Die Antwort lautete: {text}" },
        // The CLI's own.
        MissingKey {
            en: "No API key for {env}. Store one with `petstore key set --env {env}` (it reads the key \
                 from stdin), or set PETSTORE_API_KEY.",
            de: "Kein API-Schlüssel für {env}. Speichern Sie einen mit `petstore key set --env {env}` \
                 (der Schlüssel wird von stdin gelesen) oder setzen Sie PETSTORE_API_KEY.",
        },
        KeyRefusedKeychain {
            en: "The API key for {env} was refused.{said} Store the right one with \
                 `petstore key set --env {env}` (it reads the key from stdin), or set PETSTORE_API_KEY.",
            de: "Der API-Schlüssel für {env} wurde abgelehnt.{said} Speichern Sie den richtigen mit \
                 `petstore key set --env {env}` (er wird von stdin gelesen) oder setzen Sie PETSTORE_API_KEY.",
        },
        KeyRefusedEnvVar {
            en: "The API key in PETSTORE_API_KEY was refused.{said} Set it to the right key, \
                 or unset it to use the key stored for the environment.",
            de: "Der API-Schlüssel in PETSTORE_API_KEY wurde abgelehnt.{said} Setzen Sie dort den \
                 richtigen Schlüssel, oder entfernen Sie die Variable, um den für die Umgebung \
                 gespeicherten Schlüssel zu verwenden.",
        },
        KeyRefusedDemo {
            en: "The sandbox's demo key was refused: this server wants a key of its own.{said} Set \
                 PETSTORE_API_KEY, or store one with `petstore key set --env ENV` and pass --env ENV.",
            de: "Der Demo-Schlüssel der Sandbox wurde abgelehnt: Dieser Server verlangt einen eigenen \
                 Schlüssel.{said} Setzen Sie PETSTORE_API_KEY, oder speichern Sie einen mit \
                 `petstore key set --env ENV` und geben Sie --env ENV an.",
        },
        OtherServer {
            en: "{url} is on another server than {env}'s address, {own}",
            de: "{url} liegt auf einem anderen Server als die Adresse von {env}, {own}",
        },
        NoAddressFor {
            en: "{env} has no address configured, so {url} is not known as its server",
            de: "für {env} ist keine Adresse eingerichtet, daher ist {url} nicht als dessen Server bekannt",
        },
        KeyForAnotherServer {
            en: "Refused, nothing was sent: {whose}. The API key stored for {env} would go to another \
                 server. If you trust {url} with the {env} key, add --trust-url. Otherwise set \
                 PETSTORE_API_KEY to the key meant for that server, or leave out --base-url to use \
                 {env}'s own address.",
            de: "Abgelehnt, es wurde nichts gesendet: {whose}. Der für {env} gespeicherte API-Schlüssel \
                 ginge an einen anderen Server. Wenn Sie {url} den Schlüssel von {env} anvertrauen, \
                 geben Sie --trust-url an. Setzen Sie sonst PETSTORE_API_KEY auf den Schlüssel für \
                 diesen Server, oder lassen Sie --base-url weg, um die eigene Adresse von {env} zu verwenden.",
        },
        NoKeyForAddress {
            en: "No API key for {url}: a key stored in the keychain goes only to its environment's own \
                 address, and no environment is configured with this one. Set PETSTORE_API_KEY for this \
                 command, or name the environment whose key to send with --env ENV --trust-url.",
            de: "Kein API-Schlüssel für {url}: Ein im Schlüsselbund gespeicherter Schlüssel geht nur an \
                 die eigene Adresse seiner Umgebung, und keine Umgebung ist mit dieser eingerichtet. \
                 Setzen Sie PETSTORE_API_KEY für diesen Befehl, oder nennen Sie mit --env ENV --trust-url \
                 die Umgebung, deren Schlüssel gesendet werden soll.",
        },
        BadEnvKey {
            en: "PETSTORE_API_KEY is set but is not a usable API key: {why}",
            de: "PETSTORE_API_KEY ist gesetzt, enthält aber keinen verwendbaren API-Schlüssel: {why}",
        },
        KeychainUnavailableFor {
            en: "{why} Without a keychain there is no stored key for {env}: for scripts, set PETSTORE_API_KEY instead.",
            de: "{why} Ohne Schlüsselbund gibt es keinen gespeicherten Schlüssel für {env}: Setzen Sie für \
                 Skripte stattdessen PETSTORE_API_KEY.",
        },
        DeadlineDuringWait {
            en: "Still rate limited when the time ran out. Try again after {when}.",
            de: "Beim Ablauf der Zeit war die Drosselung noch aktiv. Versuchen Sie es nach {when} erneut.",
        },
        DeadlineExceeded {
            en: "No answer within the time allowed ({seconds} s). Try again later or with a longer --timeout.",
            de: "Keine Antwort in der erlaubten Zeit ({seconds} s). Versuchen Sie es später erneut oder \
                 mit einem längeren --timeout.",
        },
        CreateOutcomeUnknown {
            en: "No answer within the time allowed ({seconds} s): the pet may or may not have been created. \
                 Check with `petstore list` before trying again.",
            de: "Keine Antwort in der erlaubten Zeit ({seconds} s): Das Haustier wurde vielleicht angelegt, \
                 vielleicht nicht. Prüfen Sie mit `petstore list`, bevor Sie es erneut versuchen.",
        },
        Stdin {
            en: "Could not read the API key from stdin: {why}",
            de: "Der API-Schlüssel konnte nicht von stdin gelesen werden: {why}",
        },
        EmptyPassword {
            en: "The password is empty: type it (or pipe it in) as one line.",
            de: "Das Passwort ist leer: Geben Sie es als eine Zeile ein (oder leiten Sie es per Pipe weiter).",
        },
        NoProxyForPassword {
            en: "No proxy address to keep the password for: a proxy password is sent only to the proxy \
                 it was stored for. Set the proxy first (\"proxy\": {\"mode\": \"manual\", \"url\": ...} in \
                 the settings file, or add --proxy URL), then store its password. Nothing was stored.",
            de: "Keine Proxy-Adresse, für die das Passwort gespeichert werden kann: Ein Proxy-Passwort wird \
                 nur an den Proxy gesendet, für den es gespeichert wurde. Legen Sie zuerst den Proxy fest \
                 (\"proxy\": {\"mode\": \"manual\", \"url\": ...} in der Einstellungsdatei, oder --proxy URL), \
                 und speichern Sie dann sein Passwort. Es wurde nichts gespeichert.",
        },
        SecretTooLong {
            en: "That is longer than any key or password ({limit} bytes at most); nothing was stored. \
                 Type the secret alone (or pipe it in) as one line.",
            de: "Das ist länger als jeder Schlüssel und jedes Passwort (höchstens {limit} Bytes); es wurde \
                 nichts gespeichert. Geben Sie nur das Geheimnis als eine Zeile ein (oder leiten Sie es per Pipe weiter).",
        },
        Interrupted {
            en: "Stopped (Ctrl+C); nothing was stored.",
            de: "Abgebrochen (Strg+C); es wurde nichts gespeichert.",
        },
        Crashed {
            en: "petstore stopped because of a bug: {what}. Please report it to whoever supports Petstore Admin \
                 for you, with the command you ran and this message (run it again with -v to see what it did first).",
            de: "petstore wurde wegen eines Programmfehlers beendet: {what}. Bitte melden Sie ihn Ihrem \
                 Ansprechpartner für Petstore Admin, mit dem ausgeführten Befehl und dieser Meldung (mit -v erneut \
                 ausgeführt zeigt es, was es davor getan hat).",
        },
        Stdout {
            en: "Could not write the output: {why}",
            de: "Die Ausgabe konnte nicht geschrieben werden: {why}",
        },
        Internal {
            en: "Internal error (a bug: please report it): {detail}",
            de: "Interner Fehler (ein Programmfehler: bitte melden Sie ihn): {detail}",
        },
        ReadFile {
            en: "Could not read {path}: {why}. Check the path and that the file may be read.",
            de: "{path} konnte nicht gelesen werden: {why}. Prüfen Sie den Pfad und ob die Datei gelesen werden darf.",
        },
        NeedsConfirmation {
            en: "This would import {rows} pets into production. Nothing was sent. Run again with --yes to confirm.",
            de: "Damit würden {rows} Haustiere in die Produktion importiert. Es wurde nichts gesendet. \
                 Führen Sie den Befehl zur Bestätigung erneut mit --yes aus.",
        },
        NoDataDir {
            en: "No data folder for the import journal on this computer. Set PETSTORE_DATA_DIR to a folder.",
            de: "Auf diesem Computer gibt es keinen Datenordner für das Importprotokoll. Setzen Sie \
                 PETSTORE_DATA_DIR auf einen Ordner.",
        },
        History {
            en: "The activity history ({path}) cannot be used: {why}",
            de: "Der Aktivitätsverlauf ({path}) kann nicht verwendet werden: {why}",
        },
        ProxyFlag { en: "--proxy: {why}", de: "--proxy: {why}" },
        HintStoreKey {
            en: "Store the key with `petstore key set --env ENV` (it reads the key from stdin), or set PETSTORE_API_KEY.",
            de: "Speichern Sie den Schlüssel mit `petstore key set --env ENV` (er wird von stdin gelesen) \
                 oder setzen Sie PETSTORE_API_KEY.",
        },
        HintCheckList {
            en: "Check with `petstore list` before running `petstore add` again.",
            de: "Prüfen Sie mit `petstore list`, bevor Sie `petstore add` erneut ausführen.",
        },
        HintBaseUrl {
            en: "Or pass the address for this command only with --base-url URL.",
            de: "Oder geben Sie die Adresse nur für diesen Befehl mit --base-url URL an.",
        },
        // Files and streams: the operating system's reason, by kind.
        IoNotFound { en: "there is no such file or folder", de: "diese Datei oder dieser Ordner existiert nicht" },
        IoPermission { en: "permission denied", de: "der Zugriff wurde verweigert" },
        IoIsDirectory { en: "it is a folder, not a file", de: "es ist ein Ordner, keine Datei" },
        IoFull { en: "the disk is full", de: "der Datenträger ist voll" },
        IoReadOnly { en: "the disk is read-only", de: "der Datenträger ist schreibgeschützt" },
        IoNotText { en: "it is not text", de: "es ist kein Text" },
        IoOther { en: "{detail}", de: "{detail}" },
        // The client: the service's answers.
        Unauthorized {
            en: "The API key was refused.{said} Check that the key set for this environment is the right one \
                 and still valid, then set it again.",
            de: "Der API-Schlüssel wurde abgelehnt.{said} Prüfen Sie, ob der für diese Umgebung gesetzte \
                 Schlüssel der richtige und noch gültig ist, und setzen Sie ihn erneut.",
        },
        NotFound {
            en: "Not found.{said} Check the id, or list the pets to find the one you want.",
            de: "Nicht gefunden.{said} Prüfen Sie die ID, oder listen Sie die Haustiere auf, um das gesuchte zu finden.",
        },
        Gone {
            en: "This operation has been removed from the service.{said} Use the pet list with a status filter instead.",
            de: "Diese Funktion wurde aus dem Dienst entfernt.{said} Verwenden Sie stattdessen die \
                 Haustierliste mit einem Statusfilter.",
        },
        BadRequest {
            en: "The service refused the request as invalid ({code}).{said} Correct it and try again.",
            de: "Der Dienst hat die Anfrage als ungültig abgelehnt ({code}).{said} Korrigieren Sie sie und \
                 versuchen Sie es erneut.",
        },
        QuotaUsedUp {
            en: "The request quota for this API key is used up. Try again after {when}.",
            de: "Das Kontingent an Anfragen für diesen API-Schlüssel ist aufgebraucht. Versuchen Sie es nach {when} erneut.",
        },
        TooManyRequests {
            en: "Too many requests with this API key: the service asked to wait. Try again after {when}.",
            de: "Zu viele Anfragen mit diesem API-Schlüssel: Der Dienst bittet zu warten. Versuchen Sie es \
                 nach {when} erneut.",
        },
        Busy {
            en: "The service is busy. Try again after {when}.",
            de: "Der Dienst ist ausgelastet. Versuchen Sie es nach {when} erneut.",
        },
        RetryAt {
            en: "That is {distance}, at {time} local time.",
            de: "Das ist {distance}, um {time} Ortszeit.",
        },
        Gateway {
            en: "The service or a proxy in front of it is having trouble (HTTP {status}).{said} Try again in a minute.",
            de: "Der Dienst oder ein vorgeschalteter Proxy hat Probleme (HTTP {status}).{said} Versuchen \
                 Sie es in einer Minute erneut.",
        },
        ServerProblem {
            en: "The service had a problem (HTTP {status}).{said} Try again in a moment.",
            de: "Beim Dienst ist ein Problem aufgetreten (HTTP {status}).{said} Versuchen Sie es gleich erneut.",
        },
        Unexpected {
            en: "The server gave an unexpected answer (HTTP {status}).{said} Check that the base address \
                 points to the Pet Store service (ending in /v1).",
            de: "Der Server hat unerwartet geantwortet (HTTP {status}).{said} Prüfen Sie, ob die \
                 Basisadresse auf den Pet-Store-Dienst zeigt (endet auf /v1).",
        },
        Decode {
            en: "The service's answer does not match the Pet Store interface (HTTP {status}), at {path}: \
                 {detail}. The service may have changed; please report this.",
            de: "Die Antwort des Dienstes passt nicht zur Pet-Store-Schnittstelle (HTTP {status}), bei \
                 {path}: {detail}. Der Dienst hat sich vielleicht geändert; bitte melden Sie das.",
        },
        TopLevel { en: "the top level", de: "der obersten Ebene" },
        Timeout {
            en: "The service did not answer in time. Check the connection and try again, or allow a longer timeout.",
            de: "Der Dienst hat nicht rechtzeitig geantwortet. Prüfen Sie die Verbindung und versuchen Sie \
                 es erneut, oder erlauben Sie mit --timeout mehr Zeit.",
        },
        TooLarge {
            en: "The service's answer is too large (more than {size}); it was not read further. Check that \
                 the base address points to the Pet Store service (ending in /v1).",
            de: "Die Antwort des Dienstes ist zu groß (mehr als {size}); sie wurde nicht weiter gelesen. \
                 Prüfen Sie, ob die Basisadresse auf den Pet-Store-Dienst zeigt (endet auf /v1).",
        },
        OutcomeUnknown {
            en: "The pet may or may not have been created ({detail}).{said} List the pets to check before \
                 trying again, so it is not added twice.",
            de: "Das Haustier wurde vielleicht angelegt, vielleicht nicht ({detail}).{said} Listen Sie die \
                 Haustiere auf und prüfen Sie, bevor Sie es erneut versuchen, damit es nicht doppelt angelegt wird.",
        },
        // Why the outcome of a create is unknown (`{detail}` of OutcomeUnknown).
        OutcomeTimeout { en: "no answer arrived in time", de: "es kam keine Antwort in der erlaubten Zeit" },
        OutcomeConnectionLost {
            en: "the connection was lost before the answer arrived",
            de: "die Verbindung brach ab, bevor die Antwort kam",
        },
        OutcomeTooLarge {
            en: "the service answered HTTP {status}, but with more than {size} that were not read",
            de: "der Dienst antwortete mit HTTP {status}, aber mit mehr als {size}, die nicht gelesen wurden",
        },
        OutcomeRedirected {
            en: "the service answered HTTP {status}, a redirect, which is not followed",
            de: "der Dienst antwortete mit HTTP {status}, einer Umleitung, der nicht gefolgt wird",
        },
        OutcomeServerError {
            en: "the service answered HTTP {status}, which may come after the pet was stored",
            de: "der Dienst antwortete mit HTTP {status}; das kann auch nach dem Speichern des Haustiers kommen",
        },
        OutcomeNotAPet {
            en: "the service answered HTTP {status}, but not with a pet",
            de: "der Dienst antwortete mit HTTP {status}, aber nicht mit einem Haustier",
        },
        // The client: the network.
        Reach {
            en: "Could not reach the service: {what}. Check the network connection and the base address, then try again.",
            de: "Der Dienst war nicht erreichbar: {what}. Prüfen Sie die Netzwerkverbindung und die \
                 Basisadresse und versuchen Sie es erneut.",
        },
        ReachRefused {
            en: "the connection was refused (nothing answers at that address)",
            de: "die Verbindung wurde abgelehnt (unter dieser Adresse antwortet nichts)",
        },
        ReachReset { en: "the connection was cut off", de: "die Verbindung wurde unterbrochen" },
        ReachTls {
            en: "no secure connection could be set up",
            de: "es konnte keine sichere Verbindung aufgebaut werden",
        },
        ReachUnreachable {
            en: "the server or its network is unreachable",
            de: "der Server oder sein Netzwerk ist nicht erreichbar",
        },
        ReachOther { en: "the connection failed", de: "die Verbindung ist fehlgeschlagen" },
        Dns {
            en: "Could not reach the service: its server's name could not be found. Check the base address \
                 for typing mistakes; on a company network, check that the name is known there (or set the \
                 proxy with --proxy).",
            de: "Der Dienst war nicht erreichbar: Der Name seines Servers wurde nicht gefunden. Prüfen Sie \
                 die Basisadresse auf Tippfehler; prüfen Sie in einem Firmennetz, ob der Name dort bekannt \
                 ist (oder setzen Sie den Proxy mit --proxy).",
        },
        ProxyUnreachable {
            en: "The proxy could not be reached. Check the proxy address (--proxy, the settings file's \
                 \"proxy\", or HTTPS_PROXY), or run without a proxy (--no-proxy) if this network has none.",
            de: "Der Proxy war nicht erreichbar. Prüfen Sie die Proxy-Adresse (--proxy, \"proxy\" in der \
                 Einstellungsdatei oder HTTPS_PROXY), oder arbeiten Sie ohne Proxy (--no-proxy), wenn \
                 dieses Netz keinen hat.",
        },
        ProxyAuthRequired {
            en: "The proxy asks for a user name and password. Set the proxy user in the settings file \
                 (\"proxy\": {\"user\": …}) and its password with `petstore proxy password`, or ask IT for \
                 the proxy's address and account.",
            de: "Der Proxy verlangt einen Benutzernamen und ein Passwort. Setzen Sie den Proxy-Benutzer in \
                 der Einstellungsdatei (\"proxy\": {\"user\": …}) und sein Passwort mit \
                 `petstore proxy password`, oder fragen Sie die IT nach Adresse und Zugang des Proxys.",
        },
        ProxyAuthRefused {
            en: "The proxy refused the user name and password. Check the proxy user in the settings file and \
                 set its password again with `petstore proxy password`.",
            de: "Der Proxy hat Benutzernamen und Passwort abgelehnt. Prüfen Sie den Proxy-Benutzer in der \
                 Einstellungsdatei und setzen Sie sein Passwort erneut mit `petstore proxy password`.",
        },
        ProxyRefused {
            en: "The proxy would not connect to the service (it may block this address). Ask IT to allow the \
                 service's address, or check the proxy setting.",
            de: "Der Proxy hat keine Verbindung zum Dienst hergestellt (er sperrt diese Adresse vielleicht). \
                 Bitten Sie die IT, die Adresse des Dienstes freizugeben, oder prüfen Sie die Proxy-Einstellung.",
        },
        UnknownAuthority {
            en: "The service's certificate comes from an authority this computer does not trust. A company \
                 proxy may be inspecting traffic: ask IT for its certificate (a PEM file) and pass it with \
                 --ca-file FILE, or set \"caFiles\" in the settings file.",
            de: "Das Zertifikat des Dienstes stammt von einer Zertifizierungsstelle, der dieser Computer \
                 nicht vertraut. Vielleicht prüft ein Firmen-Proxy den Datenverkehr: Fragen Sie die IT nach \
                 dessen Zertifikat (eine PEM-Datei) und geben Sie es mit --ca-file FILE an, oder setzen Sie \
                 \"caFiles\" in der Einstellungsdatei.",
        },
        CertificateExpired {
            en: "The service's certificate has expired or is not valid yet. Check this computer's date and \
                 time; if they are right, tell the service's administrators.",
            de: "Das Zertifikat des Dienstes ist abgelaufen oder noch nicht gültig. Prüfen Sie Datum und \
                 Uhrzeit dieses Computers; wenn sie stimmen, informieren Sie die Betreiber des Dienstes.",
        },
        CertificateName {
            en: "The service's certificate is for another name than the base address. Check the base address \
                 (the name must be the service's own), or tell the service's administrators.",
            de: "Das Zertifikat des Dienstes gilt für einen anderen Namen als die Basisadresse. Prüfen Sie \
                 die Basisadresse (der Name muss der des Dienstes sein), oder informieren Sie die Betreiber \
                 des Dienstes.",
        },
        // Added to a failed connection in System mode on a computer whose proxy comes from a PAC
        // script or WPAD, which petstore cannot run.
        AutoConfigAt {
            en: " This computer uses automatic proxy configuration (a PAC script at {url}), which petstore \
                 cannot read: ask IT for the proxy's address and use --proxy URL, the settings file's \
                 \"proxy\" (mode \"manual\"), or HTTPS_PROXY.",
            de: " Dieser Computer verwendet eine automatische Proxy-Konfiguration (ein PAC-Skript unter \
                 {url}), die petstore nicht lesen kann: Fragen Sie die IT nach der Adresse des Proxys und \
                 verwenden Sie --proxy URL, \"proxy\" in der Einstellungsdatei (Modus \"manual\") oder \
                 HTTPS_PROXY.",
        },
        AutoConfigDiscovered {
            en: " This computer uses automatic proxy configuration (WPAD auto-discovery), which petstore \
                 cannot read: ask IT for the proxy's address and use --proxy URL, the settings file's \
                 \"proxy\" (mode \"manual\"), or HTTPS_PROXY.",
            de: " Dieser Computer verwendet eine automatische Proxy-Konfiguration (WPAD-Erkennung im \
                 Netzwerk), die petstore nicht lesen kann: Fragen Sie die IT nach der Adresse des Proxys \
                 und verwenden Sie --proxy URL, \"proxy\" in der Einstellungsdatei (Modus \"manual\") \
                 oder HTTPS_PROXY.",
        },
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
