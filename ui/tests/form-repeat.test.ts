// Never twice from the New pet form (issue 38 §1): a pet this computer added, or may have added
// (its answer was lost), is named before anything is sent, and adding it again is a second,
// deliberate choice; after a lost answer the primary button is never a plain Add.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { commandError } from '../src/demo/fake';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { startApp, type } from './helpers';

afterEach(() => setLanguage('en'));

async function openForm() {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
  return screen.getByRole('dialog', { name: 'New pet' });
}

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const categoryInput = () => screen.getByLabelText('Category id') as HTMLInputElement;
const primary = (dialog: HTMLElement) => within(dialog).getByTestId('create-submit');

describe('after a lost answer', () => {
  test('the primary button asks first; only the second choice sends, once, as a repeat', async () => {
    let calls = 0;
    const fake = await startApp({
      handlers: {
        create_pet: (a) => {
          calls++;
          // Like the app: the lost add stays "may have been added" in the record.
          if (calls === 1) throw commandError('outcomeUnknown', { reason: { code: 'connectionLost' } });
          if (a.allowRepeat !== true) {
            throw commandError('alreadyAdded', {
              environment: 'sandbox',
              name: 'Lost Answer',
              earlier: { at: new Date().toISOString(), source: { kind: 'form' }, petId: null },
            });
          }
          return { pet: { id: '457', name: 'Lost Answer', categoryId: '1', status: 'available' }, environment: 'sandbox', baseUrl: '' };
        },
      },
    });
    const dialog = await openForm();
    await type(nameInput(), 'Lost Answer');
    await type(categoryInput(), '1');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));
    await within(dialog).findByTestId('outcome-unknown');
    expect(fake.callsTo('create_pet')).toHaveLength(1);

    // No plain Add: the button says it adds again, and asks.
    expect(within(dialog).queryByRole('button', { name: 'Add pet' })).toBeNull();
    expect(primary(dialog).textContent?.trim()).toBe('Add again…');
    await fireEvent.click(primary(dialog));
    const question = within(dialog).getByTestId('repeat-question');
    expect(question.textContent).toContain('Add Lost Answer to Sandbox again?');
    expect(question.textContent).toContain('it may make a duplicate, and a pet can’t be deleted');
    expect(document.activeElement?.textContent?.trim()).toBe('Don’t add');
    expect(fake.callsTo('create_pet')).toHaveLength(1);

    // "Don't add" sends nothing; Enter in a field asks again, sending nothing.
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Don’t add' }));
    expect(within(dialog).queryByTestId('repeat-question')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(primary(dialog)));
    // The notice it stood in for is back.
    expect(within(dialog).getByTestId('outcome-unknown')).toBeTruthy();
    await fireEvent.submit(nameInput().form!);
    expect(within(dialog).getByTestId('repeat-question')).toBeTruthy();
    expect(fake.callsTo('create_pet')).toHaveLength(1);

    await fireEvent.click(within(dialog).getByTestId('repeat-confirm'));
    await waitFor(() => expect(fake.callsTo('create_pet')).toHaveLength(2));
    expect(fake.callsTo('create_pet')[1]).toEqual({
      environment: 'sandbox',
      input: { name: 'Lost Answer', categoryId: '1', status: null },
      allowRepeat: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('create_pet')).toHaveLength(2);
  });

  test('another pet typed over it is a plain Add again', async () => {
    await startApp({
      handlers: {
        create_pet: () => {
          throw commandError('outcomeUnknown');
        },
      },
    });
    const dialog = await openForm();
    await type(nameInput(), 'Lost Answer');
    await type(categoryInput(), '1');
    await fireEvent.click(primary(dialog));
    await within(dialog).findByTestId('outcome-unknown');
    expect(primary(dialog).textContent?.trim()).toBe('Add again…');
    await type(nameInput(), 'Someone Else');
    expect(primary(dialog).textContent?.trim()).toBe('Add pet');
  });
});

describe('a pet this computer already added', () => {
  const before = (petId: string | null) => ({
    createdBefore: [
      {
        environment: 'sandbox' as const,
        name: 'Rex',
        categoryId: '3',
        at: new Date().toISOString(),
        source: { kind: 'import' as const, fileName: 'shelter.csv', line: 2 },
        petId,
      },
    ],
  });

  test('is named with when, where and its id, and sent again only after the question', async () => {
    const fake = await startApp(before('41'));
    const dialog = await openForm();
    await type(nameInput(), 'Rex');
    await type(categoryInput(), '3');
    await fireEvent.click(primary(dialog));
    const said = await within(dialog).findByTestId('form-error');
    expect(said.textContent).toMatch(/Rex was already added to Sandbox \(\d\d:\d\d:\d\d, from shelter\.csv line 2\): it is pet 41\. Nothing was sent\./);
    expect(said.textContent).toContain('A pet can’t be deleted, so adding it again makes a second one.');
    expect(fake.callsTo('create_pet')).toHaveLength(1);
    expect(fake.callsTo('create_pet')[0].allowRepeat).toBe(false);
    expect(nameInput().value).toBe('Rex');

    expect(primary(dialog).textContent?.trim()).toBe('Add again…');
    await fireEvent.click(primary(dialog));
    await fireEvent.click(within(dialog).getByTestId('repeat-confirm'));
    await waitFor(() => expect(fake.callsTo('create_pet')).toHaveLength(2));
    expect(fake.callsTo('create_pet')[1].allowRepeat).toBe(true);
  });

  test('one whose outcome was never confirmed: "may have been added", in German too', async () => {
    await startApp({ ...before(null), language: 'de' });
    await setLanguage('de');
    await screen.findByText('Biscuit');
    await fireEvent.keyDown(window, { key: 'n', ctrlKey: true });
    const dialog = await screen.findByRole('dialog');
    await type(screen.getByLabelText('Name'), 'rex');
    await type(screen.getByLabelText('Kategorie-ID'), '3');
    await fireEvent.click(primary(dialog));
    const said = await within(dialog).findByTestId('form-error');
    expect(said.textContent).toContain('rex wurde vielleicht schon zu Sandbox hinzugefügt');
    expect(said.textContent).toContain('aus shelter.csv, Zeile 2');
    expect(primary(dialog).textContent?.trim()).toBe('Erneut hinzufügen …');
  });
});
