//! Tables, notices and answers of the commands (not errors, not import/export).

use super::catalog;

catalog! {
    /// The words of the commands' ordinary output.
    pub enum Msg {
        ColumnId { en: "ID", de: "ID" },
        ColumnName { en: "NAME", de: "NAME" },
        ColumnCategory { en: "CATEGORY", de: "KATEGORIE" },
        ColumnStatus { en: "STATUS", de: "STATUS" },
        NoPets { en: "No pets found.", de: "Keine Haustiere gefunden." },
        MoreBigger {
            en: "More pets: run with `petstore list{status} --limit {limit}` to see more.",
            de: "Weitere Haustiere: Führen Sie `petstore list{status} --limit {limit}` aus, um mehr zu sehen.",
        },
        MayHaveMoreBigger {
            en: "There may be more pets: the service answered a full page of {n} and offers no way to the next page. \
                 Run `petstore list{status} --limit {limit}` to see more.",
            de: "Es gibt vielleicht weitere Haustiere: Der Dienst antwortete mit einer vollen Seite von {n} und \
                 bietet keinen Weg zur nächsten Seite. Führen Sie `petstore list{status} --limit {limit}` aus, um mehr \
                 zu sehen.",
        },
        MayHaveMoreNarrow {
            en: "There may be more pets: the service answered a full page of {n} and offers no way to fetch the \
                 rest; narrow the list with --status.",
            de: "Es gibt vielleicht weitere Haustiere: Der Dienst antwortete mit einer vollen Seite von {n} und \
                 bietet keinen Weg, den Rest zu holen; grenzen Sie die Liste mit --status ein.",
        },
        MayHaveMoreOfStatus {
            en: "There may be more pets: the service answered a full page of {n} and offers no way to fetch the \
                 rest of this status.",
            de: "Es gibt vielleicht weitere Haustiere: Der Dienst antwortete mit einer vollen Seite von {n} und \
                 bietet keinen Weg, den Rest dieses Status zu holen.",
        },
        MoreNarrow {
            en: "More pets: the list holds more than 100; narrow it with --status.",
            de: "Weitere Haustiere: Die Liste umfasst mehr als 100; grenzen Sie sie mit --status ein.",
        },
        SearchNone {
            en: "No pet's name contains “{text}”: all {seen} pets were looked at.",
            de: "Kein Haustier hat „{text}“ im Namen: Alle {seen} Haustiere wurden durchgesehen.",
        },
        SearchNoneOfStatus {
            en: "No {status} pet's name contains “{text}”: all {seen} {status} pets were looked at.",
            de: "Kein Haustier mit Status {status} hat „{text}“ im Namen: Alle {seen} wurden durchgesehen.",
        },
        SearchNoneAmong {
            en: "None of the {seen} pets looked at has “{text}” in its name.",
            de: "Keines der {seen} durchgesehenen Haustiere hat „{text}“ im Namen.",
        },
        SearchCutShort {
            en: "The search stopped after looking at {seen} pets, {matched} of which match (shown); \
                 the rest was not looked at.",
            de: "Die Suche hielt an, nachdem {seen} Haustiere durchgesehen waren, von denen {matched} \
                 passen (gezeigt); der Rest wurde nicht durchgesehen.",
        },
        SearchCutShortAfterOne {
            en: "The search stopped after looking at 1 pet ({matched} matching, shown); the rest \
                 was not looked at.",
            de: "Die Suche hielt an, nachdem 1 Haustier durchgesehen war ({matched} passend, \
                 gezeigt); der Rest wurde nicht durchgesehen.",
        },
        Added { en: "Added pet {id} ({name}).", de: "Haustier {id} ({name}) hinzugefügt." },
        GetDeprecated {
            en: "Warning: `petstore get` uses a deprecated service endpoint that will be removed on \
                 {date}. Use `petstore list --status available|pending|sold` instead.",
            de: "Warnung: `petstore get` nutzt einen veralteten Endpunkt des Dienstes, der am {date} \
                 entfernt wird. Verwenden Sie stattdessen `petstore list --status available|pending|sold`.",
        },
        NewRemovalDate {
            en: "The service now gives {date} as its removal date.",
            de: "Der Dienst nennt jetzt den {date} als Datum der Entfernung.",
        },
        QuotaText {
            en: "Limit:      {limit} requests ({window}{plan})\nRemaining:  {remaining}\nResets:     {reset}\n",
            de: "Limit:       {limit} Anfragen ({window}{plan})\nVerbleibend: {remaining}\nErneuerung:  {reset}\n",
        },
        PerMinute { en: "per minute", de: "pro Minute" },
        PerDay { en: "per day", de: "pro Tag" },
        WindowUnknown { en: "window unknown", de: "Zeitraum unbekannt" },
        Plan { en: ", {plan} plan", de: ", {plan}-Tarif" },
        Unknown { en: "unknown", de: "unbekannt" },
        Now { en: "now", de: "jetzt" },
        InSeconds { en: "in {n} s", de: "in {n} s" },
        InMinutes { en: "in {n} min", de: "in {n} Min." },
        InHours { en: "in {n} h", de: "in {n} Std." },
        LocalTime { en: "{time} local time ({distance})", de: "{time} Ortszeit ({distance})" },
        OnDate { en: " on {date}", de: " am {date}" },
        Date { en: "{day} {month} {year}", de: "{day}. {month} {year}" },
        Months {
            en: "January,February,March,April,May,June,July,August,September,October,November,December",
            de: "Januar,Februar,März,April,Mai,Juni,Juli,August,September,Oktober,November,Dezember",
        },
        QuotaRemembered {
            en: "Rate limited until {until}, remembered from an earlier answer of the service (a 429 or \
                 a used-up quota). Nothing was sent.\nIf that wait is wrong, clear it with \
                 `petstore quota --forget`.\n",
            de: "Bis {until} gedrosselt, gemerkt aus einer früheren Antwort des Dienstes (ein 429 oder \
                 ein aufgebrauchtes Kontingent). Es wurde nichts gesendet.\nWenn diese Wartezeit falsch \
                 ist, löschen Sie sie mit `petstore quota --forget`.\n",
        },
        QuotaNoInformation {
            en: "The service sent no rate-limit information.\n",
            de: "Der Dienst hat keine Angaben zum Kontingent gesendet.\n",
        },
        QuotaWaitFromNow {
            en: "Rate limited until {until}: nothing is sent with this key to this address before then.\n",
            de: "Bis {until} gedrosselt: Bis dahin wird mit diesem Schlüssel nichts an diese Adresse gesendet.\n",
        },
        ForgetCleared {
            en: "Cleared the rate-limit wait remembered for {env} at {url}, which would have lasted \
                 until {until}. The next command sends at once.\n",
            de: "Die gemerkte Wartezeit für {env} unter {url} wurde gelöscht; sie hätte bis {until} \
                 gedauert. Der nächste Befehl sendet sofort.\n",
        },
        ForgetOver {
            en: "Cleared a rate-limit wait remembered for {env} at {url} (it was already over).\n",
            de: "Eine gemerkte Wartezeit für {env} unter {url} wurde gelöscht (sie war schon vorbei).\n",
        },
        ForgetNothing {
            en: "No rate-limit wait was remembered for {env} at {url} with this key: nothing to clear.\n",
            de: "Für {env} unter {url} war mit diesem Schlüssel keine Wartezeit gemerkt: Es gibt nichts zu löschen.\n",
        },
        ForgetTooSoon {
            en: "Not cleared: the rate-limit wait for {env} at {url} was cleared less than a minute ago \
                 (on this computer). It can be cleared again after {when}. At most once a minute, so that \
                 clearing it again and again cannot send into the service's wait and get the key banned. \
                 Nothing was changed or sent.",
            de: "Nicht gelöscht: Die Wartezeit für {env} unter {url} wurde vor weniger als einer Minute \
                 gelöscht (auf diesem Computer). Nach {when} kann sie wieder gelöscht werden. Höchstens \
                 einmal pro Minute, damit wiederholtes Löschen nicht in die Wartezeit des Dienstes sendet \
                 und den Schlüssel sperren lässt. Es wurde nichts geändert oder gesendet.",
        },
        ForgetServiceWait {
            en: "Not cleared: the service itself asked to wait until {when} for {env} at {url} ({why}). \
                 That wait is the service's own, not a stale memory; sending before it ends risks a ban \
                 of the key. Nothing was changed or sent.",
            de: "Nicht gelöscht: Der Dienst selbst hat gebeten, für {env} unter {url} bis {when} zu warten \
                 ({why}). Diese Wartezeit kommt vom Dienst und ist keine veraltete Erinnerung; wer vorher \
                 sendet, riskiert eine Sperre des Schlüssels. Es wurde nichts geändert oder gesendet.",
        },
        Waiting {
            en: "Waiting until {until} before sending again: {why}.",
            de: "Warten bis {until}, dann wird erneut gesendet: {why}.",
        },
        WhyRateLimited {
            en: "the server says too many requests were sent (rate limited)",
            de: "der Server meldet zu viele Anfragen (gedrosselt)",
        },
        WhyQuotaExhausted {
            en: "the request quota is used up until it resets",
            de: "das Kontingent an Anfragen ist bis zur Erneuerung aufgebraucht",
        },
        WhyPaced {
            en: "bulk work keeps an even pace over the quota window, leaving its last requests to people",
            de: "Massenarbeit hält ein gleichmäßiges Tempo über den Kontingent-Zeitraum und lässt dessen letzte Anfragen Personen",
        },
        WhyBackoff {
            en: "the last attempt failed (the server had a temporary problem, or could not be reached)",
            de: "der letzte Versuch ist fehlgeschlagen (der Server hatte ein vorübergehendes Problem oder war nicht erreichbar)",
        },
        KeyPrompt {
            en: "Paste the API key for {env} and press Enter (it will not show as you type or paste):",
            de: "Fügen Sie den API-Schlüssel für {env} ein und drücken Sie die Eingabetaste (er wird beim Eingeben und Einfügen nicht angezeigt):",
        },
        KeyStored {
            en: "Stored the API key for {env} ({masked}).\n",
            de: "Der API-Schlüssel für {env} wurde gespeichert ({masked}).\n",
        },
        KeyRemoved {
            en: "Removed the API key for {env}.\n",
            de: "Der API-Schlüssel für {env} wurde entfernt.\n",
        },
        KeyNoneToRemove {
            en: "There was no API key stored for {env}; nothing to remove.\n",
            de: "Für {env} war kein API-Schlüssel gespeichert; es gibt nichts zu entfernen.\n",
        },
        KeyIsStored {
            en: "An API key is stored for {env} ({masked}).\n",
            de: "Für {env} ist ein API-Schlüssel gespeichert ({masked}).\n",
        },
        KeyNotStored {
            en: "No API key is stored for {env}. Store one with `petstore key set --env {env}`.\n",
            de: "Für {env} ist kein API-Schlüssel gespeichert. Speichern Sie einen mit `petstore key set --env {env}`.\n",
        },
        ProxyPasswordPrompt {
            en: "Type the proxy's password and press Enter (it will not show as you type):",
            de: "Geben Sie das Passwort des Proxys ein und drücken Sie die Eingabetaste (es wird beim Eingeben nicht angezeigt):",
        },
        ProxyPasswordStored {
            en: "Stored the proxy's password in the keychain.\n",
            de: "Das Passwort des Proxys wurde im Schlüsselbund gespeichert.\n",
        },
        ProxyPasswordRemoved {
            en: "Removed the proxy's password.\n",
            de: "Das Passwort des Proxys wurde entfernt.\n",
        },
        ProxyPasswordNone {
            en: "There was no proxy password stored; nothing to remove.\n",
            de: "Es war kein Passwort für den Proxy gespeichert; es gibt nichts zu entfernen.\n",
        },
        NoRequests {
            en: "No requests recorded for that choice.\n",
            de: "Für diese Auswahl sind keine Anfragen aufgezeichnet.\n",
        },
        NoRequestsSince {
            en: "No requests recorded since {since}.\n",
            de: "Seit {since} sind keine Anfragen aufgezeichnet.\n",
        },
        ColumnWhen { en: "WHEN", de: "ZEITPUNKT" },
        ColumnEnv { en: "ENV", de: "UMGEBUNG" },
        ColumnRequest { en: "REQUEST", de: "ANFRAGE" },
        ColumnTime { en: "TIME", de: "DAUER" },
        ColumnResult { en: "RESULT", de: "ERGEBNIS" },
        ColumnWindowFrom { en: "WINDOW FROM", de: "ZEITRAUM AB" },
        ColumnRenewedAt { en: "RENEWED AT", de: "ERNEUERT UM" },
        ColumnSent { en: "SENT", de: "GESENDET" },
        Column429s { en: "429s", de: "429er" },
        ColumnLowestRemaining { en: "LOWEST REMAINING", de: "NIEDRIGSTER REST" },
        LowestOf { en: "{low} of {limit}", de: "{low} von {limit}" },
        ResultOk { en: "ok", de: "ok" },
        ResultNotFound { en: "not found", de: "nicht gefunden" },
        ResultUnknownSettled { en: "outcome unknown (settled)", de: "Ergebnis unbekannt (geklärt)" },
        ResultUnknown {
            en: "outcome unknown: check with `petstore list`",
            de: "Ergebnis unbekannt: prüfen Sie mit `petstore list`",
        },
        ResultFailedKind { en: "failed ({kind})", de: "fehlgeschlagen ({kind})" },
        ResultFailed { en: "failed", de: "fehlgeschlagen" },
        ResultAttempts { en: ", {n} attempts", de: ", {n} Versuche" },
        ResultIsPet { en: " is pet {id}", de: " ist Haustier {id}" },
        ResultPets { en: ", {n} pets", de: ", {n} Haustiere" },
        HistoryMovedAside {
            en: "The activity history was damaged; it was kept as {path} and a new one started.",
            de: "Der Aktivitätsverlauf war beschädigt; er wurde als {path} aufbewahrt und ein neuer begonnen.",
        },
    }
}
