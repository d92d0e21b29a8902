// Prüfungen der Eingaben (validation.ts, int64.ts): dieselben Schlüssel und Platzhalter wie
// validation.en.ts.
import type { validationEn } from './validation.en';

export const validationDe = {
  'validation.nameEmpty': 'Geben Sie einen Namen ein.',
  'validation.nameTooLong': 'Dieser Name ist zu lang: Kürzen Sie ihn auf höchstens {max} Zeichen (entfernen Sie {over}).',
  'validation.categoryEmpty': 'Geben Sie die Kategorie-ID ein.',
  'validation.categoryDigits': 'Verwenden Sie nur Ziffern: eine ganze Zahl ab 1, zum Beispiel 3.',
  'validation.categoryPositive': 'Verwenden Sie eine ganze Zahl ab 1, zum Beispiel 3.',
  'validation.categoryTooLarge': 'Diese Zahl ist zu groß für eine Kategorie-ID: Verwenden Sie höchstens {max}.',
  'validation.limit': 'Geben Sie eine ganze Zahl von 1 bis 100 ein.',
  'validation.urlNotFull': 'Geben Sie eine vollständige Adresse ein, etwa https://pets.example.com/v1',
  'validation.urlHttps':
    'Verwenden Sie https:// (einfaches http:// ist nur für diesen Computer erlaubt: 127.0.0.1, ::1 oder localhost).',
  'validation.urlCredentials': 'Lassen Sie Benutzername und Passwort weg; der API-Schlüssel wird weiter unten festgelegt.',
  'validation.urlQuery': 'Lassen Sie die Teile mit ? und # aus der Adresse weg.',
  'validation.urlV1': 'Die Adresse muss auf /v1 enden, etwa https://pets.example.com/v1',
  'validation.daysEnter': 'Geben Sie eine ganze Zahl von Tagen von {min} bis {max} ein.',
  'validation.daysRange': 'Verwenden Sie eine Anzahl von Tagen von {min} bis {max}.',
  'validation.entriesEnter': 'Geben Sie eine ganze Zahl von Einträgen von {min} bis {max} ein.',
  'validation.entriesRange': 'Verwenden Sie eine Anzahl von Einträgen von {min} bis {max}.',
  'validation.idEmpty': 'Geben Sie eine Zahl ein.',
  'validation.idDigits':
    'Verwenden Sie nur Ziffern: eine ganze Zahl, ohne Nachkommastellen und ohne Leerzeichen zwischen den Ziffern.',
  'validation.idTooLarge': 'Diese Zahl ist zu groß für eine ID: Verwenden Sie höchstens {max}.',
  'validation.idTooSmall': 'Diese Zahl ist zu klein für eine ID: Verwenden Sie mindestens {min}.',
} as const satisfies Record<keyof typeof validationEn, string>;
