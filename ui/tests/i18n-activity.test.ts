// The Activity view, the quota panel and alerts, and the adds' lines in German:
// every action, result and kind has German words, numbers and dates are German, and a switch of
// language re-renders what is on screen. Over the demo fake, like the English tests.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { pet } from '../src/demo/fake';
import {
  activityProblem,
  alertText,
  dayUseText,
  OPERATION_LABEL,
  OPERATIONS,
  OUTCOME_LABEL,
  OUTCOMES,
  petOf,
  RANGE_LABEL,
  RANGES,
  resolutionText,
  resultOf,
  SOURCE_LABEL,
} from '../src/lib/activity-words';
import { chartSummary } from '../src/lib/chart';
import { formatClock, formatClockSeconds } from '../src/lib/format';
import { en } from '../src/lib/i18n/en';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { pieces } from '../src/lib/i18n/pieces';
import type { ActivitySource, CreatedPet, QuotaAlert, QuotaHistory, ResolutionKind } from '../src/lib/types';
import { activityEntry, activityRows, history } from './activity-helpers';
import { startApp, type } from './helpers';

afterEach(() => setLanguage('en'));

const GERMAN = { systemLocale: 'de_DE.UTF-8' } as const;
const englishWords = new Set<string>(Object.values(en).filter((v) => typeof v === 'string'));

/** The Activity tab of an app started in German, with its count on screen. */
async function openGermanActivity(): Promise<HTMLElement> {
  await fireEvent.click(await screen.findByRole('tab', { name: /Aktivität/ }));
  const panel = screen.getByRole('tabpanel', { name: /Aktivität/ });
  // Generous: on a busy machine the first page can take more than waitFor's default second.
  await waitFor(() => expect(within(panel).queryByTestId('activity-count')).not.toBeNull(), { timeout: 5000 });
  return panel;
}

const NOW = Date.parse('2026-11-20T13:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function sample(more: Partial<QuotaHistory> = {}): QuotaHistory {
  return {
    environment: 'sandbox',
    range: 'hour',
    from: ago(3_600_000),
    to: ago(0),
    points: [
      { at: ago(600_000), remaining: 1_500, limit: 2_000, window: 'minute' },
      { at: ago(585_000), remaining: 0, limit: 2_000, window: 'minute' },
    ],
    resets: [ago(540_000), ago(480_000)],
    rateLimited: [ago(584_000), ago(583_000)],
    byOperation: [
      { operation: 'nextPage', requests: 1_200 },
      { operation: 'createPet', requests: 3 },
    ],
    today: { since: '2026-11-20T00:00:00.000Z', used: 1_640, dayLimit: 10_000, remaining: 8_360, plan: 'free' },
    ...more,
  };
}

