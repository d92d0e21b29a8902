// Settings' Activity section: retention in days and entries, quota alerts on or off, validated
// as you type, and the history's problem when it has one.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError } from '../src/demo/fake';
import { startApp, type } from './helpers';

async function openActivitySettings() {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  await fireEvent.click(within(dialog).getByRole('tab', { name: 'Activity' }));
  // Loaded on first use (not part of the first script).
  const days = (await within(dialog).findByLabelText('Keep entries for (days)')) as HTMLInputElement;
  await waitFor(() => expect(days.value).toBe('90'));
  return {
    dialog,
    days,
    entries: within(dialog).getByLabelText('Keep at most (entries)') as HTMLInputElement,
    alerts: within(dialog).getByRole('checkbox', { name: 'Quota alerts' }) as HTMLInputElement,
    save: within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement,
  };
}

describe('activity settings', () => {
  test('shows the retention and the alerts setting as saved', async () => {
    await startApp({ activitySettings: { retentionDays: 90, maxEntries: 200_000, alerts: true } });
    const { entries, alerts } = await openActivitySettings();
    expect(entries.value).toBe('200000');
    expect(alerts.checked).toBe(true);
  });

  test('validates as you type, with what to enter, and saves nothing invalid', async () => {
    const fake = await startApp();
    const { dialog, days, entries, save } = await openActivitySettings();
    await type(days, '0');
    expect(within(dialog).getByRole('alert').textContent).toBe('Use a number of days from 1 to 3,650.');
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(save.disabled).toBe(true);
    await type(days, 'ninety');
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a whole number of days from 1 to 3,650.');
    await type(days, '30');
    await type(entries, '50');
    expect(within(dialog).getByRole('alert').textContent).toBe('Use a number of entries from 1,000 to 500,000.');
    await fireEvent.submit(save.closest('form') as HTMLFormElement);
    expect(fake.callsTo('save_activity_settings')).toHaveLength(0);
  });

  test('saves the retention (a number with separators reads as the number) and the alerts switch', async () => {
    const fake = await startApp();
    const { dialog, days, entries, alerts, save } = await openActivitySettings();
    await type(days, '30');
    await type(entries, '100,000');
    await fireEvent.click(alerts);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await fireEvent.click(save);
    await within(dialog).findByText('Saved.');
    expect(fake.callsTo('save_activity_settings')).toEqual([{ settings: { retentionDays: 30, maxEntries: 100_000, alerts: false } }]);
    expect(entries.value).toBe('100000');
  });

  test('a refusal about a field shows by that field', async () => {
    await startApp({
      handlers: {
        save_activity_settings: () => {
          throw commandError('invalidInput', { field: 'maxEntries', given: '400000' });
        },
      },
    });
    const { dialog, entries, save } = await openActivitySettings();
    await type(entries, '400000');
    await fireEvent.click(save);
    const note = await within(dialog).findByRole('alert');
    expect(note.id).toBe('max-entries-note');
    expect(note.textContent).toBe(
      'The history can keep a whole number of entries from 1,000 to 500,000 (you gave “400000”). Correct it and try again.',
    );
    expect(entries.value).toBe('400000');
  });

  test('the history’s problem is said here too', async () => {
    await startApp({ activityStatus: { available: false, problem: 'unavailable' } });
    const { dialog } = await openActivitySettings();
    expect((await within(dialog).findByTestId('activity-settings-problem')).textContent).toContain('cannot be opened on this computer');
  });
});
