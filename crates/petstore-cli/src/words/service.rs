//! Why the service refused or failed a request, as the client typed its answer; and why a
//! create's outcome is unknown. `{text}` and `{detail}` are the server's own words, shown as
//! they came.

use super::catalog;

catalog! {
    /// The words of the service's answers, on stderr.
    pub enum ServiceMsg {
        ServiceSaid { en: " The service said: {text}", de: " Der Dienst meldete: {text}" },
        ItSaid { en: " It said: {text}", de: " Die Antwort lautete: {text}" },
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
        PacedPastDeadline {
            en: "Bulk work keeps an even pace over the quota window, leaving its last requests to people; \
                 its next request was due after {when}, later than --timeout allows. Nothing holds the key: \
                 allow more time with --timeout, or run the command again.",
            de: "Massenarbeit hält ein gleichmäßiges Tempo über den Kontingent-Zeitraum und lässt dessen letzte \
                 Anfragen Personen; ihre nächste Anfrage wäre nach {when} an der Reihe gewesen, später als \
                 --timeout erlaubt. Der Schlüssel ist nicht gesperrt: Erlauben Sie mit --timeout mehr Zeit, oder \
                 führen Sie den Befehl erneut aus.",
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
    }
}
