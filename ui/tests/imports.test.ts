// The import dialog and its state over the fake backend (Tauri's mockIPC): the picker, the
// preview with a row fixed in place, the Production confirmation, progress with pause and resume,
// the end screen, the report, resending only on the person's yes, and the new pets highlighted.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError, installFake } from '../src/demo/fake';
import { ImportSession } from '../src/lib/state/imports.svelte';
import { describeError } from '../src/lib/messages';
import type { WithProblem } from '../src/lib/command-error';
import type { ImportResult } from '../src/lib/types';
import { rows, startApp, type } from './helpers';

const FAST = { importStepMs: 15 };

describe('import session', () => {
  test('a closed picker changes nothing and sends nothing', async () => {
    const fake = installFake({ handlers: { pick_import_file: () => null } });
    const session = new ImportSession();
    await session.choose();
    expect(session.stage).toBe('choose');
    expect(fake.callsTo('preview_import')).toHaveLength(0);
  });

  test('a file that cannot be read leaves the stage as it was, with the message', async () => {
    installFake({
      handlers: { preview_import: () => Promise.reject(commandError('import', { problem: 'importFileInvalid', path: 'branch.csv', reason: { code: 'missingColumn', column: 'name', found: ['nom'] } })) },
    });
    const session = new ImportSession();
    await session.choose();
    expect(session.stage).toBe('choose');
    expect((session.error as WithProblem | null)?.problem).toBe('importFileInvalid');
    expect(describeError(session.error!).text).toContain(
      '“branch.csv” cannot be imported: the header row has no "name" column (found: "nom"): add it, or rename the column that holds it.',
    );
  });

  test('fixing a row in place sends the cells and updates the counts', async () => {
    const fake = installFake(FAST);
    const session = new ImportSession();
    await session.choose();
    expect(session.stage).toBe('preview');
    expect(session.preview?.invalidRows).toBe(1);
    expect(session.toSend).toBe(4);
    const bad = session.preview!.rows[0];
    expect(bad.line).toBe(3);
    session.drafts[bad.index].categoryId = '6';
    await session.fix(bad.index);
    expect(fake.callsTo('fix_import_row')[0]).toEqual({
      index: bad.index,
      cells: { name: 'Juniper', categoryId: '6', status: 'pending' },
    });
    expect(session.preview?.invalidRows).toBe(0);
    expect(session.toSend).toBe(5);
    expect(session.drafts[bad.index]).toBeUndefined();
  });

  test('Production asks first, naming it; nothing starts before the yes', async () => {
    const fake = installFake({ ...FAST, selected: 'production' });
    const session = new ImportSession();
    await session.choose();
    expect(session.preview?.production).toBe(true);
    await session.start();
    expect(session.confirming).toBe(true);
    expect(fake.callsTo('start_import')).toHaveLength(0);
    await session.start(true);
    expect(fake.callsTo('start_import')[0]).toEqual({ environment: 'production', allowRepeats: false, unchecked: false });
  });

  test('unknown rows are offered, and resent only through resend()', async () => {
    const result: ImportResult = {
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:7777/v1',
      fileName: 'x.csv',
      counts: { created: 3, skipped: 0, invalid: 0, failed: 0, unknown: 2, notSent: 0, repeated: 0 },
      resumed: false,
      cancelled: false,
      stopped: null,
    stoppedReconciling: false,
      newIds: ['1', '2', '3'],
      unknownRows: [
        { line: 4, name: 'A', categoryId: '1', status: null, detail: 'notFound' },
        { line: 5, name: 'B', categoryId: '1', status: null, detail: 'notFound' },
      ],
      failedRows: [],
      repeatedRows: [],
      keptFailing: false,
    };
    const fake = installFake({
      handlers: {
        resend_unknown_rows: () => ({ ...result, phase: 'resending', total: 5, created: 3, skipped: 0, failed: 0, unknown: 2, paused: false, cancelling: false, secondsLeft: 1, environment: 'sandbox' }),
      },
    });
    const ended: ImportResult[] = [];
    const session = new ImportSession((r) => ended.push(r));
    session.finished(result);
    expect(session.stage).toBe('ended');
    expect(ended).toEqual([result]);
    expect(fake.callsTo('resend_unknown_rows')).toHaveLength(0);
    await session.resend();
    expect(fake.callsTo('resend_unknown_rows')).toHaveLength(1);
    expect(session.stage).toBe('running');
  });
});