describe('activity words in German', () => {
  test('every action, result, source and time range has German words', async () => {
    await setLanguage('de');
    expect(OPERATIONS.map((op) => OPERATION_LABEL[op])).toEqual([
      'Haustiere auflisten',
      'Weitere Haustiere',
      'Haustier hinzufügen',
      'Haustier suchen',
    ]);
    expect(OUTCOMES.map((o) => OUTCOME_LABEL[o])).toEqual(['Erfolgreich', 'Fehlgeschlagen', 'Nicht bestätigt', 'Nicht gefunden']);
    expect((['app', 'cli'] as ActivitySource[]).map((s) => SOURCE_LABEL[s])).toEqual(['Diese App', 'Die Befehlszeile petstore']);
    expect(RANGES.map((r) => RANGE_LABEL[r])).toEqual(['Letzte Stunde', 'Heute', 'Letzte 7 Tage', 'Letzte 90 Tage', 'Gesamter Zeitraum']);
    // None of them is still the English one.
    const all = [...OPERATIONS.map((op) => OPERATION_LABEL[op]), ...OUTCOMES.map((o) => OUTCOME_LABEL[o]), ...RANGES.map((r) => RANGE_LABEL[r])];
    for (const word of all) expect(englishWords.has(word), word).toBe(false);
    // And back: the lists are read in the language on screen, not fixed when loaded.
    await setLanguage('en');
    expect(OPERATION_LABEL.listPets).toBe('List pets');
    expect(RANGE_LABEL.all).toBe('All time');
  });

  test('an entry’s result, pet and resolution of every kind', async () => {
    await setLanguage('de');
    expect(resultOf(activityEntry({ outcome: 'ok', status: 201 }))).toBe('OK (201)');
    expect(resultOf(activityEntry({ outcome: 'error', status: 429, errorKind: 'rateLimited' }))).toBe('Zu viele Anfragen (429)');
    expect(resultOf(activityEntry({ outcome: 'error', status: 429, errorKind: 'rateLimited' }), true)).toBe('Zu viele (429)');
    expect(resultOf(activityEntry({ outcome: 'error', status: 500, errorKind: 'server' }))).toBe('Fehler (500)');
    expect(resultOf(activityEntry({ operation: 'createPet', outcome: 'unknown', status: null }))).toBe('Nicht bestätigt');
    expect(resultOf(activityEntry({ operation: 'getPet', outcome: 'notFound', status: 404, errorKind: 'notFound' }))).toBe('Nicht gefunden (404)');
    const words: Record<ResolutionKind, [string, string]> = {
      found: ['Nicht bestätigt: später gefunden', 'Später gefunden: Es wurde hinzugefügt, als Haustier 1003.'],
      retried: ['Nicht bestätigt: erneut hinzugefügt', 'Erneut hinzugefügt, als Haustier 1003.'],
      dismissed: ['Nicht bestätigt: verworfen', 'Ohne Prüfung verworfen.'],
    };
    for (const [kind, [result, details]] of Object.entries(words) as [ResolutionKind, [string, string]][]) {
      const entry = activityEntry({
        operation: 'createPet',
        outcome: 'unknown',
        status: null,
        resolution: { kind, at: ago(0), petId: kind === 'dismissed' ? null : '1003' },
      });
      expect(resultOf(entry), kind).toBe(result);
      expect(resolutionText(entry), kind).toBe(details);
    }
    expect(petOf(activityEntry({ pet: null, petsReturned: 1_200 }))).toBe('1.200 Haustiere');
    expect(petOf(activityEntry({ pet: null, petsReturned: 1 }))).toBe('1 Haustier');
    expect(petOf(activityEntry({ pet: { name: null, categoryId: null, id: '1003' } }))).toBe('Haustier 1003');
  });

  test('the history’s problems, the day’s use, and each alert level', async () => {
    await setLanguage('de');
    expect(activityProblem({ available: false, problem: 'unavailable', movedAside: null, unconfirmed: 0 })?.next).toMatch(/^Starten Sie die App neu/);
    expect(activityProblem({ available: false, problem: 'newerSchema', movedAside: null, unconfirmed: 0 })?.what).toContain('neueren Version');
    expect(activityProblem({ available: true, problem: null, movedAside: '/tmp/a.corrupt', unconfirmed: 0 })?.what).toContain('als /tmp/a.corrupt beiseitegelegt');
    expect(dayUseText({ since: ago(0), used: 1_640, dayLimit: 10_000, remaining: null, plan: 'free' })).toBe('1.640 Anfragen von diesem Computer heute');
    expect(dayUseText({ since: ago(0), used: 1, dayLimit: null, remaining: null, plan: null })).toBe('1 Anfrage von diesem Computer heute');

    const at = '2026-11-20T13:04:12.000Z';
    const reset = '2026-11-20T13:05:00.000Z';
    const alert = (more: Partial<QuotaAlert>): QuotaAlert => ({
      environment: 'production',
      level: 'low',
      window: 'day',
      remaining: 1_500,
      limit: 10_000,
      resetAt: reset,
      at,
      ...more,
    });
    expect(alertText(alert({}))).toBe(`Produktion: heute nur noch 1.500 von 10.000 Anfragen übrig, Erneuerung um ${formatClock(reset)}.`);
    expect(alertText(alert({ window: 'minute', remaining: null, resetAt: null }))).toBe(
      'Produktion: in dieser Minute nur noch wenige Anfragen übrig.',
    );
    expect(alertText(alert({ level: 'exhausted', window: 'unknown', remaining: 0, resetAt: null }))).toBe(
      'Produktion: vorerst keine Anfragen mehr übrig. Anfragen warten bis zur Erneuerung.',
    );
    expect(alertText(alert({ level: 'rateLimited' }))).toBe(
      `Produktion hat um ${formatClock(at)} mit 429 Too Many Requests geantwortet. Anfragen an Produktion warten bis ${formatClock(reset)}.`,
    );
  });

  test('the chart’s summary, with German numbers', async () => {
    await setLanguage('de');
    expect(chartSummary(sample(), 'Sandbox')).toEqual([
      '2 Antworten nannten in der letzten Stunde das Kontingent.',
      `Tiefststand: 0 von 2.000 Anfragen übrig, um ${formatClockSeconds(ago(585_000))}.`,
      `2 Antworten waren 429 Too Many Requests, auf Anfragen von ${formatClockSeconds(ago(584_000))}, ${formatClockSeconds(ago(583_000))}.`,
      'Das Zeitfenster wurde 2-mal erneuert.',
    ]);
    expect(chartSummary(sample({ range: 'day', points: [], resets: [], rateLimited: [] }), 'Staging')).toEqual([
      'Keine Anfragen an Staging in den letzten 24 Stunden.',
    ]);
  });

  test('pieces keep the words around an argument in the language’s order', () => {
    expect(pieces('{name} wird zu {env} hinzugefügt …', { name: 'Clover', env: 'Sandbox' })).toEqual([
      { text: 'Clover', arg: 'name' },
      { text: ' wird zu ', arg: null },
      { text: 'Sandbox', arg: 'env' },
      { text: ' hinzugefügt …', arg: null },
    ]);
    // A value with braces is a value, not a placeholder; a placeholder without one stays words.
    expect(pieces('In {path} geschrieben {other}', { path: '/a/{kept}.csv' })).toEqual([
      { text: 'In ', arg: null },
      { text: '/a/{kept}.csv', arg: 'path' },
      { text: ' geschrieben {other}', arg: null },
    ]);
  });
});

