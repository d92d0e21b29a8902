// Adds whose outcome stayed unknown: the header's badge counts them (read with the tab's name),
// Activity lists them with Check now (found: linked to the pet; not found: Try again, asking
// first) and Dismiss.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError, pet } from '../src/demo/fake';
import { unknownCreate, history, openActivity } from './activity-helpers';
import { DEMO_PETS, rows, startApp } from './helpers';

const UNKNOWN = unknownCreate({
  id: '900',
  environment: 'staging',
  pet: { name: 'Clover', categoryId: '5', id: null },
});

const STAGING = {
  settings: { productionUrl: null, stagingUrl: 'https://staging.pets.example.com/v1' },
  keys: { staging: 'wxyz' },
};

const badge = () => screen.queryByTestId('unconfirmed-badge');
const item = () => screen.getByTestId('unconfirmed-item');

describe('unconfirmed adds', () => {
  test('the badge counts them from the status at start, then from each recording; a screen reader hears it', async () => {
    const fake = await startApp({ activity: [UNKNOWN, ...history(3)] });
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    expect(screen.getByRole('tab', { name: 'Activity, 1 new pet not confirmed' })).toBeTruthy();
    await fake.emit('activity-recorded', { unconfirmed: 3 });
    await waitFor(() => expect(badge()?.textContent).toBe('3'));
    expect(screen.getByRole('tab', { name: 'Activity, 3 new pets not confirmed' })).toBeTruthy();
    await fake.emit('activity-recorded', { unconfirmed: 0 });
    await waitFor(() => expect(badge()).toBeNull());
    expect(screen.getByRole('tab', { name: 'Activity' })).toBeTruthy();
  });

  test('flagged at the top of Activity and in its row', async () => {
    await startApp({ activity: [...history(3), UNKNOWN] });
    await openActivity();
    const section = await screen.findByRole('region', { name: /Not confirmed/ });
    expect(within(section).getByTestId('unconfirmed-item').textContent).toContain('Clover (category 5) to Staging');
    await waitFor(() => expect(document.querySelector('tr[data-id="900"]')?.textContent).toContain('Not confirmed'));
  });

  test('Check now finds it: "Found: Clover is pet …", linked to the pet in its table', async () => {
    const found = pet('4242', 'Clover', '5', 'available');
    const fake = await startApp({ ...STAGING, activity: [UNKNOWN], pets: [...DEMO_PETS, found] });
    await openActivity();
    await fireEvent.click(await within(await screen.findByTestId('unconfirmed-item')).findByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(within(item()).getByTestId('unconfirmed-state').textContent).toMatch(/Found: Clover is\s+pet 4242\./));
    expect(fake.callsTo('check_unconfirmed')).toEqual([{ id: '900' }]);
    await waitFor(() => expect(badge()).toBeNull());
    // Resolved in the list's row too.
    await waitFor(() => expect(document.querySelector('tr[data-id="900"]')?.textContent).toContain('found later'));

    await fireEvent.click(within(item()).getByRole('button', { name: 'pet 4242' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Pets/ }).getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Staging/ }).getAttribute('checked') ?? (screen.getByRole('radio', { name: /Staging/ }) as HTMLInputElement).checked).toBeTruthy());
    await waitFor(() => expect(rows().find((r) => r.dataset.id === '4242')?.className).toContain('highlight'));
  });

  test('not found: "Not found in Staging", and Try again asks before sending a new add', async () => {
    const fake = await startApp({ ...STAGING, activity: [UNKNOWN] });
    await openActivity();
    await fireEvent.click(await within(await screen.findByTestId('unconfirmed-item')).findByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(within(item()).getByTestId('unconfirmed-state').textContent?.trim()).toBe('Not found in Staging.'));

    await fireEvent.click(within(item()).getByRole('button', { name: 'Try again…' }));
    const question = within(item()).getByRole('alertdialog', { name: 'Add Clover to Staging again?' });
    expect(question.textContent).toContain('If the first one arrived after all, Staging will have Clover twice.');
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Add again' }));
    expect(fake.callsTo('retry_unconfirmed')).toHaveLength(0);
    await fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(item()).queryByRole('alertdialog')).toBeNull();
    expect(fake.callsTo('retry_unconfirmed')).toHaveLength(0);

    await fireEvent.click(within(item()).getByRole('button', { name: 'Try again…' }));
    await fireEvent.click(within(item()).getByRole('button', { name: 'Add again' }));
    await waitFor(() => expect(within(item()).getByTestId('unconfirmed-state').textContent).toMatch(/Added again: Clover is\s+pet \d+\./));
    expect(fake.callsTo('retry_unconfirmed')).toEqual([{ id: '900' }]);
    expect(fake.pets.some((p) => p.name === 'Clover' && p.categoryId === '5')).toBe(true);
    await waitFor(() => expect(badge()).toBeNull());
    await fireEvent.click(within(item()).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('unconfirmed-item')).toBeNull();
  });

  test('a refused new add keeps the entry, with the refusal in words', async () => {
    await startApp({
      ...STAGING,
      activity: [UNKNOWN],
      handlers: { retry_unconfirmed: () => Promise.reject(commandError('rateLimited', { waitReason: 'quotaExhausted' })) },
    });
    await openActivity();
    await fireEvent.click(await within(await screen.findByTestId('unconfirmed-item')).findByRole('button', { name: 'Check now' }));
    await fireEvent.click(await within(item()).findByRole('button', { name: 'Try again…' }));
    await fireEvent.click(within(item()).getByRole('button', { name: 'Add again' }));
    expect((await within(item()).findByRole('alert')).textContent).toContain('The request quota for this API key is used up.');
    expect(within(item()).getByRole('button', { name: 'Try again…' })).toBeTruthy();
    expect(badge()?.textContent).toBe('1');
  });

  test('Dismiss resolves it without checking; the badge goes', async () => {
    const fake = await startApp({ activity: [UNKNOWN] });
    await openActivity();
    await waitFor(() => expect(badge()?.textContent).toBe('1'));
    await fireEvent.click(await screen.findByRole('button', { name: 'Dismiss: Clover, Staging' }));
    await waitFor(() => expect(screen.queryByTestId('unconfirmed-item')).toBeNull());
    expect(fake.callsTo('dismiss_unconfirmed')).toEqual([{ id: '900' }]);
    expect(badge()).toBeNull();
    await waitFor(() => expect(document.querySelector('tr[data-id="900"]')?.textContent).toContain('dismissed'));
  });

  test('a check that fails says why and can be tried again', async () => {
    let fail = true;
    await startApp({
      activity: [UNKNOWN],
      handlers: {
        check_unconfirmed: () => {
          if (fail) throw commandError('network', { cause: 'refused' });
          return { entry: UNKNOWN, found: null, covered: true };
        },
      },
    });
    await openActivity();
    await fireEvent.click(await within(await screen.findByTestId('unconfirmed-item')).findByRole('button', { name: 'Check now' }));
    expect((await within(item()).findByRole('alert')).textContent).toContain('nothing answered at its address');
    fail = false;
    await fireEvent.click(within(item()).getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(within(item()).getByTestId('unconfirmed-state').textContent?.trim()).toBe('Not found in Staging.'));
    expect(within(item()).queryByRole('alert')).toBeNull();
  });
});
