// An environment without an address or a key shows a set-up state in place of the
// table, in a clerk's words, with Open Settings first; nothing is asked of it, no live-store
// banner shows before it is set up, and no variable or settings-file name appears anywhere.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { startApp, type } from './helpers';

const NO_ADDRESSES = { productionUrl: null, stagingUrl: null };

/** What only developers should read: variable names, settings-file field names, file words. */
function expectNoDeveloperWords() {
  const text = document.body.textContent ?? '';
  for (const word of ['PETSTORE_', 'productionUrl', 'stagingUrl', 'settings file', 'environment variable']) {
    expect(text, word).not.toContain(word);
  }
}

async function setupState() {
  const state = await screen.findByTestId('setup-state');
  return { state, needs: within(state).getByTestId('setup-needs').textContent ?? '' };
}

describe('an environment that is not set up', () => {
  test('Production with neither address nor key: what is missing, Open Settings first, no banner', async () => {
    await startApp({ selected: 'production', settings: NO_ADDRESSES });
    const { state, needs } = await setupState();
    expect(within(state).getByRole('heading').textContent).toBe('Production is not set up yet');
    await waitFor(() => expect(within(state).getByTestId('setup-needs').textContent).toContain('address and an API key'));
    expect(needs).not.toContain('Retry');
    const buttons = within(state).getAllByRole('button');
    expect(buttons[0].textContent).toBe('Open Settings');
    expect(buttons[0].className).toContain('primary');
    expect(within(state).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByTestId('production-banner')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expectNoDeveloperWords();

    await fireEvent.click(buttons[0]);
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(within(dialog).getByRole('tab', { name: 'Production' }).getAttribute('aria-selected')).toBe('true');
  });

  test('Production with an address and no key says the key is what is missing', async () => {
    await startApp({ selected: 'production' });
    const { needs } = await setupState();
    expect(needs).toContain('It needs an API key for https://pets.example.com/v1');
    expect(needs).not.toContain('address and');
    expect(screen.queryByTestId('production-banner')).toBeNull();
    expectNoDeveloperWords();
  });

  test('a key but no address says the address is what is missing', async () => {
    await startApp({ selected: 'staging', settings: NO_ADDRESSES, keys: { staging: 'wxyz' } });
    const { state } = await setupState();
    expect(within(state).getByRole('heading').textContent).toBe('Staging is not set up yet');
    await waitFor(() => expect(within(state).getByTestId('setup-needs').textContent).toContain('It needs the store’s address.'));
    expect(within(state).getByTestId('setup-needs').textContent).not.toContain('API key');
  });

  test('switching to it asks nothing of it: no list, no lookup, no new pet', async () => {
    const fake = await startApp({ settings: NO_ADDRESSES });
    await screen.findByText('Biscuit');
    await fireEvent.click(await screen.findByRole('radio', { name: /Production/ }));
    await setupState();
    expect(fake.callsTo('list_pets')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /New pet/ })).toBeNull();
    expect(screen.getByTestId('lookup-unavailable').textContent).toContain('Production is not set up yet');
    await type(screen.getByLabelText('Pet id'), '3');
    expect((screen.getByRole('button', { name: 'Look up' }) as HTMLButtonElement).disabled).toBe(true);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', ctrlKey: true, cancelable: true, bubbles: true }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', ctrlKey: true, cancelable: true, bubbles: true }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('list_pets')).toHaveLength(1);
    expect(fake.callsTo('get_pet')).toEqual([]);
    expect(screen.queryByTestId('production-banner')).toBeNull();
    expectNoDeveloperWords();

    await fireEvent.click(within(screen.getByTestId('setup-state')).getByRole('button', { name: /Sandbox/ }));
    await screen.findByText('Biscuit');
  });

  test('once its key is saved in Settings, its table loads and the live-store banner shows', async () => {
    const fake = await startApp({ selected: 'production' });
    await setupState();
    const listsBefore = fake.callsTo('list_pets').length;
    await fireEvent.click(within(screen.getByTestId('setup-state')).getByRole('button', { name: 'Open Settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await type(within(dialog).getByLabelText('New API key for Production'), 'sk-live-0123456789abcd');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(fake.callsTo('list_pets').length).toBe(listsBefore + 1));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByText('Biscuit');
    expect(screen.queryByTestId('setup-state')).toBeNull();
    expect((await screen.findByTestId('production-banner')).textContent).toContain('live store');
  });
});
