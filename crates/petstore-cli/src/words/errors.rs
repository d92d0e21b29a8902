//! Why a command stopped: the CLI's own failures and the operating system's reasons for files and
//! streams, worded from their types and fields (`crate::explain` picks the message); the client's
//! errors have their own catalogs (`service`, `network`, `setup`). `{detail}` is text from outside
//! (the operating system's, a parser's), shown as it came.

use super::catalog;

catalog! {
    /// The words of failures, on stderr.
    pub enum ErrMsg {
        Details { en: " Details: {detail}", de: " Details: {detail}" },
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
        AlreadyAdded {
            en: "{name} was not sent to {url}: it was {when}. A pet can't be deleted, so adding it \
                 again makes a second one; if that is what you want, run the same command with \
                 --allow-repeat.",
            de: "{name} wurde nicht an {url} gesendet: {when}. Ein Haustier lässt sich nicht löschen, \
                 erneutes Hinzufügen legt also ein zweites an; wenn Sie das wollen, führen Sie denselben \
                 Befehl mit --allow-repeat aus.",
        },
        SearchIncomplete {
            en: "Not every pet could be looked at: the service answered a full page and offers no way to \
                 the next page, not even when listed by status. {seen} pets were looked at and {matched} \
                 of them have “{text}” in their name; pets the service did not show may have it too.",
            de: "Nicht alle Haustiere konnten durchgesehen werden: Der Dienst antwortete mit einer vollen \
                 Seite und bietet keinen Weg zur nächsten Seite, auch nicht nach Status. {seen} Haustiere \
                 wurden durchgesehen, {matched} davon haben „{text}“ im Namen; Haustiere, die der Dienst \
                 nicht zeigte, haben es vielleicht auch.",
        },
        SearchIncompleteOfStatus {
            en: "Not every {status} pet could be looked at: the service answered a full page and offers \
                 no way to the next page. {seen} pets were looked at and {matched} of them have “{text}” \
                 in their name; pets the service did not show may have it too. Without --status, the \
                 search also reads the whole list.",
            de: "Nicht alle Haustiere mit Status {status} konnten durchgesehen werden: Der Dienst antwortete \
                 mit einer vollen Seite und bietet keinen Weg zur nächsten Seite. {seen} Haustiere wurden \
                 durchgesehen, {matched} davon haben „{text}“ im Namen; Haustiere, die der Dienst nicht \
                 zeigte, haben es vielleicht auch. Ohne --status liest die Suche auch die ganze Liste.",
        },
        EmptyNameContains {
            en: "The text to look for (--name-contains) is empty: give at least one character of the name.",
            de: "Der gesuchte Text (--name-contains) ist leer: Geben Sie mindestens ein Zeichen des Namens an.",
        },
        LongNameContains {
            en: "The text to look for (--name-contains) is {chars} characters long, and a pet's name is at \
                 most {max}: give at most {max} characters.",
            de: "Der gesuchte Text (--name-contains) ist {chars} Zeichen lang, ein Name eines Haustiers \
                 höchstens {max}: Geben Sie höchstens {max} Zeichen an.",
        },
        TooManyMatches {
            en: "More than {max} pets have “{text}” in their name; the search stopped at the first {max} \
                 (shown). Look for a longer part of the name, or add --status.",
            de: "Mehr als {max} Haustiere haben „{text}“ im Namen; die Suche hielt bei den ersten {max} an \
                 (gezeigt). Suchen Sie nach einem längeren Teil des Namens, oder geben Sie --status an.",
        },
        BeingAddedElsewhere {
            en: "{name} was not sent to {url}: it {when}.",
            de: "{name} wurde nicht an {url} gesendet: Es {when}.",
        },
        MayHaveBeenAdded {
            en: "{name} was not sent to {url}: it {when}. Check with `petstore list` first: adding it \
                 again may make a duplicate, and a pet can't be deleted. To add it anyway, run the same \
                 command with --allow-repeat.",
            de: "{name} wurde nicht an {url} gesendet: {when}. Prüfen Sie zuerst mit `petstore list`: \
                 Erneutes Hinzufügen kann ein Duplikat ergeben, und ein Haustier lässt sich nicht löschen. \
                 Um es trotzdem hinzuzufügen, führen Sie denselben Befehl mit --allow-repeat aus.",
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
    }
}
