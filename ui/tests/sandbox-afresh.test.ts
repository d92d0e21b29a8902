// The sandbox says what it keeps (the pets added to it, between runs) in its banner, its tooltip
// and Settings, and Settings → Sandbox starts it afresh only after asking: the answer names where
// the earlier pets are kept and the ids new pets get. Over the demo fake.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { startApp } from './helpers';

afterEach(() => setLanguage('en'));

async function openSandboxSettings(): Promise<HTMLElement> {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /Settings|Einstellungen/ }));
  const dialog = screen.getByRole('dialog', { name: /Settings|Einstellungen/ });
  await fireEvent.click(within(dialog).getByRole('tab', { name: 'Sandbox' }));
  return dialog;
}

describe('the sandbox says what it keeps', () => {
  test('banner, tooltip and Settings: pets added are kept between runs', async () => {
    await startApp();
    await screen.findByText('Biscuit');
    expect(screen.getByTestId('demo-banner').textContent).toContain('local demo data on this computer, kept between runs.');
    const sandbox = screen.getByRole('radio', { name: /Sandbox/ });
    expect(sandbox.closest('label')?.getAttribute('title')).toContain('kept between runs');
    const dialog = await openSandboxSettings();
    expect(within(dialog).getByTestId('sandbox-note').textContent).toContain(
      'Pets you add to it are kept on this computer between runs, until you start it afresh.',
    );
  });
});

describe('Start the sandbox afresh', () => {
  test('asks first; Cancel does nothing', async () => {
    const fake = await startApp();
    const dialog = await openSandboxSettings();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Start the sandbox afresh…' }));
    const question = within(dialog).getByTestId('sandbox-afresh-question');
    expect(question.getAttribute('role')).toBe('alertdialog');
    expect(question.textContent).toContain('its pets file is set aside under a name with the time');
    expect(question.textContent).toContain('ids never used before');
    const cancel = within(question).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    await fireEvent.click(cancel);
    expect(within(dialog).queryByTestId('sandbox-afresh-question')).toBeNull();
    expect(fake.callsTo('start_sandbox_afresh')).toEqual([]);
  });

  test('once confirmed it starts afresh, says where the old pets are and reads the pets again', async () => {
    const fake = await startApp();
    const dialog = await openSandboxSettings();
    const listsBefore = fake.callsTo('list_pets').length;
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Start the sandbox afresh…' }));
    await fireEvent.click(within(within(dialog).getByTestId('sandbox-afresh-question')).getByRole('button', { name: 'Start afresh' }));
    const done = await within(dialog).findByTestId('sandbox-afresh-done');
    expect(done.textContent).toBe(
      'The sandbox started afresh with the demo pets. The earlier pets are kept in /home/sam/.local/share/dev.petstore.admin/sandbox-pets.20261129-101500.jsonl; new pets get ids from 43.',
    );
    expect(fake.callsTo('start_sandbox_afresh')).toHaveLength(1);
    await waitFor(() => expect(fake.callsTo('list_pets').length).toBeGreaterThan(listsBefore));
  });

  test('in German', async () => {
    await setLanguage('de');
    await startApp({ systemLocale: 'de_DE.UTF-8' });
    const dialog = await openSandboxSettings();
    expect(within(dialog).getByTestId('sandbox-note').textContent).toContain('über Neustarts hinweg gespeichert');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Sandbox neu beginnen …' }));
    await fireEvent.click(within(within(dialog).getByTestId('sandbox-afresh-question')).getByRole('button', { name: 'Neu beginnen' }));
    expect((await within(dialog).findByTestId('sandbox-afresh-done')).textContent).toContain('neue Haustiere erhalten IDs ab 43.');
  });
});
