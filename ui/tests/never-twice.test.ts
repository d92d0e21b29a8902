// "Never twice, for real" through the whole app over the fake backend: the interface
// has no delete, so a pet created twice stays twice, and a list that ends on a full page with no
// way to the next is never called all.
//   - the table's count says the service may hold more (English and German), with no Load more;
//   - an export that may lack pets is a warning, not the green "saved";
//   - the import preview marks repeats and why, and sends them only when the person says so;
//   - the end screen: repeats skipped, an import stopped because the service kept failing, rows
//     that could not be checked (never offered for resending);
//   - Check now that could not read the whole list says so, and asks before adding again;
//   - an add whose answer was lost, settled anywhere, is settled everywhere: no second copy.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { commandError, installFake, pet, type EarlierCreate, type Fake } from '../src/demo/fake';
import ImportDialog from '../src/lib/components/ImportDialog.svelte';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { estimateText } from '../src/lib/import-words';
import { CategoryNames } from '../src/lib/state/categories.svelte';
import { ImportSession } from '../src/lib/state/imports.svelte';
import type { ActivityEntry, ImportPreview, ImportResult, Pet, PreviewRow } from '../src/lib/types';
import { unknownCreate, history, openActivity } from './activity-helpers';
import { rows, startApp, type } from './helpers';

afterEach(() => setLanguage('en'));

/** `count` pets of one status, ids from 1. */
function many(count: number, status = 'available'): Pet[] {
  return Array.from({ length: count }, (_, i) => pet(String(i + 1), `Pet ${i + 1}`, '1', status));
}

/** The table's count, under it. */
const count = () => document.querySelector('.footer .count')?.textContent?.replace(/\s+/g, ' ').trim();

describe('a full page with no way to the next', () => {
  test('the count says the service may hold more, with no Load more; also at 15 rows per page and sorted', async () => {
    await startApp({ noNextPage: true, pageSize: 100, pets: many(150) });
    await screen.findByText('Pet 1');
    await waitFor(() => expect(rows()).toHaveLength(100));
    expect(count()).toBe('100 pets shown — the service may hold more and offers no way to fetch them');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    const limit = screen.getByLabelText(/^Rows/);
    await type(limit, '15');
    await fireEvent.change(limit);
    await waitFor(() => expect(rows()).toHaveLength(15));
    expect(count()).toBe('15 pets shown — the service may hold more and offers no way to fetch them');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    // A sort orders only these: said, as while more pages exist.
    await fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(screen.getByTestId('sort-note').textContent).toContain('Sorted: the 15 pets loaded so far');
    expect(screen.getByTestId('sort-note').getAttribute('title')).toBe(
      'Sorting orders the pets shown, not the whole store: the service may hold more and offers no way to fetch them.',
    );
  });

  test('in German too', async () => {
    await startApp({ language: 'de', noNextPage: true, pageSize: 100, pets: many(120) });
    await setLanguage('de');
    await screen.findByText('Pet 1');
    await waitFor(() =>
      expect(count()).toBe('100 Haustiere angezeigt — der Dienst hat womöglich weitere und bietet keinen Weg, sie abzurufen'),
    );
    expect(screen.queryByRole('button', { name: 'Weitere laden' })).toBeNull();
  });

  test('a page shorter than its limit is all there is: no note', async () => {
    await startApp({ noNextPage: true, pageSize: 100, pets: many(40) });
    await screen.findByText('Pet 1');
    await waitFor(() => expect(count()).toBe('40 pets shown'));
  });
});

