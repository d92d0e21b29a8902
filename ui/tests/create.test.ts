import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError } from '../src/demo/fake';
import { rows, startApp, type } from './helpers';

async function openForm() {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
  return screen.getByRole('dialog', { name: 'New pet' });
}

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const categoryInput = () => screen.getByLabelText('Category id') as HTMLInputElement;
const statusSelect = () => screen.getByLabelText('Status', { selector: '#pet-status' }) as HTMLSelectElement;
const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));

describe('create form', () => {
  test('validates as you type: name required, category an exact int64', async () => {
    await startApp();
    const dialog = await openForm();
    expect(document.activeElement).toBe(nameInput());
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await type(nameInput(), 'R');
    await type(nameInput(), '   ');
    expect(within(dialog).getByText('Enter a name.')).toBeTruthy();
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');

    await type(categoryInput(), '12x');
    expect(within(dialog).getByText(/digits only/)).toBeTruthy();
    await type(categoryInput(), '9223372036854775808');
    expect(within(dialog).getByText(/too large/)).toBeTruthy();
    await type(categoryInput(), '9223372036854775807');
    expect(within(dialog).queryByText(/too large/)).toBeNull();
    expect(categoryInput().getAttribute('aria-invalid')).toBe('false');
  });

  test('submitting empty shows both problems and sends nothing', async () => {
    const fake = await startApp();
    const dialog = await openForm();
    await submit(dialog);
    expect(within(dialog).getByText('Enter a name.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the category id.')).toBeTruthy();
    expect(fake.callsTo('create_pet')).toHaveLength(0);
  });

  test('sends the trimmed name, the category id unchanged and a null status; highlights the new pet', async () => {
    const fake = await startApp();
    const dialog = await openForm();
    await type(nameInput(), '  Clover  ');
    await type(categoryInput(), '9007199254740993');
    await submit(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('create_pet')[0]).toEqual({
      environment: 'sandbox',
      input: { name: 'Clover', categoryId: '9007199254740993', status: null },
      // Not a repeat the person chose: the backend checks this computer's record first.
      allowRepeat: false,
    });
    const row = rows().find((r) => r.textContent?.includes('Clover'));
    expect(row?.className).toContain('highlight');
    expect(row?.textContent).toContain('New');
    expect(row?.dataset.id).toBe('9007199254740994');
    expect(row?.textContent).toContain('9007199254740993');
    expect(rows()).toHaveLength(5);
    // Reopening starts from an empty form after a success.
    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    expect(nameInput().value).toBe('');
    expect(categoryInput().value).toBe('');
  });

  test('a chosen status is sent', async () => {
    const fake = await startApp();
    const dialog = await openForm();
    await type(nameInput(), 'Clover');
    await type(categoryInput(), '3');
    await fireEvent.change(statusSelect(), { target: { value: 'pending' } });
    await submit(dialog);
    await waitFor(() => expect(fake.callsTo('create_pet')).toHaveLength(1));
    expect(fake.callsTo('create_pet')[0]).toEqual({
      environment: 'sandbox',
      input: { name: 'Clover', categoryId: '3', status: 'pending' },
      allowRepeat: false,
    });
  });

  test('a server 400 about a field shows next to it; the form stays filled', async () => {
    await startApp({
      handlers: {
        create_pet: () => {
          throw commandError('badRequest', {
            field: 'categoryId',
            code: 'invalid_category',
            serverMessage: 'categoryId 42 does not exist.',
            serverText: 'categoryId 42 does not exist',
          });
        },
      },
    });
    const dialog = await openForm();
    await type(nameInput(), 'Clover');
    await type(categoryInput(), '42');
    await submit(dialog);
    const message = await within(dialog).findByText('categoryId 42 does not exist');
    expect(message.id).toBe('pet-category-error');
    expect(categoryInput().getAttribute('aria-describedby')).toBe('pet-category-error');
    expect(nameInput().value).toBe('Clover');
    expect(categoryInput().value).toBe('42');
    // Editing the field clears the server's message.
    await type(categoryInput(), '43');
    expect(within(dialog).queryByText('categoryId 42 does not exist')).toBeNull();
  });

  test('a server 400 without a field shows on the form, announced', async () => {
    await startApp({
      handlers: {
        create_pet: () => {
          throw commandError('badRequest', { serverMessage: 'body is invalid.', serverText: 'body is invalid' });
        },
      },
    });
    const dialog = await openForm();
    await type(nameInput(), 'Clover');
    await type(categoryInput(), '1');
    await submit(dialog);
    const error = await within(dialog).findByTestId('form-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('The service refused the request as invalid.');
    expect(error.textContent).toContain('“body is invalid.”');
    expect(nameInput().value).toBe('Clover');
  });

  test('outcome unknown says to check the list first; the entry survives closing the form', async () => {
    const fake = await startApp({
      handlers: {
        create_pet: () => {
          throw commandError('outcomeUnknown');
        },
      },
    });
    const dialog = await openForm();
    await type(nameInput(), 'Clover');
    await type(categoryInput(), '7');
    await fireEvent.change(statusSelect(), { target: { value: 'sold' } });
    await submit(dialog);
    const warning = await within(dialog).findByTestId('outcome-unknown');
    expect(warning.textContent).toContain('Check the list before trying again');
    expect(nameInput().value).toBe('Clover');

    await fireEvent.click(within(warning).getByRole('button', { name: 'Check the list' }));
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();

    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    expect(nameInput().value).toBe('Clover');
    expect(categoryInput().value).toBe('7');
    expect(statusSelect().value).toBe('sold');
  });

  test('Escape closes the form without losing what was typed', async () => {
    await startApp();
    const dialog = await openForm();
    await type(nameInput(), 'Half-typed');
    await fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    expect(nameInput().value).toBe('Half-typed');
  });

  test('Escape while adding, New pet, Add pet again: the create is sent once', async () => {
    const fake = await startApp({ handlers: { create_pet: () => new Promise(() => {}) } });
    let dialog = await openForm();
    await type(nameInput(), 'Slowpoke');
    await type(categoryInput(), '3');
    await submit(dialog);
    await fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    dialog = screen.getByRole('dialog', { name: 'New pet' });
    await fireEvent.click(within(dialog).getByRole('button', { name: /^Add/ }));
    await fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.callsTo('create_pet')).toHaveLength(1);
  });
});
