// The NEW badge belongs to (environment, origin, id): two servers can both have a pet with the
// id just created, and only the one the create went to is new. A reload ends it.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { pet } from '../src/demo/fake';
import { originOf } from '../src/lib/state/highlight';
import type { CreatedPet } from '../src/lib/types';
import { rows, startApp, type } from './helpers';

const ORIGIN_A = 'https://staging-a.example.com/v1';
const ORIGIN_B = 'https://staging-b.example.com/v1';
/** The fake's next id after the demo pets (its largest is 2^53 + 1). */
const NEW_ID = '9007199254740994';

/** The app's own live region, where outcomes are announced. */
const live = () => document.querySelector('.app > .sr-only[aria-live="polite"]')?.textContent ?? '';
const highlighted = () => rows().filter((r) => r.className.includes('highlight')).map((r) => r.dataset.id);
const badges = () => rows().filter((r) => within(r).queryByText('New') !== null).map((r) => r.dataset.id);

function startInStaging() {
  return startApp({
    selected: 'staging',
    settings: { productionUrl: 'https://pets.example.com/v1', stagingUrl: ORIGIN_A },
    // Set up: an address and a key each.
    keys: { production: 'abcd', staging: 'wxyz' },
  });
}

async function saveStagingAddress(address: string) {
  await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
  const dialog = screen.getByRole('dialog', { name: 'Settings' });
  await fireEvent.click(within(dialog).getByRole('tab', { name: 'Staging' }));
  const url = within(dialog).getByLabelText('Base address') as HTMLInputElement;
  await waitFor(() => expect(url.value).not.toBe(''));
  await type(url, address);
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
  // Staging has a key: moving it to another server asks whether the key goes along.
  await fireEvent.click(await within(dialog).findByRole('button', { name: 'Keep the key' }));
  await within(dialog).findByText('Saved.');
  await fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** Staging at origin A, selected; a pet added there through the form, highlighted. */
async function createdInStaging() {
  const fake = await startInStaging();
  await screen.findByText('Biscuit');
  await screen.findByRole('radio', { name: /Staging/ });
  await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
  const dialog = screen.getByRole('dialog', { name: 'New pet' });
  await type(within(dialog).getByLabelText('Name'), 'Clover');
  await type(within(dialog).getByLabelText('Category id'), '3');
  await fireEvent.click(within(dialog).getByRole('button', { name: 'Add pet' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(fake.callsTo('create_pet')[0].environment).toBe('staging');
  await waitFor(() => expect(highlighted()).toEqual([NEW_ID]));
  expect(badges()).toEqual([NEW_ID]);
  return fake;
}

describe('the NEW highlight', () => {
  test('a pet created in Staging at origin A is highlighted there', async () => {
    await createdInStaging();
    expect(rows()[0].dataset.id).toBe(NEW_ID);
  });

  test('after switching to Sandbox, whose table has a pet with the same id, no row is highlighted', async () => {
    const fake = await createdInStaging();
    await fireEvent.click(screen.getByRole('radio', { name: /Sandbox/ }));
    await screen.findByTestId('demo-banner');
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));
    // The fake serves one store to every environment: Sandbox has a pet with that id too.
    await waitFor(() => expect(rows().map((r) => r.dataset.id)).toContain(NEW_ID));
    expect(highlighted()).toEqual([]);
    expect(badges()).toEqual([]);
  });

  test('selected elsewhere (the backend’s event), the other environment’s table marks nothing', async () => {
    const fake = await createdInStaging();
    await fake.emit('environment-changed', {
      id: 'sandbox', baseUrl: 'http://127.0.0.1:7777/v1', production: false, localDemo: true,
      selected: true, configured: true, addressSource: 'builtIn',
    });
    await screen.findByTestId('demo-banner');
    expect(rows().map((r) => r.dataset.id)).toContain(NEW_ID);
    expect(highlighted()).toEqual([]);
    expect(badges()).toEqual([]);
  });

  test('after Staging’s address changes to origin B, the same id is not highlighted', async () => {
    const fake = await createdInStaging();
    await saveStagingAddress(ORIGIN_B);
    expect(fake.callsTo('save_settings').at(-1)).toEqual({
      settings: { productionUrl: 'https://pets.example.com/v1', stagingUrl: ORIGIN_B },
      keyMove: 'keep',
    });
    await waitFor(() => expect(fake.callsTo('list_environments').length).toBeGreaterThan(1));
    // Whether or not the table reloads for the new address, the pet with that id is not the new one.
    await waitFor(() => expect(rows().map((r) => r.dataset.id)).toContain(NEW_ID));
    await waitFor(() => expect(highlighted()).toEqual([]));
    expect(badges()).toEqual([]);
  });

  test('a create answered after the address changed is neither put at the top nor marked', async () => {
    const fake = await startInStaging();
    let answer: (created: CreatedPet) => void = () => {};
    fake.handlers.create_pet = () => new Promise((resolve) => (answer = resolve));
    await screen.findByText('Biscuit');
    await screen.findByRole('radio', { name: /Staging/ });
    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    const form = screen.getByRole('dialog', { name: 'New pet' });
    await type(within(form).getByLabelText('Name'), 'Clover');
    await type(within(form).getByLabelText('Category id'), '3');
    await fireEvent.click(within(form).getByRole('button', { name: 'Add pet' }));
    await fireEvent.keyDown(form, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await saveStagingAddress(ORIGIN_B);
    await waitFor(() => expect(fake.callsTo('list_environments').length).toBeGreaterThan(1));

    // The pet went to origin A; the table now stands for origin B, where 3 is another pet.
    answer({ pet: pet('3', 'Clover', '3'), environment: 'staging', baseUrl: ORIGIN_A });
    // Settled: the app has announced it (the highlight effect runs in the same flush).
    await waitFor(() => expect(live()).toContain('Clover added to Staging'));
    expect(rows().find((r) => r.dataset.id === '3')?.textContent).toContain('Biscuit');
    expect(rows().some((r) => r.textContent?.includes('Clover'))).toBe(false);
    expect(highlighted()).toEqual([]);
    expect(badges()).toEqual([]);
  });

  test('a Refresh ends the highlight', async () => {
    const fake = await createdInStaging();
    await fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));
    await waitFor(() => expect(rows().map((r) => r.dataset.id)).toContain(NEW_ID));
    expect(highlighted()).toEqual([]);
    expect(badges()).toEqual([]);
  });

  test('a filter change ends the highlight too', async () => {
    const fake = await createdInStaging();
    await fireEvent.change(screen.getByLabelText(/Status/), { target: { value: 'available' } });
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));
    await waitFor(() => expect(rows().map((r) => r.dataset.id)).toContain(NEW_ID));
    expect(highlighted()).toEqual([]);
  });
});

describe('originOf', () => {
  test('scheme, host and port; a default port and the path do not matter', () => {
    expect(originOf('https://Pets.Example.com:443/v1')).toBe('https://pets.example.com');
    expect(originOf('https://pets.example.com/v2/')).toBe('https://pets.example.com');
    expect(originOf('http://127.0.0.1:7777/v1')).toBe('http://127.0.0.1:7777');
    expect(originOf('http://127.0.0.1:7778/v1')).not.toBe(originOf('http://127.0.0.1:7777/v1'));
    expect(originOf('http://pets.example.com/v1')).not.toBe(originOf('https://pets.example.com/v1'));
  });

  test('no address, or one that cannot be read, has no origin', () => {
    expect(originOf(null)).toBeNull();
    expect(originOf('')).toBeNull();
    expect(originOf('not a url')).toBeNull();
  });
});
