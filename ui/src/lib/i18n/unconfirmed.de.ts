// Der Abschnitt „Nicht bestätigt“ der Aktivität: dieselben Schlüssel und Platzhalter wie
// unconfirmed.en.ts.
import type { unconfirmedEn } from './unconfirmed.en';
import type { Catalog } from './types';

export const unconfirmedDe = {
  'unconfirmed.title': 'Nicht bestätigt',
  'unconfirmed.hint':
    'Diese Haustiere wurden zum Hinzufügen gesendet, aber es kam keine Antwort; ob sie hinzugefügt wurden, ist daher nicht bekannt. Prüfen Sie das, bevor Sie sie erneut hinzufügen, damit nichts doppelt angelegt wird.',
  'unconfirmed.thePet': 'Das Haustier',
  'unconfirmed.what': '{name} (Kategorie {category}) zu {env}, {time}',
  'unconfirmed.whatNoCategory': '{name} zu {env}, {time}',
  'unconfirmed.checking': 'Die Haustiere in {env} werden durchsucht …',
  'unconfirmed.found': 'Gefunden: {name} ist {pet}.',
  'unconfirmed.petLink': 'Haustier {id}',
  'unconfirmed.showIn': 'In den Haustieren von {env} anzeigen',
  'unconfirmed.notFound': 'In {env} nicht gefunden.',
  'unconfirmed.retrying': '{name} wird erneut zu {env} hinzugefügt …',
  'unconfirmed.retried': 'Erneut hinzugefügt: {name} ist {pet}.',
  'unconfirmed.unchecked':
    'Ließ sich nicht prüfen: Die Liste des Dienstes ließ sich nicht bis zum Ende lesen (eine volle Seite, ohne Weg zum Rest), daher ist nicht bekannt, ob {name} in {env} ist.',
  'unconfirmed.questionUnchecked':
    'Die Prüfung konnte nicht alle Haustiere in {env} sehen, {name} ist also womöglich schon dort: Erneutes Hinzufügen kann ein Duplikat anlegen, und ein Haustier lässt sich nicht löschen. Sehen Sie nach Möglichkeit zuerst in der Haustierliste nach.',
  'unconfirmed.question': '{name} erneut zu {env} hinzufügen?',
  'unconfirmed.questionText':
    'Dies sendet ein neues Hinzufügen. Falls das erste doch angekommen ist, hat {env} {name} danach zweimal.',
  'unconfirmed.addAgain': 'Erneut hinzufügen',
  'unconfirmed.done': 'Fertig',
  'unconfirmed.checkAgain': 'Erneut prüfen',
  'unconfirmed.checkNow': 'Jetzt prüfen',
  'unconfirmed.tryAgain': 'Erneut versuchen …',
  'unconfirmed.dismissLabel': 'Ausblenden: {name}, {env}',
  'unconfirmed.dismiss': 'Ausblenden',
} satisfies Pick<Catalog, keyof typeof unconfirmedEn>;
