// The Activity list at volume: windows of entries fetched by offset and limit as the person
// scrolls (200,000 entries, a few dozen rows in the DOM), and new entries recorded while reading
// refresh the list without moving what is on screen.
import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { demoActivity } from '../src/demo/fake-activity';
import { activityIds, activityRows, history, openActivity } from './activity-helpers';
import { startApp } from './helpers';

/** jsdom has no layout: the list's default row height applies. */
const ROW = 37;
const scroller = () => screen.getByTestId('activity-scroll');

describe('a large history', () => {
  test('200,000 entries: a window of rows in the DOM, fetched in windows as the person scrolls', async () => {
    const entries = demoActivity(200_000);
    const fake = await startApp({ activity: entries });
    await openActivity();
    const table = scroller().querySelector('table') as HTMLElement;
    await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('200001'));
    expect(screen.getByTestId('activity-count').textContent?.trim()).toBe('200,000 entries');
    expect(activityRows().length).toBeGreaterThan(5);
    expect(activityRows().length).toBeLessThan(60);
    expect(activityRows()[0].getAttribute('aria-rowindex')).toBe('2');

    // Far down: the entries there are asked for by offset, and the rows are those entries.
    const el = scroller();
    el.scrollTop = 150_000 * ROW;
    await fireEvent.scroll(el);
    await waitFor(() => expect(Number(activityRows()[0]?.getAttribute('aria-rowindex'))).toBeGreaterThan(149_000));
    const calls = fake.callsTo('list_activity');
    expect(calls.every((c) => (c.limit as number) <= 500)).toBe(true);
    expect(calls.some((c) => (c.offset as number) >= 149_900 && (c.offset as number) <= 150_000)).toBe(true);
    // Never the whole history: a handful of windows.
    expect(calls.length).toBeLessThan(10);
    const row = activityRows()[0];
    const place = Number(row.getAttribute('aria-rowindex')) - 2;
    expect(row.dataset.id).toBe(entries[place].id);
    expect(activityRows().length).toBeLessThan(60);
  });

  test('new entries recorded while scrolled down leave the rows in view where they were', async () => {
    const fake = await startApp({ activity: history(400) });
    await openActivity();
    const el = scroller();
    el.scrollTop = 100 * ROW;
    await fireEvent.scroll(el);
    await waitFor(() => expect(activityIds()).toContain('300'));
    const before = el.scrollTop;

    for (let i = 0; i < 3; i++) fake.recordActivity({ operation: 'createPet', pet: { name: `New ${i}`, categoryId: '1', id: null } });
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent?.trim()).toBe('403 entries'));
    // Three entries above: the list moved by three rows, so the same entries stay in view.
    await waitFor(() => expect(el.scrollTop).toBe(before + 3 * ROW));
    const firstVisible = Math.floor(el.scrollTop / ROW);
    const rowThere = activityRows().find((r) => Number(r.getAttribute('aria-rowindex')) === firstVisible + 2);
    expect(rowThere?.dataset.id).toBe('300');
  });

  test('at the top, new entries show at the top', async () => {
    const fake = await startApp({ activity: history(20) });
    await openActivity();
    await waitFor(() => expect(activityIds()[0]).toBe('20'));
    fake.recordActivity({ operation: 'listPets' });
    await waitFor(() => expect(activityIds()[0]).toBe('21'));
    expect(scroller().scrollTop).toBe(0);
    expect(activityIds()[1]).toBe('20');
  });

  test('entries recorded while the pets show are there when Activity opens again', async () => {
    const fake = await startApp({ activity: history(5) });
    await openActivity();
    await fireEvent.click(screen.getByRole('tab', { name: /Pets/ }));
    fake.recordActivity({ operation: 'listPets' });
    await new Promise((r) => setTimeout(r, 30));
    const asked = fake.callsTo('list_activity').length;
    await fireEvent.click(screen.getByRole('tab', { name: /Activity/ }));
    await waitFor(() => expect(activityIds()[0]).toBe('6'));
    expect(fake.callsTo('list_activity').length).toBeGreaterThan(asked);
  });
});
