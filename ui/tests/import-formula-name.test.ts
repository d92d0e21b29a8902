// The import preview says when a name starts like a spreadsheet formula (issue 38 §5): a note, not a
// refusal; the row is imported as typed. And a pet added before is marked "Already added", only a
// repeat of the file "Repeat".
import { render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { installFake } from '../src/demo/fake';
import ImportDialog from '../src/lib/components/ImportDialog.svelte';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { CategoryNames } from '../src/lib/state/categories.svelte';
import { ImportSession } from '../src/lib/state/imports.svelte';
import type { ImportPreview, PreviewRow } from '../src/lib/types';

afterEach(() => setLanguage('en'));

const row = (index: number, name: string, formulaName: boolean, repeat: PreviewRow['repeat'] = null): PreviewRow => ({
  index, line: index + 2, name, categoryId: '1', categoryName: '', status: '', problems: [], repeat, formulaName,
});

function open(): HTMLElement {
  installFake();
  const estimate = { requests: 3, time: null, dayLimited: false, plan: null, perMinute: null, perDay: null };
  const preview: ImportPreview = {
    path: '/home/demo/risky.csv', fileName: 'risky.csv', environment: 'sandbox', production: false,
    baseUrl: 'http://127.0.0.1:7777/v1', totalRows: 4, validRows: 4, invalidRows: 0, repeats: 1,
    rows: [
      row(0, '=SUM(A1)', true),
      row(1, 'Rex', false),
      row(2, 'Tom', false, { kind: 'inFile', line: 3 }),
      row(3, 'Mia', false, {
        kind: 'earlier', at: '2026-11-24T10:00:00Z', source: { kind: 'form' }, petId: '52',
      } as PreviewRow['repeat']),
    ],
    ignoredColumns: [], estimate, estimateWithRepeats: estimate, edited: false, resumable: null, categoryNames: null,
  };
  const session = new ImportSession();
  session.preview = preview;
  session.stage = 'preview';
  session.open = true;
  render(ImportDialog, { session, categories: new CategoryNames() });
  return screen.getByRole('dialog');
}

const mark = (dialog: HTMLElement, line: number) =>
  dialog.querySelector(`tr[data-line="${line}"] [data-testid="import-repeat"] .mark`)?.textContent?.trim();

describe('the import preview', () => {
  test('notes a name that starts like a formula, on its row only, and keeps the row to import', () => {
    const dialog = open();
    const notes = within(dialog).getAllByTestId('import-formula');
    expect(notes).toHaveLength(1);
    expect(notes[0].closest('tr')?.getAttribute('data-line')).toBe('2');
    expect(notes[0].textContent).toBe(
      'Starts like a spreadsheet formula (=, +, - or @): imported as typed; an export guards it.',
    );
    expect(dialog.querySelector('tr[data-line="2"] .ok')).not.toBeNull();
  });

  test('marks an earlier add "Already added" and an in-file repeat "Repeat"', () => {
    const dialog = open();
    expect(mark(dialog, 4)).toBe('Repeat');
    expect(mark(dialog, 5)).toBe('Already added');
  });

  test('in German', async () => {
    await setLanguage('de');
    const dialog = open();
    expect(within(dialog).getByTestId('import-formula').textContent).toContain('Beginnt wie eine Formel');
    expect(mark(dialog, 4)).toBe('Wiederholung');
    expect(mark(dialog, 5)).toBe('Bereits hinzugefügt');
  });
});
