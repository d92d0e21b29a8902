// Import… after an import has ended: it starts a new import for the environment on
// screen, never reopens the last report; that report stays reachable from the header's chip, which
// names the environment it was imported to.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { startApp } from './helpers';

const STAGING = {
  importStepMs: 15,
  settings: { productionUrl: 'https://pets.example.com/v1', stagingUrl: 'https://staging.example.com/v1' },
  keys: { production: 'abcd', staging: 'wxyz' },
};

async function importDemoFile(): Promise<void> {
  await fireEvent.click(screen.getByTestId('import-button'));
  const dialog = await screen.findByRole('dialog', { name: 'Import pets' });
  await within(dialog).findByTestId('import-preview');
  await fireEvent.click(within(dialog).getByTestId('import-start'));
  await within(dialog).findByTestId('import-totals', {}, { timeout: 3000 });
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
}

describe('import chip', () => {
  test('Import… starts a new import in the environment on screen; the chip keeps the last report, named', async () => {
    const fake = await startApp(STAGING);
    await screen.findByText('Biscuit');
    await importDemoFile();
    expect(screen.getByTestId('import-indicator').textContent).toBe('Sandbox: import done: 4 created');

    await fireEvent.click(screen.getByRole('radio', { name: /Staging/ }));
    await waitFor(() => expect(fake.callsTo('select_environment')).toEqual([{ environment: 'staging' }]));
    await waitFor(() => expect(screen.getByRole('radiogroup').getAttribute('aria-busy')).toBe('false'));

    // A new import for Staging: the picker, then Staging's preview; not Sandbox's report.
    await fireEvent.click(screen.getByTestId('import-button'));
    let dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    await within(dialog).findByTestId('import-preview');
    expect(fake.callsTo('pick_import_file')).toHaveLength(2);
    expect(within(dialog).queryByTestId('import-ended')).toBeNull();
    expect(within(dialog).getByTestId('import-environment').textContent).toContain('Staging');

    // Closed before importing: the chip still leads to Sandbox's report.
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const chip = await screen.findByTestId('import-indicator');
    expect(chip.textContent).toBe('Sandbox: import done: 4 created');
    await fireEvent.click(chip);
    dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    expect(within(dialog).getByTestId('import-ended').textContent).toContain('Sandbox');
    expect(within(dialog).getByTestId('import-totals').textContent).toContain('4 created');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    // Import… again: Staging's file as it was left (nothing sent yet), not the report.
    await fireEvent.click(screen.getByTestId('import-button'));
    dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    expect(within(dialog).getByTestId('import-environment').textContent).toContain('Staging');
    expect(fake.callsTo('start_import')).toEqual([{ environment: 'sandbox', allowRepeats: false, unchecked: false }]);
  });

  test('the running import is named too, and Import… shows it rather than a second one', async () => {
    const fake = await startApp({ ...STAGING, importStepMs: 80 });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByTestId('import-button'));
    let dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    await within(dialog).findByTestId('import-preview');
    await fireEvent.click(within(dialog).getByTestId('import-start'));
    await within(dialog).findByTestId('import-progress');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect((await screen.findByTestId('import-indicator')).textContent?.trim()).toMatch(/^Sandbox: importing \d of 4$/);

    await fireEvent.click(screen.getByTestId('import-button'));
    dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    expect(within(dialog).getByTestId('import-progress')).toBeTruthy();
    expect(fake.callsTo('pick_import_file')).toHaveLength(1);
    await within(dialog).findByTestId('import-totals', {}, { timeout: 3000 });
  });
});