describe('export that may lack pets', () => {
  async function exportAll() {
    await fireEvent.click(screen.getByRole('button', { name: /Export…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Export pets' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Export…' }));
    return within(dialog).findByTestId('export-saved');
  }

  test('a list that ends on a full page with no way on (also by status) is a warning, not a success', async () => {
    // 130 available pets: the list, and its "available" list, end on full pages of 100.
    await startApp({ noNextPage: true, pets: many(130) });
    await screen.findByText('Pet 1');
    const saved = await exportAll();
    expect(saved.getAttribute('role')).toBe('alert');
    expect(saved.className).toContain('warn');
    expect(saved.className).not.toContain('note');
    expect(saved.textContent?.replace(/\s+/g, ' ')).toBe(
      '100 pets written to /home/demo/pets.csv. The file may be incomplete: the service answered a full page and offers no way to fetch the rest.',
    );
  });

  test('read whole by its status lists, it is a success', async () => {
    // 150 pets, but no status has 100: the three status lists end on short pages.
    await startApp({ noNextPage: true, pets: [...many(60), ...many(50, 'pending').map((p) => ({ ...p, id: `2${p.id}` })), ...many(40, 'sold').map((p) => ({ ...p, id: `3${p.id}` }))] });
    await screen.findByText('Pet 1');
    const saved = await exportAll();
    expect(saved.getAttribute('role')).toBe('status');
    expect(saved.className).toContain('note');
    expect(saved.textContent?.replace(/\s+/g, ' ')).toBe('150 pets written to /home/demo/pets.csv.');
  });
});

// Earlier creates of this computer, on 24 November this year (local time).
const NOV_24 = new Date(new Date().getFullYear(), 10, 24, 12, 0).toISOString();
const EARLIER: EarlierCreate[] = [
  { name: 'Pepper', categoryId: '3', status: 'available', at: NOV_24, source: { kind: 'import', fileName: 'shelter.csv', line: 2 }, petId: '41' },
  { name: 'Toffee', categoryId: '4', status: null, at: NOV_24, source: { kind: 'form' }, petId: '52' },
  { name: 'Basil', categoryId: '2', status: 'available', at: NOV_24, source: { kind: 'commandLine' }, petId: null },
];
const CSV = [
  'name,categoryId,status',
  'Pepper,3,available', // 2: imported before
  'Juniper,5,pending', // 3
  'Toffee,4,', // 4: added with the form before
  'Basil,2,available', // 5: the CLI's, never confirmed
  'Juniper,5,pending', // 6: line 3 again
  'Clover,5,sold', // 7
].join('\n');

async function openPreview(fake: Fake) {
  if (!screen.queryByRole('dialog', { name: 'Import pets' })) {
    await fireEvent.click(screen.getByRole('button', { name: /Import…/ }));
  }
  const dialog = await screen.findByRole('dialog', { name: 'Import pets' });
  await within(dialog).findByTestId('import-preview');
  expect(fake.callsTo('preview_import').length).toBeGreaterThan(0);
  return dialog;
}

const why = (dialog: HTMLElement, line: number) =>
  dialog.querySelector(`tr[data-line="${line}"] [data-testid="import-repeat"]`)?.textContent?.replace(/\s+/g, ' ').trim();

