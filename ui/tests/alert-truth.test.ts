// A quota banner ends when what it says stops being true: its wait or renewal time
// has passed (whichever environment is active), or a newer answer from its environment says
// otherwise. Each names its environment.
import { screen, waitFor } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, test, vi } from 'vitest';
import { quota } from '../src/demo/fake';
import { formatClockSeconds } from '../src/lib/format';
import type { QuotaAlert } from '../src/lib/types';
import { startApp } from './helpers';

const NOW = Date.parse('2026-11-20T04:36:30.000Z');
const iso = (msFromNow: number) => new Date(NOW + msFromNow).toISOString();

function alert(more: Partial<QuotaAlert> = {}): QuotaAlert {
  return {
    environment: 'staging',
    level: 'low',
    window: 'minute',
    remaining: 9,
    limit: 60,
    resetAt: iso(30_000),
    at: iso(-5_000),
    ...more,
  };
}

const banners = () => screen.queryAllByTestId('quota-alert');
const bannerOf = (environment: string) => banners().find((b) => b.dataset.environment === environment);

async function start() {
  // setTimeout stays real: the IPC mock and waitFor need it.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: NOW });
  const fake = await startApp();
  await screen.findByText('Biscuit');
  return fake;
}

async function passTime(ms: number) {
  vi.advanceTimersByTime(ms);
  await tick();
}

describe('a quota banner ends when it stops being true', () => {
  test('a 429 banner ends at the time its requests were told to wait until', async () => {
    const fake = await start();
    await fake.emit('quota-alert', alert({ environment: 'sandbox', level: 'rateLimited', remaining: 0 }));
    await waitFor(() => expect(bannerOf('sandbox')).toBeTruthy());
    expect(bannerOf('sandbox')?.textContent).toMatch(/^Sandbox answered 429/);
    await passTime(29_000);
    expect(bannerOf('sandbox')).toBeTruthy();
    await passTime(2_000);
    expect(banners()).toHaveLength(0);
  });

  test('a low banner of another environment ends at the renewal it names', async () => {
    const fake = await start();
    // Sandbox is the active environment; the banner is Staging's.
    await fake.emit('quota-alert', alert());
    await waitFor(() => expect(bannerOf('staging')).toBeTruthy());
    expect(bannerOf('staging')?.textContent).toMatch(/^Staging: 9 of 60 requests left this minute, renews at /);
    await passTime(31_000);
    expect(banners()).toHaveLength(0);
  });

  test('an alert whose time has already passed when it arrives is not shown', async () => {
    const fake = await start();
    await fake.emit('quota-alert', alert({ resetAt: iso(-1_000), at: iso(-40_000) }));
    // Give the event time to arrive: still nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await tick();
    expect(banners()).toHaveLength(0);
  });

  test('a 429 banner with no time named ends when the wait it raised ends', async () => {
    const fake = await start();
    await fake.emit('waiting', { environment: 'staging', reason: 'rateLimited', until: iso(20_000) });
    await fake.emit('quota-alert', alert({ level: 'rateLimited', resetAt: null, remaining: null, limit: null }));
    await waitFor(() => expect(bannerOf('staging')).toBeTruthy());
    await passTime(19_000);
    expect(bannerOf('staging')).toBeTruthy();
    await passTime(2_000);
    expect(banners()).toHaveLength(0);
  });

  test('a 429 banner names the end of the wait it raised, even past the window’s reset (a ban)', async () => {
    const fake = await start();
    await fake.emit('waiting', { environment: 'staging', reason: 'rateLimited', until: iso(90_000) });
    await fake.emit('quota-alert', alert({ level: 'rateLimited', remaining: 0, resetAt: iso(30_000) }));
    await waitFor(() => expect(bannerOf('staging')?.textContent).toContain(`Requests to Staging wait until ${formatClockSeconds(iso(90_000))}.`));
    await passTime(31_000);
    expect(bannerOf('staging')).toBeTruthy();
    await passTime(60_000);
    expect(banners()).toHaveLength(0);
  });

  test('a newer answer with requests left ends a 429 or used-up banner; an older one does not', async () => {
    const fake = await start();
    await fake.emit('quota-alert', alert({ environment: 'sandbox', level: 'rateLimited', remaining: 0, resetAt: iso(300_000) }));
    await fake.emit('quota-alert', alert({ level: 'exhausted', remaining: 0, resetAt: iso(300_000) }));
    await waitFor(() => expect(banners()).toHaveLength(2));
    // The answer that raised it (seen before the alert) says nothing new.
    await fake.emit('quota', quota(0, 60, { environment: 'sandbox', observedAt: iso(-6_000), resetAt: iso(300_000) }));
    await fake.emit('quota', quota(59, 60, { environment: 'sandbox', observedAt: iso(1_000), resetAt: iso(300_000) }));
    await waitFor(() => expect(bannerOf('sandbox')).toBeUndefined());
    expect(bannerOf('staging')).toBeTruthy();
    // Staging's answers reach its banner even though Sandbox is active.
    await fake.emit('quota', quota(0, 60, { environment: 'staging', observedAt: iso(1_000), resetAt: iso(300_000) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bannerOf('staging')).toBeTruthy();
    await fake.emit('quota', quota(60, 60, { environment: 'staging', observedAt: iso(2_000), resetAt: iso(360_000) }));
    await waitFor(() => expect(banners()).toHaveLength(0));
  });

  test('a low banner follows newer figures of its window, and ends when the quota is no longer low', async () => {
    const fake = await start();
    await fake.emit('quota-alert', alert({ environment: 'sandbox' }));
    await waitFor(() => expect(bannerOf('sandbox')?.textContent).toContain('Sandbox: 9 of 60 requests left'));
    await fake.emit('quota', quota(8, 60, { environment: 'sandbox', observedAt: iso(1_000), resetAt: iso(30_000) }));
    await waitFor(() => expect(bannerOf('sandbox')?.textContent).toContain('Sandbox: 8 of 60 requests left'));
    await fake.emit('quota', quota(45, 60, { environment: 'sandbox', observedAt: iso(2_000), resetAt: iso(30_000) }));
    await waitFor(() => expect(banners()).toHaveLength(0));
  });
});
