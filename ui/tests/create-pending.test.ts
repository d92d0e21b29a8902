// A create on a slow service, through the whole app: it belongs to the app, not to the form, so
// closing the form, reopening it, the shortcut or a switch of environment neither sends it twice
// nor loses its outcome.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { commandError, pet, type Fake } from '../src/demo/fake';
import type { CreatedPet } from '../src/lib/types';
import { rows, startApp, type } from './helpers';

function slowCreates(fake: Fake) {
  const answers: { resolve: (v: CreatedPet) => void; reject: (e: unknown) => void }[] = [];
  fake.handlers.create_pet = () => new Promise((resolve, reject) => answers.push({ resolve, reject }));
  return answers;
}

const CLOVER: CreatedPet = { pet: pet('77', 'Clover', '42'), environment: 'sandbox', baseUrl: 'http://127.0.0.1:7777/v1' };

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const categoryInput = () => screen.getByLabelText('Category id') as HTMLInputElement;
const dialog = () => screen.getByRole('dialog', { name: 'New pet' });
const newPet = () => fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
const pendingLine = () => screen.queryByTestId('create-pending-line');
const outcomeNotice = () => screen.queryByTestId('create-outcome');
/** The app's own live region, where outcomes are announced. */
const live = () => document.querySelector('.app > .sr-only[aria-live="polite"]')?.textContent ?? '';

async function startSlowAdd() {
  const fake = await startApp({ keys: { production: 'abcd' } });
  const answers = slowCreates(fake);
  await screen.findByText('Biscuit');
  await screen.findByRole('radio', { name: /Production/ });
  await newPet();
  await type(nameInput(), 'Clover');
  await type(categoryInput(), '42');
  await fireEvent.click(within(dialog()).getByRole('button', { name: 'Add pet' }));
  return { fake, answers };
}

