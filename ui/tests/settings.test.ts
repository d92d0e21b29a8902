import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError } from '../src/demo/fake';
import type { CommandError } from '../src/lib/types';
import { startApp, type } from './helpers';

async function openSettings(tab = 'Production') {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  await fireEvent.click(within(dialog).getByRole('tab', { name: tab }));
  return dialog;
}

describe('settings', () => {
  test('validates the base address as you type: https or loopback, ending in /v1', async () => {
    const fake = await startApp();
    const dialog = await openSettings();
    const url = within(dialog).getByLabelText('Base address') as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe('https://pets.example.com/v1'));
    const save = within(dialog).getByRole('button', { name: 'Save address' }) as HTMLButtonElement;

    await type(url, 'http://pets.example.com/v1');
    expect(within(dialog).getByRole('alert').textContent).toContain('Use https://');
    expect(save.disabled).toBe(true);
    await type(url, 'https://pets.example.com/api');
    expect(within(dialog).getByRole('alert').textContent).toContain('must end in /v1');
    await type(url, 'http://127.0.0.1:8080/v1/');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await fireEvent.click(save);
    await waitFor(() =>
      expect(fake.callsTo('save_settings')).toEqual([
        { settings: { productionUrl: 'http://127.0.0.1:8080/v1/', stagingUrl: null }, keyMove: null },
      ]),
    );
    await within(dialog).findByText('Saved.');
  });

  test('a refusal from the backend about a field shows by that field', async () => {
    await startApp({
      handlers: {
        save_settings: () => {
          throw commandError('configuration', {
            problem: 'insecureBaseUrl',
            field: 'stagingUrl',
            address: 'http://staging.example.com/v1',
          });
        },
      },
    });
    const dialog = await openSettings('Staging');
    const url = within(dialog).getByLabelText('Base address');
    await type(url, 'https://staging.example.com/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('does not use https');
    expect((url as HTMLInputElement).value).toBe('https://staging.example.com/v1');
  });

  test('the key input is masked; set, replace and clear show only the masked last 4', async () => {
    const fake = await startApp();
    const dialog = await openSettings();
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('No key stored'));
    const key = within(dialog).getByLabelText('New API key for Production') as HTMLInputElement;
    expect(key.type).toBe('password');

    await type(key, 'sk-live-0123456789abcd');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('Stored in the keychain'));
    expect(within(dialog).getByTestId('key-status').textContent).toContain('••••abcd');
    expect(fake.callsTo('set_api_key')).toEqual([
      { environment: 'production', key: 'sk-live-0123456789abcd', sessionOnly: false },
    ]);
    expect(key.value).toBe('');
    expect(document.body.innerHTML).not.toContain('sk-live-0123456789abcd');

    await type(key, 'sk-live-new-key-wxyz');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace key' }));
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('••••wxyz'));

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Clear key' }));
    // Clearing asks first.
    const question = within(dialog).getByRole('alertdialog', { name: 'Clear the API key for Production?' });
    await fireEvent.click(within(question).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('No key stored'));
    expect(fake.callsTo('clear_api_key')).toEqual([{ environment: 'production' }]);
  });

  test('without a keychain it explains and offers to keep the key for this session only', async () => {
    const fake = await startApp({ keychainAvailable: false });
    const dialog = await openSettings();
    expect((await within(dialog).findByTestId('no-keychain')).textContent).toContain('no keychain');
    const key = within(dialog).getByLabelText('New API key for Production');
    await type(key, 'session-key-9876');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Keep for this session only' }));
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('Kept for this session only'));
    expect(fake.callsTo('set_api_key')).toEqual([
      { environment: 'production', key: 'session-key-9876', sessionOnly: true },
    ]);
  });

  test('a keychain failure while saving keeps the key typed and offers the session-only path', async () => {
    const fake = await startApp({
      handlers: {
        key_status: (a) => ({ environment: a.environment, stored: false, masked: null, sessionOnly: false, keychainAvailable: true }),
        set_api_key: (a) => {
          if (!a.sessionOnly) throw commandError('keychain', { problem: 'keychainLocked', field: 'key' });
          return { environment: a.environment, stored: true, masked: '••••4321', sessionOnly: true, keychainAvailable: false };
        },
      },
    });
    const dialog = await openSettings();
    const key = within(dialog).getByLabelText('New API key for Production') as HTMLInputElement;
    await type(key, 'abc-4321');
    await fireEvent.click(await within(dialog).findByRole('button', { name: 'Save key' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The keychain is locked or refused access. Unlock it and try again, or keep the key for this session only.',
    );
    expect(key.value).toBe('abc-4321');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Keep for this session only' }));
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('••••4321'));
    expect(fake.callsTo('set_api_key').map((c) => c.sessionOnly)).toEqual([false, true]);
  });

  test('Test connection shows the quota it sees', async () => {
    const fake = await startApp();
    const dialog = await openSettings('Sandbox');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const ok = await within(dialog).findByTestId('connection-ok');
    expect(ok.textContent).toContain('86 / 100');
    expect(ok.textContent).toContain('per minute');
    expect(fake.callsTo('test_connection')).toEqual([{ environment: 'sandbox', baseUrl: null, keyToNewServer: false }]);
  });

  test('a failed connection test says why', async () => {
    await startApp({
      keys: { production: 'abcd' },
      handlers: {
        test_connection: () => {
          throw commandError('unauthorized', {
            status: 401,
            code: 'invalid_api_key',
            serverMessage: 'The API key is not valid for this server.',
          });
        },
      },
    });
    const dialog = await openSettings();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const text = (await within(dialog).findByRole('alert')).textContent ?? '';
    expect(text).toBe(
      'Production refused the API key. The service said: “The API key is not valid for this server.” ' +
        // The person is in Settings already, below the key field: "above".
        'Check the API key for Production above.',
    );
  });

  test('an address set by an environment variable is shown, read-only, and marked as set outside the app', async () => {
    const fake = await startApp({ envUrls: { staging: 'https://staging.corp.example/v1' } });
    const dialog = await openSettings('Staging');
    const url = within(dialog).getByLabelText('Base address') as HTMLInputElement;
    expect(url.value).toBe('https://staging.corp.example/v1');
    expect(url.readOnly).toBe(true);
    const note = within(dialog).getByTestId('address-from-variable');
    // Who set it, in a clerk's words; no "environment variable".
    expect(note.textContent).toContain('Set outside the app, by whoever installed it');
    expect(note.textContent).not.toContain('variable');
    expect(note.textContent).toContain('can’t be changed here');
    expect(url.getAttribute('aria-describedby')).toBe(note.id);
    // No variable name in what a clerk reads, and nothing to save.
    expect(dialog.textContent).not.toContain('PETSTORE_');
    expect(within(dialog).queryByRole('button', { name: 'Save address' })).toBeNull();
    // Production, from the settings, stays editable.
    await fireEvent.click(within(dialog).getByRole('tab', { name: 'Production' }));
    const prod = within(dialog).getByLabelText('Base address') as HTMLInputElement;
    await waitFor(() => expect(prod.value).toBe('https://pets.example.com/v1'));
    expect(prod.readOnly).toBe(false);
    expect(fake.callsTo('save_settings')).toEqual([]);
  });
});

