// The outbox in the window (issue 39): "Add when possible" beside a create that could not be sent,
// the waiting rows above the table, the header's count, edit, drop, send anyway, the setting that
// queues without asking, and the Activity view's outcomes. Over the demo fake's outbox.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError } from '../src/demo/fake';
import { outboxItem } from '../src/demo/fake-outbox';
import { openActivity } from './activity-helpers';
import { startApp, type } from './helpers';

const offline = () => {
  throw commandError('network', { cause: 'refused', mayQueue: true });
};

async function openForm() {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
  return screen.getByRole('dialog', { name: 'New pet' });
}

async function fillAndAdd(dialog: HTMLElement, name: string, category = '3') {
  await type(within(dialog).getByLabelText('Name'), name);
  await type(within(dialog).getByLabelText('Category id'), category);
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));
}

const waitingRows = () => screen.queryAllByTestId('outbox-row');
const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('outbox', () => {
  test('a create that could not be sent offers Add when possible; it waits as a marked row, and the header counts it', async () => {
    const fake = await startApp({ handlers: { create_pet: offline } });
    const dialog = await openForm();
    await fillAndAdd(dialog, 'Rex');
    const add = await within(dialog).findByRole('button', { name: 'Add when possible' });
    await fireEvent.click(add);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New pet' })).toBeNull());
    expect(fake.callsTo('queue_pet')).toEqual([{ environment: 'sandbox', input: { name: 'Rex', categoryId: '3', status: null }, allowRepeat: false }]);
    const [row] = waitingRows();
    expect(row.dataset.state).toBe('waiting');
    expect(text(within(row).getByTestId('outbox-why'))).toMatch(/^No connection · since /);
    // Not a pet of the table: its own section, never a selectable row with an id.
    expect(row.hasAttribute('data-id')).toBe(false);
    expect(text(screen.getByTestId('outbox-count'))).toBe('1 waiting to be sent');
    expect(text(screen.getByTestId('outbox-note'))).toBe('Rex waits to be sent to Sandbox: it will be added when possible.');
  });

  // The backend decides: a 503 (the pet may have been added) and a network failure it did not
  // mark as queueable are reconciled or shown, never queued.
  for (const [label, error] of [
    ['a 503', commandError('server', { status: 503 })],
    ['an unmarked network failure', commandError('network', { cause: 'reset' })],
  ] as const) {
    test(`${label} offers no outbox`, async () => {
      await startApp({ handlers: { create_pet: () => Promise.reject(error) } });
      const dialog = await openForm();
      await fillAndAdd(dialog, 'Rex');
      await within(dialog).findByTestId('form-error');
      expect(within(dialog).queryByRole('button', { name: 'Add when possible' })).toBeNull();
    });
  }

  test('once sent, the waiting row goes and the real row comes from the list', async () => {
    const fake = await startApp({ outbox: { sandbox: [outboxItem('1', 'Rex', '3'), outboxItem('2', 'Mia', '3')] } });
    await screen.findByText('Biscuit');
    await waitFor(() => expect(waitingRows()).toHaveLength(2));
    expect(waitingRows().map((r) => text(r.querySelector('.name')))).toEqual(['Rex', 'Mia']);

    await fake.outbox.send('sandbox');
    await waitFor(() => expect(waitingRows()).toHaveLength(0));
    await screen.findByText('Rex');
    expect(screen.queryByTestId('outbox-count')).toBeNull();
  });

  test('the header counts apart what waits to be sent and what waits for the person', async () => {
    const at = new Date().toISOString();
    await startApp({
      outbox: {
        sandbox: [
          outboxItem('1', 'Rex', '3'),
          outboxItem('2', 'Mia', '3', { state: { kind: 'refused', message: 'name refused', at } }),
          outboxItem('3', 'Bo', '3', { state: { kind: 'unconfirmed', at } }),
        ],
      },
    });
    await waitFor(() => expect(waitingRows()).toHaveLength(3));
    expect(text(screen.getByTestId('outbox-count'))).toBe('1 waiting to be sent 2 need you');
  });

  test('dropping asks once, and Keep keeps it', async () => {
    const fake = await startApp({ outbox: { sandbox: [outboxItem('1', 'Rex', '3')] } });
    await waitFor(() => expect(waitingRows()).toHaveLength(1));
    await fireEvent.click(screen.getByRole('button', { name: 'Drop Rex' }));
    expect(screen.getByText('Drop Rex? It will not be added.')).toBeTruthy();
    // The question's own button takes the keyboard.
    expect(document.activeElement?.textContent?.trim()).toBe('Drop');
    await fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(fake.callsTo('drop_outbox_entry')).toHaveLength(0);

    await fireEvent.click(screen.getByRole('button', { name: 'Drop Rex' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(waitingRows()).toHaveLength(0));
    expect(fake.callsTo('drop_outbox_entry')).toEqual([{ environment: 'sandbox', id: '1' }]);
  });

  test('editing reopens the form prefilled; saving changes the entry and gives the form its own entry back', async () => {
    const fake = await startApp({ outbox: { sandbox: [outboxItem('4', 'Rex', '3')] } });
    await waitFor(() => expect(waitingRows()).toHaveLength(1));
    await fireEvent.click(screen.getByRole('button', { name: 'Edit Rex' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit a waiting pet' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Rex');
    await type(name, 'Rexy');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.callsTo('create_pet')).toHaveLength(0);
    expect(fake.outbox.entries('sandbox').map((e) => e.name)).toEqual(['Rexy']);
    const form = await openForm();
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  test('a refused entry shows the service’s words; an unconfirmed one asks before Send anyway', async () => {
    const at = new Date().toISOString();
    const fake = await startApp({
      outbox: {
        sandbox: [
          outboxItem('1', 'Rex', '3', { state: { kind: 'refused', message: 'name must not be empty.', at } }),
          outboxItem('2', 'Mia', '3', { state: { kind: 'unconfirmed', at } }),
        ],
      },
    });
    await waitFor(() => expect(waitingRows()).toHaveLength(2));
    const [refused, unconfirmed] = waitingRows();
    expect(text(within(refused).getByTestId('outbox-why'))).toBe('Not added. The service said: name must not be empty.');
    expect(text(within(unconfirmed).getByTestId('outbox-why'))).toMatch(/may have been added/);
    await fireEvent.click(within(unconfirmed).getByRole('button', { name: 'Send Mia anyway' }));
    expect(screen.getByText(/Send Mia anyway\? If the first add arrived, Sandbox will have it twice\./)).toBeTruthy();
    await fireEvent.click(within(unconfirmed).getByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(fake.callsTo('send_outbox_entry_anyway')).toEqual([{ environment: 'sandbox', id: '2' }]));
  });

  test('with Add when possible without asking, a create that cannot be sent waits at once and the window says so', async () => {
    const fake = await startApp({ handlers: { create_pet: offline }, addWithoutAsking: ['sandbox'] });
    const dialog = await openForm();
    await fillAndAdd(dialog, 'Rex');
    await waitFor(() => expect(fake.callsTo('queue_pet')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New pet' })).toBeNull());
    expect(text(screen.getByTestId('outbox-note'))).toMatch(/^Rex could not be sent now, so it waits to be sent to Sandbox/);
    expect(waitingRows()).toHaveLength(1);
  });

  test('the header names other environments with pets waiting; the sender’s state is said', async () => {
    const retryAt = new Date(Date.now() + 60_000).toISOString();
    await startApp({
      outbox: { staging: [outboxItem('1', 'Rex', '3')], sandbox: [outboxItem('2', 'Mia', '3')] },
      senders: { sandbox: { kind: 'waiting', why: { kind: 'quotaSpent', until: retryAt }, retryAt } },
    });
    await waitFor(() => expect(screen.getByTestId('outbox-count')).toBeTruthy());
    expect(text(screen.getByTestId('outbox-count'))).toBe('1 waiting to be sent Also waiting: Staging');
    expect(text(screen.getByTestId('outbox-sender'))).toMatch(/^The quota is spent: sends at \d\d:\d\d, on its own\.$/);
    expect(text(waitingRows()[0].querySelector('[data-testid="outbox-why"]'))).toMatch(/^Quota spent until \d\d:\d\d · since /);
  });

  test('the Activity view lists what the outbox did', async () => {
    const fake = await startApp({ outbox: { sandbox: [outboxItem('1', 'Rex', '3')] } });
    await waitFor(() => expect(waitingRows()).toHaveLength(1));
    await fake.outbox.send('sandbox');
    await openActivity();
    const section = await screen.findByTestId('outbox-outcomes');
    expect(text(section)).toMatch(/^Outbox Rex: added to Sandbox as pet \d+, /);
  });

  test('in German', async () => {
    await startApp({ language: 'de', outbox: { sandbox: [outboxItem('1', 'Rex', '3')] } });
    // German is loaded when first chosen.
    await waitFor(() => expect(text(screen.queryByTestId('outbox-count'))).toBe('1 wartet auf Senden'));
    expect(screen.getByRole('button', { name: 'Rex verwerfen' })).toBeTruthy();
  });

  test('Settings: "Add when possible without asking" per environment, read and saved', async () => {
    const fake = await startApp({ addWithoutAsking: ['staging'] });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await fireEvent.click(within(dialog).getByRole('tab', { name: 'Staging' }));
    const staging = await within(dialog).findByRole('checkbox', { name: 'Add when possible without asking' });
    await waitFor(() => expect((staging as HTMLInputElement).checked).toBe(true));
    await fireEvent.click(within(dialog).getByRole('tab', { name: 'Sandbox' }));
    const sandbox = (await within(dialog).findByRole('checkbox', { name: 'Add when possible without asking' })) as HTMLInputElement;
    await waitFor(() => expect(sandbox.checked).toBe(false));
    expect(sandbox.getAttribute('aria-describedby')).toBe('outbox-setting-hint');
    await fireEvent.click(sandbox);
    await waitFor(() => expect(fake.callsTo('set_add_without_asking')).toEqual([{ environment: 'sandbox', on: true }]));
    expect(sandbox.checked).toBe(true);
  });
});
