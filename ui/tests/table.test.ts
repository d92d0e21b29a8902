import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError, pet } from '../src/demo/fake';
import { DEMO_PETS, rowIds, rows, startApp, type } from './helpers';

describe('pet table', () => {
  test('shows skeleton rows while the first page loads, then the pets', async () => {
    let answer: (value: unknown) => void = () => {};
    const fake = await startApp({ handlers: { list_pets: () => new Promise((r) => (answer = r)) } });
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(6);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    answer({ pets: fake.pets, next: null });
    await screen.findByText('Biscuit');
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  test('a quick answer shows no placeholder rows, and a refresh keeps the rows until the new ones come', async () => {
    let answer: (value: unknown) => void = () => {};
    let hold = false;
    await startApp({
      handlers: {
        list_pets: () => (hold ? new Promise((r) => (answer = r)) : { pets: DEMO_PETS, next: null }),
      },
    });
    const seen: number[] = [];
    const observer = new MutationObserver(() => seen.push(screen.queryAllByTestId('skeleton-row').length));
    observer.observe(document.body, { childList: true, subtree: true });
    await screen.findByText('Biscuit');
    expect(Math.max(0, ...seen)).toBe(0);

    hold = true;
    await fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Biscuit')).toBeTruthy();
    // A slow refresh keeps them too, however long it waits: placeholders are for a
    // new list (tests/table-reading.test.ts).
    await new Promise((resolve) => setTimeout(resolve, 320));
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
    expect(screen.getByText('Biscuit')).toBeTruthy();
    answer({ pets: DEMO_PETS.slice(0, 1), next: null });
    await waitFor(() => expect(rows()).toHaveLength(1));
    observer.disconnect();
  });

  test('int64 ids and category ids are shown exactly as the server sent them', async () => {
    await startApp();
    await screen.findByText('Atlas');
    const atlas = rows().find((r) => r.dataset.id === '9007199254740993');
    expect(atlas?.textContent).toContain('9007199254740993');
    expect(atlas?.textContent).toContain('9223372036854775807');
  });

  test('an unknown status is shown as sent, in a neutral badge; a known one is labelled', async () => {
    await startApp();
    const badge = await screen.findByText('reserved');
    expect(badge.className).toContain('status-neutral');
    expect(within(screen.getByRole('table')).getByText('Pending').className).toContain('status-pending');
  });

  test('a long name is cut with an ellipsis, kept whole in the tooltip and in its button’s name', async () => {
    const long = 'Sir Reginald Fluffington the Third of Upper Puddleby-on-the-Marsh and Lower Wallop';
    await startApp({ pets: [pet('1', long)] });
    // The button opens the pet's details (tests/table-reading.test.ts).
    const name = await screen.findByRole('button', { name: long });
    const cell = name.closest('td');
    expect(cell?.getAttribute('title')).toBe(long);
    expect(cell?.cellIndex).toBe(1);
  });

  test('an empty store shows an empty state that offers to add a pet', async () => {
    await startApp({ pets: [] });
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('No pets yet');
    await fireEvent.click(within(empty).getByRole('button', { name: 'Add a pet' }));
    expect(screen.getByRole('dialog', { name: 'New pet' })).toBeTruthy();
  });

  test('a failure shows the plain-language message and Retry loads again', async () => {
    let fail = true;
    const fake = await startApp({
      handlers: {
        list_pets: () => {
          if (fail) throw commandError('network', { cause: 'refused' });
          return { pets: [pet('1', 'Biscuit')], next: null };
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Could not connect to the service: nothing answered at its address. Try again; if it keeps happening, restart the app.',
    );
    fail = false;
    await fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('Biscuit');
    expect(fake.callsTo('list_pets')).toHaveLength(2);
  });

  test('a configuration failure offers to open Settings', async () => {
    await startApp({
      handlers: { list_pets: () => { throw commandError('configuration', { problem: 'httpClient' }); } },
    });
    const alert = await screen.findByRole('alert');
    // The fix is in Settings: that is the main button, Retry comes after it.
    const buttons = within(alert).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Open Settings', 'Retry']);
    expect(buttons[0].classList.contains('primary')).toBe(true);
    await fireEvent.click(buttons[0]);
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });

  test('a rejection that is not a CommandError still gets a plain message', async () => {
    await startApp({ handlers: { list_pets: () => { throw 'command list_pets not found'; } } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The app could not complete this request');
  });

  test('sorting by id compares as integers (BigInt), both directions', async () => {
    await startApp();
    await screen.findByText('Biscuit');
    expect(rowIds()).toEqual(['3', '10', '9007199254740993', '2']);
    const idHeader = screen.getByRole('columnheader', { name: /ID/ });
    await fireEvent.click(within(idHeader).getByRole('button'));
    expect(rowIds()).toEqual(['2', '3', '10', '9007199254740993']);
    expect(idHeader.getAttribute('aria-sort')).toBe('ascending');
    await fireEvent.click(within(idHeader).getByRole('button'));
    expect(rowIds()).toEqual(['9007199254740993', '10', '3', '2']);
    expect(idHeader.getAttribute('aria-sort')).toBe('descending');
  });

  test('sorting by name and by category', async () => {
    await startApp();
    await screen.findByText('Biscuit');
    await fireEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(rows().map((r) => r.children[1].textContent?.trim())).toEqual(['Atlas', 'Biscuit', 'Luna', 'Mochi']);
    await fireEvent.click(within(screen.getByRole('columnheader', { name: /Category/ })).getByRole('button'));
    expect(rowIds()).toEqual(['3', '10', '2', '9007199254740993']);
  });

  test('the status filter and the row limit are sent to list_pets', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    expect(fake.callsTo('list_pets')[0]).toEqual({ status: null, limit: null });

    await fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    await waitFor(() => expect(fake.callsTo('list_pets').at(-1)).toEqual({ status: 'pending', limit: 20 }));
    await waitFor(() => expect(rowIds()).toEqual(['10']));

    const limit = screen.getByLabelText(/^Rows/);
    await type(limit, '50');
    await fireEvent.change(limit);
    await waitFor(() => expect(fake.callsTo('list_pets').at(-1)).toEqual({ status: 'pending', limit: 50 }));
  });

  test('a limit outside 1–100 is refused with a message and never sent', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    const limit = screen.getByLabelText(/^Rows/);
    await type(limit, '101');
    await fireEvent.change(limit);
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('1 to 100');
    expect(fake.callsTo('list_pets')).toHaveLength(1);
  });

  test('an empty filtered page offers to show all statuses', async () => {
    const fake = await startApp({ pets: [pet('1', 'Biscuit', '1', 'available')] });
    await screen.findByText('Biscuit');
    await fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'sold' } });
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('No sold pets');
    await fireEvent.click(within(empty).getByRole('button', { name: 'Show all statuses' }));
    await screen.findByText('Biscuit');
    expect(fake.callsTo('list_pets').at(-1)).toEqual({ status: null, limit: 20 });
  });

  test('Load more appears with a next page, fetches it and appends', async () => {
    const many = Array.from({ length: 25 }, (_, i) => pet(String(i + 1), `Pet ${i + 1}`));
    const fake = await startApp({ pets: many });
    await screen.findByText('Pet 1');
    expect(rows()).toHaveLength(20);
    await fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Pet 25');
    expect(rows()).toHaveLength(25);
    expect(fake.callsTo('next_page')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  test('Refresh asks for the list again', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));
  });
});

describe('load more failures', () => {
  test('a failed next page keeps the rows, says why and offers to try again', async () => {
    const many = Array.from({ length: 25 }, (_, i) => pet(String(i + 1), `Pet ${i + 1}`));
    let fail = true;
    const fake = await startApp({ pets: many });
    const builtIn = () => ({ pets: many.slice(20), next: null });
    fake.handlers.next_page = () => {
      if (fail) throw commandError('timeout');
      return builtIn();
    };
    await screen.findByText('Pet 1');
    await fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The service did not answer in time. Check your connection and try again.');
    expect(rows()).toHaveLength(20);
    fail = false;
    await fireEvent.click(screen.getByRole('button', { name: 'Try loading more again' }));
    await screen.findByText('Pet 25');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
