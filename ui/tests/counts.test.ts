import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { pet, quota } from '../src/demo/fake';
import { rows, startApp } from './helpers';

/** A store of `n` pets, ids 1..n, names running the other way so a sort by name reverses them. */
function manyPets(n: number) {
  return Array.from({ length: n }, (_, i) => pet(String(i + 1), `Pet ${String(n - i).padStart(5, '0')}`));
}

const footerCount = () => screen.getByText(/pets? shown/);
const sortNote = () => screen.queryByTestId('sort-note');

describe('counts and quotas are grouped by thousands', () => {
  test('a small count reads as before', async () => {
    await startApp({ pets: manyPets(30), pageSize: 20 });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(footerCount().textContent?.trim()).toBe('20 pets shown, more available');
  });

  test('the gauge shows the quota with separators, for people and screen readers', async () => {
    await startApp({ quota: quota(990, 1000, { window: 'minute' }) });
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('990 / 1,000'));
    expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('990 of 1,000 requests left');
    // The meter's values stay numbers.
    expect(screen.getByRole('meter').getAttribute('aria-valuemax')).toBe('1000');
  });

  // No count of pets (the test asks for one), whatever the backend saw.
  test('Test connection shows the quota with separators, and no count of pets', async () => {
    await startApp({
      handlers: { test_connection: () => ({
        quota: quota(12345, 100000, { window: 'day' }),
        petsSeen: 1200,
        baseUrl: 'http://127.0.0.1:7777/v1',
        saved: true,
      }) },
    });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const ok = await within(dialog).findByTestId('connection-ok');
    expect(ok.textContent).not.toMatch(/1,200|1200|pets?\b/);
    expect(ok.textContent).toContain('Quota: 12,345 / 100,000');
  });

  test('ids are never grouped', async () => {
    await startApp({ pets: [pet('1234567', 'Biscuit', '9876543')] });
    const row = (await screen.findByText('Biscuit')).closest('tr');
    expect(row?.textContent).toContain('1234567');
    expect(row?.textContent).toContain('9876543');
    expect(row?.textContent).not.toContain(',');
  });
});

describe('a sort over part of the store says so', () => {
  test('with more pages, a sort says it orders only the pets loaded so far; loading all removes the note', async () => {
    await startApp({ pets: manyPets(30), pageSize: 20 });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(sortNote()).toBeNull();

    await fireEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    // Only the rows loaded are sorted: the first by name is the lowest among them, not in the store.
    expect(rows()[0].textContent).toContain('Pet 00011');
    expect(sortNote()?.textContent?.trim()).toBe('Sorted: the 20 pets loaded so far');
    // Beside the count, in the footer; the count's own words are unchanged.
    expect(sortNote()?.parentElement).toBe(footerCount().parentElement);
    expect(footerCount().textContent?.trim()).toBe('20 pets shown, more available');

    await fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(rows()[0].textContent).toContain('Pet 00001');
    expect(footerCount().textContent?.trim()).toBe('30 pets shown');
    expect(sortNote()).toBeNull();
  });

  // With more than 250 rows loaded only the rows in view (and a few around them) are in the DOM,
  // so this checks the table's row count (aria-rowcount) and the rendered window, not a thousand
  // rendered rows.
  test('the count and the note group thousands: 1,000 of 1,005 loaded', { timeout: 60_000 }, async () => {
    await startApp({ pets: manyPets(1005), pageSize: 1000 });
    await waitFor(() => expect(footerCount().textContent?.trim()).toBe('1,000 pets shown, more available'), {
      timeout: 30_000,
    });
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('1001');
    await fireEvent.click(within(screen.getByRole('columnheader', { name: /ID/ })).getByRole('button'));
    await fireEvent.click(within(screen.getByRole('columnheader', { name: /ID/ })).getByRole('button'));
    expect(rows()[0].dataset.id).toBe('1000');
    expect(rows()[0].getAttribute('aria-rowindex')).toBe('2');
    expect(sortNote()?.textContent?.trim()).toBe('Sorted: the 1,000 pets loaded so far');
  });
});

describe('a large table renders the rows in view', () => {
  test('300 pets: a window of rows with their places, the rest as spacers; a scroll moves the window', async () => {
    await startApp({ pets: manyPets(300), pageSize: 300 });
    await waitFor(() => expect(footerCount().textContent?.trim()).toBe('300 pets shown'));
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('301');
    const shown = rows();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(300);
    expect(shown[0].getAttribute('aria-rowindex')).toBe('2');
    expect(shown[1].getAttribute('aria-rowindex')).toBe('3');
    expect(table.querySelector('thead tr')?.getAttribute('aria-rowindex')).toBe('1');
    const spacers = table.querySelectorAll('tbody tr.spacer');
    expect(spacers).toHaveLength(1);
    expect(spacers[0].getAttribute('aria-hidden')).toBe('true');

    // Scrolled down (jsdom has no layout: the table's default row height, 40 px, applies).
    const scroller = table.closest('.scroll') as HTMLElement;
    scroller.scrollTop = 4000;
    await fireEvent.scroll(scroller);
    await waitFor(() => expect(Number(rows()[0].getAttribute('aria-rowindex'))).toBeGreaterThan(50));
    const first = Number(rows()[0].getAttribute('aria-rowindex'));
    // The row at that place is the pet at that index of the list (rowindex 1 is the header).
    expect(rows()[0].dataset.id).toBe(String(first - 1));
    expect(table.querySelectorAll('tbody tr.spacer')).toHaveLength(2);
  });

  test('up to 250 pets every row is in the DOM, without row indexes', async () => {
    await startApp({ pets: manyPets(250), pageSize: 250 });
    await waitFor(() => expect(rows()).toHaveLength(250));
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBeNull();
    expect(rows()[0].getAttribute('aria-rowindex')).toBeNull();
  });

  test('no note when every pet is loaded, sorted or not', async () => {
    await startApp({ pets: manyPets(5), pageSize: 20 });
    await waitFor(() => expect(rows()).toHaveLength(5));
    await fireEvent.click(within(screen.getByRole('columnheader', { name: /ID/ })).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: /ID/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(sortNote()).toBeNull();
  });

  test('no note while more pages exist but nothing is sorted', async () => {
    await startApp({ pets: manyPets(30), pageSize: 20 });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(sortNote()).toBeNull();
  });
});