describe('the Activity view in German', () => {
  test('headings, filters, the count and an entry’s details are German, with German numbers and dates', async () => {
    const at = '2026-11-20T13:05:47.000Z';
    const entries = [
      ...history(1_200),
      activityEntry({
        id: '5000',
        at,
        environment: 'staging',
        operation: 'nextPage',
        status: 429,
        outcome: 'error',
        errorKind: 'rateLimited',
        attempts: 3,
        waitedMs: 12_000,
        rateLimited: 2,
        source: 'cli',
        quota: { limit: 2_000, remaining: 0, resetAt: '2026-11-20T13:06:00.000Z', window: 'minute' },
        pet: { name: 'Clover', categoryId: '42', id: '77' },
      }),
    ];
    await startApp({ ...GERMAN, activity: entries });
    const panel = await openGermanActivity();
    expect(within(panel).getByRole('heading', { name: 'Aktivität' })).toBeTruthy();
    expect(screen.getByTestId('activity-count').textContent?.trim()).toBe('1.201 Einträge');
    for (const name of ['Zeitpunkt', 'Umgebung', 'Aktion', 'Haustier', 'Ergebnis', 'Dauer']) {
      expect(within(panel).getByRole('columnheader', { name })).toBeTruthy();
    }
    expect(within(panel).getByRole('combobox', { name: 'Aktion' })).toBeTruthy();
    expect(within(panel).getByRole('option', { name: 'Alle Umgebungen' })).toBeTruthy();
    expect(within(panel).getByRole('option', { name: 'Letzte 90 Tage' })).toBeTruthy();
    expect(within(panel).getByRole('searchbox', { name: 'Nach Name oder ID des Haustiers suchen' })).toBeTruthy();

    await type(within(panel).getByRole('searchbox'), 'Clover');
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent?.trim()).toBe('1 passender Eintrag'), { timeout: 5000 });
    await waitFor(() => expect(activityRows()).toHaveLength(1));
    expect(activityRows()[0].textContent).toContain('Zu viele (429)');
    await fireEvent.click(within(activityRows()[0]).getByRole('button', { name: /: Details zu „Weitere Haustiere“ in Staging$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Weitere Haustiere · Staging' });
    const text = dialog.textContent ?? '';
    expect(text).toMatch(/20\. November 2026, \d\d:\d\d:47/);
    expect(text).toContain('Die Befehlszeile petstore');
    expect(text).toContain('Zu viele Anfragen (429)');
    expect(text).toContain('3 Versuche; insgesamt 12,0 s gewartet, bevor erneut gesendet wurde; zweimal mit 429 Too Many Requests beantwortet');
    expect(text).toContain('Clover, Kategorie 42, ID 77');
    expect(within(dialog).getByTestId('activity-quota').textContent).toMatch(/^0 von 2\.000 Anfragen übrig pro Minute, Erneuerung um \d\d:\d\d:\d\d$/);
    expect(within(dialog).getByText('Gesendet von')).toBeTruthy();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the export dialog says what it writes, and where, in German', async () => {
    await startApp({ ...GERMAN, activity: history(3) });
    await openGermanActivity();
    await fireEvent.click(screen.getByTestId('activity-export-button'));
    const dialog = screen.getByRole('dialog', { name: 'Aktivität exportieren' });
    expect(dialog.textContent).toContain('Schreibt alle 3 Einträge des Aktivitätsverlaufs in eine CSV-Datei Ihrer Wahl.');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Export …' }));
    const saved = await within(dialog).findByTestId('activity-export-saved');
    expect(saved.textContent?.replace(/\s+/g, ' ').trim()).toMatch(/^\d+ Einträge? in \/home\/sam\/Documents\/petstore-activity\.csv geschrieben/);
    expect(saved.querySelector('.mono')?.textContent).toBe('/home/sam/Documents/petstore-activity.csv');
    expect(within(dialog).getByRole('button', { name: 'Fertig' })).toBeTruthy();
  });

  test('a switch of language re-renders the open view at once', async () => {
    await startApp({ activity: history(30) });
    await fireEvent.click(await screen.findByRole('tab', { name: /Activity/ }));
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent?.trim()).toBe('30 entries'), { timeout: 5000 });
    await setLanguage('de');
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent?.trim()).toBe('30 Einträge'));
    expect(screen.getByRole('columnheader', { name: 'Zeitpunkt' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Gesamter Zeitraum' })).toBeTruthy();
    await setLanguage('en');
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent?.trim()).toBe('30 entries'));
  });
});

