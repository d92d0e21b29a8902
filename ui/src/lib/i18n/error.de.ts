// Fehler in Worten (messages.ts): dieselben Schlüssel und Platzhalter wie error.en.ts.
// `{because}` ist „: “ und der Grund des Backends oder nichts; `{given}` ist „ (Sie haben „…“
// eingegeben)“ oder nichts; `{at}` ist „ (Zeile 4, Spalte 1)“ oder nichts.
import type { errorsEn } from './error.en';

export const errorsDe = {
  'error.againSoon': 'Versuchen Sie es gleich noch einmal.',
  'error.againMinute': 'Versuchen Sie es in einer Minute noch einmal.',
  'error.againNow': 'Sie können es jetzt noch einmal versuchen.',
  'error.againAt': 'Versuchen Sie es um {time} noch einmal.',
  'error.againReady': 'Versuchen Sie es noch einmal, wenn Sie so weit sind.',
  'error.restart': 'Versuchen Sie es noch einmal; wenn es wieder passiert, starten Sie die App neu.',
  'error.correct': 'Korrigieren Sie die Eingabe und versuchen Sie es noch einmal.',
  'error.somethingWrong': 'Etwas ist schiefgegangen.',
  'error.serverSaid': 'Der Dienst meldete: „{server}“',
  'error.given': ' (Sie haben „{value}“ eingegeben)',
  'error.atLineColumn': ' (Zeile {line}, Spalte {column})',
  'error.atLine': ' (Zeile {line})',
  'error.status': ' (HTTP {status})',
  'error.addressStep': 'Prüfen Sie in den Einstellungen, ob die Adresse auf den Pet-Store-Dienst zeigt.',
  'error.addressStepEnv': 'Prüfen Sie in den Einstellungen, ob die Adresse für {env} auf den Pet-Store-Dienst zeigt.',
  'error.networkStep':
    'Prüfen Sie die Netzwerkverbindung und die Adresse in den Einstellungen und versuchen Sie es dann noch einmal.',
  'error.networkStepEnv':
    'Prüfen Sie die Netzwerkverbindung und die Adresse für {env} in den Einstellungen und versuchen Sie es dann noch einmal.',
  'error.addressStepHere': 'Prüfen Sie, ob die Adresse für {env} oben auf den Pet-Store-Dienst zeigt.',
  'error.networkStepHere':
    'Prüfen Sie die Netzwerkverbindung und oben die Adresse für {env} und versuchen Sie es dann noch einmal.',
  'error.gateway': 'Der Dienst oder ein vorgeschalteter Proxy hat Probleme.',

  'error.wait.rateLimited': 'Der Dienst hat darum gebeten, weniger Anfragen zu senden.',
  'error.wait.quotaExhausted': 'Das Anfragen-Kontingent für diesen API-Schlüssel ist aufgebraucht.',
  'error.wait.backoff': 'Der Dienst ist ausgelastet.',
  'error.wait.paced': 'Massenarbeit hält ein gleichmäßiges Tempo über den Kontingent-Zeitraum und lässt dessen letzte Anfragen Personen; ihre nächste Anfrage wäre später an der Reihe gewesen, als sie warten konnte.',

  'error.network.refused': 'Keine Verbindung zum Dienst: Unter seiner Adresse hat nichts geantwortet.',
  'error.network.dns': 'Der Server des Dienstes wurde unter seinem Namen nicht gefunden.',
  'error.network.reset': 'Die Verbindung zum Dienst wurde unterbrochen.',
  'error.network.tls': 'Es konnte keine sichere Verbindung zum Dienst aufgebaut werden.',
  'error.network.unreachable': 'Der Server des Dienstes ist aus diesem Netzwerk nicht erreichbar.',
  'error.network.other': 'Der Dienst ist nicht erreichbar.',
  'error.network.proxyUnreachable': 'Der Proxy ist nicht erreichbar.',
  'error.network.proxyAuthRequired': 'Der Proxy verlangt einen Benutzernamen und ein Passwort.',
  'error.network.proxyAuthRefused': 'Der Proxy hat den Benutzernamen und das Passwort abgelehnt.',
  'error.network.proxyRefused':
    'Der Proxy hat die Verbindung zum Dienst verweigert; vielleicht sperrt er diese Adresse.',
  'error.network.unknownAuthority':
    'Das Zertifikat des Dienstes stammt von einer Zertifizierungsstelle, der dieser Computer nicht vertraut. Möglicherweise prüft ein Firmen-Proxy den Datenverkehr.',
  'error.network.certificateExpired': 'Das Zertifikat des Dienstes ist abgelaufen oder noch nicht gültig.',
  'error.network.certificateName': 'Das Zertifikat des Dienstes gilt für einen anderen Namen als seine Adresse.',
  'error.networkNext.proxyUnreachable':
    'Prüfen Sie die Proxy-Adresse unter Einstellungen → Netzwerk, oder wählen Sie „Aus“, wenn dieses Netzwerk keinen Proxy hat.',
  'error.networkNext.proxyAuthRequired':
    'Geben Sie den Benutzernamen und das Passwort des Proxys unter Einstellungen → Netzwerk ein.',
  'error.networkNext.proxyAuthRefused':
    'Prüfen Sie den Benutzernamen des Proxys und geben Sie sein Passwort unter Einstellungen → Netzwerk erneut ein.',
  'error.networkNext.proxyRefused':
    'Bitten Sie die IT, die Adresse des Dienstes im Proxy freizugeben, oder prüfen Sie den Proxy unter Einstellungen → Netzwerk.',
  'error.networkNext.unknownAuthority':
    'Fragen Sie die IT nach dem Zertifikat Ihrer Firma und fügen Sie es unter Einstellungen → Netzwerk → Firmenzertifikat vertrauen … hinzu.',
  'error.networkNext.certificateExpired':
    'Prüfen Sie Datum und Uhrzeit dieses Computers; stimmen sie, wenden Sie sich an den Betreiber des Dienstes.',
  'error.networkNext.certificateName':
    'Prüfen Sie die Adresse des Dienstes in den Einstellungen; stimmt sie, wenden Sie sich an den Betreiber des Dienstes.',
  'error.networkNext.autoConfigAt':
    'Dieser Computer findet seinen Proxy über ein Skript zur automatischen Konfiguration ({url}), das die App nicht lesen kann: Fragen Sie die IT nach der Adresse des Proxys, wählen Sie dann unter Einstellungen → Netzwerk „Manuell“ und geben Sie sie ein.',
  'error.networkNext.autoConfigDiscovered':
    'Dieser Computer findet seinen Proxy automatisch im Netzwerk (WPAD), was die App nicht kann: Fragen Sie die IT nach der Adresse des Proxys, wählen Sie dann unter Einstellungen → Netzwerk „Manuell“ und geben Sie sie ein.',

  'error.fix.name': 'Korrigieren Sie den Namen und versuchen Sie es noch einmal.',
  'error.fix.categoryId': 'Korrigieren Sie die Kategorie und versuchen Sie es noch einmal.',
  'error.fix.status': 'Korrigieren Sie den Status und versuchen Sie es noch einmal.',
  'error.fix.limit': 'Korrigieren Sie die Zeilen pro Seite und versuchen Sie es noch einmal.',
  'error.fix.id': 'Korrigieren Sie die Haustier-ID und versuchen Sie es noch einmal.',
  'error.fix.key': 'Korrigieren Sie den API-Schlüssel und versuchen Sie es noch einmal.',

  'error.input.limit': 'Zeilen pro Seite muss eine ganze Zahl von 1 bis 100 sein{given}.',
  'error.input.status': 'Der Status muss „{available}“, „{pending}“ oder „{sold}“ sein{given}.',
  'error.input.name': 'Der Name darf nicht leer sein.',
  'error.input.categoryId': 'Die Kategorie muss eine ganze Zahl sein{given}.',
  'error.input.id': 'Eine Haustier-ID ist eine ganze Zahl, nur Ziffern{given}.',
  'error.input.key': 'Der API-Schlüssel darf nicht leer sein und nur sichtbare Zeichen ohne Leerzeichen enthalten.',
  'error.input.retentionDays': 'Einträge können eine ganze Zahl von {min} bis {max} Tagen aufbewahrt werden{given}.',
  'error.input.maxEntries': 'Der Verlauf kann eine ganze Zahl von {min} bis {max} Einträgen aufbewahren{given}.',
  'error.input.other': 'Eine Ihrer Eingaben ist ungültig.',
  'error.input.nextLink': 'Der Link zur nächsten Seite ist nicht mehr gültig.',
  'error.input.refresh': 'Aktualisieren Sie die Liste und versuchen Sie es noch einmal.',

  'error.problem.missingBaseUrl': 'Für diese Umgebung ist keine Adresse festgelegt.',
  'error.problem.missingBaseUrlEnv': 'Die Umgebung {env} hat noch keine Adresse.',
  'error.problem.missingBaseUrlNext': 'Tragen Sie sie in den Einstellungen ein.',
  'error.problem.invalidBaseUrl': 'Die Adresse „{address}“ kann nicht verwendet werden{because}.',
  'error.problem.invalidBaseUrlNext': 'Verwenden Sie eine Adresse wie https://api.example.com/v1.',
  'error.problem.insecureBaseUrl':
    'Die Adresse „{address}“ verwendet kein https, daher würde der API-Schlüssel ungeschützt übertragen.',
  'error.problem.insecureBaseUrlNext':
    'Verwenden Sie eine https://-Adresse (einfaches http ist nur für diesen Computer erlaubt).',
  'error.problem.missingApiKey': 'Für diese Umgebung ist kein API-Schlüssel festgelegt.',
  'error.problem.missingApiKeyEnv': 'Für {env} ist kein API-Schlüssel festgelegt.',
  'error.problem.missingApiKeyNext':
    'Legen Sie einen in den Einstellungen fest; er wird im Schlüsselbund des Systems aufbewahrt.',
  'error.problem.keyWouldMove':
    'Der gespeicherte API-Schlüssel wurde nicht an {address} gesendet: Diese Adresse liegt auf einem anderen Server als die gespeicherte.',
  'error.problem.keyWouldMoveAddress':
    'Der gespeicherte API-Schlüssel wurde nicht an die neue Adresse gesendet: Sie liegt auf einem anderen Server als die gespeicherte.',
  'error.problem.keyWouldMoveNext':
    'Speichern Sie die Adresse in den Einstellungen und wählen Sie „Schlüssel behalten“, wenn dieser Server ihn haben soll.',
  'error.problem.foreignLink':
    'Die nächste Seite liegt außerhalb der Adresse des Dienstes (auf einem anderen Server oder einem anderen Pfad darauf), daher wurde sie nicht geladen und der API-Schlüssel nicht dorthin gesendet.',
  'error.problem.httpClient': 'Die App konnte ihre Verbindung zum Dienst nicht einrichten.',
  'error.problem.httpClientNext': 'Starten Sie die App neu.',
  'error.problem.waitStore': 'Die App konnte die Wartezeiten, die sie sich zwischen zwei Starts merkt, nicht speichern.',
  'error.problem.waitStoreNext':
    'Prüfen Sie, ob in den Datenordner der App geschrieben werden darf, und versuchen Sie es dann noch einmal.',
  'error.problem.serviceWait':
    'Die Wartezeit wurde nicht gelöscht: Der Dienst selbst hat diese App warten lassen, und wer vorher sendet, riskiert eine Sperre des API-Schlüssels.',
  'error.problem.serviceWaitNext': 'Um {time} gehen die Anfragen von selbst wieder hinaus.',
  'error.problem.waitClearedRecently':
    'Die Wartezeit wurde nicht gelöscht: Sie wurde vor weniger als einer Minute gelöscht, in dieser App oder von einem anderen Programm auf diesem Computer. Eine Wartezeit lässt sich höchstens einmal pro Minute löschen, damit wiederholtes Löschen den API-Schlüssel nicht sperren lässt.',
  'error.problem.waitClearedRecentlyNext': 'Um {time} können Sie sie wieder löschen.',
  'error.problem.settingsUnreadable': 'Die Einstellungsdatei {path} kann nicht gelesen werden{at}{because}.',
  'error.problem.settingsUnreadableFile': 'Die Einstellungsdatei kann nicht gelesen werden{at}{because}.',
  'error.problem.settingsUnreadableNext':
    'Korrigieren Sie sie in einem Texteditor, oder beginnen Sie neu mit neuen Einstellungen.',
  'error.problem.settingsUnwritable':
    'Die Einstellungen konnten nicht in {path} gespeichert werden{because}. Es wurde nichts geändert.',
  'error.problem.settingsUnwritableFile':
    'Die Einstellungen konnten nicht in der Einstellungsdatei gespeichert werden{because}. Es wurde nichts geändert.',
  'error.problem.settingsUnwritableNext':
    'Prüfen Sie, ob ihr Ordner existiert und beschrieben werden darf, und versuchen Sie es dann noch einmal.',
  'error.problem.noSettingsFile': 'Diese App hat auf diesem Computer keine Einstellungsdatei.',
  'error.problem.noSettingsFileNext':
    'Ändern Sie Ihre Einstellungen in den Einstellungen; sie gelten, bis die App geschlossen wird.',
  'error.problem.folderNotOpened': 'Der Ordner konnte auf diesem Computer nicht geöffnet werden.',
  'error.problem.folderNotOpenedNext': 'Öffnen Sie ihn selbst: {path}.',
  'error.problem.folderNotOpenedSettings': 'Öffnen Sie ihn selbst: den Einstellungsordner der App.',
  'error.problem.keychainUnavailable': 'Auf diesem Computer ist kein Schlüsselbund verfügbar.',
  'error.problem.keychainUnavailableKey':
    'Sie können den Schlüssel stattdessen nur für diese Sitzung behalten; er wird beim Schließen der App vergessen.',
  'error.problem.keychainUnavailableNext':
    'Installieren und entsperren Sie einen Schlüsselbund (unter Linux einen Secret Service wie GNOME Keyring) und versuchen Sie es dann noch einmal.',
  'error.problem.keychainLocked': 'Der Schlüsselbund ist gesperrt oder hat den Zugriff verweigert.',
  'error.problem.keychainLockedKey':
    'Entsperren Sie ihn und versuchen Sie es noch einmal, oder behalten Sie den Schlüssel nur für diese Sitzung.',
  'error.problem.keychainLockedNext': 'Entsperren Sie ihn und versuchen Sie es noch einmal.',
  'error.problem.keyTooLong': 'Der API-Schlüssel ist zu lang für diesen Schlüsselbund.',
  'error.problem.keyTooLongLimit':
    'Der API-Schlüssel ist zu lang für diesen Schlüsselbund, der höchstens {limit} aufnimmt.',
  'error.problem.keyTooLongNext': 'Prüfen Sie, ob Sie nur den Schlüssel eingefügt haben und nichts anderes.',
  'error.problem.keyCorrupt': 'Der Eintrag im Schlüsselbund für diese Umgebung enthält keinen gültigen API-Schlüssel.',
  'error.problem.keyCorruptEnv': 'Der Eintrag im Schlüsselbund für {env} enthält keinen gültigen API-Schlüssel.',
  'error.problem.keyCorruptNext': 'Legen Sie den Schlüssel in den Einstellungen neu fest.',
  'error.problem.keychainFailed': 'Der Schlüsselbund hat einen Fehler gemeldet.',
  'error.problem.networkSettings': 'Die Einstellungen für Proxy oder Firmenzertifikat können nicht verwendet werden.',
  'error.problem.networkSettingsNext': 'Ändern Sie sie unter Einstellungen → Netzwerk.',
  'error.problem.networkCertificate': 'Das Firmenzertifikat {file} kann nicht verwendet werden. {refusal}',
  'error.problem.noDataFolder':
    'Dieser Computer gibt der App keinen eigenen Ordner, in dem ein Import festhält, was gesendet wurde.',
  'error.problem.noDataFolderNext':
    'Bitten Sie die Person, die diesen Computer verwaltet, Ihrem Konto einen Benutzerordner zu geben, in den die App schreiben darf.',
  'error.problem.noImportFile': 'Es ist keine Datei zum Importieren geöffnet.',
  'error.problem.noImportFileNext': 'Wählen Sie „Import …“ und dann die Datei.',
  'error.problem.importFileInvalid': 'Die Datei kann nicht importiert werden{because}.',
  'error.problem.importFileInvalidNamed': '„{file}“ kann nicht importiert werden{because}.',
  'error.problem.importFileInvalidNext':
    'Korrigieren Sie die Datei in Ihrer Tabellenkalkulation, speichern Sie sie als CSV und wählen Sie sie erneut.',
  'error.problem.importFileSplitNext':
    'Teilen Sie sie in Teile von höchstens {rows} Zeilen und {limit} auf, und importieren Sie diese nacheinander.',
  'error.problem.importFileRowsNext':
    'Teilen Sie sie in Teile von höchstens {rows} Zeilen auf, und importieren Sie diese nacheinander.',
  'error.problem.importRowMissing': 'Diese Zeile ist nicht mehr in der Datei, die importiert wird.',
  'error.problem.chooseAgain': 'Wählen Sie die Datei erneut.',
  'error.problem.importTargetChanged': 'Die Umgebung oder ihre Adresse hat sich geändert, seit die Datei gelesen wurde.',
  'error.problem.importTargetChangedEnv': 'Die Umgebung {env} oder ihre Adresse hat sich geändert, seit die Datei gelesen wurde.',
  'error.problem.importTargetChangedNext':
    'Wählen Sie die Datei erneut, damit die Vorschau zeigt, wohin die Haustiere kommen.',
  'error.problem.importRunning': 'Es läuft bereits ein Import.',
  'error.problem.importRunningNext':
    'Warten Sie, bis er endet, oder brechen Sie ihn ab, bevor Sie einen weiteren starten, damit kein Haustier doppelt angelegt wird.',
  'error.problem.importElsewhere':
    'Derselbe Import läuft in einem anderen Programm auf diesem Computer (einem anderen Fenster oder der Befehlszeile).',
  'error.problem.importElsewhereNext':
    'Warten Sie, bis er endet, und wählen Sie die Datei dann erneut: Was er angelegt hat, wird übersprungen.',
  'error.problem.noImportReport': 'Es ist noch kein Import beendet, daher gibt es keinen Bericht zum Speichern.',
  'error.problem.noImportReportNext': 'Speichern Sie den Bericht, wenn der Import beendet ist.',
  'error.problem.createdRecord':
    'Die Aufzeichnung dieses Computers über die hinzugefügten Haustiere konnte nicht verwendet werden{because}, daher ist unbekannt, ob dieses Haustier schon hinzugefügt wurde. Nichts wurde gesendet.',
  'error.problem.createdRecordNext':
    'Starten Sie die App neu und versuchen Sie es erneut; wenn es wieder geschieht, prüfen Sie, ob der Datenträger voll ist.',
  'error.problem.importJournal':
    'Die Aufzeichnung des Imports darüber, was gesendet wurde, konnte nicht verwendet werden{because}.',
  'error.problem.importJournalNext':
    'Es wurde nichts mehr gesendet. Prüfen Sie die Liste, bevor Sie erneut importieren, damit kein Haustier doppelt angelegt wird.',
  'error.problem.fileNotRead': 'Die Datei konnte nicht gelesen werden{because}.',
  'error.problem.fileNotReadNamed': '„{file}“ konnte nicht gelesen werden{because}.',
  'error.problem.fileNotReadNext':
    'Prüfen Sie, ob die Datei vorhanden ist und Sie sie öffnen dürfen, und wählen Sie sie dann erneut.',
  'error.problem.fileNotWritten': 'Die Datei konnte nicht geschrieben werden{because}; dort wurde nichts geändert.',
  'error.problem.fileNotWrittenNamed': '„{file}“ konnte nicht geschrieben werden{because}; dort wurde nichts geändert.',
  'error.problem.fileNotWrittenNext':
    'Wählen Sie einen Ordner, in den Sie schreiben dürfen, und versuchen Sie es noch einmal.',
  'error.problem.fileExists': 'Die Datei ist bereits vorhanden und konnte nicht ersetzt werden.',
  'error.problem.fileExistsNamed': '„{file}“ ist bereits vorhanden und konnte nicht ersetzt werden.',
  'error.problem.fileExistsNext': 'Wählen Sie einen anderen Namen.',
  'error.problem.categoryRefused': 'Der Kategoriename wurde nicht gespeichert.',
  'error.problem.categoryRefusedNext': 'Prüfen Sie ihn und versuchen Sie es noch einmal.',
  'error.problem.categoryListInvalid': 'Die Datei ist keine Liste von Kategorienamen{because}.',
  'error.problem.categoryListInvalidNamed': '„{file}“ ist keine Liste von Kategorienamen{because}.',
  'error.problem.categoryListInvalidNext':
    'Verwenden Sie eine CSV-Datei mit der Kopfzeile categoryId,name und einer Kategorie pro Zeile.',
  'error.problem.outboxFull': 'Im Postausgang warten schon {limit} Haustiere, mehr fasst er nicht.',
  'error.problem.outboxFullNext': 'Warten Sie, bis einige gesendet sind, oder importieren Sie den Rest aus einer Datei.',
  'error.problem.entryGone': 'Dieses Haustier wartet nicht mehr: Es wurde inzwischen gesendet oder verworfen.',
  'error.problem.entryGoneNext': 'Suchen Sie es in der Tabelle.',
  'error.problem.storeInvalidSetting': 'Die Angabe {setting} des gemeinsamen Speichers ist leer, zu lang (höchstens {max} Zeichen) oder enthält Steuerzeichen.',
  'error.problem.storeInvalidSettingNext': 'Korrigieren Sie sie und testen Sie erneut.',
  'error.problem.storeUnreachable': 'Unter {host}, Port {port} hat nichts geantwortet.',
  'error.problem.storeUnreachableNext': 'Prüfen Sie Adresse und Port, ob PostgreSQL dort läuft und ob das Netz dieses Computers die Verbindung zulässt.',
  'error.problem.storeTlsRequired': 'Der Server unter {host} bietet keine verschlüsselte Verbindung, die ein Speicher außerhalb dieses Computers braucht.',
  'error.problem.storeTlsRequiredNext': 'Bitten Sie die Administration, TLS einzuschalten (ssl = on).',
  'error.problem.storeTlsFailed': 'Die verschlüsselte Verbindung zu {host} ist fehlgeschlagen ({cause}).',
  'error.problem.storeTlsFailedNext': 'Stammt sein Zertifikat von einer Firmen-Zertifizierungsstelle, richten Sie diese für den Speicher ein (petstore store connect --ca-file oder die systemweiten Einstellungen).',
  'error.problem.storeSignIn': 'PostgreSQL hat die Anmeldung als {user} nicht zugelassen.',
  'error.problem.storeSignInNext': 'Prüfen Sie Benutzer und Passwort: Das Passwort ist vielleicht falsch, oder dieser Computer darf sich nicht als dieser Benutzer anmelden.',
  'error.problem.storeNoDatabase': 'Auf diesem Server gibt es keine Datenbank {database}.',
  'error.problem.storeNoDatabaseNext': 'Prüfen Sie den Namen, oder bitten Sie die Administration, sie anzulegen.',
  'error.problem.storeReadOnly': 'Der Datenbankbenutzer des Speichers darf nur lesen.',
  'error.problem.storeReadOnlyNext': 'Bitten Sie die Administration, ihm die Rechte eines Arbeitsplatzes zu geben (docs/shared-store.md).',
  'error.problem.storeNoPrivilege': 'Dem Datenbankbenutzer des Speichers fehlt ein nötiges Recht.',
  'error.problem.storeNoPrivilegeNext': 'Verbinden Sie sich einmal als Eigentümer des Speichers, oder bitten Sie die Administration darum (docs/shared-store.md).',
  'error.problem.storeSchemaTooNew': 'Eine neuere Version von Petstore Admin hat diesen Speicher aktualisiert (Version {found}; diese kennt bis {known}). Nichts wurde geändert.',
  'error.problem.storeSchemaTooNewNext': 'Aktualisieren Sie Petstore Admin auf diesem Computer.',
  'error.problem.storeNotOurs': 'Die Datenbank {database} enthält Tabellen von etwas anderem. Nichts wurde geändert.',
  'error.problem.storeNotOursNext': 'Geben Sie dem gemeinsamen Speicher eine eigene, leere Datenbank.',
  'error.problem.storeConnectionLost': 'Die Verbindung zum Speicher wurde unterbrochen; die Datenbank hat nicht Gespeichertes rückgängig gemacht.',
  'error.problem.storeConnectionLostNext': 'Versuchen Sie es erneut.',
  'error.problem.storeBusy': 'Ein anderer Arbeitsplatz hielt fest, was dieser brauchte.',
  'error.problem.storeBusyNext': 'Versuchen Sie es gleich noch einmal.',
  'error.problem.storeNoPassword': 'Für diesen Speicher ist auf diesem Computer kein Passwort hinterlegt.',
  'error.problem.storeNoPasswordNext': 'Geben Sie das Passwort des Datenbankbenutzers ein und verbinden Sie sich.',
  'error.problem.storeManaged': 'Ihre Administration hat den gemeinsamen Speicher für alle Arbeitsplätze festgelegt: {address}.',
  'error.problem.storeManagedNext': 'Hier kann nur sein Passwort hinterlegt werden: Geben Sie die Angaben dieses Speichers mit dem Passwort ein.',
  'error.problem.storeUnchecked':
    'Der gemeinsame Speicher unter {address} ist nicht erreichbar, daher lässt sich nicht prüfen, was andere Arbeitsplätze hinzugefügt haben: Ein Import jetzt kann ein Haustier erneut hinzufügen, das ein anderer Arbeitsplatz schon hinzugefügt hat. Nichts wurde gesendet.',
  'error.problem.storeUncheckedNext': 'Prüfen Sie den Speicher unter Einstellungen → Gemeinsamer Speicher und versuchen Sie es erneut, oder importieren Sie ohne Prüfung anderer Arbeitsplätze.',
  'error.problem.storeGeneric': 'Der gemeinsame Speicher konnte nicht genutzt werden.',
  'error.problem.storeOther': 'Der gemeinsame Speicher konnte nicht genutzt werden: {detail}.',
  'error.problem.storeOtherNext': 'Prüfen Sie die Einstellungen des Speichers und versuchen Sie es erneut.',
  'error.problem.entryBeingSent': 'Dieses Haustier wird gerade gesendet.',
  'error.problem.entryBeingSentNext': 'Warten Sie einen Moment: Die Tabelle zeigt, wie es ausging.',

  'error.category.idMissing': 'Die Kategorienummer fehlt.',
  'error.category.idNotANumber': '„{id}“ ist keine Kategorienummer.',
  'error.category.idNotANumberNext': 'Verwenden Sie eine ganze Zahl ab 1, zum Beispiel 3.',
  'error.category.idNotPositive': 'Kategorienummern beginnen bei 1; {id} ist keine.',
  'error.category.idNotPositiveNext': 'Verwenden Sie eine ganze Zahl ab 1.',
  'error.category.nameEmpty': 'Der Name ist leer.',
  'error.category.nameEmptyNext': 'Geben Sie einen Namen für die Kategorie ein.',
  'error.category.nameTooLong': 'Der Name ist {chars} Zeichen lang; ein Kategoriename hat höchstens {max}.',
  'error.category.nameTooLongNext': 'Kürzen Sie ihn.',
  'error.category.nameTaken': '„{name}“ ist bereits der Name der Kategorie {id}.',
  'error.category.nameTakenOther': '„{name}“ ist bereits der Name einer anderen Kategorie.',
  'error.category.nameTakenNext':
    'Wählen Sie einen anderen Namen (Groß- und Kleinschreibung gelten als derselbe Name).',
  'error.category.idNamed': 'Kategorie {id} hat bereits einen Namen, „{name}“, der beibehalten wird.',
  'error.category.idNamedUnquoted': 'Kategorie {id} hat bereits einen Namen, der beibehalten wird.',
  'error.category.idNamedNext': 'Um ihn zu ändern, benennen Sie ihn unter Einstellungen → Kategorien um.',
  'error.category.notNamed': 'Kategorie {id} hat keinen Namen, der geändert werden könnte.',
  'error.category.notNamedNext': 'Fügen Sie stattdessen einen Namen hinzu.',
  'error.category.listFull': 'Diese Umgebung hat bereits {max} Kategorienamen, mehr werden nicht gespeichert.',
  'error.category.listFullNext': 'Entfernen Sie zuerst Namen, die nicht mehr verwendet werden.',

  'error.kind.unauthorized': 'Der Dienst hat den API-Schlüssel abgelehnt.',
  'error.kind.unauthorizedEnv': 'Die Umgebung {env} hat den API-Schlüssel abgelehnt.',
  'error.kind.unauthorizedNext': 'Prüfen Sie den API-Schlüssel für diese Umgebung in den Einstellungen.',
  'error.kind.unauthorizedNextEnv': 'Prüfen Sie den API-Schlüssel für {env} in den Einstellungen.',
  'error.kind.unauthorizedHere': 'Prüfen Sie oben den API-Schlüssel für {env}.',
  'error.kind.unauthorizedSandbox':
    'Prüfen Sie den API-Schlüssel für die Sandbox in den Einstellungen; die Sandbox akzeptiert ihren Demoschlüssel.',
  'error.kind.notFound': 'Der Dienst hat dort nichts gefunden.',
  'error.kind.notFoundNext': 'Prüfen Sie die ID, oder lassen Sie die Haustiere auflisten, um das gesuchte zu finden.',
  'error.kind.gone': 'Diese Art, ein Haustier nachzuschlagen, wurde aus dem Dienst entfernt.',
  'error.kind.goneNext': 'Verwenden Sie stattdessen die Haustierliste mit einem Statusfilter.',
  'error.kind.badRequest': 'Der Dienst hat die Anfrage als ungültig abgelehnt.',
  'error.kind.server': 'Beim Dienst ist ein Problem aufgetreten{status}.',
  'error.kind.noAnswer': 'Die App konnte diese Anfrage nicht ausführen.',
  'error.kind.unexpectedResponse': 'Der Server hat eine Antwort gegeben, die die App nicht versteht{status}.',
  'error.kind.decode':
    'Die Antwort des Dienstes entspricht nicht dem, was die App erwartet; vielleicht wurde der Dienst geändert.',
  'error.kind.decodeNext': 'Bitte melden Sie das dem Betreiber des Dienstes.',
  'error.kind.timeout': 'Der Dienst hat nicht rechtzeitig geantwortet.',
  'error.kind.timeoutNext': 'Prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.',
  'error.kind.outcomeUnknown': 'Der Dienst hat nicht bestätigt, ob das Haustier hinzugefügt wurde.',
  'error.kind.outcomeUnknownBecause': '{reason}, daher ist nicht bekannt, ob das Haustier hinzugefügt wurde.',
  'error.kind.outcomeUnknownNext':
    'Lassen Sie die Haustiere auflisten und prüfen Sie, bevor Sie es erneut versuchen, damit es nicht doppelt angelegt wird.',
  'error.kind.configuration': 'Die Einstellungen für diese Umgebung sind nicht verwendbar.',
  'error.kind.configurationNext': 'Prüfen Sie sie in den Einstellungen.',
  'error.kind.responseTooLarge': 'Die Antwort des Dienstes war zu groß zum Lesen.',
  'error.kind.responseTooLargeLimit': 'Die Antwort des Dienstes war zu groß zum Lesen (mehr als {size}).',
  'error.added.known':
    '{name} wurde bereits zu {env} hinzugefügt ({when}, {source}): Es ist Haustier {id}. Nichts wurde gesendet.',
  'error.added.knownNext':
    'Ein Haustier lässt sich nicht löschen, erneutes Hinzufügen legt also ein zweites an. Wählen Sie „Erneut hinzufügen …“ nur, wenn Sie das wollen.',
  'error.added.inProgress':
    '{name} wird gerade von einem anderen Arbeitsplatz zu {env} hinzugefügt ({when}, {source}), und dieser hat es noch nicht bestätigt. Nichts wurde gesendet.',
  'error.added.inProgressNext': 'Warten Sie einen Moment und suchen Sie es dann in der Haustierliste, bevor Sie es erneut hinzufügen.',
  'error.added.maybe':
    '{name} wurde vielleicht schon zu {env} hinzugefügt ({when}, {source}): Die Antwort ging verloren, daher ist unbekannt, ob es ankam. Nichts wurde gesendet.',
  'error.added.maybeNext':
    'Suchen Sie es zuerst in der Haustierliste: Erneutes Hinzufügen kann ein Duplikat ergeben, und ein Haustier lässt sich nicht löschen.',
  'error.kind.createInFlight': 'Es wird bereits ein Haustier zu dieser Umgebung hinzugefügt.',
  'error.kind.createInFlightEnv': 'Es wird bereits ein Haustier zur Umgebung {env} hinzugefügt.',
  'error.kind.createInFlightNext':
    'Warten Sie auf das Ergebnis, bevor Sie ein weiteres hinzufügen, damit nichts doppelt angelegt wird.',
  'error.kind.file': 'Eine Datei konnte nicht verwendet werden.',
  'error.kind.fileNext': 'Prüfen Sie die Datei und ihren Ordner und versuchen Sie es dann noch einmal.',
  'error.kind.cancelled': 'Die Anfrage an den Dienst wurde abgebrochen; es wurde nichts geändert.',
  'error.kind.cancelledEnv': 'Die Anfrage an die Umgebung {env} wurde abgebrochen; es wurde nichts geändert.',
  'error.kind.activityUnavailable':
    'Der Aktivitätsverlauf auf diesem Computer kann nicht verwendet werden. Haustiere können weiterhin aufgelistet und hinzugefügt werden; sie werden nur nicht aufgezeichnet.',
  'error.kind.activityUnavailableNext':
    'Starten Sie die App neu; wenn es wieder passiert, prüfen Sie, ob in den Datenordner der App geschrieben werden darf.',
  'error.kind.waitKept': 'Die Wartezeit wurde nicht gelöscht, um den API-Schlüssel zu schonen.',
  'error.kind.sandboxNotStarted': 'Die lokale Sandbox konnte nicht gestartet werden.',
  'error.kind.sandboxNotStartedNext': 'Starten Sie die App neu, oder wählen Sie eine andere Umgebung.',
} as const satisfies Record<keyof typeof errorsEn, string>;
