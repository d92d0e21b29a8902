// Closing Settings with changes not saved asks once ("Discard the changes?"): Escape, ×, and the
// backdrop all ask; Keep editing leaves everything as typed; Discard closes. Nothing unsaved:
// it closes at once. Over the demo fake.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { startApp, type } from './helpers';

afterEach(() => setLanguage('en'));

async function openSettings(tab: string): Promise<HTMLElement> {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /Settings|Einstellungen/ }));
  const dialog = screen.getByRole('dialog', { name: /Settings|Einstellungen/ });
  await fireEvent.click(within(dialog).getByRole('tab', { name: tab }));
  return dialog;
}

async function address(dialog: HTMLElement, saved: string): Promise<HTMLInputElement> {
  const url = within(dialog).getByLabelText(/Base address|Basisadresse/) as HTMLInputElement;
  await waitFor(() => expect(url.value).toBe(saved));
  return url;
}

const escape = (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape' });

describe('closing Settings', () => {
  test('with nothing changed, Escape closes at once', async () => {
    await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    await address(dialog, 'https://pets.example.com/v1');
    await escape(dialog);
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
  });

  test('with a typed address not saved, Escape asks; Keep editing keeps it, Discard closes', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    const url = await address(dialog, 'https://pets.example.com/v1');
    await type(url, 'https://new-pets.example.com/v1');

    await escape(dialog);
    const question = await within(dialog).findByTestId('close-question');
    expect(question.getAttribute('role')).toBe('alertdialog');
    expect(question.textContent).toContain('Discard the changes?');
    expect(question.textContent).toContain('Not saved yet: Production.');
    const keep = within(question).getByRole('button', { name: 'Keep editing' });
    await waitFor(() => expect(document.activeElement).toBe(keep));
    await fireEvent.click(keep);
    expect(within(dialog).queryByTestId('close-question')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBe(dialog);
    expect(url.value).toBe('https://new-pets.example.com/v1');

    // Asked again at the next close, once: Escape at the question is "keep editing".
    await escape(dialog);
    await within(dialog).findByTestId('close-question');
    await escape(dialog);
    expect(within(dialog).queryByTestId('close-question')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBe(dialog);

    await escape(dialog);
    await fireEvent.click(within(await within(dialog).findByTestId('close-question')).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
    expect(fake.callsTo('save_settings')).toEqual([]);
  });

  test('after Cancel at the key question the typed address is still unsaved, so × asks', async () => {
    await startApp({ keys: { production: 'abcd' } });
    const dialog = await openSettings('Production');
    const url = await address(dialog, 'https://pets.example.com/v1');
    await type(url, 'https://elsewhere.example.com/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const keyQuestion = await within(dialog).findByTestId('key-question');
    await fireEvent.click(within(keyQuestion).getByRole('button', { name: 'Cancel' }));

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect((await within(dialog).findByTestId('close-question')).textContent).toContain('Production');
  });

  test('a saved address is no change: Escape closes at once', async () => {
    const fake = await startApp({ keys: { staging: 'abcd' } });
    const dialog = await openSettings('Staging');
    await type(await address(dialog, ''), 'https://staging.example.com/v1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(fake.callsTo('save_settings')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByText('Saved.')).toBeTruthy());
    await escape(dialog);
    expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull();
  });

  test('a network change not saved asks too, in German', async () => {
    await setLanguage('de');
    await startApp({ systemLocale: 'de_DE.UTF-8' });
    const dialog = await openSettings('Netzwerk');
    const manual = await within(dialog).findByRole('radio', { name: /Manuell/ });
    await fireEvent.click(manual);

    await escape(dialog);
    const question = await within(dialog).findByTestId('close-question');
    expect(question.textContent).toContain('Änderungen verwerfen?');
    expect(question.textContent).toContain('Noch nicht gespeichert: Netzwerk.');
    await fireEvent.click(within(question).getByRole('button', { name: 'Verwerfen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
