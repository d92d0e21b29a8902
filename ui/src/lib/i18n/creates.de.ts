// Die Zeilen über der Tabelle zu laufenden und beendeten Hinzufügungen; dieselben Schlüssel und
// Platzhalter wie creates.en.ts.
import type { createsEn } from './creates.en';

export const createsDe = {
  'creates.added': '{name} wurde zu {env} hinzugefügt {id}.',
  'creates.petId': '(ID {id})',
  'creates.checked':
    'Die Liste wurde neu geladen: Suchen Sie dort nach {name}. Wenn es fehlt, enthält „Neues Haustier“ noch Ihre Eingaben.',
  'creates.refused': '{name} wurde nicht zu {env} hinzugefügt.',
  'creates.goTo': 'Zu {env} wechseln',
  'creates.checkListIn': 'Liste in {env} prüfen',
  'creates.openForm': 'Formular öffnen',
  'creates.dismiss': 'Ausblenden: {name}, {env}',
} satisfies Record<keyof typeof createsEn, string>;