describe('import: repeats', () => {
  test('a file whose every row was already added says there is nothing new to import', async () => {
    const csv = ['name,categoryId,status', 'Pepper,3,available', 'Toffee,4,'].join('\n');
    const fake = await startApp({ importCsv: csv, createdBefore: EARLIER });
    await screen.findByText('Biscuit');
    const dialog = await openPreview(fake);
    expect(within(dialog).getByTestId('import-nothing-new').textContent).toBe(
      'Every valid row is already added here: there is nothing new to import.',
    );
    expect((within(dialog).getByTestId('import-start') as HTMLButtonElement).disabled).toBe(true);
    // Choosing to add them again makes it something to import.
    await fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Also add the 2 repeated rows (they would be created again)' }));
    expect(within(dialog).queryByTestId('import-nothing-new')).toBeNull();
  });

  test('the preview marks each repeat with why; they are skipped unless the person chooses, and the end screen lists them', async () => {
    const fake = await startApp({ importCsv: CSV, importStepMs: 15, createdBefore: EARLIER });
    await screen.findByText('Biscuit');
    const dialog = await openPreview(fake);

    // A pet added before is "Already added" (or "Maybe added"), not a repeat of the file (issue 38 §5).
    expect(why(dialog, 2)).toBe('Already added On 24 Nov from shelter.csv line 2, pet 41.');
    expect(why(dialog, 4)).toBe('Already added On 24 Nov from the New pet form, pet 52.');
    expect(why(dialog, 5)).toBe('Maybe added On 24 Nov from the command line; its outcome was never confirmed.');
    expect(why(dialog, 6)).toBe('Repeat Same pet as line 3 of this file.');
    expect(why(dialog, 3)).toBeUndefined();
    expect(why(dialog, 7)).toBeUndefined();
    expect(within(dialog).getByTestId('import-repeats').textContent).toBe('4 of them already added or repeated (not imported unless you choose to)');

    const allow = within(dialog).getByRole('checkbox', { name: 'Also add the 4 repeated rows (they would be created again)' }) as HTMLInputElement;
    expect(allow.checked).toBe(false);
    expect(within(dialog).getByTestId('import-start').textContent).toContain('Import 2 pets');
    await fireEvent.click(allow);
    expect(within(dialog).getByTestId('import-start').textContent).toContain('Import 6 pets');
    await fireEvent.click(allow);
    expect(within(dialog).getByTestId('import-start').textContent).toContain('Import 2 pets');

    // Unchecked: only the two new pets are sent.
    await fireEvent.click(within(dialog).getByTestId('import-start'));
    const totals = await within(dialog).findByTestId('import-totals', {}, { timeout: 3000 });
    expect(fake.callsTo('start_import')).toEqual([{ environment: 'sandbox', allowRepeats: false, unchecked: false }]);
    expect(totals.textContent).toContain('2 created');
    expect(totals.textContent).toContain('4 already added, skipped');
    const repeated = within(dialog).getByTestId('import-repeated');
    expect(repeated.textContent).toContain('4 rows not sent: repeats');
    const listed = [...repeated.querySelectorAll('li')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(listed).toEqual([
      'Line 2 Pepper (category 3) — already added by this computer',
      'Line 4 Toffee (category 4) — already added by this computer',
      'Line 5 Basil (category 2) — already added by this computer',
      'Line 6 Juniper (category 5) — same pet as an earlier line of this file',
    ]);
    expect(fake.pets.filter((p) => p.name === 'Juniper')).toHaveLength(1);

    // The same file again: what this import created is a repeat now, from this file. Chosen, all go.
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Import another file…' }));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Choose a file…' }));
    await within(dialog).findByTestId('import-preview');
    expect(why(dialog, 3)).toMatch(/^Already added On .+ from new-branch\.csv line 3, pet \d+\.$/);
    expect(within(dialog).getByTestId('import-start').textContent).toContain('Import 0 pets');
    expect((within(dialog).getByTestId('import-start') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Also add the 6 repeated rows (they would be created again)' }));
    expect(within(dialog).getByTestId('import-start').textContent).toContain('Import 6 pets');
    await fireEvent.click(within(dialog).getByTestId('import-start'));
    await waitFor(() => expect(within(dialog).getByTestId('import-totals').textContent).toContain('6 created'), { timeout: 3000 });
    expect(fake.callsTo('start_import').at(-1)).toEqual({ environment: 'sandbox', allowRepeats: true, unchecked: false });
    expect(within(dialog).queryByTestId('import-repeated')).toBeNull();
  });

  test('no repeats: no checkbox', async () => {
    await startApp({ importStepMs: 15 });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Import…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    await within(dialog).findByTestId('import-preview');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByTestId('import-repeats')).toBeNull();
    expect(dialog.querySelector('[data-testid="import-repeat"]')).toBeNull();
  });

  test('in German, with the date the German way', async () => {
    const fake = await startApp({ language: 'de', importCsv: CSV, createdBefore: EARLIER });
    await setLanguage('de');
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /^Import …/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Haustiere importieren' });
    await within(dialog).findByTestId('import-preview');
    expect(fake.callsTo('preview_import')).toHaveLength(1);
    expect(why(dialog, 2)).toBe('Bereits hinzugefügt Am 24. Nov. (aus shelter.csv, Zeile 2), Haustier 41.');
    expect(why(dialog, 5)).toBe('Womöglich hinzugefügt Am 24. Nov. (über die Befehlszeile); das Ergebnis wurde nie bestätigt.');
    expect(why(dialog, 6)).toBe('Wiederholung Dasselbe Haustier wie Zeile 3 dieser Datei.');
    expect(within(dialog).getByRole('checkbox', { name: 'Auch die 4 wiederholten Zeilen hinzufügen (sie würden erneut angelegt)' })).toBeTruthy();
  });

  test('the count and the estimate follow the choice: what Import sends', async () => {
    installFake();
    const row = (index: number, repeat: PreviewRow['repeat']): PreviewRow => ({
      index, line: index + 2, name: `Pet ${index}`, categoryId: '1', categoryName: '', status: '', problems: [], repeat,
      formulaName: false,
    });
    const preview: ImportPreview = {
      path: '/home/demo/big.csv', fileName: 'big.csv', environment: 'sandbox', production: false,
      baseUrl: 'http://127.0.0.1:7777/v1', totalRows: 5, validRows: 5, invalidRows: 0, repeats: 3,
      rows: [row(0, { kind: 'inFile', line: 3 }), row(1, { kind: 'inFile', line: 3 }), row(2, { kind: 'inFile', line: 3 }), row(3, null), row(4, null)],
      ignoredColumns: [],
      estimate: { requests: 2, time: null, dayLimited: false, plan: null, perMinute: null, perDay: null },
      estimateWithRepeats: { requests: 5, time: null, dayLimited: false, plan: null, perMinute: null, perDay: null },
      edited: false, resumable: null, categoryNames: null,
    };
    const session = new ImportSession();
    session.preview = preview;
    session.stage = 'preview';
    session.open = true;
    render(ImportDialog, { session, categories: new CategoryNames() });
    const dialog = screen.getByRole('dialog', { name: 'Import pets' });
    const estimate = () => within(dialog).getByTestId('import-estimate').textContent?.trim();
    expect(estimate()).toBe('2 requests; the time they take shows once the service has told the quota');
    await fireEvent.click(within(dialog).getByRole('checkbox', { name: /Also add the 3 repeated rows/ }));
    expect(estimate()).toBe('5 requests; the time they take shows once the service has told the quota');
    expect(session.toSend).toBe(5);

    // With a known rate: the backend estimates the rows with the repeats too (petstore-bulk's
    // estimate tests: 300 more at 60 a minute is 5 minutes more; past the day's quota the day
    // window decides).
    const known = {
      requests: 120,
      time: { unit: 'minutes', count: 2 } as const,
      dayLimited: false,
      plan: 'free' as const,
      perMinute: 60,
      perDay: 1000,
    };
    expect(estimateText(known)).toBe('about 2 min at 60 requests a minute (Free plan)');
  });
});

