// The quota panel, opened from the gauge: an SVG chart of remaining requests (resets as lines,
// each 429 marked), with no style attribute for the strict CSP, a text equivalent, today's use
// against the plan's day limit, and requests by action.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { quota } from '../src/demo/fake';
import { scales, stepPath, timeTicks } from '../src/lib/chart';
import { formatClock, formatClockSeconds } from '../src/lib/format';
import type { QuotaHistory } from '../src/lib/types';
import { activityEntry } from './activity-helpers';
import { startApp } from './helpers';

const NOW = Date.parse('2026-11-20T13:00:00.000Z');
const iso = (msAgo: number) => new Date(NOW - msAgo).toISOString();

function sample(more: Partial<QuotaHistory> = {}): QuotaHistory {
  return {
    environment: 'sandbox',
    range: 'hour',
    from: iso(3_600_000),
    to: iso(0),
    points: [
      { at: iso(600_000), remaining: 59, limit: 60, window: 'minute' },
      { at: iso(590_000), remaining: 2, limit: 60, window: 'minute' },
      { at: iso(585_000), remaining: 0, limit: 60, window: 'minute' },
    ],
    resets: [iso(540_000)],
    rateLimited: [iso(584_000), iso(583_000)],
    byOperation: [
      { operation: 'nextPage', requests: 1_200 },
      { operation: 'createPet', requests: 3 },
    ],
    today: { since: '2026-11-20T00:00:00.000Z', used: 640, dayLimit: 1000, remaining: null, plan: 'free' },
    ...more,
  };
}

async function openPanel() {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /Quota history/ }));
  // Loaded on first open (not part of the first script).
  return screen.findByRole('dialog', { name: /^Quota · / });
}

describe('the quota panel', () => {
  test('the gauge is a button that opens the panel for the selected environment', async () => {
    const fake = await startApp({ quota: quota(87, 100), handlers: { quota_history: () => sample() } });
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('87 / 100'));
    const open = screen.getByRole('button', { name: /Quota history: 87 \/ 100/ });
    expect(open.tagName).toBe('BUTTON');
    expect(open.getAttribute('aria-haspopup')).toBe('dialog');
    await fireEvent.click(open);
    expect(await screen.findByRole('dialog', { name: 'Quota · Sandbox' })).toBeTruthy();
    expect(fake.callsTo('quota_history')).toEqual([{ environment: 'sandbox', range: 'hour' }]);
  });

  test('the chart marks each 429 and each reset, uses no style attribute, and has a text equivalent', async () => {
    await startApp({ handlers: { quota_history: () => sample() } });
    const dialog = await openPanel();
    const chart = await within(dialog).findByTestId('quota-chart');
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(within(dialog).getAllByTestId('rate-limited-marker')).toHaveLength(2);
    expect(within(dialog).getAllByTestId('quota-reset-line')).toHaveLength(1);
    // Strict CSP: nothing in the chart is styled inline.
    expect(chart.outerHTML).not.toContain('style=');
    expect(chart.querySelectorAll('[style]')).toHaveLength(0);
    // Axis labels in local time.
    const labels = [...chart.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toContain(formatClock(iso(0)));
    // Read by a screen reader instead of the picture.
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toBe('Requests left in Sandbox over the last hour');
    const summary = within(dialog).getByTestId('quota-chart-summary');
    expect(chart.getAttribute('aria-describedby')).toBe(summary.id);
    expect(summary.textContent).toContain('Lowest: 0 of 60 requests left');
    expect(summary.textContent).toContain(
      `2 answers were 429 Too Many Requests, to requests started at ${formatClockSeconds(iso(584_000))}, ${formatClockSeconds(iso(583_000))}.`,
    );
    expect(summary.textContent).toContain('The window renewed once.');
  });

  test('today’s use is this computer’s, said so, beside the plan’s day limit; requests by action, in the app’s number format', async () => {
    await startApp({ handlers: { quota_history: () => sample() } });
    const dialog = await openPanel();
    // Other computers may use the same key; this count is only this computer's.
    expect((await within(dialog).findByTestId('quota-today')).textContent).toBe('640 requests from this computer today');
    expect(within(dialog).getByTestId('quota-today-service').textContent).toBe(
      'Day limit: 1,000 requests (Free plan). The service has not told today’s count for this key.',
    );
    const table = within(dialog).getByTestId('quota-by-operation');
    const cells = [...table.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((c) => c.textContent));
    expect(cells).toEqual([
      ['Next page of pets', '1,200'],
      ['Add a pet', '3'],
    ]);
  });

  test('without a known day limit, today’s use is this computer’s count alone', async () => {
    await startApp({
      handlers: { quota_history: () => sample({ today: { since: iso(0), used: 1, dayLimit: null, remaining: null, plan: null } }) },
    });
    const dialog = await openPanel();
    expect((await within(dialog).findByTestId('quota-today')).textContent).toBe('1 request from this computer today');
    expect(within(dialog).queryByTestId('quota-today-service')).toBeNull();
  });

  test('where the headers told the day window, the service’s own count for the key is shown beside this computer’s', async () => {
    // 112 from here; the service says 825 left of 1,000: 175 used with this key, 63 of them elsewhere.
    await startApp({
      handlers: {
        quota_history: () =>
          sample({ today: { since: '2026-11-20T00:00:00.000Z', used: 112, dayLimit: 1000, remaining: 825, plan: 'free' } }),
      },
    });
    const dialog = await openPanel();
    expect((await within(dialog).findByTestId('quota-today')).textContent).toBe('112 requests from this computer today');
    expect(within(dialog).getByTestId('quota-today-service').textContent).toBe(
      'The service’s count for this key, at its last answer: 175 of 1,000 used today, 825 left (Free plan).',
    );
    // The bar shows the key's use, the service's figure.
    expect(dialog.querySelector('.day-bar .used')?.getAttribute('width')).toBe('17.5');
  });

  test('Last day asks for the day', async () => {
    const fake = await startApp({ handlers: { quota_history: (a) => sample({ range: a.range as 'hour' | 'day' }) } });
    const dialog = await openPanel();
    await within(dialog).findByTestId('quota-chart');
    await fireEvent.click(within(dialog).getByRole('radio', { name: 'Last day' }));
    await waitFor(() => expect(fake.callsTo('quota_history').at(-1)).toEqual({ environment: 'sandbox', range: 'day' }));
    expect((await within(dialog).findByTestId('quota-chart')).getAttribute('aria-label')).toBe('Requests left in Sandbox over the last day');
  });

  test('no requests in the range says so', async () => {
    await startApp({ handlers: { quota_history: () => sample({ points: [], resets: [], rateLimited: [], byOperation: [] }) } });
    const dialog = await openPanel();
    expect((await within(dialog).findByTestId('quota-chart-summary')).textContent).toBe('No requests to Sandbox in the last hour.');
  });

  test('a 429 recorded while the panel is open appears as a marker (from the fake’s own history)', async () => {
    const fake = await startApp({ activity: [activityEntry({ id: '1', quota: { limit: 60, remaining: 10, resetAt: null, window: 'minute' } })] });
    const dialog = await openPanel();
    await within(dialog).findByTestId('quota-chart');
    expect(within(dialog).queryAllByTestId('rate-limited-marker')).toHaveLength(0);
    fake.recordActivity({
      status: 429,
      outcome: 'error',
      errorKind: 'rateLimited',
      rateLimited: 1,
      quota: { limit: 60, remaining: 0, resetAt: null, window: 'minute' },
    });
    await waitFor(() => expect(within(dialog).getAllByTestId('rate-limited-marker')).toHaveLength(1));
  });
});

