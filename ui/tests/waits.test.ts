// A long load says what it waits for and can be cancelled, keeping the rows;
// an address or key change resets the gauge and reloads the table from the new server.
import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, test, vi } from 'vitest';
import * as backend from '../src/lib/backend';
import { commandError, pet, quota } from '../src/demo/fake';
import { formatClockSeconds } from '../src/lib/format';
import type { PetPage } from '../src/lib/types';
import { DEMO_PETS, rowIds, startApp } from './helpers';

const refreshButton = () => screen.getByRole('button', { name: /Refresh/ }) as HTMLButtonElement;
const waitText = () => screen.queryByTestId('table-wait-text')?.textContent?.replace(/\s+/g, ' ').trim();

/** list_pets answers at once until `hold()`; then it waits until cancel_requests calls it off. */
function heldList() {
  let held = false;
  let callOff: (() => void) | null = null;
  return {
    hold: () => (held = true),
    handlers: {
      list_pets: (): PetPage | Promise<PetPage> =>
        held
          ? new Promise<PetPage>((_, reject) => {
              callOff = () => reject(commandError('cancelled', { environment: 'sandbox' }));
            })
          : { pets: DEMO_PETS, next: null, mayHaveMore: false },
      cancel_requests: () => {
        callOff?.();
        return null;
      },
    },
  };
}

describe('a long load in the table', () => {
  test('a 429 wait says until when, ticking; Cancel stops it and keeps the rows, with Refresh usable', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: new Date('2026-11-23T14:05:15Z') });
    const list = heldList();
    const fake = await startApp({ handlers: list.handlers });
    await screen.findByText('Biscuit');
    const before = rowIds();

    list.hold();
    await fireEvent.click(refreshButton());
    // Unavailable while the load runs (aria-disabled, so a keyboard user keeps the focus on it):
    // a second press sends nothing.
    expect(refreshButton().getAttribute('aria-disabled')).toBe('true');
    const loads = fake.callsTo('list_pets').length;
    await fireEvent.click(refreshButton());
    expect(fake.callsTo('list_pets').length).toBe(loads);
    const until = '2026-11-23T14:05:47Z';
    await fake.emit('waiting', { until, reason: 'rateLimited', environment: 'sandbox' });
    await waitFor(() =>
      expect(waitText()).toBe(`The service asked us to wait: retrying at ${formatClockSeconds(until)} (in 0:32)`),
    );
    vi.advanceTimersByTime(1000);
    await tick();
    expect(waitText()).toContain('(in 0:31)');

    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(fake.callsTo('cancel_requests')).toEqual([{ environment: 'sandbox' }]);
    await waitFor(() => expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0));
    expect(rowIds()).toEqual(before);
    expect(screen.queryByTestId('table-wait')).toBeNull();
    expect(screen.getByTestId('table-cancelled').textContent).toContain('Refresh cancelled');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(refreshButton().getAttribute('aria-disabled')).toBe('false');
    // Nothing will retry: the gauge no longer counts down to a retry.
    expect(screen.queryByTestId('quota-waiting')).toBeNull();
  });

  test('a slow answer says how long it has waited, from about 2 s, and not before', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: new Date('2026-11-23T14:00:00Z') });
    const list = heldList();
    await startApp({ handlers: list.handlers });
    await screen.findByText('Biscuit');
    list.hold();
    await fireEvent.click(refreshButton());
    vi.advanceTimersByTime(1000);
    await tick();
    expect(screen.queryByTestId('table-wait')).toBeNull();
    vi.advanceTimersByTime(11_000);
    await tick();
    expect(waitText()).toBe('Still waiting for the service (12 s)…');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  test('a wait whose time has passed gives way to how long the load has taken', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: new Date('2026-11-23T14:00:00Z') });
    const list = heldList();
    const fake = await startApp({ handlers: list.handlers });
    await screen.findByText('Biscuit');
    list.hold();
    await fireEvent.click(refreshButton());
    await fake.emit('waiting', { until: '2026-11-23T14:00:03Z', reason: 'quotaExhausted', environment: 'sandbox' });
    await waitFor(() => expect(waitText()).toContain('The quota for this window is used up: retrying at'));
    vi.advanceTimersByTime(4000);
    await tick();
    expect(waitText()).toBe('Still waiting for the service (4 s)…');
  });

  test('a load the backend cancelled keeps the rows with a note, not an error', async () => {
    let cancelNext = false;
    await startApp({
      handlers: {
        list_pets: () => {
          if (cancelNext) throw commandError('cancelled', { environment: 'sandbox' });
          return { pets: DEMO_PETS, next: null };
        },
      },
    });
    await screen.findByText('Biscuit');
    const before = rowIds();
    cancelNext = true;
    await fireEvent.click(refreshButton());
    await screen.findByTestId('table-cancelled');
    expect(rowIds()).toEqual(before);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Couldn’t load the pets')).toBeNull();
  });

  test('a first load cancelled says so, not "No pets yet"', async () => {
    await startApp({
      handlers: {
        list_pets: () => {
          throw commandError('cancelled', { environment: 'sandbox' });
        },
      },
    });
    await screen.findByTestId('cancelled-state');
    expect(screen.queryByTestId('empty-state')).toBeNull();
  });
});

describe('an address or key change', () => {
  const STAGING = { productionUrl: null, stagingUrl: 'https://old.example.com/v1' };

  test('for the environment on screen resets its gauge and reloads the table from the new server', async () => {
    let known = true;
    const fake = await startApp({
      selected: 'staging',
      settings: STAGING,
      keys: { staging: '1234' },
      handlers: { current_quota: () => (known ? quota(42, 100, { environment: 'staging' }) : null) },
    });
    await screen.findByText('Biscuit');
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('42 / 100'));
    const listed = fake.callsTo('list_pets').length;

    // The new server has other pets and has told nothing of its quota yet.
    known = false;
    fake.pets = [pet('501', 'Only on the new server')];
    // Another server with a key stored: saved with the person's answer, as the dialog sends it.
    await backend.saveSettings({ ...STAGING, stagingUrl: 'https://new.example.com/v1' }, 'keep');
    await screen.findByText('Only on the new server');
    expect(fake.callsTo('list_pets').length).toBe(listed + 1);
    expect(screen.getByTestId('quota-gauge').textContent).toContain('Quota: not known yet');
    expect(screen.queryByText('Biscuit')).toBeNull();
  });

  test('for another environment changes neither the table nor the gauge', async () => {
    const fake = await startApp({
      selected: 'staging',
      settings: STAGING,
      keys: { staging: '1234' },
      handlers: { current_quota: () => quota(42, 100, { environment: 'staging' }) },
    });
    await screen.findByText('Biscuit');
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('42 / 100'));
    const listed = fake.callsTo('list_pets').length;
    await backend.setApiKey('production', 'a-production-key-1234', true);
    await waitFor(() => expect(fake.callsTo('list_environments').length).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.callsTo('list_pets').length).toBe(listed);
    expect(screen.getByTestId('quota-count').textContent).toBe('42 / 100');
  });

  test('a new key for the environment on screen reloads it too', async () => {
    const fake = await startApp({ selected: 'staging', settings: STAGING, keys: { staging: '1234' } });
    await screen.findByText('Biscuit');
    const listed = fake.callsTo('list_pets').length;
    await backend.setApiKey('staging', 'a-staging-key-5678', true);
    await waitFor(() => expect(fake.callsTo('list_pets').length).toBe(listed + 1));
  });
});
