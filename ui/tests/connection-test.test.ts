// Test connection tests what is in the address field, says whether it is saved,
// and forgets a result once the address or key it was about changes; Clear key asks first.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { startApp, type } from './helpers';

async function openSettings(tab: string) {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  await fireEvent.click(within(dialog).getByRole('tab', { name: tab }));
  return dialog;
}

async function addressField(dialog: HTMLElement, value: string) {
  const url = within(dialog).getByLabelText('Base address') as HTMLInputElement;
  await waitFor(() => expect(url.value).toBe(value));
  return url;
}

describe('Test connection', () => {
  afterEach(() => setLanguage('en'));

  test('tests the address typed in the field and says it is not saved yet', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    const url = await addressField(dialog, 'https://pets.example.com/v1');
    await type(url, 'https://new-pets.example.com/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));

    // Another server than the saved one, with a key stored: the key goes there only once the
    // person says so (the backend refused the first call before sending anything).
    const question = await within(dialog).findByTestId('test-key-question');
    expect(question.textContent).toContain('https://new-pets.example.com/v1');
    const send = within(question).getByRole('button', { name: 'Test with the key' });
    await waitFor(() => expect(document.activeElement).toBe(send));
    expect(within(dialog).queryByTestId('connection-ok')).toBeNull();
    await fireEvent.click(send);

    const ok = await within(dialog).findByTestId('connection-ok');
    expect(ok.textContent).toContain('https://new-pets.example.com/v1');
    expect(within(dialog).getByTestId('connection-unsaved').textContent).toContain('This address is not saved yet');
    expect(fake.callsTo('test_connection')).toEqual([
      { environment: 'production', baseUrl: 'https://new-pets.example.com/v1', keyToNewServer: false },
      { environment: 'production', baseUrl: 'https://new-pets.example.com/v1', keyToNewServer: true },
    ]);
    expect(fake.callsTo('save_settings')).toEqual([]);
  });

  test('Cancel at the key question sends nothing more', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    const url = await addressField(dialog, 'https://pets.example.com/v1');
    await type(url, 'https://look-alike.example.net/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const question = await within(dialog).findByTestId('test-key-question');
    await fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByTestId('test-key-question')).toBeNull();
    expect(within(dialog).queryByTestId('connection-ok')).toBeNull();
    expect(fake.callsTo('test_connection')).toEqual([
      { environment: 'production', baseUrl: 'https://look-alike.example.net/v1', keyToNewServer: false },
    ]);
  });

  test('at the key question, the typed address can be tested without the key', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    const url = await addressField(dialog, 'https://pets.example.com/v1');
    await type(url, 'https://new-pets.example.com/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const question = await within(dialog).findByTestId('test-key-question');
    await fireEvent.click(within(question).getByRole('button', { name: 'Test without the key' }));

    const probe = await within(dialog).findByTestId('connection-probe');
    expect(probe.textContent).toContain('https://new-pets.example.com/v1 answers and speaks the Pet Store interface');
    expect(probe.classList.contains('ok')).toBe(true);
    expect(within(dialog).queryByTestId('test-key-question')).toBeNull();
    expect(fake.callsTo('probe_address')).toEqual([{ environment: 'production', baseUrl: 'https://new-pets.example.com/v1' }]);
    // The key went nowhere: the only test with it was the refused first call.
    expect(fake.callsTo('test_connection')).toEqual([
      { environment: 'production', baseUrl: 'https://new-pets.example.com/v1', keyToNewServer: false },
    ]);
  });

  test('an address that answers but not as the interface does is named so, in both languages', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    await type(await addressField(dialog, 'https://pets.example.com/v1'), 'https://www.example.com/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    await fireEvent.click(
      within(await within(dialog).findByTestId('test-key-question')).getByRole('button', { name: 'Test without the key' }),
    );
    const probe = await within(dialog).findByTestId('connection-probe');
    expect(probe.textContent).toContain(
      'https://www.example.com/v1 answered (HTTP 404), but not as the Pet Store interface does. Check the address: it usually ends in /v1.',
    );
    expect(probe.classList.contains('error')).toBe(true);
    expect(fake.callsTo('probe_address')).toHaveLength(1);

    await setLanguage('de');
    await waitFor(() =>
      expect(within(dialog).getByTestId('connection-probe').textContent).toContain(
        'https://www.example.com/v1 hat geantwortet (HTTP 404), aber nicht wie die Pet-Store-Schnittstelle.',
      ),
    );
  });

  test('the saved address is tested as saved', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    await addressField(dialog, 'https://pets.example.com/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    await within(dialog).findByTestId('connection-ok');
    expect(within(dialog).queryByTestId('connection-unsaved')).toBeNull();
    expect(fake.callsTo('test_connection')).toEqual([
      { environment: 'production', baseUrl: 'https://pets.example.com/v1', keyToNewServer: false },
    ]);
  });

  test('a result is cleared when the address it was about changes', async () => {
    await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    const url = await addressField(dialog, 'https://pets.example.com/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    await within(dialog).findByTestId('connection-ok');
    await type(url, 'https://pets.example.com/v1x');
    expect(within(dialog).queryByTestId('connection-ok')).toBeNull();
  });

  test('a result is cleared when the key it was about changes', async () => {
    await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    await addressField(dialog, 'https://pets.example.com/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    await within(dialog).findByTestId('connection-ok');
    await type(within(dialog).getByLabelText('New API key for Production'), 'sk-other-key-9999');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace key' }));
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('••••9999'));
    expect(within(dialog).queryByTestId('connection-ok')).toBeNull();
  });

  test('an answer that arrives after the address changed is not shown', async () => {
    let answer: (value: unknown) => void = () => {};
    await startApp({
      keys: { production: 'abcd' },
      handlers: { test_connection: () => new Promise((resolve) => (answer = resolve)) },
    });
    const dialog = await openSettings('Production');
    const url = await addressField(dialog, 'https://pets.example.com/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    await type(url, 'https://elsewhere.example.com/v1');
    answer({ quota: null, petsSeen: 1, baseUrl: 'https://pets.example.com/v1', saved: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(within(dialog).queryByTestId('connection-ok')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Test connection' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('with no address it says so and sends nothing; with no key it asks the address without one', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Staging');
    await addressField(dialog, '');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect((await within(dialog).findByTestId('connection-not-ready')).textContent).toContain(
      'There is no address to test yet',
    );

    await type(within(dialog).getByLabelText('Base address'), 'https://staging.example.com/v1');
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('No key stored'));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect((await within(dialog).findByTestId('connection-not-ready')).textContent).toContain(
      'No API key is stored for Staging yet',
    );
    expect(fake.callsTo('test_connection')).toEqual([]);
    // No key to send: the address alone is asked whether it speaks the interface.
    expect((await within(dialog).findByTestId('connection-probe')).textContent).toContain(
      'https://staging.example.com/v1 answers and speaks the Pet Store interface: it asked for an API key, as it should. No key was sent.',
    );
    expect(fake.callsTo('probe_address')).toEqual([{ environment: 'staging', baseUrl: 'https://staging.example.com/v1' }]);
  });

  test('an address that cannot be used cannot be tested', async () => {
    await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    const url = await addressField(dialog, 'https://pets.example.com/v1');
    await type(url, 'http://pets.example.com/v1');
    expect((within(dialog).getByRole('button', { name: 'Test connection' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Clear key', () => {
  test('asks first, naming the environment; Keep keeps the key', async () => {
    const fake = await startApp({ keys: { staging: 'wxyz' }, settings: { productionUrl: null, stagingUrl: 'https://staging.example.com/v1' } });
    const dialog = await openSettings('Staging');
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('••••wxyz'));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Clear key' }));

    const question = within(dialog).getByRole('alertdialog', { name: 'Clear the API key for Staging?' });
    const keep = within(question).getByRole('button', { name: 'Keep' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    await fireEvent.click(keep);
    expect(within(dialog).queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo('clear_api_key')).toEqual([]);
    expect(within(dialog).getByTestId('key-status').textContent).toContain('••••wxyz');

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Clear key' }));
    await fireEvent.click(
      within(within(dialog).getByRole('alertdialog', { name: 'Clear the API key for Staging?' })).getByRole('button', {
        name: 'Clear',
      }),
    );
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('No key stored'));
    expect(fake.callsTo('clear_api_key')).toEqual([{ environment: 'staging' }]);
  });
});