describe('a create on a slow service', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('closed while adding, then reopened by button or shortcut: the form shows it, and nothing is sent twice', async () => {
    vi.stubGlobal('navigator', { ...navigator, platform: 'Linux x86_64', userAgent: 'X11; Linux', userAgentData: undefined });
    const { fake, answers } = await startSlowAdd();
    const adding = within(dialog()).getByTestId('create-pending');
    expect(adding.textContent).toContain('Adding Clover to Sandbox…');
    expect(adding.textContent).toContain('Add pet is off until the service answers');
    expect(document.activeElement).toBe(adding);
    const add = within(dialog()).getByRole('button', { name: 'Adding…' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(nameInput().disabled).toBe(true);
    expect(pendingLine()?.textContent).toContain('Adding Clover to Sandbox…');

    // Escape, the ×, a click on the backdrop: each closes the form; the create goes on.
    await fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pendingLine()?.textContent).toContain('Adding Clover');

    await newPet();
    expect(within(dialog()).getByTestId('create-pending').textContent).toContain('Adding Clover to Sandbox…');
    expect(nameInput().value).toBe('Clover');
    expect(categoryInput().value).toBe('42');
    expect((within(dialog()).getByRole('button', { name: 'Adding…' }) as HTMLButtonElement).disabled).toBe(true);
    // Submitting anyway (Enter, or a script) sends nothing.
    await fireEvent.submit(dialog().querySelector('form') as HTMLFormElement);
    // The footer's Close, then the header's ×.
    await fireEvent.click(within(dialog()).getByText('Close'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await newPet();
    await fireEvent.click(within(dialog()).getByText('×'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await fireEvent.keyDown(window, { key: 'n', ctrlKey: true });
    expect(within(dialog()).getByTestId('create-pending')).toBeTruthy();
    await fireEvent.submit(dialog().querySelector('form') as HTMLFormElement);
    await fireEvent.click(document.querySelector('.backdrop') as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.callsTo('create_pet')).toHaveLength(1);

    answers[0].resolve(CLOVER);
    await waitFor(() => expect(pendingLine()).toBeNull());
    const added = rows().filter((r) => r.className.includes('highlight'));
    expect(added.map((r) => r.dataset.id)).toEqual(['77']);
    expect(live()).toBe('Clover added to Sandbox.');
    expect(outcomeNotice()).toBeNull();
    expect(fake.callsTo('create_pet')).toHaveLength(1);

    // Settled: the form is empty and adds again.
    await newPet();
    expect(nameInput().value).toBe('');
    expect((within(dialog()).getByRole('button', { name: 'Add pet' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('the form stays open while adding: success closes it and highlights the pet', async () => {
    const { answers } = await startSlowAdd();
    answers[0].resolve(CLOVER);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()[0].dataset.id).toBe('77');
    expect(rows()[0].className).toContain('highlight');
  });

  test('added after a switch to another environment: said where, with a way there, and highlighted on return', async () => {
    const { fake, answers } = await startSlowAdd();
    await fireEvent.keyDown(dialog(), { key: 'Escape' });
    await fireEvent.click(screen.getByRole('radio', { name: /Production/ }));
    await screen.findByTestId('production-banner');
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));
    // Still pending, still said, whatever is on screen.
    expect(pendingLine()?.textContent).toContain('Adding Clover to Sandbox…');

    answers[0].resolve(CLOVER);
    const notice = await screen.findByTestId('create-outcome');
    expect(notice.dataset.kind).toBe('created');
    expect(notice.textContent).toContain('Clover was added to Sandbox');
    expect(notice.textContent).toContain('77');
    expect(live()).toBe('Clover was added to Sandbox. Go to Sandbox to see it.');
    expect(rows().some((r) => r.className.includes('highlight'))).toBe(false);

    await fireEvent.click(within(notice).getByRole('button', { name: 'Go to Sandbox' }));
    await waitFor(() => expect(fake.callsTo('select_environment').at(-1)).toEqual({ environment: 'sandbox' }));
    await waitFor(() => expect(rows().filter((r) => r.className.includes('highlight')).map((r) => r.dataset.id)).toEqual(['77']));
    expect(outcomeNotice()).toBeNull();
  });

  test('an unknown outcome after the form was closed stays until dismissed, and offers to check the list', async () => {
    const { fake, answers } = await startSlowAdd();
    await fireEvent.click(within(dialog()).getByText('Close'));
    answers[0].reject(commandError('outcomeUnknown', { reason: { code: 'connectionLost' } }));
    const notice = await screen.findByTestId('create-outcome');
    expect(notice.dataset.kind).toBe('unknown');
    expect(notice.textContent).toContain('We couldn’t confirm whether Clover was added to Sandbox.');
    expect(notice.textContent).toContain('The connection was lost before the answer arrived');
    expect(notice.textContent).toContain('List the pets to check before trying again');
    expect(notice.textContent, 'the heading says it is unknown; the notice does not say it again').not.toContain('not known');
    expect(live()).toContain('We couldn’t confirm whether Clover was added to Sandbox.');

    const lists = fake.callsTo('list_pets').length;
    await fireEvent.click(within(notice).getByRole('button', { name: 'Check the list' }));
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(lists + 1));
    expect(screen.getByTestId('create-outcome').textContent).toContain('Its list was reloaded');

    // The entry is kept: adding it again is the person's choice, and the form says why to look first.
    await newPet();
    expect(nameInput().value).toBe('Clover');
    expect(within(dialog()).getByTestId('outcome-unknown').textContent).toContain('Its list was reloaded');
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));

    await fireEvent.click(within(screen.getByTestId('create-outcome')).getByRole('button', { name: /^Dismiss/ }));
    expect(outcomeNotice()).toBeNull();
  });

  test('a refusal after the form was closed offers to reopen it, the entry and the server’s words kept', async () => {
    const { fake, answers } = await startSlowAdd();
    await fireEvent.keyDown(dialog(), { key: 'Escape' });
    answers[0].reject(
      commandError('badRequest', {
        field: 'categoryId',
        serverMessage: 'categoryId 42 does not exist.',
        serverText: 'categoryId 42 does not exist',
      }),
    );
    const notice = await screen.findByTestId('create-outcome');
    expect(notice.dataset.kind).toBe('refused');
    expect(notice.textContent).toContain('Clover wasn’t added to Sandbox.');
    expect(notice.textContent).toContain('categoryId 42 does not exist');
    expect(live()).toBe(
      'Clover wasn’t added to Sandbox. The service refused the request as invalid. ' +
        'The service said: “categoryId 42 does not exist.” Correct the category and try again.',
    );

    await fireEvent.click(within(notice).getByRole('button', { name: 'Open the form' }));
    expect(nameInput().value).toBe('Clover');
    expect(categoryInput().value).toBe('42');
    expect(within(dialog()).getByText('categoryId 42 does not exist').id).toBe('pet-category-error');
    // Seen in the form: nothing more to say outside it.
    expect(outcomeNotice()).toBeNull();

    await type(categoryInput(), '4');
    expect(within(dialog()).queryByText('categoryId 42 does not exist')).toBeNull();
    fake.handlers.create_pet = (a) => ({ ...CLOVER, pet: pet('78', 'Clover', (a.input as { categoryId: string }).categoryId) });
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Add pet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('create_pet')).toHaveLength(2);
    expect(fake.callsTo('create_pet')[1]).toEqual({
      environment: 'sandbox',
      input: { name: 'Clover', categoryId: '4', status: null },
      allowRepeat: false,
    });
  });

  test('the form adds to the environment it showed, even if another is selected meanwhile', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    await screen.findByText('Biscuit');
    await screen.findByRole('radio', { name: /Production/ });
    await newPet();
    expect(within(dialog()).getByText('Sandbox')).toBeTruthy();
    // Selected elsewhere (the backend's own event) while the form is open.
    await fake.emit('environment-changed', {
      id: 'production', baseUrl: 'https://pets.example.com/v1',
      production: true, localDemo: false, selected: true, configured: true,
    });
    await screen.findByTestId('production-banner');
    expect(within(dialog()).getByText('Sandbox')).toBeTruthy();
    await type(nameInput(), 'Clover');
    await type(categoryInput(), '42');
    await fireEvent.click(within(dialog()).getByRole('button', { name: 'Add pet' }));
    await waitFor(() => expect(fake.callsTo('create_pet')).toHaveLength(1));
    expect(fake.callsTo('create_pet')[0].environment).toBe('sandbox');
  });
});
