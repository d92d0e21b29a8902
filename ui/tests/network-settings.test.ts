import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { DEMO_CA } from '../src/demo/fake-network';
import { commandError } from '../src/lib/command-error';
import type { NetworkSettings } from '../src/lib/types';
import { startApp, type } from './helpers';

// Settings → Network, against the demo fake behind mockIPC: the three modes, a
// Manual proxy's fields, the password only as "stored", a refused address worded from the
// app's typed facts, the company certificates, the note for automatic proxy configuration, and
// the tab in German.

async function openNetwork(tabName = 'Network') {
  await screen.findByText('Biscuit');
  const settingsName = tabName === 'Network' ? /Settings/ : /Einstellungen/;
  // German is loaded on first use: wait until the header speaks it.
  await waitFor(() => expect(screen.getByRole('button', { name: settingsName })).toBeTruthy());
  await fireEvent.click(screen.getByRole('button', { name: settingsName }));
  const dialog = screen.getByRole('dialog');
  await fireEvent.click(within(dialog).getByRole('tab', { name: tabName }));
  await within(dialog).findByTestId('network-form');
  return dialog;
}

const radio = (dialog: HTMLElement, name: RegExp) => within(dialog).getByRole('radio', { name }) as HTMLInputElement;

describe('Settings → Network', () => {
  test('System by default; Manual shows the proxy fields and saves them', async () => {
    const fake = await startApp();
    const dialog = await openNetwork();
    expect(radio(dialog, /^System/).checked).toBe(true);
    // Each mode has its one-line explanation, tied to the radio.
    expect(radio(dialog, /^Off/).getAttribute('aria-describedby')).toBe('proxy-mode-off-hint');
    expect(within(dialog).getByText(/Connect to the service directly/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Proxy address')).toBeNull();

    await fireEvent.click(radio(dialog, /^Manual/));
    await type(within(dialog).getByLabelText('Proxy address'), 'http://proxy.corp.example:3128');
    await type(within(dialog).getByLabelText('User name'), 'clerk');
    await type(within(dialog).getByLabelText('Reach directly, without the proxy'), 'intranet.example.com, *.corp.example\n10.0.0.0/8');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Saved. The next request uses these settings.'));
    expect(fake.callsTo('save_network_settings')).toEqual([
      {
        input: {
          mode: 'manual',
          url: 'http://proxy.corp.example:3128',
          user: 'clerk',
          bypass: ['intranet.example.com', '*.corp.example', '10.0.0.0/8'],
        },
      },
    ]);
    // No password typed: none is sent to the keychain.
    expect(fake.callsTo('set_proxy_password')).toEqual([]);

    await fireEvent.click(radio(dialog, /^Off/));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo('save_network_settings')).toHaveLength(2));
    expect((fake.callsTo('save_network_settings')[1].input as { mode: string }).mode).toBe('off');
  });

  test('a password inside the address is refused, on the field, saying where the password goes', async () => {
    const fake = await startApp();
    const dialog = await openNetwork();
    await fireEvent.click(radio(dialog, /^Manual/));
    const address = within(dialog).getByLabelText('Proxy address');
    await type(address, 'http://clerk:hunter2@proxy.corp.example:3128');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await within(dialog).findByTestId('proxy-url-error');
    expect(error.textContent).toContain('must not contain a user name or password');
    expect(error.textContent).toContain('the password in the Password field');
    expect(error.textContent).not.toContain('hunter2');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(address.getAttribute('aria-describedby')).toBe(error.id);
    expect(within(dialog).getByRole('status').textContent).toBe('');
    // Typing again clears the refusal.
    await type(address, 'http://proxy.corp.example:3128');
    expect(within(dialog).queryByTestId('proxy-url-error')).toBeNull();
    expect(fake.callsTo('save_network_settings')).toHaveLength(1);
  });

  test('a bypass entry the proxy cannot match is refused on the bypass field', async () => {
    await startApp({
      handlers: {
        // As the app refuses it (`NetworkRefusal` facts; the UI words them).
        save_network_settings: () => {
          throw commandError('configuration', {
            problem: 'networkSettings',
            field: 'bypass',
            network: { problem: 'badBypassEntry', given: 'http://intranet', subject: null, date: null, io: null },
          });
        },
      },
    });
    const dialog = await openNetwork();
    await fireEvent.click(radio(dialog, /^Manual/));
    await type(within(dialog).getByLabelText('Proxy address'), 'http://proxy.corp.example:3128');
    await type(within(dialog).getByLabelText('Reach directly, without the proxy'), 'http://intranet');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await within(dialog).findByTestId('proxy-bypass-error');
    expect(error.textContent).toContain('“http://intranet” is not a host, address or network');
    expect(within(dialog).getByLabelText('Reach directly, without the proxy').getAttribute('aria-describedby')).toBe(error.id);
  });

  test('the password goes to the keychain and comes back only as "stored"; it can be removed', async () => {
    const fake = await startApp({ network: { mode: 'manual', url: 'http://proxy.corp.example:3128', user: 'clerk' } });
    const dialog = await openNetwork();
    expect(within(dialog).getByTestId('proxy-password-state').textContent).toContain('No password is stored.');
    const field = within(dialog).getByLabelText('Password') as HTMLInputElement;
    expect(field.type).toBe('password');
    await type(field, 's3cret');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByTestId('proxy-password-state').textContent).toContain('A password is stored in the keychain.'));
    expect(fake.callsTo('set_proxy_password')).toEqual([{ password: 's3cret' }]);
    expect(field.value).toBe('');
    // The password is in no other call.
    const saved = JSON.stringify(fake.callsTo('save_network_settings'));
    expect(saved).not.toContain('s3cret');

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Remove password' }));
    await waitFor(() => expect(within(dialog).getByTestId('proxy-password-state').textContent).toContain('No password is stored.'));
    expect(fake.callsTo('clear_proxy_password')).toHaveLength(1);
    expect(within(dialog).getByRole('status').textContent).toContain('Password removed from the keychain.');
  });

  test('a password stored for another proxy is named, not sent, and typed again for this one', async () => {
    const fake = await startApp({
      network: {
        mode: 'manual',
        url: 'http://new-proxy.corp.example:8080',
        user: 'clerk',
        passwordStored: false,
        passwordForOtherProxy: 'http://proxy.corp.example:3128',
      },
    });
    const dialog = await openNetwork();
    const state = within(dialog).getByTestId('proxy-password-state');
    expect(state.textContent).toContain('typed for another proxy (http://proxy.corp.example:3128)');
    expect(state.textContent).toContain('not sent to this one');
    // It can be removed from here too.
    expect(within(dialog).getByRole('button', { name: 'Remove password' })).toBeTruthy();
    await type(within(dialog).getByLabelText('Password') as HTMLInputElement, 'n3w-pass');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.textContent).toContain('A password is stored in the keychain.'));
    expect(fake.callsTo('set_proxy_password')).toEqual([{ password: 'n3w-pass' }]);
  });

  test('trusting a certificate lists its subject, short fingerprint (whole on hover) and expiry; Remove takes it off', async () => {
    const fake = await startApp();
    const dialog = await openNetwork();
    expect(within(dialog).getByTestId('certificate-none').textContent).toContain('No company certificate is trusted');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Trust a company certificate…' }));
    const item = await within(dialog).findByTestId('certificate');
    expect(within(item).getByTestId('certificate-subject').textContent).toBe('CN=Example Corp Root CA, O=Example Corp');
    const fingerprint = within(item).getByTestId('certificate-fingerprint');
    expect(fingerprint.textContent?.trim()).toBe(`${DEMO_CA.fingerprint.slice(0, 11)}…${DEMO_CA.fingerprint.slice(-11)}`);
    expect(fingerprint.getAttribute('title')).toBe(DEMO_CA.fingerprint);
    expect(within(item).getByTestId('certificate-expires').textContent).toBe('1 January 2036');
    expect(within(dialog).getByRole('status').textContent).toBe('Trusted: CN=Example Corp Root CA, O=Example Corp.');

    await fireEvent.click(within(item).getByRole('button', { name: 'Remove CN=Example Corp Root CA, O=Example Corp' }));
    await within(dialog).findByTestId('certificate-none');
    expect(fake.callsTo('remove_company_certificate')).toEqual([{ file: DEMO_CA.file }]);
  });

  test('a certificate file that is not an authority is refused in words naming it', async () => {
    await startApp({
      handlers: {
        trust_company_certificate: () => {
          throw commandError('configuration', {
            problem: 'networkSettings',
            network: { problem: 'notAnAuthority', given: null, subject: 'CN=api.petstore.test', date: null, io: null },
          });
        },
      },
    });
    const dialog = await openNetwork();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Trust a company certificate…' }));
    const error = await within(dialog).findByTestId('certificate-error');
    expect(error.textContent).toContain('“CN=api.petstore.test” is a server’s own certificate');
    expect(error.textContent).toContain('company root CA');
  });

  test('automatic proxy configuration the app cannot read is said, with what to do instead', async () => {
    const withScript: Partial<NetworkSettings> = { autoConfig: { url: 'http://wpad.corp.example/proxy.pac' } };
    await startApp({ network: withScript });
    const dialog = await openNetwork();
    const note = within(dialog).getByTestId('network-auto-config');
    expect(note.textContent).toContain('This computer uses automatic proxy configuration, which the app cannot read.');
    expect(note.textContent).toContain('Choose Manual and enter the proxy address (ask IT for it).');
    expect(note.textContent).toContain('http://wpad.corp.example/proxy.pac');
  });

  test('WPAD (no script address) and no automatic configuration', async () => {
    await startApp({ network: { autoConfig: { url: null } } });
    const dialog = await openNetwork();
    expect(within(dialog).getByTestId('network-auto-config').textContent).toContain('found on the network automatically (WPAD)');
  });

  test('no note without automatic configuration', async () => {
    await startApp();
    const dialog = await openNetwork();
    expect(within(dialog).queryByTestId('network-auto-config')).toBeNull();
  });

  test('in German', async () => {
    await startApp({ language: 'de', network: { mode: 'manual', url: 'http://proxy.corp.example:3128', autoConfig: { url: null } } });
    const dialog = await openNetwork('Netzwerk');
    expect(radio(dialog, /^Manuell/).checked).toBe(true);
    expect(within(dialog).getByLabelText('Proxy-Adresse')).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Proxy' })).toBeTruthy();
    expect(within(dialog).getByTestId('network-auto-config').textContent).toContain('Wählen Sie Manuell');
    expect(within(dialog).getByRole('button', { name: 'Firmenzertifikat vertrauen …' })).toBeTruthy();
    await type(within(dialog).getByLabelText('Proxy-Adresse'), 'http://clerk:pw@proxy.corp.example:3128');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect((await within(dialog).findByTestId('proxy-url-error')).textContent).toContain('im Feld Passwort');
  });
});