describe('Settings → Aktivität', () => {
  test('labels, hints, the alerts’ setting and Save are German, and saving says so', async () => {
    const fake = await startApp({ ...GERMAN, activityStatus: { movedAside: '/home/sam/activity.sqlite3.corrupt' } });
    await screen.findByText('Biscuit');
    await fireEvent.click(await screen.findByRole('button', { name: /Einstellungen/ }));
    const dialog = screen.getByRole('dialog', { name: 'Einstellungen' });
    await fireEvent.click(within(dialog).getByRole('tab', { name: 'Aktivität' }));
    const days = (await within(dialog).findByLabelText('Einträge aufbewahren (Tage)')) as HTMLInputElement;
    await waitFor(() => expect(days.value).toBe('90'));
    expect(within(dialog).getByLabelText('Höchstens aufbewahren (Einträge)')).toBeTruthy();
    expect(within(dialog).getByText('Standardmäßig 200.000.')).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Kontingentwarnungen' })).toBeTruthy();
    expect((await within(dialog).findByTestId('activity-settings-problem')).textContent).toContain('beiseitegelegt');
    await type(days, '30');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fake.callsTo('save_activity_settings')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByText('Gespeichert.')).toBeTruthy());
  });
});

describe('the quota in German', () => {
  test('the panel: title, chart, summary, today and requests by action, with German numbers', async () => {
    await startApp({ ...GERMAN, handlers: { quota_history: () => sample() } });
    await screen.findByText('Biscuit');
    await fireEvent.click(await screen.findByRole('button', { name: /Verlauf des Kontingents/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Kontingent · Sandbox' });
    const chart = await within(dialog).findByTestId('quota-chart');
    expect(chart.getAttribute('aria-label')).toBe('Verbleibende Anfragen in Sandbox in der letzten Stunde');
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).toContain('2.000');
    expect(chart.querySelector('title')?.textContent).toMatch(/^Um \d\d:\d\d:\d\d mit 429 Too Many Requests beantwortet$/);
    expect(within(dialog).getByTestId('quota-chart-summary').textContent).toContain('Tiefststand: 0 von 2.000 Anfragen übrig');
    expect(within(dialog).getByTestId('quota-today').textContent).toBe('1.640 Anfragen von diesem Computer heute');
    expect(within(dialog).getByTestId('quota-today-service').textContent).toBe(
      'Zählung des Dienstes für diesen Schlüssel bei seiner letzten Antwort: heute 1.640 von 10.000 verbraucht, 8.360 übrig (Free-Tarif).',
    );
    expect(within(dialog).getByRole('heading', { name: 'Anfragen nach Aktion, letzte Stunde' })).toBeTruthy();
    const table = within(dialog).getByTestId('quota-by-operation');
    const cells = [...table.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((c) => c.textContent));
    expect(cells).toEqual([
      ['Weitere Haustiere', '1.200'],
      ['Haustier hinzufügen', '3'],
    ]);
    await fireEvent.click(within(dialog).getByRole('radio', { name: 'Letzte 24 Stunden' }));
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: 'Anfragen nach Aktion, letzte 24 Stunden' })).toBeTruthy());
  });

  test('an alert’s banner, its button and its dismiss label', async () => {
    // At the alert's own time: past its renewal it would no longer show.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.parse('2026-11-20T13:04:20.000Z') });
    const fake = await startApp(GERMAN);
    await screen.findByText('Biscuit');
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    await fake.emit('quota-alert', {
      environment: 'staging',
      level: 'exhausted',
      window: 'minute',
      remaining: 0,
      limit: 60,
      resetAt: '2026-11-20T13:05:00.000Z',
      at: '2026-11-20T13:04:12.000Z',
    } satisfies QuotaAlert);
    const banner = await screen.findByTestId('quota-alert');
    expect(banner.textContent).toContain('Staging: in dieser Minute keine Anfragen mehr übrig.');
    expect(within(banner).getByRole('button', { name: 'Kontingent anzeigen' })).toBeTruthy();
    await fireEvent.click(within(banner).getByRole('button', { name: 'Warnung zu Staging ausblenden' }));
    expect(screen.queryByTestId('quota-alert')).toBeNull();
  });
});

