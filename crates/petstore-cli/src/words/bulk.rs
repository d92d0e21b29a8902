//! `petstore import` and `petstore export`: progress, summaries, the file's problems.

use super::catalog;

catalog! {
    /// The words of imports and exports.
    pub enum BulkMsg {
        FileCounts { en: "{valid} valid rows, {invalid} invalid.", de: "{valid} gültige Zeilen, {invalid} ungültige." },
        InvalidLine { en: "  line {line}: {problems}", de: "  Zeile {line}: {problems}" },
        AndMoreRows {
            en: "  … and {n} more (see --report or --json).",
            de: "  … und {n} weitere (siehe --report oder --json).",
        },
        IgnoredColumns { en: "Ignored columns: {columns}.", de: "Nicht gelesene Spalten: {columns}." },
        ColumnLine { en: "LINE", de: "ZEILE" },
        DryRunDone {
            en: "Dry run: nothing was sent. Time: {estimate}.",
            de: "Probelauf: Es wurde nichts gesendet. Dauer: {estimate}.",
        },
        Time { en: "Time: {estimate}.", de: "Dauer: {estimate}." },
        Resuming {
            en: "Resuming an earlier import of this file to {url}: rows it created are skipped, never sent again.",
            de: "Ein früherer Import dieser Datei nach {url} wird fortgesetzt: Bereits angelegte Zeilen \
                 werden übersprungen, nie erneut gesendet.",
        },
        Importing {
            en: "Importing {count} pets into {env} ({url}).",
            de: "{count} Haustiere werden in {env} importiert ({url}).",
        },
        Stopping {
            en: "\nStopping after the request under way (what was created stays created)…",
            de: "\nHalt nach der laufenden Anfrage (was angelegt wurde, bleibt angelegt)…",
        },
        ConfirmProduction {
            en: "Import {rows} pets into PRODUCTION? Type yes to go on: ",
            de: "{rows} Haustiere in die PRODUKTION importieren? Geben Sie yes ein, um fortzufahren: ",
        },
        ReportKept {
            en: "The earlier report was kept as {path}.",
            de: "Der frühere Bericht wurde als {path} aufbewahrt.",
        },
        ReportWritten { en: "Report written to {path}.", de: "Bericht nach {path} geschrieben." },
        Summary {
            en: "Created {created}, skipped (already created) {skipped}, invalid {invalid}, failed {failed}, \
                 unknown {unknown}{repeated}{notsent}.",
            de: "Angelegt {created}, übersprungen (schon angelegt) {skipped}, ungültig {invalid}, \
                 fehlgeschlagen {failed}, unbekannt {unknown}{repeated}{notsent}.",
        },
        NotSent { en: ", not sent {n}", de: ", nicht gesendet {n}" },
        Repeated {
            en: ", already added (not sent) {n}",
            de: ", schon hinzugefügt (nicht gesendet) {n}",
        },
        RepeatLine { en: "  line {line}: {why}", de: "  Zeile {line}: {why}" },
        FormulaName {
            en: "  line {line}: the name “{name}” starts as a spreadsheet formula does (=, +, - or @). It is \
                 imported as typed; an export guards it, but a spreadsheet showing the service's data some \
                 other way may run it.",
            de: "  Zeile {line}: Der Name „{name}“ beginnt wie eine Formel einer Tabellenkalkulation (=, +, - \
                 oder @). Er wird so importiert, wie er geschrieben ist; ein Export schützt ihn, aber eine \
                 Tabellenkalkulation, die die Daten des Dienstes anders zeigt, führt ihn vielleicht aus.",
        },
        RepeatsSkipped {
            en: "{n} rows repeat pets already added from this computer, or an earlier row of the file: they are \
                 skipped. To create them again anyway, run the same command with --allow-repeats.",
            de: "{n} Zeilen wiederholen Haustiere, die dieser Computer schon hinzugefügt hat, oder eine frühere \
                 Zeile der Datei: Sie werden übersprungen. Um sie trotzdem erneut anzulegen, führen Sie denselben \
                 Befehl mit --allow-repeats aus.",
        },
        RepeatsAllowed {
            en: "{n} rows repeat pets already added, or an earlier row of the file: --allow-repeats creates them \
                 again.",
            de: "{n} Zeilen wiederholen schon hinzugefügte Haustiere oder eine frühere Zeile der Datei: \
                 --allow-repeats legt sie erneut an.",
        },
        RepeatInFile { en: "same pet as line {line} of this file", de: "dasselbe Haustier wie Zeile {line} dieser Datei" },
        RepeatEarlier {
            en: "already added on {date} from {from}, pet {id}",
            de: "schon am {date} hinzugefügt aus {from}, Haustier {id}",
        },
        RepeatMaybe {
            en: "may already have been added on {date} from {from} (its outcome was never confirmed)",
            de: "vielleicht schon am {date} hinzugefügt aus {from} (das Ergebnis wurde nie bestätigt)",
        },
        FromFileLine { en: "{file} line {line}", de: "{file} Zeile {line}" },
        FromForm { en: "the app's New pet form", de: "dem Formular „Neues Haustier“ der App" },
        FromAddAgain { en: "Add again in the app", de: "„Erneut hinzufügen“ in der App" },
        FromCommandLine { en: "the command line", de: "der Befehlszeile" },
        KeptFailing {
            en: "The import stopped: {n} rows in a row got no usable answer ({why}) The service seems to be \
                 failing, so the rest was not sent; what was sent was looked for in the pet list. Run the same \
                 command again later to resume.",
            de: "Der Import wurde angehalten: {n} Zeilen hintereinander bekamen keine verwertbare Antwort ({why}) \
                 Der Dienst scheint gestört, daher wurde der Rest nicht gesendet; das Gesendete wurde in der \
                 Haustierliste gesucht. Führen Sie denselben Befehl später erneut aus, um fortzusetzen.",
        },
        UncheckedRows {
            en: "{n} rows may or may not have been created and could not be checked (lines {lines}): the service \
                 answered a full page and offers no way to list the rest of its pets, so they may be among those \
                 it did not show. They are never sent again by --resend-unknown; look for them in the pet list.",
            de: "{n} Zeilen wurden vielleicht angelegt, vielleicht nicht, und konnten nicht geprüft werden (Zeilen \
                 {lines}): Der Dienst antwortete mit einer vollen Seite und bietet keinen Weg, den Rest seiner \
                 Haustiere zu listen, sie können also unter den nicht gezeigten sein. --resend-unknown sendet sie \
                 nie erneut; suchen Sie sie in der Haustierliste.",
        },
        ExportMayBeIncomplete {
            en: "The file may be incomplete: it holds the {count} pets the service showed, but the service \
                 answered a full page and offers no way to fetch the rest (also when asked by status).",
            de: "Die Datei ist möglicherweise unvollständig: Sie enthält die {count} Haustiere, die der Dienst \
                 zeigte, aber er antwortete mit einer vollen Seite und bietet keinen Weg, den Rest zu holen \
                 (auch nicht nach Status).",
        },
        CreatedRecord {
            en: "The record of pets created from this computer ({path}) could not be used: {why}. Check that the \
                 folder may be written to, then run the import again; rows already created are kept there.",
            de: "Die Liste der von diesem Computer angelegten Haustiere ({path}) konnte nicht verwendet werden: \
                 {why}. Prüfen Sie, ob der Ordner beschrieben werden darf, und starten Sie den Import erneut; \
                 bereits angelegte Zeilen sind dort vermerkt.",
        },
        Cancelled {
            en: "The import was cancelled. Run the same command again to send the rest.",
            de: "Der Import wurde abgebrochen. Führen Sie denselben Befehl erneut aus, um den Rest zu senden.",
        },
        StoppedBy {
            en: "The import stopped: {why} Run the same command again to send the rest.",
            de: "Der Import wurde angehalten: {why} Führen Sie denselben Befehl erneut aus, um den Rest zu senden.",
        },
        ReconcileFailed {
            en: "Some rows' outcome is unknown and the pet list could not be read to check them: {why} Run the \
                 same command again to check them; they are not sent again.",
            de: "Bei einigen Zeilen ist das Ergebnis unbekannt, und die Haustierliste konnte zur Prüfung nicht \
                 gelesen werden: {why} Führen Sie denselben Befehl erneut aus, um sie zu prüfen; sie werden \
                 nicht erneut gesendet.",
        },
        UnknownRows {
            en: "{n} rows may or may not have been created and were not found in the pet list (lines {lines}). {hint}",
            de: "{n} Zeilen wurden vielleicht angelegt, vielleicht nicht, und wurden in der Haustierliste nicht \
                 gefunden (Zeilen {lines}). {hint}",
        },
        UnknownAfterResend {
            en: "They were sent again and the outcome is still unknown; check the pet list.",
            de: "Sie wurden erneut gesendet, und das Ergebnis ist weiterhin unbekannt; prüfen Sie die Haustierliste.",
        },
        UnknownHint {
            en: "Check the pet list; to send them again, run the same command with --resend-unknown.",
            de: "Prüfen Sie die Haustierliste; um sie erneut zu senden, führen Sie denselben Befehl mit \
                 --resend-unknown aus.",
        },
        RefusedRows {
            en: "{n} rows were refused by the service (lines {lines}); see --report for why. Correct them in the \
                 file and import it again.",
            de: "{n} Zeilen wurden vom Dienst abgelehnt (Zeilen {lines}); den Grund zeigt --report. Korrigieren \
                 Sie sie in der Datei und importieren Sie sie erneut.",
        },
        StopKind {
            en: "the service or the network failed ({kind}).",
            de: "der Dienst oder das Netzwerk ist ausgefallen ({kind}).",
        },
        ExportKept {
            en: "The earlier file was kept as {path}.",
            de: "Die frühere Datei wurde als {path} aufbewahrt.",
        },
        ExportedTo { en: "Exported {count} pets to {path}.", de: "{count} Haustiere nach {path} exportiert." },
        Exported { en: "Exported {count} pets.", de: "{count} Haustiere exportiert." },
        // Progress, one line.
        PhaseListingBefore { en: "listing the pets already there", de: "Vorhandene Haustiere werden gelistet" },
        PhaseSending { en: "sending", de: "Senden" },
        PhaseReconciling {
            en: "checking rows of unknown outcome in the pet list",
            de: "Zeilen mit unbekanntem Ergebnis werden in der Haustierliste geprüft",
        },
        PhaseResending { en: "sending again the rows not found", de: "Nicht gefundene Zeilen werden erneut gesendet" },
        PhaseFinished { en: "done", de: "Fertig" },
        Paused { en: " (paused)", de: " (pausiert)" },
        WaitingUntil {
            en: " (waiting for the service until {when}: nothing is sent before then)",
            de: " (wartet auf den Dienst bis {when}: bis dahin wird nichts gesendet)",
        },
        ProgressLine {
            en: "{phase}{paused}: {done}/{total} (created {created}, skipped {skipped}, failed {failed}, \
                 unknown {unknown}){left}",
            de: "{phase}{paused}: {done}/{total} (angelegt {created}, übersprungen {skipped}, fehlgeschlagen \
                 {failed}, unbekannt {unknown}){left}",
        },
        MinutesLeft { en: ", about {n} min left", de: ", noch etwa {n} Min." },
        UnderAMinuteLeft { en: ", under a minute left", de: ", noch unter einer Minute" },
        // How long an import takes.
        EstimateUnknown {
            en: "{n} requests; the time they take shows once the service has told the quota",
            de: "{n} Anfragen; die Dauer zeigt sich, sobald der Dienst das Kontingent genannt hat",
        },
        EstimateUnknownOne {
            en: "1 request; the time it takes shows once the service has told the quota",
            de: "1 Anfrage; die Dauer zeigt sich, sobald der Dienst das Kontingent genannt hat",
        },
        EstimateDayLimited {
            en: "{about}: the day window is the limit, {day} requests a day{plan}",
            de: "{about}: Das Tageskontingent begrenzt, {day} Anfragen pro Tag{plan}",
        },
        EstimateDayLimitedOne {
            en: "{about}: the day window is the limit, 1 request a day{plan}",
            de: "{about}: Das Tageskontingent begrenzt, 1 Anfrage pro Tag{plan}",
        },
        EstimatePerMinute {
            en: "{about} at {minute} requests a minute{plan}",
            de: "{about} bei {minute} Anfragen pro Minute{plan}",
        },
        EstimatePerMinuteOne {
            en: "{about} at 1 request a minute{plan}",
            de: "{about} bei 1 Anfrage pro Minute{plan}",
        },
        EstimatePlan { en: " ({plan} plan)", de: " ({plan}-Tarif)" },
        UnderAMinute { en: "under a minute", de: "unter einer Minute" },
        AboutMinutes { en: "about {n} min", de: "etwa {n} Min." },
        AboutHours { en: "about {n} hours", de: "etwa {n} Stunden" },
        AboutDays { en: "about {n} days", de: "etwa {n} Tage" },
        // Category names of an import file.
        NamesNotKept {
            en: "The file's category names were not kept: this computer has no settings folder.",
            de: "Die Kategorienamen der Datei wurden nicht übernommen: Dieser Computer hat keinen Einstellungsordner.",
        },
        NamesLearned {
            en: "{n} category names learned for {env}{known}.",
            de: "{n} Kategorienamen für {env} übernommen{known}.",
        },
        NamesWouldBeLearned {
            en: "{n} category names would be learned for {env}{known}.",
            de: "{n} Kategorienamen würden für {env} übernommen{known}.",
        },
        NamesKnown { en: " ({n} already known)", de: " ({n} bereits bekannt)" },
        NameRefused {
            en: "  line {line}: \u{201c}{name}\u{201d} not used for category {id}: {why}",
            de: "  Zeile {line}: \u{201e}{name}\u{201c} nicht für Kategorie {id} verwendet: {why}",
        },
        NamesMore { en: "  … and {n} more names not used.", de: "  … und {n} weitere nicht verwendete Namen." },
        // The file as a whole.
        InFile { en: "{path}: {why}", de: "{path}: {why}" },
        TooLarge {
            en: "The file is {bytes} bytes; an import reads at most {max} bytes (16 MiB). Split it into parts \
                 of at most {rows} rows and 16 MiB each, and import them one after the other.",
            de: "Die Datei hat {bytes} Bytes; ein Import liest höchstens {max} Bytes (16 MiB). Teilen Sie sie \
                 in Teile von höchstens {rows} Zeilen und 16 MiB auf, und importieren Sie sie nacheinander.",
        },
        TooLargeUnknown {
            en: "The file is larger than 16 MiB, and an import reads at most {max} bytes. Split it into parts \
                 of at most {rows} rows and 16 MiB each, and import them one after the other.",
            de: "Die Datei ist größer als 16 MiB, und ein Import liest höchstens {max} Bytes. Teilen Sie sie \
                 in Teile von höchstens {rows} Zeilen und 16 MiB auf, und importieren Sie sie nacheinander.",
        },
        TooManyRows {
            en: "The file has more than {max} rows; an import takes at most {max}. Split it into smaller files.",
            de: "Die Datei hat mehr als {max} Zeilen; ein Import nimmt höchstens {max}. Teilen Sie sie in \
                 kleinere Dateien auf.",
        },
        NotUtf8 {
            en: "Line {line} is not UTF-8 text. Save the spreadsheet as \"CSV UTF-8\" and try again.",
            de: "Zeile {line} ist kein UTF-8-Text. Speichern Sie die Tabelle als \"CSV UTF-8\" und versuchen \
                 Sie es erneut.",
        },
        Empty {
            en: "The file is empty. It needs a header row (name, categoryId, status) and one row per pet.",
            de: "Die Datei ist leer. Sie braucht eine Kopfzeile (name, categoryId, status) und eine Zeile je Haustier.",
        },
        MissingColumn {
            en: "The header row has no \"{column}\" column (found: {found}). Add it, or rename the column that holds it.",
            de: "Die Kopfzeile hat keine Spalte \"{column}\" (gefunden: {found}). Fügen Sie sie hinzu, oder \
                 benennen Sie die Spalte um, die sie enthält.",
        },
        NoColumns { en: "no columns", de: "keine Spalten" },
        DuplicateColumn {
            en: "The header row has two columns for {column} (\"{first}\" and \"{second}\"). Keep one of them.",
            de: "Die Kopfzeile hat zwei Spalten für {column} (\"{first}\" und \"{second}\"). Behalten Sie eine davon.",
        },
        Malformed {
            en: "Line {line} cannot be read as CSV: {detail}. Check its quotes.",
            de: "Zeile {line} kann nicht als CSV gelesen werden: {detail}. Prüfen Sie die Anführungszeichen.",
        },
        ListTooLarge {
            en: "The file is {bytes} bytes; a list of category names is read up to {max} bytes (1 MiB). Is it \
                 the right file?",
            de: "Die Datei hat {bytes} Bytes; eine Liste von Kategorienamen wird bis {max} Bytes (1 MiB) \
                 gelesen. Ist es die richtige Datei?",
        },
        ListTooLong {
            en: "The file has more than {max} rows; a list of category names has at most that many.",
            de: "Die Datei hat mehr als {max} Zeilen; eine Liste von Kategorienamen hat höchstens so viele.",
        },
        EmptyList {
            en: "The file is empty. A list of category names needs a header row (categoryId, name) and one row \
                 per category.",
            de: "Die Datei ist leer. Eine Liste von Kategorienamen braucht eine Kopfzeile (categoryId, name) \
                 und eine Zeile je Kategorie.",
        },
        // One row's problems.
        RowNameEmpty { en: "the name is empty: enter a name.", de: "der Name ist leer: Geben Sie einen Namen ein." },
        RowNameTooLong {
            en: "the name is {chars} characters long: shorten it to at most {max} characters.",
            de: "der Name ist {chars} Zeichen lang: Kürzen Sie ihn auf höchstens {max} Zeichen.",
        },
        RowCategoryIdEmpty {
            en: "the category id is empty: enter a whole number from 1 up, for example 3.",
            de: "die Kategorie-ID ist leer: Geben Sie eine ganze Zahl ab 1 ein, zum Beispiel 3.",
        },
        RowCategoryIdNotANumber {
            en: "the category id \"{given}\" is not a whole number from 1 to 9223372036854775807: use digits \
                 only, for example 3.",
            de: "die Kategorie-ID \"{given}\" ist keine ganze Zahl von 1 bis 9223372036854775807: Verwenden \
                 Sie nur Ziffern, zum Beispiel 3.",
        },
        RowCategoryIdNotPositive {
            en: "the category id {given} is not positive: use a whole number from 1 up.",
            de: "die Kategorie-ID {given} ist nicht positiv: Verwenden Sie eine ganze Zahl ab 1.",
        },
        RowStatusUnknown {
            en: "the status \"{given}\" is not one of available, pending, sold (leave it empty to let the \
                 service decide).",
            de: "der Status \"{given}\" ist nicht available, pending oder sold (lassen Sie ihn leer, damit \
                 der Dienst entscheidet).",
        },
        // The import's journal and listings.
        JournalIo {
            en: "The import journal {path} could not be used: {why}. Check that the folder may be written to, \
                 then run the import again; rows already created are kept there.",
            de: "Das Importprotokoll {path} konnte nicht verwendet werden: {why}. Prüfen Sie, ob der Ordner \
                 beschrieben werden darf, und starten Sie den Import erneut; bereits angelegte Zeilen sind \
                 dort vermerkt.",
        },
        JournalBusy {
            en: "Another import of this file to this environment is running (its journal {path} is locked). \
                 Wait for it to finish, or stop it first.",
            de: "Ein anderer Import dieser Datei in diese Umgebung läuft (sein Protokoll {path} ist gesperrt). \
                 Warten Sie, bis er fertig ist, oder halten Sie ihn zuerst an.",
        },
        JournalDamaged {
            en: "The import journal {path} is damaged at line {line} ({detail}). It was left as it is: move it \
                 aside to start this import from the beginning, after checking the pet list for rows it \
                 already created.",
            de: "Das Importprotokoll {path} ist in Zeile {line} beschädigt ({detail}). Es bleibt unverändert: \
                 Verschieben Sie es, um diesen Import von vorn zu beginnen, nachdem Sie in der Haustierliste \
                 geprüft haben, welche Zeilen er schon angelegt hat.",
        },
        ListingBefore {
            en: "Could not list the pets before the import (needed to find later which pets it created): {why} \
                 Nothing was sent.",
            de: "Die Haustiere konnten vor dem Import nicht gelistet werden (das ist nötig, um später zu \
                 finden, welche er angelegt hat): {why} Es wurde nichts gesendet.",
        },
        Endless {
            en: "The service kept announcing more pages ({pages} read, or a page already read was announced \
                 again); stopped there. Please report this to the service's operator.",
            de: "Der Dienst kündigte immer weitere Seiten an ({pages} gelesen, oder eine schon gelesene Seite \
                 wurde erneut angekündigt); dort wurde angehalten. Bitte melden Sie das den Betreibern des Dienstes.",
        },
        ExportWrite {
            en: "Could not write the export: {why}",
            de: "Der Export konnte nicht geschrieben werden: {why}",
        },
        ExportExists {
            en: "{path} already exists and was left as it is. Choose another name, or add --force to replace it \
                 (the old file is then kept as {backup}).",
            de: "{path} existiert bereits und bleibt unverändert. Wählen Sie einen anderen Namen, oder geben \
                 Sie --force an, um die Datei zu ersetzen (die alte wird dann als {backup} aufbewahrt).",
        },
    }
}
