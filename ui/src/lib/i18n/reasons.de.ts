// Die Gründe auf Deutsch (dieselben Schlüssel und Platzhalter wie reasons.en.ts): kleingeschriebene
// Teilsätze ohne Schlusspunkt, die messages.ts nach einem Doppelpunkt einsetzt.
import type { reasonsEn } from './reasons.en';

export const reasonsDe = {
  'reasons.bytes': '{n} Bytes',
  'reasons.io.notFound': 'sie ist nicht vorhanden',
  'reasons.io.permissionDenied': 'die App darf sie nicht verwenden',
  'reasons.io.alreadyExists': 'eine Datei dieses Namens ist bereits vorhanden',
  'reasons.io.diskFull': 'der Datenträger ist voll',
  'reasons.io.readOnly': 'der Datenträger ist schreibgeschützt',
  'reasons.io.isAFolder': 'es ist ein Ordner',
  'reasons.io.notText': 'sie enthält keinen Text, den die App lesen kann',
  'reasons.io.other': 'das System hat es abgelehnt',

  'reasons.settingsSyntax': 'sie ist kein gültiges JSON (achten Sie auf ein überzähliges Zeichen, ein Komma am Ende oder ein fehlendes Anführungszeichen)',
  'reasons.settingsEndOfFile': 'ihr Text endet vor ihrem JSON (eine schließende Klammer oder ein Anführungszeichen fehlt)',
  'reasons.settingsWrongValue': 'ein Wert hat nicht die Art, die die Einstellungen brauchen (zum Beispiel Text, wo eine Zahl hingehört)',
  'reasons.settingsTooLarge': 'sie ist größer als {limit}, weit mehr, als diese Datei je enthält',

  'reasons.addressNotAnAddress': 'sie ist keine Adresse (erwartet z. B. https://api.example.com/v1)',
  'reasons.addressScheme': 'nur Adressen mit http:// und https:// werden unterstützt',
  'reasons.addressNoHost': 'sie hat keinen Host',
  'reasons.addressCredentials': 'sie darf keinen Benutzernamen und kein Passwort enthalten',
  'reasons.addressQuery': 'sie darf keine Abfrage (?...) und keinen Anker (#...) enthalten',
  'reasons.addressPath': 'ihr Pfad muss auf /v1 enden (z. B. https://api.example.com/v1)',
  'reasons.addressSandboxFixed': 'die Adresse der Sandbox ist fest',

  'reasons.noAnswerInTime': 'der Dienst hat nicht rechtzeitig geantwortet',
  'reasons.connectionLost': 'die Verbindung brach ab, bevor die Antwort ankam',
  'reasons.answerTooLarge': 'der Dienst antwortete mit HTTP {status}, aber mit mehr als {limit}, die nicht gelesen wurden',
  'reasons.redirected': 'der Dienst antwortete mit HTTP {status}, einer Weiterleitung, der nicht gefolgt wurde',
  'reasons.serverError': 'der Dienst antwortete mit HTTP {status}',
  'reasons.notAPet': 'der Dienst antwortete mit HTTP {status}, aber nicht mit einem Haustier',


  'reasons.importTooLarge': 'die Datei ist {size} groß, und ein Import liest höchstens {limit}',
  'reasons.importTooLargeUnknown': 'die Datei ist größer als {limit}, das Höchste, was ein Import liest',
  'reasons.importTooManyRows': 'die Datei hat mehr als {limit} Zeilen, die meisten, die ein Import annimmt',
  'reasons.notUtf8': 'Zeile {line} ist kein UTF-8-Text: Speichern Sie die Tabelle als „CSV UTF-8“ und versuchen Sie es erneut',
  'reasons.importEmpty': 'die Datei ist leer: Sie braucht eine Kopfzeile (name, categoryId, status) und eine Zeile pro Haustier',
  'reasons.missingColumn': 'die Kopfzeile hat keine Spalte „{column}“ (gefunden: {found}): Fügen Sie sie hinzu, oder benennen Sie die Spalte um, die sie enthält',
  'reasons.noColumns': 'keine Spalten',
  'reasons.duplicateColumn': 'die Kopfzeile hat zwei Spalten für {column} („{first}“ und „{second}“): Behalten Sie eine davon',
  'reasons.malformedCsv': 'Zeile {line} kann nicht als CSV gelesen werden: Prüfen Sie ihre Anführungszeichen',
  'reasons.listTooLarge': 'die Datei ist {size} groß; eine Liste von Kategorienamen wird bis {limit} gelesen: Ist es die richtige Datei?',
  'reasons.listTooLong': 'die Datei hat mehr als {limit} Zeilen, die meisten, die eine Liste von Kategorienamen hat',
  'reasons.listEmpty': 'die Datei ist leer: Eine Liste von Kategorienamen braucht eine Kopfzeile (categoryId, name) und eine Zeile pro Kategorie',

  'reasons.journalFile':
    'das Importprotokoll {path} konnte nicht verwendet werden ({io}): Prüfen Sie, ob in seinen Ordner geschrieben werden darf, und starten Sie den Import dann erneut; bereits angelegte Zeilen bleiben dort vermerkt',
  'reasons.journalDamaged':
    'das Importprotokoll {path} ist in Zeile {line} beschädigt und wurde unverändert gelassen: Verschieben Sie es, um diesen Import von vorn zu beginnen, nachdem Sie in der Haustierliste nach bereits angelegten Zeilen gesehen haben',

  'reasons.row.nameEmpty': 'der Name ist leer: Geben Sie einen Namen ein.',
  'reasons.row.nameTooLong': 'der Name ist {chars} Zeichen lang: Kürzen Sie ihn auf höchstens {max} Zeichen.',
  'reasons.row.categoryIdEmpty': 'die Kategorie-ID ist leer: Geben Sie eine ganze Zahl ab 1 ein, zum Beispiel 3.',
  'reasons.row.categoryIdNotANumber':
    'die Kategorie-ID „{given}“ ist keine ganze Zahl von 1 bis {max}: Verwenden Sie nur Ziffern, zum Beispiel 3.',
  'reasons.row.categoryIdNotPositive': 'die Kategorie-ID {given} ist nicht positiv: Verwenden Sie eine ganze Zahl ab 1.',
  'reasons.row.statusUnknown':
    'der Status „{given}“ ist keiner von available, pending, sold (lassen Sie ihn leer, damit der Dienst entscheidet).',
} satisfies { [K in keyof typeof reasonsEn]: (typeof reasonsEn)[K] extends string ? string : { one: string; other: string } };
