//! `petstore add --queue` and `petstore outbox`: what waits, what was sent, and why it stopped.

use super::catalog;

catalog! {
    /// The words of the outbox.
    pub enum OutboxMsg {
        // add --queue
        Queued {
            en: "{name} was not sent now and waits in the outbox of {env} ({url}) as entry {id}: {why}. \
                 `petstore outbox send` (or the app) sends it when it can.",
            de: "{name} wurde jetzt nicht gesendet und wartet im Postausgang von {env} ({url}) als Eintrag \
                 {id}: {why}. `petstore outbox send` (oder die App) sendet es, sobald es geht.",
        },
        QueuedBehind {
            en: "{name} waits in the outbox of {env} ({url}) as entry {id}, behind {n} earlier \
                 entries not sent yet: the outbox sends pets in the order they were added. \
                 `petstore outbox send` (or the app) sends them when it can.",
            de: "{name} wartet im Postausgang von {env} ({url}) als Eintrag {id}, hinter {n} \
                 früheren, noch nicht gesendeten Einträgen: der Postausgang sendet in der \
                 Reihenfolge des Hinzufügens. `petstore outbox send` (oder die App) sendet sie, \
                 sobald es geht.",
        },
        WaitsItsTurn {
            en: "{name} was not sent now: earlier pets in the outbox go first.",
            de: "{name} wurde jetzt nicht gesendet: frühere Tiere im Postausgang gehen vor.",
        },
        NotQueuedBehind {
            en: "{name} was not sent, so as not to overtake pets that may wait in the outbox, and \
                 it could not be put there either: {outbox}",
            de: "{name} wurde nicht gesendet, um im Postausgang wartende Tiere nicht zu \
                 überholen, und kam auch nicht dorthin: {outbox}",
        },
        NotSentNow {
            en: "{name} could not be sent now: {why}",
            de: "{name} konnte jetzt nicht gesendet werden: {why}",
        },
        NotQueued {
            en: "{name} could not be sent: {why}\nIt was not put in the outbox either: {outbox}",
            de: "{name} konnte nicht gesendet werden: {why}\nEs kam auch nicht in den Postausgang: {outbox}",
        },
        // Why an entry waits.
        WhyOffline { en: "no connection to the service", de: "keine Verbindung zum Dienst" },
        WhyQuotaUntil {
            en: "the quota is spent until {when}",
            de: "das Kontingent ist aufgebraucht bis {when}",
        },
        WhyQuota {
            en: "the quota is spent, or the service asked to wait",
            de: "das Kontingent ist aufgebraucht, oder der Dienst bat zu warten",
        },
        WhyChosen { en: "queued by choice", de: "auf Wunsch eingereiht" },
        // The list.
        Empty {
            en: "The outbox of {env} ({url}) is empty.",
            de: "Der Postausgang von {env} ({url}) ist leer.",
        },
        Holds {
            en: "The outbox of {env} ({url}) holds {n} of at most {max} entries.",
            de: "Der Postausgang von {env} ({url}) enthält {n} von höchstens {max} Einträgen.",
        },
        ListHint {
            en: "`petstore outbox send` sends the waiting ones; `petstore outbox drop ID` removes one.",
            de: "`petstore outbox send` sendet die wartenden; `petstore outbox drop ID` entfernt einen.",
        },
        ColumnQueued { en: "QUEUED", de: "EINGEREIHT" },
        ColumnWhy { en: "WHY", de: "GRUND" },
        ColumnState { en: "STATE", de: "ZUSTAND" },
        StateWaiting { en: "waiting to be sent", de: "wartet auf das Senden" },
        StateSending {
            en: "being sent (since {when})",
            de: "wird gesendet (seit {when})",
        },
        StateRefused {
            en: "refused by the service on {when}: {message}",
            de: "vom Dienst abgelehnt am {when}: {message}",
        },
        StateUnconfirmed {
            en: "unconfirmed since {when}: may have been added; check the pet list",
            de: "unbestätigt seit {when}: wurde vielleicht hinzugefügt; prüfen Sie die Haustierliste",
        },
        // drop, send-anyway
        Dropped {
            en: "Dropped entry {id} ({name}, category {category}) from the outbox of {env}: it will not be sent.",
            de: "Eintrag {id} ({name}, Kategorie {category}) aus dem Postausgang von {env} entfernt: Er wird \
                 nicht gesendet.",
        },
        SendAnyway {
            en: "Entry {id} ({name}) will be sent by the next `petstore outbox send`, even though it may already \
                 have been added: a pet can't be deleted, so this may make a duplicate.",
            de: "Eintrag {id} ({name}) wird beim nächsten `petstore outbox send` gesendet, obwohl er vielleicht \
                 schon hinzugefügt wurde: Ein Haustier lässt sich nicht löschen, dies kann also ein Duplikat \
                 ergeben.",
        },
        // send
        NothingToSend {
            en: "The outbox of {env} ({url}) is empty: nothing to send.",
            de: "Der Postausgang von {env} ({url}) ist leer: Nichts zu senden.",
        },
        Sending {
            en: "Sending the outbox of {env} ({url}): {n} entries.",
            de: "Der Postausgang von {env} ({url}) wird gesendet: {n} Einträge.",
        },
        Sent {
            en: "Entry {id} ({name}) sent: pet {pet}.",
            de: "Eintrag {id} ({name}) gesendet: Haustier {pet}.",
        },
        AlreadyAdded {
            en: "Entry {id} ({name}) not sent: {when}. Removed from the outbox.",
            de: "Eintrag {id} ({name}) nicht gesendet: {when}. Aus dem Postausgang entfernt.",
        },
        Refused {
            en: "Entry {id} ({name}) was refused by the service: {message} It stays in the outbox: correct it in \
                 the app, or remove it with `petstore outbox drop {id}`.",
            de: "Eintrag {id} ({name}) wurde vom Dienst abgelehnt: {message} Er bleibt im Postausgang: \
                 Korrigieren Sie ihn in der App, oder entfernen Sie ihn mit `petstore outbox drop {id}`.",
        },
        Unconfirmed {
            en: "Entry {id} ({name}) may have been added (its answer was lost) and was not found in the pet list. \
                 It stays in the outbox and is not sent again: check the pet list, then `petstore outbox \
                 send-anyway {id}` or `petstore outbox drop {id}`.",
            de: "Eintrag {id} ({name}) wurde vielleicht hinzugefügt (die Antwort ging verloren) und wurde in der \
                 Haustierliste nicht gefunden. Er bleibt im Postausgang und wird nicht erneut gesendet: Prüfen \
                 Sie die Haustierliste, dann `petstore outbox send-anyway {id}` oder `petstore outbox drop {id}`.",
        },
        Summary {
            en: "Sent {sent}, already added {added}, refused {refused}, unconfirmed {unconfirmed}; {left} left in \
                 the outbox.",
            de: "Gesendet {sent}, schon hinzugefügt {added}, abgelehnt {refused}, unbestätigt {unconfirmed}; \
                 {left} im Postausgang verblieben.",
        },
        // Why a send stopped, and what is left.
        StopAnotherSender {
            en: "Another program (the app or another `petstore outbox send`) is sending this outbox right now; \
                 this run sent nothing. It sends the entries itself.",
            de: "Ein anderes Programm (die App oder ein anderes `petstore outbox send`) sendet diesen Postausgang \
                 gerade; dieser Lauf hat nichts gesendet. Es sendet die Einträge selbst.",
        },
        StopCannotSend {
            en: "Sending stopped: {why}.",
            de: "Das Senden wurde angehalten: {why}.",
        },
        StopKeptFailing {
            en: "Sending stopped: {n} entries in a row got no usable answer. The service seems to be failing; \
                 what was sent was looked for in the pet list.",
            de: "Das Senden wurde angehalten: {n} Einträge hintereinander bekamen keine verwertbare Antwort. Der \
                 Dienst scheint gestört; das Gesendete wurde in der Haustierliste gesucht.",
        },
        StillWaiting {
            en: "{n} entries still wait in the outbox; run `petstore outbox send` again later (a scheduled task \
                 can).",
            de: "{n} Einträge warten noch im Postausgang; führen Sie `petstore outbox send` später erneut aus \
                 (eine geplante Aufgabe kann das).",
        },
        NeedPerson {
            en: "{n} entries need a person: refused by the service or unconfirmed (`petstore outbox` shows them \
                 with why). They are never sent again on their own.",
            de: "{n} Einträge brauchen einen Menschen: vom Dienst abgelehnt oder unbestätigt (`petstore outbox` \
                 zeigt sie mit Grund). Sie werden nie von selbst erneut gesendet.",
        },
        OutboxKeyRefused {
            en: "The outbox keeps its entries and sends them once the key is accepted.",
            de: "Der Postausgang behält seine Einträge und sendet sie, sobald der Schlüssel angenommen wird.",
        },
        // Its problems.
        Full {
            en: "The outbox of this environment is full: it holds at most {limit} entries (about half a Free \
                 plan's day of requests, so a full outbox is sent within a day). Send it first \
                 (`petstore outbox send`), or remove entries with `petstore outbox drop ID`.",
            de: "Der Postausgang dieser Umgebung ist voll: Er fasst höchstens {limit} Einträge (etwa einen halben \
                 Tag an Anfragen im Free-Tarif, so wird ein voller Postausgang binnen eines Tages gesendet). \
                 Senden Sie ihn zuerst (`petstore outbox send`), oder entfernen Sie Einträge mit \
                 `petstore outbox drop ID`.",
        },
        Damaged {
            en: "The outbox file {path} was damaged ({problem}). It was kept aside as {kept} (nothing in it was \
                 sent or deleted) and the outbox starts empty. Look at the kept file for pets that still need \
                 adding.",
            de: "Die Datei des Postausgangs {path} war beschädigt ({problem}). Sie wurde als {kept} beiseitegelegt \
                 (nichts daraus wurde gesendet oder gelöscht), und der Postausgang beginnt leer. Sehen Sie in der \
                 aufbewahrten Datei nach Haustieren, die noch hinzugefügt werden müssen.",
        },
        Io {
            en: "The outbox file {path} could not be used: {why}. Check that the folder may be written to.",
            de: "Die Datei des Postausgangs {path} konnte nicht verwendet werden: {why}. Prüfen Sie, ob der Ordner \
                 beschrieben werden darf.",
        },
        NameTooLong {
            en: "The name is {chars} characters long; a pet's name has at most {max}. Shorten it; nothing was sent \
                 or queued.",
            de: "Der Name ist {chars} Zeichen lang; der Name eines Haustiers hat höchstens {max}. Kürzen Sie ihn; \
                 nichts wurde gesendet oder eingereiht.",
        },
        NotFound {
            en: "The outbox of {env} has no entry {id}. `petstore outbox` lists its entries.",
            de: "Der Postausgang von {env} hat keinen Eintrag {id}. `petstore outbox` listet seine Einträge.",
        },
        BeingSent {
            en: "Entry {id} is being sent right now by another program; try again when it has finished.",
            de: "Eintrag {id} wird gerade von einem anderen Programm gesendet; versuchen Sie es erneut, wenn es \
                 fertig ist.",
        },
        FromOutbox { en: "the outbox", de: "dem Postausgang" },
    }
}
