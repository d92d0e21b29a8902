// Die Wörter des Kontingents über die Anzeige hinaus: Warnungen, Kontingent-Fenster, Diagramm und
// dessen Zusammenfassung; dieselben Schlüssel und Platzhalter wie quota.en.ts. {period} steht
// hier ohne Präposition davor („in der letzten Stunde“), weil der Fall davon abhängt.
import type { quotaEn } from './quota.en';
import type { Plural } from './types';

export const quotaDe = {
  'quota.windowMinute': 'in dieser Minute',
  'quota.windowDay': 'heute',
  'quota.windowNow': 'vorerst',
  'quota.windowOther': 'in diesem Zeitfenster',
  'quota.alertLow': '{env}: {window} nur noch {remaining} von {limit} Anfragen übrig{renews}.',
  'quota.alertLowFew': '{env}: {window} nur noch wenige Anfragen übrig{renews}.',
  'quota.alertRenews': ', Erneuerung um {time}',
  'quota.alertExhausted': '{env}: {window} keine Anfragen mehr übrig. Anfragen warten bis zur Erneuerung um {time}.',
  'quota.alertExhaustedNoTime': '{env}: {window} keine Anfragen mehr übrig. Anfragen warten bis zur Erneuerung.',
  'quota.alertRateLimited':
    '{env} hat um {at} mit 429 Too Many Requests geantwortet. Anfragen an {env} warten bis {time}.',
  'quota.alertRateLimitedNoTime':
    '{env} hat um {at} mit 429 Too Many Requests geantwortet. Anfragen an {env} warten so lange wie verlangt.',
  'quota.showQuota': 'Kontingent anzeigen',
  'quota.dismissAlert': 'Warnung zu {env} ausblenden',

  'quota.panelTitle': 'Kontingent · {env}',
  'quota.period': 'Zeitraum',
  'quota.rangeHour': 'Letzte Stunde',
  'quota.rangeDay': 'Letzte 24 Stunden',
  'quota.reading': 'Verlauf wird gelesen …',
  'quota.today': 'Heute',
  'quota.dayUse': { one: '{count} Anfrage von diesem Computer heute', other: '{count} Anfragen von diesem Computer heute' },
  'quota.dayService':
    'Zählung des Dienstes für diesen Schlüssel bei seiner letzten Antwort: heute {used} von {limit} verbraucht, {remaining} übrig{plan}.',
  'quota.dayLimit': {
    one: 'Tageslimit: {count} Anfrage{plan}. Die Zählung des Dienstes für diesen Schlüssel ist für heute nicht bekannt.',
    other: 'Tageslimit: {count} Anfragen{plan}. Die Zählung des Dienstes für diesen Schlüssel ist für heute nicht bekannt.',
  },
  'quota.dayPlan': ' ({plan})',
  'quota.countedFrom': 'Gezählt ab {time} Ihrer Ortszeit, wenn der Tag des Dienstes beginnt.',
  'quota.byActionHour': 'Anfragen nach Aktion, letzte Stunde',
  'quota.byActionDay': 'Anfragen nach Aktion, letzte 24 Stunden',
  'quota.none': 'Keine.',
  'quota.action': 'Aktion',
  'quota.requests': 'Anfragen',
  'quota.share': 'Anteil',

  'quota.periodHour': 'in der letzten Stunde',
  'quota.periodDay': 'in den letzten 24 Stunden',
  'quota.chartLabel': 'Verbleibende Anfragen in {env} {period}',
  'quota.markerTitle': 'Um {time} mit 429 Too Many Requests beantwortet',
  'quota.legendLeft': 'Verbleibende Anfragen',
  'quota.legendRenewed': 'Zeitfenster erneuert',
  'quota.legend429': 'Mit 429 beantwortet',
  'quota.summaryNone': 'Keine Anfragen an {env} {period}.',
  'quota.summaryAnswers': {
    one: 'Eine Antwort nannte {period} das Kontingent.',
    other: '{count} Antworten nannten {period} das Kontingent.',
  },
  'quota.summaryLowest': 'Tiefststand: {remaining} von {limit} Anfragen übrig, um {time}.',
  'quota.summaryNo429': 'Keine Antwort war 429 Too Many Requests.',
  'quota.summary429': {
    one: '{count} Antwort war 429 Too Many Requests, auf die Anfrage von {times}{more}.',
    other: '{count} Antworten waren 429 Too Many Requests, auf Anfragen von {times}{more}.',
  },
  'quota.summaryMore': ' und {count} weitere',
  'quota.summaryNoRenewal': 'Das Zeitfenster wurde in dieser Zeit nicht erneuert.',
  'quota.summaryRenewed': { one: 'Das Zeitfenster wurde einmal erneuert.', other: 'Das Zeitfenster wurde {count}-mal erneuert.' },
} satisfies { [K in keyof typeof quotaEn]: (typeof quotaEn)[K] extends string ? string : Plural };