describe('import dialog', () => {
  test('Import…: preview, fix in place, import with pause and resume, report, new pets highlighted', async () => {
    const fake = await startApp({ ...FAST, importStepMs: 60 });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Import…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    const preview = await within(dialog).findByTestId('import-preview');
    expect(within(dialog).getByTestId('import-environment').textContent).toContain('Sandbox');
    expect(within(dialog).getByTestId('import-ignored').textContent).toContain('colour');
    expect(within(dialog).getByTestId('import-estimate').textContent).toContain('Free plan');
    expect(within(preview).getByText('The category id is empty: enter a whole number from 1 up, for example 3.')).toBeTruthy();
    expect(within(dialog).getByTestId('import-start').textContent).toContain('Import 4 pets');

    await type(within(dialog).getByLabelText('Category id on line 3'), '6');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Check row' }));
    await waitFor(() => expect(within(dialog).getByTestId('import-start').textContent).toContain('Import 5 pets'));
    expect(within(preview).queryByText('Enter the category id.')).toBeNull();

    await fireEvent.click(within(dialog).getByTestId('import-start'));
    const progress = await within(dialog).findByTestId('import-progress');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(fake.callsTo('pause_import')).toHaveLength(1);
    await within(dialog).findByRole('button', { name: 'Resume' });
    expect(within(dialog).getByTestId('import-phase').textContent).toContain('Paused');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
    expect(progress.textContent).toMatch(/of 5/);

    const totals = await within(dialog).findByTestId('import-totals', {}, { timeout: 3000 });
    expect(totals.textContent).toContain('5 created');
    await fireEvent.click(within(dialog).getByTestId('import-save-report'));
    expect((await within(dialog).findByTestId('import-saved')).textContent).toContain('import-report.csv');

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => {
      const marked = rows().filter((r) => r.className.includes('highlight')).map((r) => r.textContent ?? '');
      expect(marked).toHaveLength(5);
      expect(marked.join(' ')).toContain('Juniper');
    });
    // Closed, the header keeps the outcome at hand.
    expect(screen.getByTestId('import-indicator').textContent).toContain('5 created');
  });

  test('closing the dialog while it runs leaves the import going, shown in the header', async () => {
    await startApp({ importStepMs: 80 });
    await screen.findByText('Biscuit');
    await fireEvent.keyDown(window, { key: 'i', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    await within(dialog).findByTestId('import-preview');
    await fireEvent.click(within(dialog).getByTestId('import-start'));
    await within(dialog).findByTestId('import-progress');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    const indicator = await screen.findByTestId('import-indicator');
    expect(indicator.textContent).toMatch(/Sandbox: importing \d of 4/);
    await waitFor(() => expect(screen.getByTestId('import-indicator').textContent).toContain('4 created'), { timeout: 3000 });
    await fireEvent.click(screen.getByTestId('import-indicator'));
    expect(within(await screen.findByRole('dialog', { name: 'Import pets' })).getByTestId('import-ended')).toBeTruthy();
  });

  test('an import left unfinished before a restart is offered, and only reviewed on request', async () => {
    const fake = await startApp({
      ...FAST,
      handlers: {
        unfinished_imports: () => [
          {
            source: '/home/demo/new-branch.csv',
            fileName: 'new-branch.csv',
            baseUrl: 'http://127.0.0.1:7777/v1',
            environment: 'sandbox',
            created: 12,
            unknown: 1,
          },
        ],
      },
    });
    const offer = await screen.findByTestId('import-resume-offer');
    expect(offer.textContent).toContain('new-branch.csv');
    expect(offer.textContent).toContain('12 created');
    expect(fake.callsTo('preview_import')).toHaveLength(0);
    expect(fake.callsTo('start_import')).toHaveLength(0);
    await fireEvent.click(within(offer).getByRole('button', { name: /Review and resume/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    await within(dialog).findByTestId('import-preview');
    expect(fake.callsTo('preview_import')).toEqual([{ path: '/home/demo/new-branch.csv' }]);
    expect(fake.callsTo('start_import')).toHaveLength(0);
    expect(screen.queryByTestId('import-resume-offer')).toBeNull();
  });
});

describe('import time left', () => {
  test('under a minute, a minute and more, and not known yet', () => {
    installFake();
    const session = new ImportSession();
    const progress = {
      environment: 'sandbox' as const,
      fileName: 'x.csv',
      phase: 'sending' as const,
      total: 10,
      created: 2,
      skipped: 0,
      failed: 0,
      unknown: 0,
      paused: false,
      cancelling: false,
      secondsLeft: 0 as number | null,
    };
    session.progressed(progress);
    expect(session.timeLeft).toBe('Under a minute left');
    expect(session.countText).toBe('2 of 10');
    session.progressed({ ...progress, secondsLeft: 150 });
    expect(session.timeLeft).toBe('About 2:30 left');
    session.progressed({ ...progress, secondsLeft: null });
    expect(session.timeLeft).toContain('once the service tells the quota');
  });
});

describe('export dialog', () => {
  test('the current filter or everything, CSV or JSON, through the save picker', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    await fireEvent.change(screen.getByLabelText('Status', { selector: '#status-filter' }), { target: { value: 'sold' } });
    await fireEvent.click(screen.getByRole('button', { name: /Export…/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Export pets' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Export…' }));
    await within(dialog).findByTestId('export-saved');
    expect(fake.callsTo('export_pets')).toEqual([{ status: 'sold', format: 'csv', categoryNames: false, onProgress: expect.anything() }]);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    await fireEvent.click(screen.getByRole('button', { name: /Export…/ }));
    dialog = await screen.findByRole('dialog', { name: 'Export pets' });
    await fireEvent.click(within(dialog).getByLabelText('All pets'));
    await fireEvent.click(within(dialog).getByLabelText(/JSON/));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Export…' }));
    expect((await within(dialog).findByTestId('export-saved')).textContent).toContain('pets.json');
    expect(fake.callsTo('export_pets')[1]).toEqual({ status: null, format: 'json', categoryNames: false, onProgress: expect.anything() });
  });

  test('a long export says how many pets are in the file so far, page by page', async () => {
    let finish = () => {};
    const fake = await startApp({
      handlers: {
        export_pets: async (a) => {
          const channel = a.onProgress as { onmessage: (message: { pets: number }) => void };
          channel.onmessage({ pets: 100 });
          channel.onmessage({ pets: 1200 });
          await new Promise<void>((resolve) => (finish = resolve));
          return { path: '/home/demo/pets.csv', keptAs: null, pets: 1250, incomplete: false };
        },
      },
    });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Export…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Export pets' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Export…' }));
    const progress = await within(dialog).findByTestId('export-progress');
    expect(progress.textContent?.trim()).toBe('1,200 pets written so far…');
    expect(progress.getAttribute('role')).toBe('status');
    expect(within(dialog).getByRole('button', { name: 'Exporting…' })).toBeTruthy();
    finish();
    expect((await within(dialog).findByTestId('export-saved')).textContent).toContain('1,250 pets written');
    expect(within(dialog).queryByTestId('export-progress')).toBeNull();
    expect(fake.callsTo('export_pets')).toHaveLength(1);
  });

  test('a closed save picker writes nothing and says nothing', async () => {
    const fake = await startApp({ handlers: { export_pets: () => null } });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Export…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Export pets' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Export…' }));
    await waitFor(() => expect(fake.callsTo('export_pets')).toHaveLength(1));
    expect(within(dialog).queryByTestId('export-saved')).toBeNull();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
