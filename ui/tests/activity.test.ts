// The Activity view over the demo fake: the tabs (and their shortcuts), the history newest first,
// its filters and debounced search, an entry's details, export, the empty and problem states.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError } from '../src/demo/fake';
import { formatDateTime } from '../src/lib/format';
import { activityEntry, activityIds, activityRows, choose, history, openActivity } from './activity-helpers';
import { startApp, type } from './helpers';

const lastFilter = (fake: Awaited<ReturnType<typeof startApp>>) => fake.callsTo('list_activity').at(-1)?.filter as Record<string, unknown>;

describe('the Activity view', () => {
  test('tabs on the header line switch views, by click, arrow keys and Ctrl+1 / Ctrl+2', async () => {
    await startApp();
    await screen.findByText('Biscuit');
    const tablist = screen.getByRole('tablist', { name: 'View' });
    expect(tablist.closest('header')).not.toBeNull();
    const pets = screen.getByRole('tab', { name: /Pets/ });
    const activity = screen.getByRole('tab', { name: /Activity/ });
    expect(pets.getAttribute('aria-selected')).toBe('true');
    expect(activity.getAttribute('tabindex')).toBe('-1');

    await fireEvent.keyDown(pets, { key: 'ArrowRight' });
    expect(activity.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(activity);
    expect(await screen.findByRole('tabpanel', { name: /Activity/ })).toBeTruthy();
    // The pets table is kept, hidden, so it comes back as it was left.
    expect(screen.queryByRole('table', { name: /Pets/ })).toBeNull();

    await fireEvent.keyDown(window, { key: '1', ctrlKey: true });
    expect(pets.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Biscuit')).toBeTruthy();
    await fireEvent.keyDown(window, { key: '2', ctrlKey: true });
    expect(activity.getAttribute('aria-selected')).toBe('true');
  });

  test('the history, newest first, with its total from the page', async () => {
    const fake = await startApp({ activity: history(30) });
    await openActivity();
    await waitFor(() => expect(activityIds()[0]).toBe('30'));
    expect(activityIds().slice(0, 3)).toEqual(['30', '29', '28']);
    expect(screen.getByTestId('activity-count').textContent?.trim()).toBe('30 entries');
    const call = fake.callsTo('list_activity')[0];
    expect(call.offset).toBe(0);
    expect(call.limit as number).toBeLessThanOrEqual(500);
    expect(call.filter).toEqual({ environment: null, operation: null, outcome: null, since: null, until: null, search: null });
  });

  test('filters by environment, action, result and time range', async () => {
    const entries = history(40, (i) => ({
      environment: i % 2 === 0 ? 'staging' : 'sandbox',
      operation: i % 4 === 0 ? 'createPet' : 'listPets',
      outcome: i === 8 ? 'error' : 'ok',
      status: i === 8 ? 429 : 200,
    }));
    const fake = await startApp({ activity: entries });
    await openActivity();
    await choose('Environment', 'staging');
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent).toContain('20 entries match'));
    expect(lastFilter(fake).environment).toBe('staging');
    expect(activityRows().every((r) => r.textContent?.includes('Staging'))).toBe(true);

    await choose('Action', 'createPet');
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent).toContain('10 entries match'));
    await choose('Result', 'error');
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent).toContain('1 entry match'));
    expect(activityRows()[0].textContent).toContain('Too many (429)');

    await choose('Result', '');
    await choose('When', 'hour');
    await waitFor(() => expect(lastFilter(fake).since).not.toBeNull());
    const since = Date.parse(lastFilter(fake).since as string);
    expect(Math.abs(Date.now() - 3_600_000 - since)).toBeLessThan(5000);
    // Entries a minute apart: all 40 are within the last hour; Staging's adds are still the 10.
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent).toContain('10 entries match'));
  });

  test('the search waits for a pause in typing, then asks once, by pet name or exact id', async () => {
    const entries = history(10, (i) => ({
      operation: 'createPet',
      pet: { name: i === 3 ? 'Clover' : 'Biscuit', categoryId: '2', id: String(500 + i) },
    }));
    const fake = await startApp({ activity: entries });
    await openActivity();
    const before = fake.callsTo('list_activity').length;
    const search = screen.getByLabelText('Search by pet name or id');
    await type(search, 'c');
    await type(search, 'cl');
    await type(search, 'clo');
    expect(fake.callsTo('list_activity')).toHaveLength(before);
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent).toContain('1 entry match'));
    const searches = fake.callsTo('list_activity').slice(before).map((c) => (c.filter as { search: string | null }).search);
    expect(searches).toEqual(['clo']);
    expect(activityRows()[0].textContent).toContain('Clover');

    await type(search, '505');
    await fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(lastFilter(fake).search).toBe('505'));
    await waitFor(() => expect(activityIds()).toEqual([entries[5].id]));
  });

  test('an entry opens to its details: every field, local times, the quota, the error in words', async () => {
    const at = '2026-11-20T13:05:47.000Z';
    const entry = activityEntry({
      id: '77',
      at,
      environment: 'staging',
      operation: 'nextPage',
      path: '/v1/pets?limit=20&after=40',
      status: 429,
      outcome: 'error',
      errorKind: 'rateLimited',
      serverCode: 'rate_limited',
      serverMessage: 'Slow down: 60 requests a minute on the Free plan.',
      attempts: 3,
      waitedMs: 12_000,
      rateLimited: 3,
      source: 'cli',
      quota: { limit: 60, remaining: 0, resetAt: '2026-11-20T13:06:00.000Z', window: 'minute' },
      petsReturned: null,
    });
    await startApp({ activity: [entry] });
    await openActivity();
    await waitFor(() => expect(activityRows()).toHaveLength(1));
    const open = within(activityRows()[0]).getByRole('button', { name: /details of Next page of pets in Staging/ });
    await fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Next page of pets · Staging' });
    const text = dialog.textContent ?? '';
    expect(text).toContain(formatDateTime(at));
    expect(text).toContain('https://staging.pets.example.com/v1');
    expect(text).toContain('The petstore command line');
    expect(text).toContain('GET /v1/pets?limit=20&after=40');
    expect(text).toContain('Too many requests (429)');
    expect(within(dialog).getByTestId('activity-error').textContent).toBe(
      'The service asked us to slow down. The service said: “Slow down: 60 requests a minute on the Free plan.”',
    );
    expect(text).toContain('rate_limited');
    expect(text).toContain('3 attempts; waited 12.0 s in all before sending again; answered 429 Too Many Requests 3 times');
    expect(within(dialog).getByTestId('activity-quota').textContent).toMatch(/^0 of 60 requests left per minute, renewing at \d\d:\d\d:\d\d$/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(text).not.toContain('rateLimited');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Export writes the filtered entries, like the pets’ export', async () => {
    const fake = await startApp({ activity: history(12, (i) => ({ environment: i < 5 ? 'staging' : 'sandbox' })) });
    await openActivity();
    await choose('Environment', 'staging');
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent).toContain('5 entries match'));
    await fireEvent.click(screen.getByTestId('activity-export-button'));
    const dialog = screen.getByRole('dialog', { name: 'Export activity' });
    expect(dialog.textContent).toContain('The 5 entries that match the filters (Staging)');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Export…' }));
    const saved = await within(dialog).findByTestId('activity-export-saved');
    expect(saved.textContent).toContain('5 entries written to /home/sam/Documents/petstore-activity.csv');
    expect(fake.callsTo('export_activity')).toEqual([
      { filter: { environment: 'staging', operation: null, outcome: null, since: null, until: null, search: null } },
    ]);
  });

  test('an empty history says what will appear; an empty filter says how to widen it', async () => {
    await startApp({ activity: [] });
    await openActivity();
    expect(screen.getByTestId('activity-empty').textContent).toContain('No activity yet');
    await choose('When', 'hour');
    await waitFor(() => expect(screen.getByTestId('activity-empty').textContent).toContain('Nothing matches these filters'));
  });

  test('a history that cannot be opened says so, and what to do, instead of the list', async () => {
    const fake = await startApp({ activityStatus: { available: false, problem: 'unavailable' } });
    await openActivity();
    const problem = await screen.findByTestId('activity-problem');
    expect(problem.getAttribute('role')).toBe('alert');
    expect(problem.textContent).toContain('cannot be opened on this computer');
    expect(problem.textContent).toContain('Restart the app');
    expect(fake.callsTo('list_activity')).toHaveLength(0);
  });

  test('a history written by a newer version is left alone, and the words say to update', async () => {
    await startApp({ activityStatus: { available: false, problem: 'newerSchema' } });
    await openActivity();
    const problem = await screen.findByTestId('activity-problem');
    expect(problem.textContent).toContain('newer version of Petstore Admin');
    expect(problem.textContent).toContain('Update Petstore Admin');
  });

  test('a damaged file set aside is reported once, with where it is, and the new history shows', async () => {
    await startApp({ activityStatus: { movedAside: '/home/sam/.local/share/petstore/activity.sqlite3.corrupt-20261120T130547Z' }, activity: history(3) });
    await openActivity();
    const note = await screen.findByTestId('activity-problem');
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toContain('activity.sqlite3.corrupt-20261120T130547Z');
    await waitFor(() => expect(activityRows()).toHaveLength(3));
    await fireEvent.click(within(note).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('activity-problem')).toBeNull();
  });

  test('a search typed just before leaving the view is applied, not lost', async () => {
    const fake = await startApp({ activity: history(5, (i) => ({ operation: 'createPet', pet: { name: i === 0 ? 'Clover' : 'Rex', categoryId: '1', id: null } })) });
    await openActivity();
    await type(screen.getByLabelText('Search by pet name or id'), 'clover');
    await fireEvent.click(screen.getByRole('tab', { name: /Pets/ }));
    await waitFor(() => expect(lastFilter(fake).search).toBe('clover'));
    await fireEvent.click(screen.getByRole('tab', { name: /Activity/ }));
    await waitFor(() => expect(screen.getByTestId('activity-count').textContent).toContain('1 entry match'));
    expect((screen.getByLabelText('Search by pet name or id') as HTMLInputElement).value).toBe('clover');
  });

  test('a history that fails to load says why in words, with Retry', async () => {
    let fail = true;
    await startApp({
      activity: history(2),
      handlers: {
        list_activity: () => {
          if (fail) throw commandError('activityUnavailable');
          return { entries: history(2), total: 2 };
        },
      },
    });
    await openActivity();
    const alert = await screen.findByRole('alert');
    // The backend sends no reason for it: the sentence ends without one.
    expect(alert.textContent).toContain('The activity history on this computer cannot be used.');
    fail = false;
    await fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(activityRows()).toHaveLength(2));
  });
});