describe('import: the end screen', () => {
  const result = (more: Partial<ImportResult>): ImportResult => ({
    environment: 'sandbox',
    baseUrl: 'http://127.0.0.1:7777/v1',
    fileName: 'new-branch.csv',
    counts: { created: 7, skipped: 0, invalid: 0, failed: 0, unknown: 3, notSent: 12, repeated: 2 },
    resumed: false,
    cancelled: false,
    stopped: null,
    stoppedReconciling: false,
    newIds: [],
    unknownRows: [],
    failedRows: [],
    repeatedRows: [],
    keptFailing: false,
    ...more,
  });

  test('stopped because the service kept failing; rows that could not be checked are shown apart and never resent', async () => {
    const fake = await startApp({
      handlers: {
        resend_unknown_rows: () => ({
          environment: 'sandbox', fileName: 'new-branch.csv', phase: 'resending', total: 1, created: 0, skipped: 0,
          failed: 0, unknown: 0, paused: false, cancelling: false, secondsLeft: 1,
        }),
      },
    });
    await screen.findByText('Biscuit');
    const dialog = await openPreview(fake);
    await fake.emit(
      'import-finished',
      result({
        stopped: commandError('server', { status: 503 }),
        keptFailing: true,
        unknownRows: [
          { line: 9, name: 'Rex', categoryId: '2', status: null, detail: 'notFound' },
          { line: 10, name: 'Fern', categoryId: '3', status: null, detail: 'unchecked' },
          { line: 11, name: 'Moss', categoryId: '3', status: null, detail: 'unchecked' },
        ],
        repeatedRows: [
          { line: 4, name: 'Toffee', categoryId: '4', status: null, detail: 'earlier' },
          { line: 6, name: 'Juniper', categoryId: '5', status: 'pending', detail: 'inFile' },
        ],
      }),
    );
    await within(dialog).findByTestId('import-ended');
    // The offer counts the resendable row only.
    expect(within(dialog).queryByRole('button', { name: /Resend these/ })).toBeNull();
    const stopped = within(dialog).getByTestId('import-stopped');
    expect(stopped.textContent).toContain(
      'The import stopped because the service kept failing: 5 rows in a row got no answer or a server error. What was sent has been checked. Import the same file again later to go on from where it stopped',
    );
    expect(within(dialog).getByTestId('import-ended').textContent).toContain('Stopped.');
    expect(within(dialog).getByTestId('import-totals').textContent).toContain('2 already added, skipped');
    expect(within(dialog).getByTestId('import-repeated').textContent).toContain('same pet as an earlier line of this file');

    const noAnswer = within(dialog).getByTestId('import-unknown');
    expect(noAnswer.textContent).toContain('1 row with no answer');
    expect(noAnswer.textContent).toContain('Rex');
    expect(noAnswer.textContent).not.toContain('Fern');
    const unchecked = within(dialog).getByTestId('import-unchecked');
    expect(unchecked.textContent).toContain('2 rows that could not be checked');
    expect(unchecked.textContent).toContain('The check could not see every pet');
    expect(unchecked.textContent).toContain('look in the pet list before adding any of them by hand');
    expect(unchecked.textContent).toContain('Fern (category 3) — Sent, no answer came back, and it could not be checked.');
    expect(within(unchecked).queryByRole('button')).toBeNull();

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Resend this row?' }));
    expect(fake.callsTo('resend_unknown_rows')).toHaveLength(1);
  });

  test('only rows that could not be checked: nothing is offered for resending', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    const dialog = await openPreview(fake);
    await fake.emit('import-finished', result({ unknownRows: [{ line: 10, name: 'Fern', categoryId: '3', status: null, detail: 'unchecked' }] }));
    await within(dialog).findByTestId('import-ended');
    expect(within(dialog).queryByRole('button', { name: /Resend/ })).toBeNull();
    expect(within(dialog).queryByTestId('import-unknown')).toBeNull();
    expect(within(dialog).getByTestId('import-unchecked').textContent).toContain('1 row that could not be checked');
  });
});