describe('a new address on another server, with a key stored', () => {
  async function withStoredKey() {
    const fake = await startApp();
    const dialog = await openSettings();
    const key = within(dialog).getByLabelText('New API key for Production');
    await type(key, 'sk-live-0123456789abcd');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('••••abcd'));
    const url = within(dialog).getByLabelText('Base address') as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe('https://pets.example.com/v1'));
    return { fake, dialog, url };
  }

  test('asks whether to keep the key, naming both addresses; nothing is saved until answered', async () => {
    const { fake, dialog, url } = await withStoredKey();
    await type(url, 'https://other.example.net/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const question = await within(dialog).findByRole('alertdialog', { name: 'Keep the stored key for the new address?' });
    expect(question.textContent).toContain('https://pets.example.com/v1');
    expect(question.textContent).toContain('https://other.example.net/v1');
    expect(fake.callsTo('save_settings')).toEqual([]);
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep the key' }));

    await fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    expect(url.value).toBe('https://other.example.net/v1');
    expect(fake.callsTo('save_settings')).toEqual([]);
  });

  test('Keep the key saves the address and keeps the key', async () => {
    const { fake, dialog, url } = await withStoredKey();
    await type(url, 'https://other.example.net/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const question = await within(dialog).findByRole('alertdialog');
    await fireEvent.click(within(question).getByRole('button', { name: 'Keep the key' }));
    await within(dialog).findByText('Saved.');
    expect(fake.callsTo('save_settings')).toEqual([
      { settings: { productionUrl: 'https://other.example.net/v1', stagingUrl: null }, keyMove: 'keep' },
    ]);
    expect(fake.callsTo('clear_api_key')).toEqual([]);
    expect(within(dialog).getByTestId('key-status').textContent).toContain('••••abcd');
  });

  test('Remove the key saves the address with that answer; the backend removes the key', async () => {
    const { fake, dialog, url } = await withStoredKey();
    await type(url, 'https://pets.example.com:8443/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const question = await within(dialog).findByRole('alertdialog');
    await fireEvent.click(within(question).getByRole('button', { name: 'Remove the key' }));
    await waitFor(() =>
      expect(fake.callsTo('save_settings')).toEqual([
        { settings: { productionUrl: 'https://pets.example.com:8443/v1', stagingUrl: null }, keyMove: 'remove' },
      ]),
    );
    // One call: the key goes with the save, never before it (a refused address keeps it).
    expect(fake.callsTo('clear_api_key')).toEqual([]);
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('No key stored'));
  });

  test('a key the dialog did not know of is asked about when the backend refuses to move it', async () => {
    const { fake, dialog, url } = await withStoredKey();
    // The dialog believes no key is stored (its status is stale), so it asks nothing; the backend
    // knows better and refuses, and the dialog asks then.
    fake.handlers.key_status = (a) => ({
      environment: a.environment,
      stored: false,
      masked: null,
      sessionOnly: false,
      keychainAvailable: true,
    });
    await type(url, 'https://other.example.net/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const question = await within(dialog).findByRole('alertdialog');
    expect(question.textContent).toContain('https://other.example.net/v1');
    await fireEvent.click(within(question).getByRole('button', { name: 'Keep the key' }));
    await within(dialog).findByText('Saved.');
    expect(fake.callsTo('save_settings').at(-1)).toEqual({
      settings: { productionUrl: 'https://other.example.net/v1', stagingUrl: null },
      keyMove: 'keep',
    });
  });

  test('a refused address removes no key', async () => {
    const { fake, dialog, url } = await withStoredKey();
    fake.handlers.save_settings = () => {
      // A configuration failure naming no problem, as a payload: the kind's own words.
      throw { kind: 'configuration', field: 'productionUrl' } as CommandError;
    };
    await type(url, 'https://other.example.net/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await fireEvent.click(within(await within(dialog).findByRole('alertdialog')).getByRole('button', { name: 'Remove the key' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('not usable');
    expect(fake.callsTo('clear_api_key')).toEqual([]);
  });

  test('the same server (another path, or a spelled-out default port) asks nothing', async () => {
    const { fake, dialog, url } = await withStoredKey();
    await type(url, 'https://pets.example.com:443/api/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await within(dialog).findByText('Saved.');
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo('save_settings')).toHaveLength(1);
  });

  test('without a stored key nothing is asked', async () => {
    const fake = await startApp();
    const dialog = await openSettings();
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('No key stored'));
    const url = within(dialog).getByLabelText('Base address') as HTMLInputElement;
    await waitFor(() => expect(url.value).toBe('https://pets.example.com/v1'));
    await type(url, 'https://other.example.net/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await within(dialog).findByText('Saved.');
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo('save_settings')).toHaveLength(1);
  });
});

