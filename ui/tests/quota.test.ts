import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, test, vi } from 'vitest';
import { commandError, pet, quota } from '../src/demo/fake';
import { startApp } from './helpers';

const gauge = () => screen.getByTestId('quota-gauge');

describe('quota gauge', () => {
  test('shows remaining / limit, the window and the plan', async () => {
    await startApp({ quota: quota(87, 100) });
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('87 / 100'));
    expect(gauge().textContent).toContain('per minute');
    // The word "plan" may be hidden visually in a narrow window, never from the text.
    expect(gauge().textContent).toContain('Free plan');
    expect(gauge().className).toContain('level-ok');
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('87');
  });

  test('no quota yet says so, without a plan guessed', async () => {
    await startApp({ quota: null });
    await screen.findByText('Biscuit');
    expect(gauge().textContent).toContain('Quota: not known yet');
  });

  test('a first quota that raced past the event listener is fetched once the page is in', async () => {
    // At start-up the first answer's quota event can fire before `listen` is registered, and
    // `current_quota` can answer before that first answer: null, then a snapshot.
    let asked = 0;
    await startApp({
      handlers: { current_quota: () => (asked++ === 0 ? null : quota(299, 300, { plan: 'pro' })) },
    });
    await screen.findByText('Biscuit');
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('299 / 300'));
    expect(asked).toBe(2);
  });

  test('a late "nothing seen yet" never erases a quota already shown', async () => {
    // current_quota is slow: its "null" (asked before any answer) lands after an event
    // already delivered the first snapshot.
    let answerNull: (value: null) => void = () => {};
    const fake = await startApp({
      handlers: { current_quota: () => new Promise<null>((resolve) => (answerNull = resolve)) },
    });
    await screen.findByText('Biscuit');
    await fake.emit('quota', quota(42, 100));
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('42 / 100'));
    answerNull(null);
    // Let the answer travel through the IPC mock and the store before looking again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await tick();
    expect(screen.queryByTestId('quota-count')?.textContent).toBe('42 / 100');
  });

  test('a day window and an unknown plan are shown as such', async () => {
    await startApp({ quota: quota(900, 1000, { window: 'day', plan: null }) });
    await waitFor(() => expect(gauge().textContent).toContain('per day'));
    expect(gauge().textContent).not.toContain('plan');
  });

  test('the reset countdown ticks every second', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: new Date('2026-01-01T10:00:00Z') });
    await startApp({ quota: quota(50, 100, { resetAt: '2026-01-01T10:01:05Z' }) });
    await waitFor(() => expect(screen.getByTestId('quota-reset').textContent).toContain('1:05'));
    vi.advanceTimersByTime(1000);
    await tick();
    expect(screen.getByTestId('quota-reset').textContent).toContain('1:04');
    vi.advanceTimersByTime(64_000);
    await tick();
    // An ended countdown no longer says "Resetting now"; the window is renewed.
    expect(screen.getByTestId('quota-reset').textContent).toContain('Quota renewed at');
    expect(screen.getByTestId('quota-reset').textContent).not.toContain('Resetting now');
  });

  test('amber below 20% left, not at 20%', async () => {
    const fake = await startApp({ quota: quota(20, 100) });
    await waitFor(() => expect(gauge().className).toContain('level-ok'));
    await fake.emit('quota', quota(19, 100));
    await waitFor(() => expect(gauge().className).toContain('level-low'));
    expect(screen.getByTestId('quota-count').textContent).toBe('19 / 100');
  });

  test('red at zero, saying the quota is used up', async () => {
    await startApp({ quota: quota(0, 100) });
    await waitFor(() => expect(gauge().className).toContain('level-empty'));
    expect(gauge().textContent).toContain('Quota used up');
  });

  test('a 429 shows "waiting N s before retrying", cleared when resumed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: new Date('2026-01-01T10:00:00Z') });
    const fake = await startApp({ quota: quota(0, 100) });
    await waitFor(() => expect(gauge().className).toContain('level-empty'));
    await fake.emit('waiting', { until: '2026-01-01T10:00:12Z', reason: 'rateLimited', environment: 'sandbox' });
    const waiting = await screen.findByTestId('quota-waiting');
    expect(waiting.textContent).toContain('Waiting 12 s before retrying');
    expect(waiting.closest('[role="status"]')).not.toBeNull();
    // The plan gives its room to the wait, and comes back after it.
    expect(gauge().textContent).not.toContain('Free plan');
    vi.advanceTimersByTime(2000);
    await tick();
    expect(screen.getByTestId('quota-waiting').textContent).toContain('Waiting 10 s before retrying');
    await fake.emit('resumed', { environment: 'sandbox' });
    await waitFor(() => expect(screen.queryByTestId('quota-waiting')).toBeNull());
    expect(gauge().textContent).toContain('Free plan');
  });

  test('events for another environment do not change the gauge', async () => {
    const fake = await startApp({ quota: quota(87, 100) });
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('87 / 100'));
    await fake.emit('quota', quota(3, 100, { environment: 'production' }));
    await fake.emit('waiting', { until: new Date(Date.now() + 9000).toISOString(), reason: 'rateLimited', environment: 'production' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByTestId('quota-count').textContent).toBe('87 / 100');
    expect(screen.queryByTestId('quota-waiting')).toBeNull();
  });

  test('a quota that arrives before the environment list is kept', async () => {
    let answer: (value: unknown) => void = () => {};
    await startApp({ quota: quota(87, 100), handlers: { list_environments: () => new Promise((r) => (answer = r)) } });
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('87 / 100'));
    answer([
      { id: 'sandbox', baseUrl: null, production: false, localDemo: true, selected: true, configured: true },
    ]);
    await screen.findByRole('radio', { name: /Sandbox/ });
    expect(screen.getByTestId('quota-count').textContent).toBe('87 / 100');
  });
});

