// Issue 38 §3.1: a refresh refused for a wait the key must honour (one the command line
// remembered: no request goes, the answer is at once) keeps the rows, marked as from before, and
// offers nothing that cannot work before the wait ends (no Retry, Refresh unavailable).
import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { commandError } from '../src/demo/fake';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import type { PetPage } from '../src/lib/types';
import { DEMO_PETS, rows, startApp } from './helpers';

afterEach(() => {
  vi.useRealTimers();
  setLanguage('en');
});

const refreshButton = () => screen.getByRole('button', { name: /Refresh/ });
const note = () => screen.queryByTestId('table-held-back')?.textContent?.replace(/\s+/g, ' ').trim();

/** list_pets answers until `wait(until)`; then it is refused with that remembered wait. */
function waitingList() {
  let until: Date | null = null;
  return {
    wait: (at: Date) => (until = at),
    handlers: {
      list_pets: (): PetPage => {
        if (until !== null && until.getTime() > Date.now()) {
          throw commandError('rateLimited', { retryAt: until.toISOString(), waitReason: 'rateLimited' });
        }
        return { pets: DEMO_PETS, next: null, mayHaveMore: false };
      },
    },
  };
}

describe('a refresh during a remembered wait', () => {
  test('keeps the rows from before with the wait and its end; no Retry; Refresh comes back when it ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: new Date(2026, 10, 23, 17, 25, 19) });
    const list = waitingList();
    const fake = await startApp({ handlers: list.handlers });
    await waitFor(() => expect(rows()).toHaveLength(DEMO_PETS.length));

    list.wait(new Date(2026, 10, 23, 17, 30, 1));
    await fireEvent.click(refreshButton());
    await waitFor(() => expect(note()).toBeTruthy());
    expect(rows()).toHaveLength(DEMO_PETS.length);
    expect(note()).toContain('These are the pets from 17:25:19: the refresh has to wait.');
    expect(note()).toContain('17:30:01');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByText('Couldn’t load the pets')).toBeNull();
    expect(document.querySelector('tbody')?.classList.contains('stale')).toBe(true);

    // Refresh and its shortcut cannot work now: they send nothing.
    expect(refreshButton().getAttribute('aria-disabled')).toBe('true');
    const asked = fake.callsTo('list_pets').length;
    await fireEvent.click(refreshButton());
    await fireEvent.keyDown(window, { key: 'r', ctrlKey: true });
    expect(fake.callsTo('list_pets')).toHaveLength(asked);

    // The wait ends: Refresh works again, and the note says the rows are still from before.
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
    expect(refreshButton().getAttribute('aria-disabled')).toBe('false');
    expect(note()).toBe('These are the pets from 17:25:19. The wait is over: Refresh shows the latest.');
    await fireEvent.click(refreshButton());
    await waitFor(() => expect(note()).toBeUndefined());
    expect(fake.callsTo('list_pets')).toHaveLength(asked + 1);
  });

  test('with no rows to keep, the error names the wait and offers no Retry until it ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: new Date(2026, 10, 23, 17, 25, 19) });
    const list = waitingList();
    list.wait(new Date(2026, 10, 23, 17, 30, 1));
    await startApp({ handlers: list.handlers });
    await screen.findByText('Couldn’t load the pets');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  test('in German', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: new Date(2026, 10, 23, 17, 25, 19) });
    const list = waitingList();
    await startApp({ handlers: list.handlers, language: 'de' });
    await setLanguage('de');
    await waitFor(() => expect(rows()).toHaveLength(DEMO_PETS.length));
    list.wait(new Date(2026, 10, 23, 17, 30, 1));
    await fireEvent.click(screen.getByRole('button', { name: /Aktualisieren/ }));
    await waitFor(() => expect(note()).toContain('Dies sind die Haustiere von 17:25:19: Das Aktualisieren muss warten.'));
  });
});