const UNKNOWN = unknownCreate({
  id: '900',
  environment: 'staging',
  pet: { name: 'Clover', categoryId: '5', id: null },
});
const STAGING = {
  settings: { productionUrl: null, stagingUrl: 'https://staging.pets.example.com/v1' },
  keys: { staging: 'wxyz' },
};
const item = () => screen.getByTestId('unconfirmed-item');
const badge = () => screen.queryByTestId('unconfirmed-badge');

describe('Check now that could not read the whole list', () => {
  test('says it could not be checked, never "not found", and warns before adding again', async () => {
    // 120 available pets, none of them Clover, and a service with no next pages.
    const fake = await startApp({ ...STAGING, activity: [UNKNOWN], noNextPage: true, pets: many(120) });
    await openActivity();
    await fireEvent.click(await within(await screen.findByTestId('unconfirmed-item')).findByRole('button', { name: 'Check now' }));
    const state = () => within(item()).getByTestId('unconfirmed-state').textContent?.replace(/\s+/g, ' ').trim();
    await waitFor(() => expect(state()).toMatch(/^Could not be checked: the service’s list could not be read to the end/));
    expect(state()).toContain('so it isn’t known whether Clover is in Staging.');
    expect(state()).not.toContain('Not found');
    expect(badge()?.textContent).toBe('1');

    await fireEvent.click(within(item()).getByRole('button', { name: 'Try again…' }));
    const question = within(item()).getByRole('alertdialog', { name: 'Add Clover to Staging again?' });
    expect(question.textContent).toContain('The check could not see every pet in Staging, so Clover may be there already: adding it again may make a duplicate');
    expect(fake.callsTo('retry_unconfirmed')).toHaveLength(0);
    await fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(state()).toMatch(/^Could not be checked/);
    expect(fake.callsTo('retry_unconfirmed')).toHaveLength(0);

    await fireEvent.click(within(item()).getByRole('button', { name: 'Try again…' }));
    await fireEvent.click(within(item()).getByRole('button', { name: 'Add again' }));
    await waitFor(() => expect(state()).toMatch(/Added again: Clover is pet \d+\./));
    expect(fake.callsTo('retry_unconfirmed')).toEqual([{ id: '900' }]);
  });

  test('an add again whose answer is lost too is looked for before anything else is offered', async () => {
    const fake = await startApp({
      ...STAGING,
      activity: [UNKNOWN],
      handlers: { retry_unconfirmed: () => Promise.reject(commandError('outcomeUnknown')) },
    });
    await openActivity();
    await fireEvent.click(await within(await screen.findByTestId('unconfirmed-item')).findByRole('button', { name: 'Check now' }));
    await fireEvent.click(await within(item()).findByRole('button', { name: 'Try again…' }));
    await fireEvent.click(within(item()).getByRole('button', { name: 'Add again' }));
    await within(item()).findByRole('alert');
    // It may have arrived: no "Try again…" until it has been checked again.
    expect(within(item()).queryByRole('button', { name: 'Try again…' })).toBeNull();
    expect(within(item()).getByRole('button', { name: 'Check now' })).toBeTruthy();
    expect(fake.callsTo('retry_unconfirmed')).toHaveLength(1);
  });
});