describe('once the reset time has passed', () => {
  // Local times: the gauge shows the reset in the computer's time zone.
  const at = (clock: string) => new Date(`2026-01-01T${clock}`);
  const resetLine = () => screen.getByTestId('quota-reset').textContent ?? '';
  const renewedLine = 'Quota renewed at 14:05 · updates with the next request';

  test('a countdown before the reset; after it, and 160 s later, the renewal and not an ended countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: at('14:04:58') });
    await startApp({ quota: quota(12, 100, { resetAt: at('14:05:00').toISOString() }) });
    await waitFor(() => expect(resetLine()).toContain('Resets in 0:02'));
    expect(gauge().className).toContain('level-low');
    expect(gauge().className).not.toContain('renewed');

    vi.advanceTimersByTime(2000);
    await tick();
    expect(resetLine().replace(/\s+/g, ' ').trim()).toBe(renewedLine);
    expect(resetLine()).not.toContain('Resetting now');
    expect(resetLine()).not.toContain('Resets in');
    // The last window's figures stay for reference, dimmed.
    expect(gauge().className).toContain('renewed');
    expect(screen.getByTestId('quota-count').textContent).toBe('12 / 100');

    vi.advanceTimersByTime(160_000);
    await tick();
    expect(resetLine().replace(/\s+/g, ' ').trim()).toBe(renewedLine);
    expect(gauge().textContent).not.toContain('Resetting now');
    expect(gauge().className).toContain('renewed');
  });

  test('a used-up quota is no longer called used up once renewed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: at('14:04:59') });
    await startApp({ quota: quota(0, 100, { resetAt: at('14:05:00').toISOString() }) });
    await waitFor(() => expect(resetLine()).toContain('Quota used up.'));
    vi.advanceTimersByTime(1000);
    await tick();
    expect(resetLine()).not.toContain('Quota used up');
    expect(resetLine()).toContain(renewedLine);
  });

  test('after a sleep (the clock jumps 2 hours) the gauge says the quota was renewed at the next tick', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: at('14:04:00') });
    await startApp({ quota: quota(50, 100, { resetAt: at('14:05:00').toISOString() }) });
    await waitFor(() => expect(resetLine()).toContain('Resets in 1:00'));
    // Asleep: no timer runs while the clock moves on; one tick on waking must be enough.
    vi.setSystemTime(at('16:04:00'));
    vi.advanceTimersByTime(1000);
    await tick();
    expect(resetLine().replace(/\s+/g, ' ').trim()).toBe(renewedLine);
    expect(gauge().textContent).not.toContain('Resetting now');
    expect(gauge().textContent).not.toContain('Resets in');
  });

  test('a new quota event replaces the renewal with its own figures and countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: at('14:06:00') });
    const fake = await startApp({ quota: quota(50, 100, { resetAt: at('14:05:00').toISOString() }) });
    await waitFor(() => expect(resetLine()).toContain(renewedLine));
    await fake.emit('quota', quota(99, 100, { resetAt: at('14:07:00').toISOString() }));
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('99 / 100'));
    expect(resetLine()).toContain('Resets in 1:00');
    expect(resetLine()).not.toContain('renewed');
    expect(gauge().className).not.toContain('renewed');
  });
});