describe('one count of 429 answers', () => {
  // A list answered 429 twice before it went through: Activity says "twice", the panel two answers.
  const twice = () =>
    activityEntry({
      id: '1',
      status: 200,
      attempts: 3,
      rateLimited: 2,
      quota: { limit: 60, remaining: 10, resetAt: null, window: 'minute' },
    });

  test('a request answered 429 twice is two answers in the panel, named once by its start', async () => {
    const entry = twice();
    await startApp({ activity: [entry] });
    const dialog = await openPanel();
    const summary = await within(dialog).findByTestId('quota-chart-summary');
    const at = formatClockSeconds(entry.at);
    expect(summary.textContent).toContain(`2 answers were 429 Too Many Requests, to requests started at ${at}.`);
    expect(within(dialog).getAllByTestId('rate-limited-marker')).toHaveLength(2);
  });

  test('in German too', async () => {
    const entry = twice();
    await startApp({ activity: [entry], systemLocale: 'de_DE.UTF-8' });
    await screen.findByText('Biscuit');
    await fireEvent.click(await screen.findByTestId('quota-open'));
    const dialog = await screen.findByRole('dialog');
    const at = formatClockSeconds(entry.at);
    // The German catalog loads lazily: the summary is re-worded once it has.
    await waitFor(() =>
      expect(within(dialog).getByTestId('quota-chart-summary').textContent).toContain(
        `2 Antworten waren 429 Too Many Requests, auf Anfragen von ${at}.`,
      ),
    );
  });

  test('no 429 says no answer was one', async () => {
    await startApp({ handlers: { quota_history: () => sample({ rateLimited: [] }) } });
    const dialog = await openPanel();
    expect((await within(dialog).findByTestId('quota-chart-summary')).textContent).toContain('No answer was 429 Too Many Requests.');
  });
});

describe('the chart’s geometry', () => {
  test('the line drops with each answer and comes back to the limit at a reset', () => {
    const history = sample();
    const s = scales(history);
    const d = stepPath(history.points, history.resets, s);
    expect(d.startsWith(`M${s.x(history.points[0].at)},${s.y(59)}`)).toBe(true);
    expect(d).toContain(`V${s.y(0)}`);
    expect(d).toContain(`H${s.x(history.resets[0])}V${s.y(60)}`);
    expect(d.endsWith(`H${s.x(history.to)}`)).toBe(true);
  });

  test('time ticks fall on whole local times, every 10 minutes over an hour and 3 hours over a day', () => {
    const hour = timeTicks('hour', scales(sample()));
    expect(hour.length).toBeGreaterThanOrEqual(6);
    for (const tick of hour) expect(new Date(tick.at).getMinutes() % 10).toBe(0);
    const day = timeTicks('day', scales(sample({ range: 'day', from: iso(86_400_000) })));
    expect(day.length).toBeGreaterThanOrEqual(7);
    for (const tick of day) expect(new Date(tick.at).getHours() % 3).toBe(0);
    expect(day[0].label).toBe(formatClock(new Date(day[0].at).toISOString()));
  });
});
