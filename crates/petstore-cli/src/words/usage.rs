//! `--help`: what the command, each subcommand and each option is for (`crate::usage` puts
//! them in place). The exit codes' table is the README's too.

use super::catalog;

catalog! {
    /// The words of `--help`.
    pub enum UsageMsg {
        About {
            en: "Manage the Pet Store catalog from a terminal or a script.",
            de: "Den Katalog des Pet Store vom Terminal oder aus einem Skript verwalten.",
        },
        Env {
            en: "Which service to talk to [default: the settings file's environment, else sandbox]",
            de: "Mit welchem Dienst gearbeitet wird [Standard: die Umgebung der Einstellungsdatei, sonst sandbox]",
        },
        BaseUrl {
            en: "Base address of the service, ending in /v1 (overrides the settings)",
            de: "Basisadresse des Dienstes, endet auf /v1 (hat Vorrang vor den Einstellungen)",
        },
        Json {
            en: "Print the API's JSON on stdout instead of tables and sentences",
            de: "Das JSON der API auf stdout ausgeben statt Tabellen und Sätzen",
        },
        Timeout {
            en: "Give up after this many seconds (0.001 to 86400, i.e. 24 hours), retries and rate-limit waits included",
            de: "Nach so vielen Sekunden aufgeben (0.001 bis 86400, also 24 Stunden), Wiederholungen und Wartezeiten eingeschlossen",
        },
        TrustUrl {
            en: "Send the key stored for --env to a --base-url on another server than that environment's own address (refused without this flag, so a stored key never goes somewhere by mistake)",
            de: "Den für --env gespeicherten Schlüssel an eine --base-url auf einem anderen Server als der eigenen Adresse dieser Umgebung senden (ohne diese Option abgelehnt, damit ein gespeicherter Schlüssel nie versehentlich woandershin geht)",
        },
        Proxy {
            en: "Go through this proxy for this run (http:// or https://, no password: the proxy's user is the settings file's, its password `petstore proxy password`'s)",
            de: "Für diesen Lauf über diesen Proxy gehen (http:// oder https://, ohne Passwort: Der Proxy-Benutzer kommt aus der Einstellungsdatei, sein Passwort aus `petstore proxy password`)",
        },
        NoProxy {
            en: "Reach the service directly for this run, ignoring HTTPS_PROXY and the proxy settings",
            de: "Den Dienst in diesem Lauf direkt erreichen, ohne HTTPS_PROXY und die Proxy-Einstellungen",
        },
        CaFile {
            en: "Trust this company certificate authority (a PEM file) beside the system's, for this run (repeatable; the settings file's \"caFiles\" are trusted too)",
            de: "Dieser Zertifizierungsstelle der Firma (eine PEM-Datei) neben denen des Systems in diesem Lauf vertrauen (mehrfach möglich; auch \"caFiles\" der Einstellungsdatei gelten)",
        },
        Verbose {
            en: "Log what happens to stderr: -v for the main steps, -vv for details (never the API key)",
            de: "Protokoll auf stderr: -v für die Hauptschritte, -vv für Einzelheiten (nie der API-Schlüssel)",
        },
        List {
            en: "List pets, optionally filtered by status, or look for pets by name",
            de: "Haustiere auflisten, wahlweise nach Status gefiltert, oder Haustiere nach Namen suchen",
        },
        Add {
            en: "Add a pet",
            de: "Ein Haustier hinzufügen",
        },
        Get {
            en: "Show one pet by id (deprecated: use `list --status`)",
            de: "Ein Haustier nach ID zeigen (veraltet: verwenden Sie `list --status`)",
        },
        Quota {
            en: "Show the rate-limit quota: limit, remaining and when it resets, or a remembered wait",
            de: "Das Kontingent zeigen: Limit, Rest und wann es sich erneuert, oder eine gemerkte Wartezeit",
        },
        Import {
            en: "Create pets from a CSV file (name, categoryId, status), paced by the quota, resumable, never creating a row twice",
            de: "Haustiere aus einer CSV-Datei anlegen (name, categoryId, status), im Takt des Kontingents, fortsetzbar, nie eine Zeile doppelt",
        },
        Export {
            en: "Write every pet (all pages) as CSV or JSON",
            de: "Alle Haustiere (alle Seiten) als CSV oder JSON schreiben",
        },
        Log {
            en: "Show the requests this computer sent (the app's and this command's), newest first",
            de: "Die Anfragen dieses Computers zeigen (die der App und dieses Befehls), neueste zuerst",
        },
        Key {
            en: "Store, clear or check the API key in the OS keychain",
            de: "Den API-Schlüssel im Schlüsselbund des Systems speichern, löschen oder prüfen",
        },
        Store {
            en: "Share one record of created pets with other desks through a PostgreSQL database: connect (the password goes to the OS keychain), show whether this desk is sharing, or disconnect",
            de: "Eine gemeinsame Liste angelegter Haustiere mit anderen Arbeitsplätzen über eine PostgreSQL-Datenbank nutzen: verbinden (das Passwort kommt in den Schlüsselbund des Systems), zeigen, ob dieser Arbeitsplatz sie nutzt, oder trennen",
        },
        StoreConnect {
            en: "Connect this desk to the shared store at postgres://USER@HOST:PORT/DB: the password is asked for without echo (or read from standard input), the connection proven, then the address saved and the password kept in the keychain. TLS is required unless the host is this computer; --ca-file names a company certificate authority",
            de: "Diesen Arbeitsplatz mit dem gemeinsamen Speicher unter postgres://BENUTZER@HOST:PORT/DB verbinden: Das Passwort wird ohne Anzeige abgefragt (oder von der Standardeingabe gelesen), die Verbindung geprüft, dann die Adresse gespeichert und das Passwort im Schlüsselbund abgelegt. TLS ist Pflicht, außer der Host ist dieser Computer; --ca-file nennt eine Zertifizierungsstelle der Firma",
        },
        StoreStatus {
            en: "Connect and say what was proven; exits 0 only when this desk is sharing",
            de: "Verbinden und sagen, was geprüft wurde; endet nur mit 0, wenn dieser Arbeitsplatz den Speicher nutzt",
        },
        StoreDisconnect {
            en: "Stop sharing: remove the shared store from your settings and its password from the keychain",
            de: "Die gemeinsame Nutzung beenden: den gemeinsamen Speicher aus Ihren Einstellungen und sein Passwort aus dem Schlüsselbund entfernen",
        },
        StoreUrl {
            en: "The shared store's address, postgres://USER@HOST:PORT/DB (never with the password)",
            de: "Die Adresse des gemeinsamen Speichers, postgres://BENUTZER@HOST:PORT/DB (nie mit dem Passwort)",
        },
        Unchecked {
            en: "When a shared store is set up and cannot be reached: import anyway, checking only this desk's own record of created pets (without it: asked at a terminal, refused otherwise)",
            de: "Wenn ein gemeinsamer Speicher eingerichtet und nicht erreichbar ist: trotzdem importieren und nur die eigene Liste dieses Arbeitsplatzes prüfen (ohne diese Option: am Terminal gefragt, sonst abgelehnt)",
        },
        StoreDesk {
            en: "How other desks see this one (\"already added by DESK\") [default: this computer's name]",
            de: "Wie andere Arbeitsplätze diesen sehen („schon von DESK angelegt“) [Standard: der Name dieses Computers]",
        },
        ProxyCommand {
            en: "Store or clear the proxy's password in the OS keychain (its address and user are in the settings file's \"proxy\")",
            de: "Das Passwort des Proxys im Schlüsselbund des Systems speichern oder löschen (Adresse und Benutzer stehen unter \"proxy\" in der Einstellungsdatei)",
        },
        ProxyPassword {
            en: "Store the proxy's password, typed (not shown) or piped in (one line)",
            de: "Das Passwort des Proxys speichern, eingegeben (nicht angezeigt) oder per Pipe (eine Zeile)",
        },
        ProxyClearPassword {
            en: "Remove the stored proxy password",
            de: "Das gespeicherte Passwort des Proxys entfernen",
        },
        Queue {
            en: "When the pet cannot be sent now (no connection, the service unreachable, the quota spent or a wait running), put it in this environment's outbox instead (exit 15): `petstore outbox send` or the app sends it later. An unknown outcome is never queued (exit 8)",
            de: "Wenn das Haustier jetzt nicht gesendet werden kann (keine Verbindung, der Dienst nicht erreichbar, das Kontingent aufgebraucht oder eine Wartezeit läuft), es stattdessen in den Postausgang dieser Umgebung legen (Exit-Code 15): `petstore outbox send` oder die App sendet es später. Ein unbekanntes Ergebnis kommt nie in den Postausgang (Exit-Code 8)",
        },
        Outbox {
            en: "List the pets waiting in this environment's outbox (with --json an array of entries), or send or drop them",
            de: "Die im Postausgang dieser Umgebung wartenden Haustiere auflisten (mit --json ein Array der Einträge), oder sie senden oder entfernen",
        },
        OutboxSend {
            en: "Send what can be sent now, in order, each once, at background priority, for at most 120 s (or --timeout); exit 0 when the outbox is empty, 16 when entries still wait, 17 when some need a person. A scheduled task can run it (cron: */15 * * * * petstore --env production outbox send)",
            de: "Senden, was jetzt gesendet werden kann, der Reihe nach, jedes einmal, mit Hintergrund-Priorität, höchstens 120 s lang (oder --timeout); Exit-Code 0, wenn der Postausgang leer ist, 16, wenn Einträge noch warten, 17, wenn einige einen Menschen brauchen. Eine geplante Aufgabe kann es ausführen (cron: */15 * * * * petstore --env production outbox send)",
        },
        OutboxDrop {
            en: "Remove one entry from the outbox: it will not be sent",
            de: "Einen Eintrag aus dem Postausgang entfernen: Er wird nicht gesendet",
        },
        OutboxSendAnyway {
            en: "Let the next `outbox send` send an unconfirmed entry again, though it may already have been added (a pet can't be deleted: this may make a duplicate)",
            de: "Einen unbestätigten Eintrag beim nächsten `outbox send` erneut senden lassen, obwohl er vielleicht schon hinzugefügt wurde (ein Haustier lässt sich nicht löschen: Dies kann ein Duplikat ergeben)",
        },
        OutboxId {
            en: "The entry's id, as `petstore outbox` shows it",
            de: "Die ID des Eintrags, wie `petstore outbox` sie zeigt",
        },
        KeySet {
            en: "Store the API key, typed (not shown) or piped in (one line)",
            de: "Den API-Schlüssel speichern, eingegeben (nicht angezeigt) oder per Pipe (eine Zeile)",
        },
        KeyClear {
            en: "Remove the stored API key",
            de: "Den gespeicherten API-Schlüssel entfernen",
        },
        KeyStatus {
            en: "Tell whether an API key is stored (shows at most its last 4 characters)",
            de: "Sagen, ob ein API-Schlüssel gespeichert ist (zeigt höchstens seine letzten 4 Zeichen)",
        },
        Status {
            en: "Only pets with this status",
            de: "Nur Haustiere mit diesem Status",
        },
        ListLimit {
            en: "How many pets to show, 1 to 100 [default: 20]; with --name-contains, how many each page read asks for [default: 100]",
            de: "Wie viele Haustiere angezeigt werden, 1 bis 100 [Standard: 20]; mit --name-contains, wie viele jede gelesene Seite anfragt [Standard: 100]",
        },
        NameContains {
            en: "Show only the pets whose name contains TEXT (any case, 1 to 1000 characters), reading every page (each status's list too when the service cannot page the whole list). With --json, stdout stays the array of matching pets. Exit 14 (and a sentence on stderr) when not every pet could be looked at: the matches shown are among the pets seen",
            de: "Nur die Haustiere zeigen, deren Name TEXT enthält (Groß- und Kleinschreibung egal, 1 bis 1000 Zeichen), und dafür jede Seite lesen (auch die Liste jedes Status, wenn der Dienst die ganze Liste nicht blättern kann). Mit --json bleibt stdout das Array der passenden Haustiere. Exit-Code 14 (und ein Satz auf stderr), wenn nicht alle Haustiere durchgesehen werden konnten: Die gezeigten Treffer sind die unter den gesehenen",
        },
        Name {
            en: "The pet's name",
            de: "Der Name des Haustiers",
        },
        Category {
            en: "Identifier of the pet's category (a whole number from 1 to 9,223,372,036,854,775,807)",
            de: "Kennung der Kategorie des Haustiers (eine ganze Zahl von 1 bis 9,223,372,036,854,775,807)",
        },
        AddStatus {
            en: "Availability status (the server decides when omitted)",
            de: "Verfügbarkeit (ohne Angabe entscheidet der Server)",
        },
        PetId {
            en: "The pet's id (a whole number, int64)",
            de: "Die ID des Haustiers (eine ganze Zahl, int64)",
        },
        Forget {
            en: "Clear the rate-limit wait remembered for this address and key (sends nothing)",
            de: "Die für diese Adresse und diesen Schlüssel gemerkte Wartezeit löschen (sendet nichts)",
        },
        History {
            en: "Show the quota over time from this computer's history, per window: requests sent, 429s, lowest remaining (sends nothing)",
            de: "Das Kontingent im Zeitverlauf aus dem Verlauf dieses Computers zeigen, je Zeitraum: gesendete Anfragen, 429er, niedrigster Rest (sendet nichts)",
        },
        QuotaSince {
            en: "With --history: from this long ago (30m, 1h, 7d) or this date (2026-11-20) [default: 1d]",
            de: "Mit --history: ab so lange her (30m, 1h, 7d) oder ab diesem Datum (2026-11-20) [Standard: 1d]",
        },
        File {
            en: "The CSV file: a header row with name, categoryId (or category_id, category) and optionally status, in any order; comma or semicolon separated",
            de: "Die CSV-Datei: eine Kopfzeile mit name, categoryId (oder category_id, category) und wahlweise status, in beliebiger Reihenfolge; durch Komma oder Semikolon getrennt",
        },
        DryRun {
            en: "Check the file and show what would be created, and how long it would take; send nothing",
            de: "Die Datei prüfen und zeigen, was angelegt würde und wie lange es dauerte; nichts senden",
        },
        Report {
            en: "Also write every row with its outcome and created id to this CSV file (an existing one is kept as OUT.csv.bak)",
            de: "Zusätzlich jede Zeile mit Ergebnis und angelegter ID in diese CSV-Datei schreiben (eine vorhandene wird als OUT.csv.bak aufbewahrt)",
        },
        Yes {
            en: "Answer yes to the confirmation (importing into production); never to resending",
            de: "Die Rückfrage (Import in die Produktion) mit Ja beantworten; nie das erneute Senden",
        },
        ResendUnknown {
            en: "Send again the rows whose outcome stayed unknown and that were not found in the pet list (they may exist twice if the service stored them without being able to show them)",
            de: "Die Zeilen erneut senden, deren Ergebnis unbekannt blieb und die in der Haustierliste nicht gefunden wurden (sie können doppelt entstehen, wenn der Dienst sie gespeichert hat, ohne sie zeigen zu können)",
        },
        AllowRepeat {
            en: "Add the pet even though this computer already added it (or may have added it) to this environment, by the app, an import or `petstore add`; without it the command names the earlier add and sends nothing (exit 13). A pet can't be deleted: this may make a duplicate",
            de: "Das Haustier hinzufügen, obwohl dieser Computer es schon in diese Umgebung hinzugefügt hat (oder vielleicht hinzugefügt hat), durch die App, einen Import oder `petstore add`; ohne diese Option nennt der Befehl das frühere Hinzufügen und sendet nichts (Exit-Code 13). Ein Haustier lässt sich nicht löschen: Dies kann ein Duplikat ergeben",
        },
        AllowRepeats {
            en: "Also create the rows that repeat a pet already added from this computer to this environment (by any import, the app or `petstore add`), or an earlier row of the file; without it they are skipped and listed. --yes never implies it",
            de: "Auch die Zeilen anlegen, die ein schon von diesem Computer in diese Umgebung hinzugefügtes Haustier (durch einen Import, die App oder `petstore add`) oder eine frühere Zeile der Datei wiederholen; ohne diese Option werden sie übersprungen und aufgeführt. --yes schließt sie nie ein",
        },
        Format {
            en: "csv (default; --json makes it json) or json",
            de: "csv (Standard; mit --json json) oder json",
        },
        Output {
            en: "Write to this file instead of stdout (written whole or not at all)",
            de: "In diese Datei statt auf stdout schreiben (ganz oder gar nicht)",
        },
        Force {
            en: "Replace an existing FILE (the old one is kept as FILE.bak)",
            de: "Eine vorhandene FILE ersetzen (die alte wird als FILE.bak aufbewahrt)",
        },
        CategoryNames {
            en: "Add each pet's category name from this computer's list for the environment (the app's Settings → Categories): a categoryName column (CSV) or field (JSON), empty where unnamed",
            de: "Zu jedem Haustier den Kategorienamen aus der Liste dieses Computers für die Umgebung hinzufügen (Einstellungen → Kategorien der App): eine Spalte (CSV) oder ein Feld (JSON) categoryName, leer ohne Namen",
        },
        LogSince {
            en: "From this long ago (30m, 1h, 7d) or this date (2026-11-20, your local time)",
            de: "Ab so lange her (30m, 1h, 7d) oder ab diesem Datum (2026-11-20, Ihre Ortszeit)",
        },
        Outcome {
            en: "Only requests that ended this way",
            de: "Nur Anfragen, die so endeten",
        },
        LogLimit {
            en: "How many entries at most, newest first (1 to 10000)",
            de: "Wie viele Einträge höchstens, neueste zuerst (1 bis 10000) [Standard: 50]",
        },
        PrintHelp {
            en: "Print help",
            de: "Hilfe anzeigen",
        },
        PrintVersion {
            en: "Print version",
            de: "Version anzeigen",
        },
        HelpCommand {
            en: "Print this message or the help of the given subcommand(s)",
            de: "Diese Hilfe oder die des genannten Befehls anzeigen",
        },
        HelpCommandArgument {
            en: "The command whose help to show",
            de: "Der Befehl, dessen Hilfe angezeigt wird",
        },
        UsageHeading {
            en: "Usage:",
            de: "Aufruf:",
        },
        OptionsHeading {
            en: "Options",
            de: "Optionen",
        },
        CommandsHeading {
            en: "Commands",
            de: "Befehle",
        },
        ArgumentsHeading {
            en: "Arguments",
            de: "Argumente",
        },
        ExitCodes {
            en: "Exit codes:
  0  success
  1  internal error (a bug: please report it), also when petstore stops on a bug
     it cannot go on from (a crash: the message says so)
  2  usage or input refused (bad option, invalid value, a stored key for another
     server without --trust-url, server answered 400)
  3  authentication (no API key, or the server refused it: 401)
  4  not found (404) or gone (410); `outbox drop` or `send-anyway`: no such entry
  5  rate limited (the message says when to try again); also `quota --forget`
     refused: the service's own wait runs, or the wait was cleared less than a
     minute ago
  6  server or response error (5xx, an unexpected or unreadable answer)
  7  network error or timeout
  8  outcome unknown: a create may or may not have happened;
     check with `petstore list` before retrying
  9  configuration or keychain problem
  10  import: some valid rows were not created (refused, or not sent: cancelled
      or stopped); run the same import again to send the rest
  11  proxy or certificate problem: a setting must change (--proxy, --no-proxy,
      --ca-file, `petstore proxy password`); trying again as is will not help
  12  export: the file was written but may be incomplete: the service answered a
      full page and offers no way to fetch the rest (not even by status)
  13  add: this computer already added this pet (or may have added it) to this
      environment; nothing was sent (--allow-repeat adds it again)
  14  list --name-contains: not every pet could be looked at (a full page with no
      way to the next page, even by status; or more than 10,000 matches): the
      pets shown are the matches among those seen, and there may be more
  15  add --queue: not sent now (no connection, the quota spent, a wait, or earlier
      pets wait in the outbox): the pet waits in the outbox, and `petstore outbox
      send` (or the app) sends it
  16  outbox send: entries still wait (they cannot be sent now, another program is
      sending the outbox, or the service kept failing); run it again later
  17  outbox send: entries need a person: refused by the service (400) or of
      unconfirmed outcome (`petstore outbox` shows them with why)
  18  store: no shared store is set up on this desk, or no password for it is
      stored here (`petstore store connect`)
  19  store: the shared store could not be reached
  20  store: PostgreSQL refused the shared store's user (wrong password, or not
      allowed from this computer); `store connect` saved nothing
  21  store: the shared store's schema is newer than this program; update it
  22  import: the shared store cannot be reached, so other desks' rows could not be
      checked; nothing was sent (--unchecked imports anyway)
  130  Ctrl+C at the prompt of `key set`, `proxy password` or `store connect`:
       nothing was stored

`import` exits 0 only when every valid row of the file is created (now or by an
earlier run; invalid rows are reported, not sent) or skipped as a repeat of a pet
already added from this computer (listed; --allow-repeats creates them). Rows whose
outcome stayed unknown: exit 8 (those not found in the pet list can be resent with
--resend-unknown; those that could not be checked, because the service offers no
way to list every pet, never are). A stop that every row would meet (key refused,
quota used up beyond the wait, no network) exits with that failure's code (3, 5,
7), and so does an import stopped because 5 rows in a row got no usable answer (6
or 7; run it again later to resume).

The API key comes from PETSTORE_API_KEY, else the OS keychain (`petstore key set`);
the sandbox falls back to its demo key. A stored key goes only to its environment's own
address: --base-url without --env sends none (unless it is exactly an environment's
address; on loopback the public demo key goes instead), and --env ENV --base-url on
another server needs --trust-url. PETSTORE_API_KEY goes wherever --base-url says.",
            de: "Exit-Codes:
  0  Erfolg
  1  interner Fehler (ein Programmfehler: bitte melden), auch wenn petstore wegen eines
     Programmfehlers abbricht (die Meldung sagt es)
  2  Aufruf oder Eingabe abgelehnt (falsche Option, ungültiger Wert, ein gespeicherter
     Schlüssel für einen anderen Server ohne --trust-url, Server antwortete 400)
  3  Anmeldung (kein API-Schlüssel, oder der Server lehnte ihn ab: 401)
  4  nicht gefunden (404) oder entfernt (410); `outbox drop` oder `send-anyway`: kein solcher Eintrag
  5  gedrosselt (die Meldung nennt, wann es wieder geht); auch `quota --forget`
     abgelehnt: die Wartezeit des Dienstes läuft, oder sie wurde vor weniger als
     einer Minute gelöscht
  6  Fehler des Servers oder der Antwort (5xx, eine unerwartete oder unlesbare Antwort)
  7  Netzwerkfehler oder Zeitüberschreitung
  8  Ergebnis unbekannt: ein Anlegen ist vielleicht geschehen, vielleicht nicht;
     prüfen Sie mit `petstore list`, bevor Sie es erneut versuchen
  9  Konfigurations- oder Schlüsselbundproblem
  10  Import: einige gültige Zeilen wurden nicht angelegt (abgelehnt, oder nicht gesendet:
      abgebrochen oder angehalten); derselbe Import sendet den Rest
  11  Proxy- oder Zertifikatsproblem: eine Einstellung muss sich ändern (--proxy, --no-proxy,
      --ca-file, `petstore proxy password`); ein erneuter Versuch allein hilft nicht
  12  Export: die Datei wurde geschrieben, ist aber vielleicht unvollständig: Der Dienst
      antwortete mit einer vollen Seite und bietet keinen Weg zum Rest (auch nicht nach Status)
  13  add: dieser Computer hat dieses Haustier schon (oder vielleicht schon) in diese Umgebung
      hinzugefügt; nichts wurde gesendet (--allow-repeat fügt es erneut hinzu)
  14  list --name-contains: nicht alle Haustiere konnten durchgesehen werden (eine volle Seite
      ohne Weg zur nächsten Seite, auch nach Status; oder mehr als 10.000 Treffer): Die
      gezeigten Haustiere sind die Treffer unter den gesehenen, es gibt vielleicht weitere
  15  add --queue: jetzt nicht gesendet (keine Verbindung, Kontingent aufgebraucht, eine
      Wartezeit, oder frühere Tiere warten im Postausgang): Das Haustier wartet im Postausgang, `petstore outbox send` (oder die App)
      sendet es
  16  outbox send: Einträge warten noch (jetzt nicht sendbar, ein anderes Programm sendet
      den Postausgang, oder der Dienst versagte wiederholt); später erneut ausführen
  17  outbox send: Einträge brauchen einen Menschen: vom Dienst abgelehnt (400) oder mit
      unbestätigtem Ergebnis (`petstore outbox` zeigt sie mit Grund)
  18  store: auf diesem Arbeitsplatz ist kein gemeinsamer Speicher eingerichtet, oder
      hier ist kein Passwort dafür gespeichert (`petstore store connect`)
  19  store: der gemeinsame Speicher war nicht erreichbar
  20  store: PostgreSQL lehnte den Benutzer des gemeinsamen Speichers ab (falsches
      Passwort, oder von diesem Computer nicht erlaubt); `store connect` speicherte nichts
  21  store: das Schema des gemeinsamen Speichers ist neuer als dieses Programm; aktualisieren
  22  import: der gemeinsame Speicher ist nicht erreichbar, die Zeilen anderer Arbeitsplätze
      konnten nicht geprüft werden; nichts wurde gesendet (--unchecked importiert trotzdem)
  130  Strg+C bei der Eingabe von `key set`, `proxy password` oder `store connect`:
       nichts wurde gespeichert

`import` endet nur mit 0, wenn jede gültige Zeile der Datei angelegt ist (jetzt oder von
einem früheren Lauf; ungültige Zeilen werden gemeldet, nicht gesendet) oder als
Wiederholung eines schon von diesem Computer hinzugefügten Haustiers übersprungen wurde
(aufgeführt; --allow-repeats legt sie an). Zeilen mit unbekanntem Ergebnis: Exit-Code 8
(die in der Haustierliste nicht gefundenen lassen sich mit --resend-unknown erneut senden;
die nicht prüfbaren, weil der Dienst keinen Weg bietet, alle Haustiere zu listen, nie). Ein
Halt, den jede Zeile träfe (Schlüssel abgelehnt, Kontingent über die Wartezeit hinaus
aufgebraucht, kein Netzwerk), endet mit dem Code dieses Fehlers (3, 5, 7), ebenso ein Import,
der anhielt, weil 5 Zeilen hintereinander keine verwertbare Antwort bekamen (6 oder 7; später
erneut ausführen, um fortzusetzen).

Der API-Schlüssel kommt aus PETSTORE_API_KEY, sonst aus dem Schlüsselbund des Systems
(`petstore key set`); die Sandbox nimmt ersatzweise ihren Demo-Schlüssel. Ein gespeicherter
Schlüssel geht nur an die eigene Adresse seiner Umgebung: --base-url ohne --env sendet keinen
(außer es ist genau die Adresse einer Umgebung; auf Loopback geht der öffentliche
Demo-Schlüssel), und --env ENV --base-url auf einem anderen Server braucht --trust-url.
PETSTORE_API_KEY geht dorthin, wohin --base-url zeigt.",
        },
    }
}
