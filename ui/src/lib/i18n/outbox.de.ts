import type { outboxEn } from './outbox.en';
import type { Catalog } from './types';

// The outbox (issue 39): German, the same keys as outbox.en.ts.
export const outboxDe = {
  'outbox.addWhenPossible': 'Hinzufügen, sobald möglich',
  'outbox.addWhenPossibleHint': 'Es wartet auf diesem Computer und wird von selbst einmal gesendet, sobald es geht.',
  'outbox.queued': '{name} wartet darauf, an {env} gesendet zu werden: Es wird hinzugefügt, sobald es geht.',
  'outbox.queuedAtOnce':
    '{name} konnte jetzt nicht gesendet werden und wartet nun darauf, an {env} gesendet zu werden (Einstellung: ohne Nachfrage hinzufügen, sobald möglich).',
  'outbox.edited': 'Änderungen gespeichert: {name} wartet darauf, gesendet zu werden.',
  'outbox.dropped': '{name} wurde verworfen: Es wird nicht hinzugefügt.',
  'outbox.sent': '{name} wurde aus dem Postausgang zu {env} hinzugefügt.',
  'outbox.editTitle': 'Wartendes Haustier bearbeiten',
  'outbox.saveEdit': 'Änderungen speichern',
  'outbox.title': 'Wartet auf Senden',
  'outbox.caption': {
    one: '{count} Haustier wartet darauf, an {env} gesendet zu werden',
    other: '{count} Haustiere warten darauf, an {env} gesendet zu werden',
  },
  'outbox.mark': 'Wartet auf Senden',
  'outbox.whyOffline': 'Keine Verbindung',
  'outbox.whyQuota': 'Kontingent aufgebraucht',
  'outbox.whyQuotaUntil': 'Kontingent aufgebraucht bis {time}',
  'outbox.whyChosen': 'In den Postausgang gelegt',
  'outbox.since': 'seit {time}',
  'outbox.sending': 'Wird gerade gesendet …',
  'outbox.refused': 'Nicht hinzugefügt. Der Dienst sagte: {message}',
  'outbox.unconfirmed': 'Es wurde vielleicht hinzugefügt: Es kam keine Antwort, und es wurde nicht gefunden.',
  'outbox.senderOffline': 'Keine Verbindung: neuer Versuch um {time}, von selbst.',
  'outbox.senderQuota': 'Das Kontingent ist aufgebraucht: wird um {time} gesendet, von selbst.',
  'outbox.senderOther': 'Ein anderes Programm (der Befehl petstore) sendet diese; erneuter Blick um {time}.',
  'outbox.senderUnauthorized':
    'Der API-Schlüssel wurde abgelehnt: Es wird nichts gesendet, bis der Schlüssel in den Einstellungen geändert ist.',
  'outbox.senderKeptFailing':
    'Angehalten nach {count} Hinzufügungen in Folge mit unbekanntem Ergebnis: Prüfen Sie die Haustiere, dann senden oder verwerfen Sie sie.',
  'outbox.damaged': 'Die Datei des Postausgangs war nicht lesbar. Sie wurde als {path} aufbewahrt.',
  'outbox.edit': 'Bearbeiten',
  'outbox.editLabel': '{name} bearbeiten',
  'outbox.drop': 'Verwerfen',
  'outbox.dropLabel': '{name} verwerfen',
  'outbox.dropQuestion': '{name} verwerfen? Es wird nicht hinzugefügt.',
  'outbox.keep': 'Behalten',
  'outbox.sendAnyway': 'Trotzdem senden',
  'outbox.sendAnywayLabel': '{name} trotzdem senden',
  'outbox.sendAnywayQuestion': '{name} trotzdem senden? Falls das erste Hinzufügen ankam, hat {env} es zweimal.',
  'outbox.actions': 'Aktionen',
  'outbox.header': { one: '{count} wartet auf Senden', other: '{count} warten auf Senden' },
  'outbox.headerOthers': 'Wartet auch: {envs}',
  'outbox.setting': 'Ohne Nachfrage hinzufügen, sobald möglich',
  'outbox.settingHint':
    'Kann ein neues Haustier jetzt nicht gesendet werden (keine Verbindung, Kontingent aufgebraucht), wartet es auf diesem Computer und wird von selbst gesendet, statt dass das Formular fragt.',
  'outbox.activityTitle': 'Postausgang',
  'outbox.activityEmpty': 'In dieser Sitzung wurde nichts aus dem Postausgang gesendet.',
  'outbox.outcomeSent': '{name}: zu {env} hinzugefügt als Haustier {id}, {time}.',
  'outbox.outcomeAlready': '{name}: nicht an {env} gesendet, es wurde schon hinzugefügt ({source}), {time}.',
  'outbox.outcomeRefused': '{name}: von {env} abgelehnt, {time}. Der Dienst sagte: {message}',
  'outbox.outcomeUnconfirmed': '{name}: vielleicht zu {env} hinzugefügt, {time}; es wartet auf Ihre Entscheidung.',
} satisfies Pick<Catalog, keyof typeof outboxEn>;
