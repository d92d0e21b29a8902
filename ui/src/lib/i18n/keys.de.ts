// Der API-Schlüssel in den Einstellungen: dieselben Schlüssel und Platzhalter wie keys.en.ts.
import type { keysEn } from './keys.en';
import type { Catalog } from './types';

export const keysDe = {
  'keys.title': 'API-Schlüssel',
  'keys.checking': 'Wird geprüft …',
  'keys.sessionOnly': 'Nur für diese Sitzung behalten',
  'keys.stored': 'Im Schlüsselbund gespeichert',
  'keys.none': 'Kein Schlüssel gespeichert',
  'keys.noKeychain':
    'Dieser Computer hat keinen Schlüsselbund, den die App erreichen kann, daher lässt sich der Schlüssel nicht dauerhaft speichern. Sie können ihn nur für diese Sitzung behalten; nach einem Neustart der App müssen Sie ihn erneut eingeben.',
  'keys.newKeyFor': 'Neuer API-Schlüssel für {env}',
  'keys.pasteReplace': 'Neuen Schlüssel einfügen, um ihn zu ersetzen',
  'keys.paste': 'API-Schlüssel einfügen',
  'keys.keepSession': 'Nur für diese Sitzung behalten',
  'keys.replace': 'Schlüssel ersetzen',
  'keys.save': 'Schlüssel speichern',
  'keys.clearKey': 'Schlüssel löschen',
  'keys.clearQuestion': 'API-Schlüssel für {env} löschen?',
  'keys.clearText':
    '{env} lässt sich erst wieder verwenden, wenn ein Schlüssel gespeichert ist, und die App kann Ihnen den alten Schlüssel nicht zeigen: Bewahren Sie eine Kopie auf, falls Sie ihn noch brauchen.',
  'keys.clear': 'Löschen',
  'keys.keep': 'Behalten',
  'keys.keptSession': 'Schlüssel für diese Sitzung behalten.',
  'keys.saved': 'Schlüssel im Schlüsselbund gespeichert.',
  'keys.removed': 'Schlüssel entfernt.',
} satisfies Pick<Catalog, keyof typeof keysEn>;
