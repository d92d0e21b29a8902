// Die Wörter des Suchfelds über der Tabelle: dieselben Schlüssel und Platzhalter wie find.en.ts.
import type { findEn } from './find.en';
import type { Catalog } from './types';

export const findDe = {
  'find.label': 'Ein Haustier nach Name oder ID finden',
  'find.placeholder': 'Nach Name oder ID finden',
  'find.title': 'Ein Haustier nach Name oder ID unter den geladenen finden ({shortcut}). Escape leert die Suche.',
  'find.clear': 'Suche leeren',
  'find.countAll': { one: '{count} von {total} Haustieren passt', other: '{count} von {total} Haustieren passen' },
  'find.countMore': {
    one: '{count} der bisher {total} geladenen Haustiere passt',
    other: '{count} der bisher {total} geladenen Haustiere passen',
  },
  'find.countCannotPage': {
    one: '{count} der {total} geladenen Haustiere passt',
    other: '{count} der {total} geladenen Haustiere passen',
  },
  'find.cannotPage':
    'Der Dienst hat vielleicht mehr Haustiere, bietet aber keinen Weg, sie zu laden: Die Suche umfasst nur die {total} geladenen.',
  'find.loadRest': 'Den Rest laden',
  'find.loadRestTitle': 'Alle übrigen Seiten nacheinander laden und mit durchsuchen',
  'find.loadingRest': 'Der Rest wird geladen …',
  'find.stop': 'Anhalten',
  'find.stopTitle': 'Keine weiteren Seiten laden: Die bisher geladenen Haustiere bleiben',
  'find.shiftKey': 'Umschalt',
} satisfies Pick<Catalog, keyof typeof findEn>;
