// The language: English unless the computer's is German or German is chosen in
// Settings → General; a choice applies at once, without a restart, and is saved for next time.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { startApp } from './helpers';

afterEach(() => setLanguage('en'));

describe('the language', () => {
  test('English by default, with English numbers', async () => {
    await startApp();
    await screen.findByText('Biscuit');
    expect(screen.getByRole('button', { name: /Settings/ })).toBeTruthy();
    expect(screen.getByText('4 pets shown')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  test('a German computer with no choice gets German, from the locale the app reports', async () => {
    await startApp({ systemLocale: 'de_DE.UTF-8' });
    await screen.findByText('Biscuit');
    await waitFor(() => expect(screen.getByRole('button', { name: /Einstellungen/ })).toBeTruthy());
    expect(screen.getByRole('heading', { name: 'Haustiere' })).toBeTruthy();
    expect(screen.getByText('4 Haustiere angezeigt')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Kategorie/ })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });

  test('a choice of English wins over a German computer', async () => {
    const fake = await startApp({ systemLocale: 'de_DE.UTF-8', language: 'en' });
    await screen.findByText('Biscuit');
    await waitFor(() => expect(fake.callsTo('get_language')).toHaveLength(1));
    expect(screen.getByText('4 pets shown')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  test('Settings → General → Deutsch switches at once and is saved; "As the computer" comes back to English', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await fireEvent.click(within(dialog).getByRole('tab', { name: 'General' }));
    const select = within(dialog).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(select.value).toBe('system');
    expect(within(select).getByRole('option', { name: 'As the computer (English)' })).toBeTruthy();
    await fireEvent.change(select, { target: { value: 'de' } });
    await waitFor(() => expect(fake.callsTo('save_language')).toEqual([{ choice: 'de' }]));
    // The open dialog, the header and the table are German now.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Einstellungen' })).toBeTruthy());
    expect(within(dialog).getByRole('tab', { name: 'Allgemein' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Aktivität' })).toBeTruthy();
    expect(screen.getByText('4 Haustiere angezeigt')).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');

    const german = within(dialog).getByRole('combobox', { name: 'Sprache' }) as HTMLSelectElement;
    expect(german.value).toBe('de');
    await fireEvent.change(german, { target: { value: 'system' } });
    await waitFor(() => expect(fake.callsTo('save_language')).toEqual([{ choice: 'de' }, { choice: 'system' }]));
    await waitFor(() => expect(screen.getByText('4 pets shown')).toBeTruthy());
  });
});
