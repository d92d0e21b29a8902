import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError, pet } from '../src/demo/fake';
import { DEMO_PETS, rows, startApp, type } from './helpers';

describe('start-up', () => {
  test('the first table with data is reported once, with the rows on screen', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    await waitFor(() => expect(fake.callsTo('report_first_table')).toEqual([{ rows: DEMO_PETS.length }]));

    await fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.callsTo('report_first_table')).toHaveLength(1);
  });

  test('a failed first page is not reported; the first one with pets is', async () => {
    let fail = true;
    const fake = await startApp({
      handlers: {
        list_pets: () => {
          if (fail) throw commandError('network');
          return { pets: [pet('1', 'Biscuit'), pet('2', 'Luna')], next: null };
        },
      },
    });
    await screen.findByRole('alert');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.callsTo('report_first_table')).toHaveLength(0);
    fail = false;
    await fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(fake.callsTo('report_first_table')).toEqual([{ rows: 2 }]));
  });

  test('the first page uses the remembered rows per page, which the selector shows and later pages use', async () => {
    const fake = await startApp({ pageSize: 2 });
    await screen.findByText('Biscuit');
    // Left to the app, which knows the remembered size: the page does not wait for it to be read.
    expect(fake.callsTo('list_pets')[0]).toEqual({ status: null, limit: null });
    expect(rows()).toHaveLength(2);
    await waitFor(() => expect((screen.getByLabelText(/^Rows/) as HTMLInputElement).value).toBe('2'));

    await fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(fake.callsTo('list_pets').at(-1)).toEqual({ status: null, limit: 2 }));
  });

  test('the first page does not wait for the remembered rows per page to be read', async () => {
    const fake = await startApp({ handlers: { get_page_size: () => new Promise(() => {}) } });
    await screen.findByText('Biscuit');
    expect(fake.callsTo('list_pets')).toEqual([{ status: null, limit: null }]);
  });

  test('a rows-per-page choice made before the remembered one is read is kept', async () => {
    let answer: (size: number) => void = () => {};
    const fake = await startApp({ pageSize: 50, handlers: { get_page_size: () => new Promise((r) => (answer = r)) } });
    await screen.findByText('Biscuit');
    const limit = screen.getByLabelText(/^Rows/) as HTMLInputElement;
    await type(limit, '30');
    await fireEvent.change(limit);
    answer(50);
    await waitFor(() => expect(fake.callsTo('list_pets').at(-1)).toEqual({ status: null, limit: 30 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(limit.value).toBe('30');
  });

  test('a new rows-per-page choice is saved; a refused one is not', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    const limit = screen.getByLabelText(/^Rows/);
    await type(limit, '101');
    await fireEvent.change(limit);
    expect(fake.callsTo('save_page_size')).toHaveLength(0);

    await type(limit, '30');
    await fireEvent.change(limit);
    await waitFor(() => expect(fake.callsTo('save_page_size')).toEqual([{ pageSize: 30 }]));
    expect(fake.callsTo('list_pets').at(-1)).toEqual({ status: null, limit: 30 });
  });

  test('the table still loads, with 20 rows per page, when the remembered size cannot be read', async () => {
    const fake = await startApp({
      handlers: {
        get_page_size: () => {
          throw commandError('configuration', { problem: 'httpClient' });
        },
      },
    });
    await screen.findByText('Biscuit');
    expect(screen.queryByRole('alert')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(fake.callsTo('list_pets').at(-1)).toEqual({ status: null, limit: 20 }));
  });
});