describe('a remembered rate-limit wait', () => {
  test('shows in the gauge with Clear, which clears it at once and brings back the last quota', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: new Date('2026-01-01T10:00:00') });
    const fake = await startApp({
      quota: quota(40, 100),
      rememberedWait: { until: new Date('2026-01-01T14:05:00').toISOString(), environment: 'sandbox' },
    });
    const wait = await screen.findByTestId('quota-remembered-wait');
    expect(wait.textContent).toContain('Paused until 14:05');
    // The last quota stays in view; its reset line makes room for the wait.
    expect(screen.getByTestId('quota-count').textContent).toBe('40 / 100');
    expect(screen.queryByTestId('quota-reset')).toBeNull();

    await fireEvent.click(within(wait).getByRole('button', { name: /^Clear/ }));
    await waitFor(() => expect(fake.callsTo('forget_wait')).toEqual([{}]));
    await waitFor(() => expect(screen.queryByTestId('quota-remembered-wait')).toBeNull());
    expect(screen.getByTestId('quota-count').textContent).toBe('40 / 100');
    expect(screen.getByTestId('quota-reset')).toBeTruthy();
  });

  test('with no quota known, Clear returns the gauge to "not known yet", and a refused list is asked again', async () => {
    let refused = true;
    const fake = await startApp({
      quota: null,
      rememberedWait: { until: new Date(Date.now() + 600_000).toISOString(), environment: 'sandbox' },
      handlers: {
        list_pets: () => {
          if (refused) {
            throw commandError('rateLimited', {
              retryAt: new Date(Date.now() + 600_000).toISOString(),
            });
          }
          return { pets: [pet('3', 'Biscuit')], next: null };
        },
      },
    });
    const wait = await screen.findByTestId('quota-remembered-wait');
    expect(gauge().textContent).toContain('Quota: not known yet');
    refused = false;
    await fireEvent.click(within(wait).getByRole('button', { name: /^Clear/ }));
    await screen.findByText('Biscuit');
    expect(screen.queryByTestId('quota-remembered-wait')).toBeNull();
    expect(gauge().textContent).toContain('Quota: not known yet');
    expect(fake.callsTo('forget_wait')).toHaveLength(1);
  });

  test('a wait that has passed is not shown, and none is shown without one', async () => {
    await startApp({
      quota: quota(40, 100),
      rememberedWait: { until: new Date(Date.now() - 1000).toISOString(), environment: 'sandbox' },
    });
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('40 / 100'));
    expect(screen.queryByTestId('quota-remembered-wait')).toBeNull();
  });
});
