import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { MAX_CATEGORY_NAME_CHARS } from '../src/lib/bindings/CategoryLimits';
import { describeCategoryRefusal } from '../src/lib/messages';
import type { CategoryProblem } from '../src/lib/types';
import { rowIds, rows, startApp, type } from './helpers';

// Category names where pets are shown and added: the table, the create form's
// combobox, the export option and the import preview. Settings → Categories: category-settings.test.ts.

/** Sandbox names: 1 is "Zebras" and 2 "Apples", so an order by name would differ from one by number. */
const NAMED = { categoryNames: { sandbox: [{ id: '1', name: 'Zebras' }, { id: '2', name: 'Apples' }] } };

const categoryCell = (id: string) => rows().find((r) => r.dataset.id === id)?.children[2] as HTMLElement;

describe('category names in the table', () => {
  test('a named category shows as "Name (number)", an unnamed one as its number', async () => {
    await startApp(NAMED);
    await screen.findByText('Biscuit');
    await waitFor(() => expect(categoryCell('3').textContent).toBe('Zebras (1)'));
    expect(categoryCell('3').getAttribute('title')).toBe('Zebras, category 1');
    expect(categoryCell('3').dataset.categoryId).toBe('1');
    expect(categoryCell('10').textContent).toBe('Apples (2)');
    expect(categoryCell('2').textContent).toBe('4');
    expect(categoryCell('9007199254740993').textContent).toBe('9223372036854775807');
  });

  test('sorting by category stays by number, not by name', async () => {
    await startApp(NAMED);
    await screen.findByText('Biscuit');
    await waitFor(() => expect(categoryCell('3').textContent).toBe('Zebras (1)'));
    await fireEvent.click(within(screen.getByRole('columnheader', { name: /Category/ })).getByRole('button'));
    expect(rowIds()).toEqual(['3', '10', '2', '9007199254740993']);
  });

  test('a list changed elsewhere (the backend’s event) shows at once; another environment’s names do not', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    expect(categoryCell('3').textContent).toBe('1');
    await fake.emit('category-names', { environment: 'staging', entries: [{ id: '1', name: 'Hounds' }] });
    await fake.emit('category-names', { environment: 'sandbox', entries: [{ id: '1', name: 'Dogs' }] });
    await waitFor(() => expect(categoryCell('3').textContent).toBe('Dogs (1)'));
  });
});

async function openCreate() {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
  const dialog = screen.getByRole('dialog', { name: 'New pet' });
  return { dialog, category: within(dialog).getByLabelText('Category id') as HTMLInputElement };
}

describe('the create form’s category combobox', () => {
  test('an accessible combobox: the arrow keys open and walk the list, Enter picks the number', async () => {
    const fake = await startApp(NAMED);
    const { dialog, category } = await openCreate();
    await waitFor(() => expect(category.getAttribute('role')).toBe('combobox'));
    expect(category.getAttribute('aria-autocomplete')).toBe('list');
    expect(category.getAttribute('aria-expanded')).toBe('false');
    const listbox = document.getElementById(category.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(listbox.getAttribute('role')).toBe('listbox');

    await fireEvent.keyDown(category, { key: 'ArrowDown' });
    expect(category.getAttribute('aria-expanded')).toBe('true');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent?.trim())).toEqual(['Zebras (1)', 'Apples (2)']);
    await fireEvent.keyDown(category, { key: 'ArrowDown' });
    await fireEvent.keyDown(category, { key: 'ArrowDown' });
    expect(category.getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    await fireEvent.keyDown(category, { key: 'Enter' });
    expect(category.value).toBe('2');
    expect(category.getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog).getByTestId('category-named').textContent).toBe('Apples.');
    expect(fake.callsTo('create_pet')).toHaveLength(0);

    await type(within(dialog).getByLabelText('Name'), 'Pip');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));
    await waitFor(() => expect(fake.callsTo('create_pet')).toHaveLength(1));
    expect(fake.callsTo('create_pet')[0].input).toEqual({ name: 'Pip', categoryId: '2', status: null });
  });

  test('typing narrows the list by name or number; a click picks; Escape closes the list, not the form', async () => {
    await startApp(NAMED);
    const { dialog, category } = await openCreate();
    await waitFor(() => expect(category.getAttribute('role')).toBe('combobox'));
    await type(category, 'zeb');
    const listbox = screen.getByRole('listbox', { name: 'Named categories' });
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent?.trim())).toEqual(['Zebras (1)']);
    await fireEvent.keyDown(category, { key: 'Escape' });
    expect(category.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'New pet' })).toBe(dialog);

    await type(category, '2');
    const option = within(screen.getByRole('listbox', { hidden: true })).getByRole('option', { name: 'Apples (2)' });
    await fireEvent.click(option);
    expect(category.value).toBe('2');

    await type(category, 'fish');
    expect(within(screen.getByRole('listbox', { hidden: true })).getByRole('option').textContent).toContain(
      'No named category matches',
    );
  });

  test('any number is still accepted, and a name typed in full is its number', async () => {
    const fake = await startApp(NAMED);
    const { dialog, category } = await openCreate();
    await type(within(dialog).getByLabelText('Name'), 'Unnamed');
    await type(category, '77');
    expect(within(dialog).queryByTestId('category-named')).toBeNull();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));
    await waitFor(() => expect(fake.callsTo('create_pet')).toHaveLength(1));
    expect(fake.callsTo('create_pet')[0].input).toMatchObject({ categoryId: '77' });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const again = await openCreate();
    await type(within(again.dialog).getByLabelText('Name'), 'Named');
    await type(again.category, ' apples ');
    await fireEvent.blur(again.category);
    expect(again.category.value).toBe('2');
    await type(again.category, 'ZEBRAS');
    await fireEvent.click(within(again.dialog).getByRole('button', { name: 'Add pet' }));
    await waitFor(() => expect(fake.callsTo('create_pet')).toHaveLength(2));
    expect(fake.callsTo('create_pet')[1].input).toMatchObject({ categoryId: '1' });
  });

  test('with no names yet it is a plain number field', async () => {
    await startApp();
    const { category } = await openCreate();
    expect(category.getAttribute('role')).toBeNull();
    expect(category.getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
  });
});

