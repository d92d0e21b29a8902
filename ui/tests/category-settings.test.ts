import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError } from '../src/demo/fake';
import { rows, startApp, type } from './helpers';

// Settings → Categories: each environment's names, added, renamed and removed, with
// plain words for a duplicate or bad input, and shared as a CSV list.

async function openCategories() {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  await fireEvent.click(within(dialog).getByRole('tab', { name: 'Categories' }));
  const panel = await within(dialog).findByTestId('category-settings');
  return { dialog, panel };
}

async function add(panel: HTMLElement, id: string, name: string) {
  await type(within(panel).getByLabelText('Number'), id);
  await type(within(panel).getByLabelText('Name'), name);
  await fireEvent.click(within(panel).getByRole('button', { name: 'Add' }));
}

function listed(panel: HTMLElement): string[] {
  const table = within(panel).queryByTestId('category-list');
  if (!table) return [];
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((c) => c.textContent?.trim()).join(' '));
}

describe('Settings → Categories', () => {
  test('names a category for the selected environment; the table shows it at once', async () => {
    const fake = await startApp();
    const { dialog, panel } = await openCategories();
    expect((within(panel).getByLabelText('Names for') as HTMLSelectElement).value).toBe('sandbox');
    expect(within(panel).getByTestId('category-empty').textContent).toContain('Sandbox has no category names yet');
    expect(panel.textContent).toContain('never sent to the service');

    await add(panel, '1', '  Dogs ');
    await waitFor(() => expect(listed(panel)).toEqual(['1 Dogs']));
    expect(fake.callsTo('add_category_name')).toEqual([{ environment: 'sandbox', id: '1', name: '  Dogs ' }]);
    expect(within(panel).getByTestId('category-status').textContent).toContain('Dogs (1) added.');
    expect((within(panel).getByLabelText('Number') as HTMLInputElement).value).toBe('');

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(rows().find((r) => r.dataset.id === '3')?.children[2].textContent).toBe('Dogs (1)'));
  });

  test('a duplicate name, a named number and bad input get clear words by their field', async () => {
    await startApp({ categoryNames: { sandbox: [{ id: '1', name: 'Dogs' }] } });
    const { panel } = await openCategories();
    await waitFor(() => expect(listed(panel)).toEqual(['1 Dogs']));
    const number = within(panel).getByLabelText('Number') as HTMLInputElement;
    const name = within(panel).getByLabelText('Name') as HTMLInputElement;
    const addButton = within(panel).getByRole('button', { name: 'Add' }) as HTMLButtonElement;

    await add(panel, '2', 'DOGS');
    const taken = await within(panel).findByRole('alert');
    expect(taken.textContent).toContain('“Dogs” is already the name of category 1.');
    expect(taken.textContent).toContain('upper and lower case count as the same');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(listed(panel)).toEqual(['1 Dogs']);

    await add(panel, '1', 'Hounds');
    expect((await within(panel).findByRole('alert')).textContent).toContain('Category 1 already has a name, “Dogs”');
    expect(number.getAttribute('aria-invalid')).toBe('true');

    // Checked as typed: nothing is asked of the backend for these.
    await type(number, 'three');
    expect(within(panel).getByRole('alert').textContent).toContain('Use digits only');
    expect(addButton.disabled).toBe(true);
    await type(number, '0');
    expect(within(panel).getByRole('alert').textContent).toContain('from 1 up');
    await type(number, '3');
    await type(name, 'x'.repeat(61));
    expect(within(panel).getByRole('alert').textContent).toContain('at most 60 characters; this one has 61');
    expect(addButton.disabled).toBe(true);
    await type(name, 'x'.repeat(60));
    expect(addButton.disabled).toBe(false);
  });

  test('rename and remove (with undo), each environment its own list', async () => {
    const fake = await startApp({
      categoryNames: { sandbox: [{ id: '1', name: 'Dogs' }, { id: '2', name: 'Cats' }], staging: [{ id: '1', name: 'Hounds' }] },
    });
    const { panel } = await openCategories();
    await waitFor(() => expect(listed(panel)).toEqual(['1 Dogs', '2 Cats']));

    await fireEvent.click(within(panel).getByRole('button', { name: 'Rename Dogs (1)' }));
    const field = within(panel).getByLabelText('New name for category 1') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('Dogs');
    await type(field, 'cats');
    await fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect((await within(panel).findByRole('alert')).textContent).toContain('“Cats” is already the name of category 2.');
    await type(field, 'Big dogs');
    await fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(listed(panel)).toEqual(['1 Big dogs', '2 Cats']));
    expect(within(panel).getByTestId('category-status').textContent).toContain('Category 1 is now Big dogs.');

    await fireEvent.click(within(panel).getByRole('button', { name: 'Remove the name Cats (2)' }));
    await waitFor(() => expect(listed(panel)).toEqual(['1 Big dogs']));
    expect(fake.callsTo('remove_category_name')).toEqual([{ environment: 'sandbox', id: '2' }]);
    await fireEvent.click(within(panel).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(listed(panel)).toEqual(['1 Big dogs', '2 Cats']));

    await fireEvent.change(within(panel).getByLabelText('Names for'), { target: { value: 'staging' } });
    await waitFor(() => expect(listed(panel)).toEqual(['1 Hounds']));
    await add(panel, '2', 'Cats');
    await waitFor(() => expect(listed(panel)).toEqual(['1 Hounds', '2 Cats']));
    expect(fake.callsTo('add_category_name').at(-1)).toEqual({ environment: 'staging', id: '2', name: 'Cats' });
  });

  test('Import list… says what was added and what was not used, and why; Export list… says where', async () => {
    const fake = await startApp({
      categoryNames: { sandbox: [{ id: '1', name: 'Dogs' }] },
      categoryListCsv: 'categoryId,name\n1,Hounds\n2,Cats\n3,dogs\nx,Birds\n4,Fish\n1,Dogs',
    });
    const { panel } = await openCategories();
    await waitFor(() => expect(listed(panel)).toEqual(['1 Dogs']));
    await fireEvent.click(within(panel).getByRole('button', { name: 'Import list…' }));
    const report = await within(panel).findByTestId('category-imported');
    expect(report.textContent).toContain('2 category names added, 1 already known, 3 not used:');
    expect(report.textContent).toContain('Line 2: Category 1 already has a name, “Dogs”, which is kept.');
    expect(report.textContent).toContain('Line 4: “Dogs” is already the name of category 1.');
    expect(report.textContent).toContain('Line 5: “x” is not a category number.');
    expect(listed(panel)).toEqual(['1 Dogs', '2 Cats', '4 Fish']);
    expect(fake.callsTo('import_category_names')).toEqual([{ environment: 'sandbox' }]);

    await fireEvent.click(within(panel).getByRole('button', { name: 'Export list…' }));
    const saved = await within(panel).findByTestId('category-exported');
    expect(saved.textContent).toContain('3 category names written to /home/demo/categories-sandbox.csv');
  });

  test('a file that is no list, or a settings file that cannot be written, is said plainly below', async () => {
    await startApp({
      handlers: {
        import_category_names: () => {
          throw commandError('category', {
            problem: 'categoryListInvalid',
            path: 'pets.csv',
            reason: { code: 'missingColumn', column: 'categoryId', found: ['name', 'status'] },
          });
        },
        add_category_name: () => {
          throw commandError('configuration', {
            problem: 'settingsUnwritable',
            path: '/home/demo/settings.json',
            reason: { code: 'io', io: 'other' },
          });
        },
      },
    });
    const { panel } = await openCategories();
    await fireEvent.click(within(panel).getByRole('button', { name: 'Import list…' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('“pets.csv” is not a list of category names');
    expect(alert.textContent).toContain('the header categoryId,name');
    await add(panel, '1', 'Dogs');
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toContain('could not be saved'));
  });
});
