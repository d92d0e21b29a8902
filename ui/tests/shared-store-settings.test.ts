import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { startApp, type } from './helpers';

// Settings → Shared store (issue 41), against the demo fake behind mockIPC: a test proves and
// saves nothing; a refused sign-in is worded from the typed facts and keeps every field and the
// typed password; a connect shows what it brought in and the header's "Not sharing" appears when a
// set-up store cannot be reached.

async function openStore() {
  await screen.findByText('Biscuit');
  await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
  const dialog = screen.getByRole('dialog');
  await fireEvent.click(within(dialog).getByRole('tab', { name: 'Shared store' }));
  await within(dialog).findByTestId('store-form');
  return dialog;
}

async function fill(dialog: HTMLElement, password: string) {
  await type(within(dialog).getByLabelText('Server'), 'db.shop.example');
  await type(within(dialog).getByLabelText('Database'), 'petstore');
  await type(within(dialog).getByLabelText('Database user'), 'front_desk');
  await type(within(dialog).getByLabelText('Password'), password);
  await type(within(dialog).getByLabelText('This desk’s name'), 'COUNTER');
}

describe('Settings → Shared store', () => {
  test('a wrong password is named, every field kept, nothing saved; then a connect proves and keeps it', async () => {
    const fake = await startApp();
    const dialog = await openStore();
    expect(within(dialog).getByTestId('store-state').textContent).toContain('No shared store');
    await fill(dialog, 'wrong');

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    const error = await within(dialog).findByTestId('store-error');
    expect(error.textContent).toContain('PostgreSQL did not let the user front_desk sign in.');
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('wrong');
    expect((within(dialog).getByLabelText('Server') as HTMLInputElement).value).toBe('db.shop.example');
    expect(fake.callsTo('connect_shared_store')).toEqual([]);

    // Editing clears the old answer; the right password connects.
    const passwordField = within(dialog).getByLabelText('Password') as HTMLInputElement;
    await fireEvent.input(passwordField, { target: { value: '' } });
    await type(passwordField, 's3cret');
    expect(within(dialog).queryByTestId('store-error')).toBeNull();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(within(dialog).getByTestId('store-status').textContent).toContain('Connected.'));
    expect(within(dialog).getByTestId('store-proof').textContent).toContain('over an encrypted connection');
    expect(within(dialog).getByTestId('store-other-desks').textContent).toContain('2');
    expect(within(dialog).getByTestId('store-joined').textContent).toContain('0 new');
    expect(fake.callsTo('connect_shared_store')).toEqual([
      {
        input: { host: 'db.shop.example', port: 5432, database: 'petstore', user: 'front_desk', desk: 'COUNTER' },
        password: 's3cret',
      },
    ]);
    // The password field is emptied: it lives in the keychain now, shown only as "kept".
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByTestId('store-password-state').textContent).toContain('kept');
    expect(within(dialog).getByTestId('store-state').textContent).toContain('as “COUNTER”');
    // The header asked again whether this desk shares.
    await waitFor(() => expect(fake.callsTo('sharing_state').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('not-sharing')).toBeNull();
  });

  test('a set-up store out of reach shows "Not sharing" in the header, with why', async () => {
    await startApp({
      handlers: {
        sharing_state: () => ({
          state: 'notSharing',
          address: 'postgres://front_desk@db.shop.example:5432/petstore',
          problem: { problem: 'storeUnreachable', host: 'db.shop.example', port: 5432 },
        }),
      },
    });
    const badge = await screen.findByTestId('not-sharing');
    expect(badge.textContent).toContain('Not sharing');
    expect(badge.getAttribute('title')).toContain('Nothing answered at db.shop.example, port 5432.');
    expect(badge.getAttribute('title')).toContain('works on its own record');
  });

  test('an incomplete form sends nothing', async () => {
    const fake = await startApp();
    const dialog = await openStore();
    await type(within(dialog).getByLabelText('Server'), 'db.shop.example');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test' }));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(fake.callsTo('test_shared_store')).toEqual([]);
    expect(fake.callsTo('connect_shared_store')).toEqual([]);
  });
});

describe('another desk’s create, as the form tells it', () => {
  test('the desk is named, and one still at it is told apart from a lost answer', async () => {
    const { describeError } = await import('../src/lib/messages');
    const { commandError } = await import('../src/lib/command-error');
    const at = new Date(Date.now() - 60_000).toISOString();
    const added = describeError(
      commandError('alreadyAdded', {
        environment: 'staging',
        name: 'Rex',
        earlier: { at, source: { kind: 'commandLine' }, petId: '41', desk: 'COUNTER' },
      }),
    );
    expect(added.what).toContain('on the desk COUNTER');
    expect(added.what).toContain('it is pet 41');
    const busy = describeError(
      commandError('alreadyAdded', {
        environment: 'staging',
        name: 'Rex',
        earlier: { at, source: { kind: 'form' }, petId: null, desk: 'COUNTER', inProgress: true },
      }),
    );
    expect(busy.what).toContain('is being added to Staging by another desk right now');
    expect(busy.what).toContain('on the desk COUNTER');
    expect(busy.next).toContain('Wait a moment');
  });
});

describe('an import while the shared store is out of reach', () => {
  test('says other desks’ rows cannot be checked, sends nothing, and imports only on the second choice', async () => {
    const { ImportSession } = await import('../src/lib/state/imports.svelte');
    const { installFake } = await import('../src/demo/fake');
    const { commandError } = await import('../src/lib/command-error');
    const { describeError } = await import('../src/lib/messages');
    const fake = installFake({
      importStepMs: 15,
      handlers: {
        start_import: (a: Record<string, unknown>) => {
          if (a.unchecked !== true) {
            throw commandError('sharedStore', { problem: 'storeUnchecked', address: 'postgres://front_desk@db:5432/petstore' });
          }
          return {
            phase: 'sending', total: 4, created: 0, skipped: 0, failed: 0, unknown: 0,
            paused: false, cancelling: false, secondsLeft: 1, environment: 'sandbox',
          };
        },
      },
    });
    const session = new ImportSession();
    await session.choose();
    await session.start();
    expect(session.stage).toBe('preview');
    expect(session.asksUnchecked).toBe(true);
    expect(describeError(session.error!).what).toContain('the pets other desks added cannot be checked');
    expect(describeError(session.error!).next).toContain('import without checking other desks');
    await session.start(true, true);
    expect(fake.callsTo('start_import').map((c) => c.unchecked)).toEqual([false, true]);
    expect(session.stage).toBe('running');
  });
});