describe('a settled create is settled everywhere', () => {
  const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
  const categoryInput = () => screen.getByLabelText('Category id') as HTMLInputElement;
  const form = () => screen.getByRole('dialog', { name: 'New pet' });
  const notice = () => screen.queryByTestId('create-outcome');

  /** Like the app: the add's answer is lost, and the history records it as unconfirmed. */
  function losingCreates(fake: Fake) {
    fake.handlers.create_pet = (a) => {
      const input = a.input as { name: string; categoryId: string };
      fake.recordActivity({
        environment: a.environment as ActivityEntry['environment'],
        operation: 'createPet', method: 'POST', path: '/v1/pets', status: null, outcome: 'unknown',
        errorKind: 'outcomeUnknown', pet: { name: input.name, categoryId: input.categoryId, id: null }, petsReturned: null,
      });
      throw commandError('outcomeUnknown', { reason: { code: 'connectionLost' } });
    };
  }

  /** Clover (category 42) added from the form in the Sandbox, its answer lost; the form closed. */
  async function lostAdd() {
    const fake = await startApp({ activity: history(3) });
    losingCreates(fake);
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    await type(nameInput(), 'Clover');
    await type(categoryInput(), '42');
    await fireEvent.click(within(form()).getByRole('button', { name: 'Add pet' }));
    await within(form()).findByTestId('outcome-unknown');
    await fireEvent.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(notice()?.dataset.kind).toBe('unknown');
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    // The builtin add from now on: anything sent again would be a second Clover.
    delete fake.handlers.create_pet;
    return fake;
  }

  /** New pet: the form holds no Clover and offers nothing to add again; Enter sends nothing. */
  async function formOffersNothing(fake: Fake) {
    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    expect(nameInput().value).toBe('');
    expect(categoryInput().value).toBe('');
    expect(within(form()).queryByTestId('outcome-unknown')).toBeNull();
    await fireEvent.submit(form().querySelector('form') as HTMLFormElement);
    await new Promise((r) => setTimeout(r, 30));
    expect(fake.callsTo('create_pet')).toHaveLength(1);
    await fireEvent.click(within(form()).getByRole('button', { name: 'Cancel' }));
  }

  test('Add again in Activity: the notice, the badge and the form’s entry go; no second add is possible', async () => {
    const fake = await lostAdd();
    await openActivity();
    await fireEvent.click(await within(await screen.findByTestId('unconfirmed-item')).findByRole('button', { name: 'Check now' }));
    await fireEvent.click(await within(item()).findByRole('button', { name: 'Try again…' }));
    // A double click on the question's button.
    const addAgain = within(item()).getByRole('button', { name: 'Add again' });
    await Promise.all([fireEvent.click(addAgain), fireEvent.click(addAgain)]);
    await waitFor(() => expect(within(item()).getByTestId('unconfirmed-state').textContent).toMatch(/Added again: Clover is\s+pet \d+\./));
    expect(fake.callsTo('retry_unconfirmed')).toHaveLength(1);
    expect(fake.pets.filter((p) => p.name === 'Clover')).toHaveLength(1);
    await waitFor(() => expect(badge()).toBeNull());
    expect(within(item()).queryByRole('button', { name: /Try again|Add again/ })).toBeNull();

    await fireEvent.click(screen.getByRole('tab', { name: /Pets/ }));
    expect(notice()).toBeNull();
    await formOffersNothing(fake);
    expect(fake.callsTo('retry_unconfirmed')).toHaveLength(1);
    expect(fake.pets.filter((p) => p.name === 'Clover')).toHaveLength(1);
  });

  test('found by Check now: the notice and the form’s entry go', async () => {
    const fake = await lostAdd();
    // It had arrived after all.
    fake.pets = [pet('4242', 'Clover', '42'), ...fake.pets];
    await openActivity();
    await fireEvent.click(await within(await screen.findByTestId('unconfirmed-item')).findByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(within(item()).getByTestId('unconfirmed-state').textContent).toMatch(/Found: Clover is\s+pet 4242\./));
    await waitFor(() => expect(badge()).toBeNull());
    await fireEvent.click(screen.getByRole('tab', { name: /Pets/ }));
    expect(notice()).toBeNull();
    await formOffersNothing(fake);
  });

  test('dismissed from the notice above the table: the history’s entry is dismissed too, and the badge goes', async () => {
    const fake = await lostAdd();
    // (The Activity view was never opened: its list has not been read.)
    expect(fake.callsTo('unconfirmed_creates')).toHaveLength(0);
    await fireEvent.click(within(notice() as HTMLElement).getByRole('button', { name: 'Dismiss: Clover, Sandbox' }));
    expect(notice()).toBeNull();
    await waitFor(() => expect(fake.callsTo('dismiss_unconfirmed')).toHaveLength(1));
    await waitFor(() => expect(badge()).toBeNull());
    await formOffersNothing(fake);
    await openActivity();
    await waitFor(() => expect(screen.queryByTestId('unconfirmed-item')).toBeNull());
  });

  test('added again from the form: the history’s entry is settled, so Activity offers no second add', async () => {
    const fake = await lostAdd();
    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    expect(nameInput().value).toBe('Clover');
    // After a lost answer the primary button asks first (issue 38 §1): the second choice sends.
    expect(within(form()).queryByRole('button', { name: 'Add pet' })).toBeNull();
    await fireEvent.click(within(form()).getByRole('button', { name: 'Add again…' }));
    expect(fake.callsTo('create_pet')).toHaveLength(1);
    await fireEvent.click(within(form()).getByTestId('repeat-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('create_pet')).toHaveLength(2);
    expect(fake.callsTo('create_pet')[1].allowRepeat).toBe(true);
    await waitFor(() => expect(fake.callsTo('dismiss_unconfirmed')).toHaveLength(1));
    await waitFor(() => expect(badge()).toBeNull());
    await openActivity();
    await waitFor(() => expect(screen.queryByTestId('unconfirmed-item')).toBeNull());
    expect(fake.callsTo('retry_unconfirmed')).toHaveLength(0);
  });
});
