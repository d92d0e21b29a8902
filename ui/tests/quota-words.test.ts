// The quota's words and the plural of one: German says "Erneuerung" for the
// window's renewal wherever it shows, the plan has one wording in the header and the panel in
// each language, and a count of one is never "1 requests" / "1 Anfragen".
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test, vi } from 'vitest';
import { quota } from '../src/demo/fake';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { estimateText } from '../src/lib/import-words';
import type { ImportEstimate, QuotaHistory } from '../src/lib/types';
import { activityEntry, activityRows } from './activity-helpers';
import { startApp } from './helpers';

const GERMAN = { systemLocale: 'de_DE.UTF-8' } as const;
const NOW = Date.parse('2026-11-20T04:30:00.000Z');

function history(): QuotaHistory {
  return {
    environment: 'sandbox',
    range: 'hour',
    from: new Date(NOW - 3_600_000).toISOString(),
    to: new Date(NOW).toISOString(),
    points: [],
    resets: [],
    rateLimited: [],
    byOperation: [],
    today: { since: '2026-11-20T00:00:00.000Z', used: 12, dayLimit: 10_000, remaining: null, plan: 'pro' },
  };
}

/** The header's plan chip and the panel's day line, with the app in `options`' language. */
async function planWords(options: { systemLocale?: string }) {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: NOW });
  await startApp({
    ...options,
    quota: quota(250, 300, { plan: 'pro', resetAt: new Date(NOW + 26_000).toISOString() }),
    handlers: { quota_history: () => history() },
  });
  await screen.findByText('Biscuit');
  await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toMatch(/^250 \/ 300$/));
  const gauge = screen.getByTestId('quota-gauge');
  const chip = gauge.querySelector('.plan')?.textContent ?? '';
  await fireEvent.click(screen.getByTestId('quota-open'));
  const dialog = await screen.findByRole('dialog');
  const day = (await within(dialog).findByTestId('quota-today-service')).textContent ?? '';
  return { gauge, chip, day };
}

describe('the quota’s words', () => {
  test('German: the countdown says “Erneuerung”, like the banners, never “Reset”', async () => {
    const { gauge } = await planWords(GERMAN);
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(screen.getByTestId('quota-reset').textContent).toContain('Erneuerung in 0:26');
    expect(gauge.textContent).not.toContain('Reset');
  });

  test('German: one wording for the plan in the header and the panel', async () => {
    const { chip, day } = await planWords(GERMAN);
    expect(chip).toBe('Pro-Tarif');
    expect(day).toContain('(Pro-Tarif)');
    expect(day).not.toContain('Tarif Pro');
  });

  test('English: one wording for the plan in the header and the panel', async () => {
    const { chip, day } = await planWords({});
    expect(chip).toBe('Pro plan');
    expect(day).toContain('(Pro plan)');
  });
});

describe('a count of one', () => {
  const estimate = (more: Partial<ImportEstimate>): ImportEstimate => ({
    requests: 5,
    time: { unit: 'minutes', count: 5 },
    perMinute: 1,
    perDay: null,
    dayLimited: false,
    plan: null,
    ...more,
  });

  test('an import’s estimate at one request a minute or a day, in both languages', async () => {
    await setLanguage('en');
    expect(estimateText(estimate({}))).toBe('about 5 min at 1 request a minute');
    expect(estimateText(estimate({ dayLimited: true, perDay: 1, time: { unit: 'days', count: 4 } }))).toBe(
      'about 4 days: the day window is the limit, 1 request a day',
    );
    await setLanguage('de');
    expect(estimateText(estimate({}))).toBe('etwa 5 Min. bei 1 Anfrage pro Minute');
    expect(estimateText(estimate({ dayLimited: true, perDay: 1, time: { unit: 'days', count: 4 } }))).toBe(
      'etwa 4 Tage: Begrenzt durch das Tageskontingent von 1 Anfrage',
    );
    await setLanguage('en');
  });

  async function detailsQuota(options: { systemLocale?: string }, tab: RegExp) {
    const entry = activityEntry({ id: '1', quota: { limit: null, remaining: 1, resetAt: null, window: 'unknown' } });
    await startApp({ ...options, activity: [entry] });
    await screen.findByText('Biscuit');
    await fireEvent.click(await screen.findByRole('tab', { name: tab }));
    await waitFor(() => expect(activityRows()).toHaveLength(1));
    await fireEvent.click(within(activityRows()[0]).getAllByRole('button')[0]);
    return (await screen.findByTestId('activity-quota')).textContent;
  }

  test('an entry’s details with one request left, in English', async () => {
    expect(await detailsQuota({}, /Activity/)).toBe('1 request left');
  });

  test('an entry’s details with one request left, in German', async () => {
    expect(await detailsQuota(GERMAN, /Aktivität/)).toBe('1 Anfrage übrig');
  });
});
