// Die Wörter der Aktivität (Verlauf, Filter, Details, Export, Einstellungen → Aktivität); dieselben
// Schlüssel und Platzhalter wie activity.en.ts. „Aktivität“ ist die Ansicht, der gespeicherte
// Verlauf der „Aktivitätsverlauf“.
import type { activityEn } from './activity.en';
import type { Plural } from './types';

export const activityDe = {
  'activity.opListPets': 'Haustiere auflisten',
  'activity.opNextPage': 'Weitere Haustiere',
  'activity.opCreatePet': 'Haustier hinzufügen',
  'activity.opGetPet': 'Haustier suchen',
  'activity.outcomeOk': 'Erfolgreich',
  'activity.outcomeError': 'Fehlgeschlagen',
  'activity.outcomeUnknown': 'Nicht bestätigt',
  'activity.outcomeNotFound': 'Nicht gefunden',
  'activity.sourceApp': 'Diese App',
  'activity.sourceCli': 'Die Befehlszeile petstore',
  'activity.rangeHour': 'Letzte Stunde',
  'activity.rangeToday': 'Heute',
  'activity.rangeWeek': 'Letzte 7 Tage',
  'activity.rangeQuarter': 'Letzte 90 Tage',
  'activity.rangeAll': 'Gesamter Zeitraum',

  'activity.petsReturned': { one: '{count} Haustier', other: '{count} Haustiere' },
  'activity.petId': 'Haustier {id}',
  'activity.resultOk': 'OK',
  'activity.resultResolved': 'Nicht bestätigt: {how}',
  'activity.resultTooMany': 'Zu viele',
  'activity.resultTooManyRequests': 'Zu viele Anfragen',
  'activity.resultFailed': 'Fehler',
  'activity.resolvedFound': 'später gefunden',
  'activity.resolvedRetried': 'erneut hinzugefügt',
  'activity.resolvedDismissed': 'verworfen',
  'activity.resolvedFoundBrief': 'Später gefunden',
  'activity.resolvedRetriedBrief': 'Erneut hinzugefügt',
  'activity.resolvedDismissedBrief': 'Verworfen',
  'activity.foundAs': 'Später gefunden: Es wurde hinzugefügt, als Haustier {id}.',
  'activity.foundNoId': 'Später gefunden: Es wurde hinzugefügt, mit unbekannter ID.',
  'activity.retriedAs': 'Erneut hinzugefügt, als Haustier {id}.',
  'activity.retried': 'Erneut hinzugefügt.',
  'activity.dismissed': 'Ohne Prüfung verworfen.',
  'activity.serviceSaid': '{what} Der Dienst meldete: „{server}“',

  'activity.newerSchema':
    'Der Aktivitätsverlauf wurde zuletzt von einer neueren Version von Petstore Admin verwendet. Diese Version lässt ihn daher unverändert und zeichnet nichts auf.',
  'activity.newerSchemaNext': 'Aktualisieren Sie Petstore Admin, um den Verlauf zu sehen und weiter aufzuzeichnen.',
  'activity.unavailable':
    'Der Aktivitätsverlauf lässt sich auf diesem Computer nicht öffnen, daher werden keine Anfragen aufgezeichnet. Haustiere können weiterhin aufgelistet und hinzugefügt werden.',
  'activity.unavailableNext':
    'Starten Sie die App neu. Wenn es wieder passiert, prüfen Sie, ob in den Datenordner der App geschrieben werden darf.',
  'activity.movedAside':
    'Die Datei des Aktivitätsverlaufs war beschädigt. Sie wurde als {file} beiseitegelegt und ein neuer, leerer Verlauf begonnen.',
  'activity.movedAsideNext': 'Sonst ist nichts zu tun; die alte Datei bleibt dort, falls jemand sie untersuchen möchte.',

  'activity.loadFailed': 'Die Aktivität konnte nicht geladen werden',
  'activity.noMatch': 'Nichts passt zu diesen Filtern',
  'activity.noMatchText': 'Wählen Sie einen anderen Zeitraum oder leeren Sie die Suche.',
  'activity.empty': 'Noch keine Aktivität',
  'activity.emptyText':
    'Jede Anfrage, die dieser Computer sendet (Haustiere auflisten, hinzufügen oder suchen), wird hier aufgezeichnet.',
  'activity.loading': 'Aktivität wird geladen …',
  'activity.count': { one: '{count} Eintrag', other: '{count} Einträge' },
  'activity.countMatch': { one: '{count} passender Eintrag', other: '{count} passende Einträge' },

  'activity.allEnvironments': 'Alle Umgebungen',
  'activity.action': 'Aktion',
  'activity.allActions': 'Alle Aktionen',
  'activity.result': 'Ergebnis',
  'activity.allResults': 'Alle Ergebnisse',
  'activity.when': 'Zeitpunkt',
  'activity.search': 'Nach Name oder ID des Haustiers suchen',
  'activity.searchTitle': 'Nach Name oder ID des Haustiers suchen ({shortcut})',
  'activity.searchPlaceholder': 'Haustiername oder ID',
  'activity.exportTitle': 'Diese Einträge in eine CSV-Datei exportieren',

  'activity.caption':
    'Anfragen dieses Computers, die neuesten zuerst, insgesamt {count}. Wählen Sie eine Uhrzeit, um die Details eines Eintrags zu sehen.',
  'activity.pet': 'Haustier',
  'activity.took': 'Dauer',
  'activity.rowLabel': '{time}: Details zu „{operation}“ in {env}',

  'activity.sentBy': 'Gesendet von',
  'activity.request': 'Anfrage',
  'activity.whatWentWrong': 'Was schiefging',
  'activity.serverCode': 'Code des Dienstes',
  'activity.quotaAfter': 'Kontingent danach',
  'activity.quotaNotTold': 'Vom Dienst nicht gemeldet',
  'activity.noName': 'Kein Name',
  'activity.petCategory': ', Kategorie {id}',
  'activity.petIdPart': ', ID {id}',
  'activity.petsInAnswer': 'Haustiere in der Antwort',
  'activity.whatBecame': 'Was daraus wurde',
  'activity.whatToDo': 'Was zu tun ist',
  'activity.checkArrived':
    'Prüfen Sie, ob es angekommen ist: Es steht oben in der Aktivität unter „Nicht bestätigt“ und lässt sich dort prüfen.',
  'activity.entry': 'Eintrag',
  'activity.done': 'Fertig',
  'activity.neverAnswered': 'Der Dienst hat nie geantwortet, daher ist nicht bekannt, ob das Haustier hinzugefügt wurde.',
  'activity.noSuchPet': 'Der Dienst hat kein Haustier mit der ID {id}.',
  'activity.attempts': { one: '{count} Versuch', other: '{count} Versuche' },
  'activity.waited': 'insgesamt {duration} gewartet, bevor erneut gesendet wurde',
  'activity.answered429': {
    one: 'einmal mit 429 Too Many Requests beantwortet',
    other: '{count}-mal mit 429 Too Many Requests beantwortet',
  },
  'activity.answered429Twice': 'zweimal mit 429 Too Many Requests beantwortet',
  'activity.quotaLeftOf': '{remaining} von {limit} Anfragen übrig',
  'activity.quotaLeft': { one: '{count} Anfrage übrig', other: '{count} Anfragen übrig' },
  'activity.quotaRenewing': ', Erneuerung um {time}',

  'activity.exportHeading': 'Aktivität exportieren',
  'activity.exportScoped': {
    one: 'Schreibt den einen Eintrag, der zu den Filtern passt ({scope}), in eine CSV-Datei Ihrer Wahl.',
    other: 'Schreibt die {count} Einträge, die zu den Filtern passen ({scope}), in eine CSV-Datei Ihrer Wahl.',
  },
  'activity.exportAll': {
    one: 'Schreibt den einen Eintrag des Aktivitätsverlaufs in eine CSV-Datei Ihrer Wahl.',
    other: 'Schreibt alle {count} Einträge des Aktivitätsverlaufs in eine CSV-Datei Ihrer Wahl.',
  },
  'activity.quoted': '„{text}“',
  'activity.exporting': 'Wird exportiert …',
  'activity.written': { one: '{count} Eintrag in {path} geschrieben', other: '{count} Einträge in {path} geschrieben' },
  'activity.writtenNoCount': 'In {path} geschrieben',
  'activity.writtenKept': '; die Datei, die dort lag, wurde als {kept} aufbewahrt',

  'activity.settingsIntro':
    'Die Aktivität zeichnet die Anfragen auf, die dieser Computer sendet (über diese App und die Befehlszeile petstore), niemals einen API-Schlüssel. Ältere Einträge werden im Hintergrund entfernt, die ältesten zuerst.',
  'activity.keepDays': 'Einträge aufbewahren (Tage)',
  'activity.keepDaysHint': 'Standardmäßig 90 Tage.',
  'activity.keepEntries': 'Höchstens aufbewahren (Einträge)',
  'activity.keepEntriesHint': 'Standardmäßig 200.000.',
  'activity.alerts': 'Kontingentwarnungen',
  'activity.alertsHint':
    'Meldet in der App und als Systembenachrichtigung, wenn eine Umgebung weniger als ein Fünftel ihrer Anfragen übrig hat, keine mehr übrig hat oder mit 429 Too Many Requests beantwortet wird. Höchstens einmal pro Kontingentzeitraum.',
  'activity.save': 'Speichern',
} satisfies { [K in keyof typeof activityEn]: (typeof activityEn)[K] extends string ? string : Plural };