describe('an add in flight, in German', () => {
  test('the pending line and the outcome follow the language, the name in bold wherever German puts it', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    const answers: ((v: CreatedPet) => void)[] = [];
    fake.handlers.create_pet = () => new Promise((resolve) => answers.push(resolve));
    await screen.findByText('Biscuit');
    await screen.findByRole('radio', { name: /Production/ });
    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    await type(screen.getByLabelText('Name'), 'Clover');
    await type(screen.getByLabelText('Category id'), '42');
    const form = screen.getByRole('dialog', { name: 'New pet' });
    await fireEvent.click(within(form).getByRole('button', { name: 'Add pet' }));
    await fireEvent.keyDown(form, { key: 'Escape' });
    await setLanguage('de');

    const line = await screen.findByTestId('create-pending-line');
    await waitFor(() => expect(line.textContent?.replace(/\s+/g, ' ').trim()).toBe('Clover wird zu Sandbox hinzugefügt …'));
    expect(line.querySelector('strong')?.textContent).toBe('Clover');

    await fireEvent.click(screen.getByRole('radio', { name: /Produktion/ }));
    answers[0]({ pet: pet('77', 'Clover', '42'), environment: 'sandbox', baseUrl: 'http://127.0.0.1:7777/v1' });
    const notice = await screen.findByTestId('create-outcome');
    expect(notice.textContent?.replace(/\s+/g, ' ').trim()).toContain('Clover wurde zu Sandbox hinzugefügt (ID 77).');
    expect(notice.querySelector('strong')?.textContent).toBe('Clover');
    expect(notice.querySelector('.mono')?.textContent).toBe('77');
    expect(within(notice).getByRole('button', { name: 'Zu Sandbox wechseln' })).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Ausblenden: Clover, Sandbox' })).toBeTruthy();
  });
});
