import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { startApp } from './helpers';

// Updates: the quiet start-up check after the first table, the offer with version
// and notes that installs only on the person's yes, Settings → Updates (checking on/off, managed
// by an administrator, "Check for updates") and the words for a refused update.

const OFFER = {
  version: '0.2.0',
  currentVersion: '0.1.0',
  notes: 'Faster tables.\nA new Updates tab.',
  date: '2026-11-20T10:00:00Z',
};

async function openUpdates() {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  await fireEvent.click(within(dialog).getByRole('tab', { name: 'Updates' }));
  await within(dialog).findByTestId('update-check-now');
  return dialog;
}

describe('updates', () => {
  test('the start-up check runs after the first table and offers the version and its notes', async () => {
    const fake = await startApp({ updateOffer: OFFER });
    const offer = await screen.findByRole('dialog', { name: 'A new version is available' });
    expect(fake.callsTo('check_for_update')).toEqual([{ atStart: true }]);
    // The table was on screen before the check was asked.
    expect(screen.getByText('Biscuit')).toBeTruthy();
    expect(within(offer).getByTestId('update-version').textContent).toContain(
      'Version 0.2.0 is ready to install. You have 0.1.0.',
    );
    expect(within(offer).getByTestId('update-version').textContent).toContain('Released 2026-11-20.');
    expect(within(offer).getByTestId('update-notes').textContent).toBe('Faster tables.\nA new Updates tab.');
  });

  test('declining installs nothing', async () => {
    const fake = await startApp({ updateOffer: OFFER });
    const offer = await screen.findByRole('dialog', { name: 'A new version is available' });
    await fireEvent.click(within(offer).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('install_update')).toEqual([]);
  });

  test('a refused update says so in plain words and leaves the offer open', async () => {
    const fake = await startApp({ updateOffer: OFFER, installFailure: 'signatureRefused' });
    const offer = await screen.findByRole('dialog', { name: 'A new version is available' });
    await fireEvent.click(within(offer).getByRole('button', { name: 'Install and restart' }));
    const alert = await within(offer).findByRole('alert');
    expect(fake.callsTo('install_update')).toHaveLength(1);
    expect(alert.textContent).toContain('its signature does not match this app');
    expect(alert.textContent).toContain('Nothing was installed');
  });

  test('"Check for updates" in Settings reports up to date, and an offer opens the dialog', async () => {
    const fake = await startApp({ updateSettings: { check: false } });
    // The start-up call is made (two frames after the first table) whatever the setting: the
    // backend decides; the person's off only skips the network.
    await waitFor(() => expect(fake.callsTo('check_for_update')).toEqual([{ atStart: true }]));
    const dialog = await openUpdates();
    expect((within(dialog).getByTestId('update-check-at-start') as HTMLInputElement).checked).toBe(false);
    await fireEvent.click(within(dialog).getByTestId('update-check-now'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('update-result').textContent).toContain('You have the latest version (0.1.0).'),
    );
    expect(fake.callsTo('check_for_update')).toEqual([{ atStart: true }, { atStart: false }]);

    fake.handlers.check_for_update = () => ({ outcome: 'available', ...OFFER });
    await fireEvent.click(within(dialog).getByTestId('update-check-now'));
    expect(await screen.findByRole('dialog', { name: 'A new version is available' })).toBeTruthy();
  });

  test('the person turns checking off; a failed check from the menu is shown', async () => {
    const fake = await startApp();
    const dialog = await openUpdates();
    const box = within(dialog).getByTestId('update-check-at-start') as HTMLInputElement;
    expect(box.checked).toBe(true);
    await fireEvent.click(box);
    await waitFor(() => expect(fake.callsTo('save_update_check')).toEqual([{ check: false }]));
    expect(box.checked).toBe(false);

    fake.handlers.check_for_update = () => ({ outcome: 'failed', failure: 'unreachable' });
    await fireEvent.click(within(dialog).getByTestId('update-check-now'));
    expect((await within(dialog).findByTestId('update-check-failure')).textContent).toContain(
      'The update address could not be reached',
    );
  });

  test('an administrator’s off is shown as managed and cannot be changed here', async () => {
    const fake = await startApp({ updateSettings: { check: false, managed: true } });
    const dialog = await openUpdates();
    const box = within(dialog).getByTestId('update-check-at-start') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(true);
    expect(within(dialog).getByTestId('updates-managed').textContent).toContain(
      'Your administrator turned update checks off',
    );
    expect((within(dialog).getByTestId('update-check-now') as HTMLButtonElement).disabled).toBe(true);
    expect(fake.callsTo('save_update_check')).toEqual([]);
  });
});