describe('export with category names', () => {
  test('"Include category names" is off unless chosen, and asks the backend for them', async () => {
    const fake = await startApp(NAMED);
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Export…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Export pets' });
    const names = within(dialog).getByLabelText('Include category names') as HTMLInputElement;
    expect(names.checked).toBe(false);
    await fireEvent.click(names);
    expect(within(dialog).getByText(/categoryName column/)).toBeTruthy();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Export…' }));
    await within(dialog).findByTestId('export-saved');
    expect(fake.callsTo('export_pets')).toEqual([{ status: null, format: 'csv', categoryNames: true, onProgress: expect.anything() }]);
  });
});

describe('names learned from an import', () => {
  const FILE = [
    'name,categoryId,categoryName,status',
    'Pepper,5,Dogs,available',
    'Juniper,,Cats,pending',
    'Toffee,4,Fish,',
    'Basil,2,Rabbits,available',
  ].join('\n');

  test('the preview says which names will be learned and which not; Import adds them', async () => {
    await startApp({ ...NAMED, importCsv: FILE, importStepMs: 15 });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Import…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    const names = await within(dialog).findByTestId('import-category-names');
    expect(names.textContent).toContain('2 category names will be learned for Sandbox');
    expect(names.textContent).toContain('Dogs (5)');
    expect(names.textContent).toContain('Fish (4)');
    const conflicts = within(dialog).getByTestId('import-category-conflicts');
    expect(conflicts.textContent).toContain('Line 5');
    expect(conflicts.textContent).toContain('Category 2 already has a name, “Apples”, which is kept.');
    expect(within(dialog).queryByTestId('import-ignored')).toBeNull();
    const preview = within(dialog).getByTestId('import-preview');
    const shownCategory = (line: number) => preview.querySelector(`tr[data-line='${line}'] td:nth-child(3)`)?.textContent;
    expect(shownCategory(4), 'the name the file teaches').toBe('Fish (4)');
    expect(shownCategory(5), 'the name this computer keeps, not the file’s').toBe('Apples (2)');

    // Fix in place: the same combobox, with this environment's names.
    const fix = within(dialog).getByLabelText('Category id on line 3') as HTMLInputElement;
    expect(fix.getAttribute('role')).toBe('combobox');
    await fireEvent.keyDown(fix, { key: 'ArrowDown' });
    await fireEvent.keyDown(fix, { key: 'ArrowDown' });
    await fireEvent.keyDown(fix, { key: 'Enter' });
    expect(fix.value).toBe('1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Check row' }));
    await waitFor(() => expect(within(dialog).getByTestId('import-start').textContent).toContain('Import 4 pets'));

    await fireEvent.click(within(dialog).getByTestId('import-start'));
    await within(dialog).findByTestId('import-totals', {}, { timeout: 3000 });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(rows().some((r) => r.children[2].textContent === 'Fish (4)')).toBe(true));
    expect(rows().find((r) => r.children[1].textContent?.includes('Pepper'))?.children[2].textContent).toBe('Dogs (5)');
    expect(rows().find((r) => r.children[1].textContent?.includes('Basil'))?.children[2].textContent).toBe('Apples (2)');
  });
});

describe('refusals in words', () => {
  test('every problem has words, naming what was given and what is kept', () => {
    const problems: CategoryProblem[] = [
      'idNotANumber',
      'idNotPositive',
      'nameEmpty',
      'nameTooLong',
      'nameTaken',
      'idNamed',
      'notNamed',
      'listFull',
    ];
    const base = { id: '7', name: 'Fish', line: null, chars: null, otherId: null, otherName: null };
    for (const problem of problems) {
      const words = describeCategoryRefusal({ ...base, problem });
      expect(words.what.length, problem).toBeGreaterThan(10);
      expect(words.next.length, problem).toBeGreaterThan(5);
    }
    expect(describeCategoryRefusal({ ...base, problem: 'nameTaken', otherId: '3', otherName: 'Fish' }).what).toBe(
      '“Fish” is already the name of category 3.',
    );
    expect(describeCategoryRefusal({ ...base, problem: 'nameTooLong', chars: 75 }).what).toContain(
      `at most ${MAX_CATEGORY_NAME_CHARS}`,
    );
    expect(describeCategoryRefusal({ ...base, problem: 'idNotANumber', id: 'x' }).what).toBe('“x” is not a category number.');
  });
});
