// Activity tells a request as it happened. A create answered 503 is "not
// confirmed" (the pet may exist) but the service did answer: the details say so, with its words,
// as the form did, never "never answered". A lookup of an id that does not exist is an answer, not
// a failure: "Not found", not in the failure red, and the Result filter finds it as such.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { commandError } from '../src/demo/fake';
import { entryError, resultOf } from '../src/lib/activity-words';
import { outcomeReason } from '../src/lib/messages';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { activityEntry, activityRows, choose, openActivity, unknownCreate } from './activity-helpers';
import { startApp, type } from './helpers';

const WORDS = 'The service is unavailable right now (simulated outage).';

afterEach(() => setLanguage('en'));

/** The failure the backend rejects a create answered 503 with (the client keeps the server's body). */
const answered503 = () =>
  commandError('outcomeUnknown', {
    status: 503,
    code: 'service_unavailable',
    serverMessage: WORDS,
    reason: { code: 'serverError', status: 503 },
  });

/** The activity entry the backend records for that create. */
const recorded503 = () =>
  activityEntry({
    operation: 'createPet',
    method: 'POST',
    path: '/v1/pets',
    status: 503,
    outcome: 'unknown',
    errorKind: 'outcomeUnknown',
    serverCode: 'service_unavailable',
    serverMessage: WORDS,
    pet: { name: 'Server Says No', categoryId: '2', id: null },
    petsReturned: null,
  });

async function openDetails(row: HTMLElement): Promise<HTMLElement> {
  await fireEvent.click(within(row).getByRole('button', { name: /details of/ }));
  return screen.getByRole('dialog');
}

describe('one account of one request', () => {
  test('a create answered 503: the form and the activity entry both say the service answered, with its words', async () => {
    const fake = await startApp({
      activity: [],
      handlers: {
        create_pet: () => {
          fake.recordActivity(recorded503());
          throw answered503();
        },
      },
    });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    const form = screen.getByRole('dialog', { name: 'New pet' });
    await type(screen.getByLabelText('Name'), 'Server Says No');
    await type(screen.getByLabelText('Category id'), '2');
    await fireEvent.click(within(form).getByRole('button', { name: 'Add pet' }));
    const warning = await within(form).findByTestId('outcome-unknown');
    expect(warning.textContent).toContain('The service answered HTTP 503.');
    expect(warning.textContent).toContain(`“${WORDS}”`);
    await fireEvent.keyDown(form, { key: 'Escape' });

    await openActivity();
    await waitFor(() => expect(activityRows()).toHaveLength(1));
    const details = await openDetails(activityRows()[0]);
    const text = details.textContent ?? '';
    expect(text).not.toContain('never answered');
    expect(within(details).getByTestId('activity-error').textContent).toBe(
      `The service answered HTTP 503, so it is not known whether the pet was added. The service said: “${WORDS}”`,
    );
    // Still an add to check: the pet may have been stored before the failure.
    expect(text).toContain('Not confirmed');
    expect(text).toContain('Check whether it arrived');
  });

  test('an add that got no answer at all still says the service never answered', async () => {
    await startApp({
      activity: [
        unknownCreate({
          id: '901',
          pet: { name: 'Ghost', categoryId: '2', id: null },
        }),
      ],
    });
    await openActivity();
    await waitFor(() => expect(activityRows()).toHaveLength(1));
    const details = await openDetails(activityRows()[0]);
    expect(within(details).getByTestId('activity-error').textContent).toBe(
      'The service never answered, so it is not known whether the pet was added.',
    );
  });

  test('in German too: the form and the history tell the same answer', async () => {
    await setLanguage('de');
    expect(outcomeReason(answered503())).toBe(`Der Dienst antwortete mit HTTP 503. Der Dienst meldete: „${WORDS}“`);
    expect(entryError(recorded503())).toBe(
      `Der Dienst antwortete mit HTTP 503, daher ist nicht bekannt, ob das Haustier hinzugefügt wurde. Der Dienst meldete: „${WORDS}“`,
    );
    expect(resultOf(recorded503())).toBe('Nicht bestätigt');
  });
});

describe('a lookup of an id that does not exist', () => {
  const lookups = () => [
    activityEntry({
      id: '3',
      operation: 'getPet',
      path: '/v1/pets/41',
      status: 404,
      outcome: 'notFound',
      errorKind: 'notFound',
      serverCode: 'not_found',
      serverMessage: 'No pet with id 41.',
      pet: { name: null, categoryId: null, id: '41' },
      petsReturned: null,
    }),
    activityEntry({
      id: '2',
      operation: 'getPet',
      path: '/v1/pets/7',
      status: 503,
      outcome: 'error',
      errorKind: 'server',
      pet: { name: null, categoryId: null, id: '7' },
      petsReturned: null,
    }),
    activityEntry({ id: '1' }),
  ];

  test('shows as “Not found”, not as a failure, and its details say there is no such pet', async () => {
    await startApp({ activity: lookups() });
    await openActivity();
    await waitFor(() => expect(activityRows()).toHaveLength(3));
    const [notFound, failed] = activityRows();
    expect(within(notFound).getByText('Not found (404)')).toBeTruthy();
    expect(notFound.textContent).not.toContain('Failed');
    expect(notFound.classList.contains('failed')).toBe(false);
    expect(failed.textContent).toContain('Failed (503)');
    expect(failed.classList.contains('failed')).toBe(true);

    const details = await openDetails(notFound);
    const result = within(details).getByText(/^Not found \(404\)/);
    expect(result.classList.contains('failed')).toBe(false);
    expect(result.textContent).toContain('The service has no pet with id 41.');
    expect(within(details).queryByText('What went wrong')).toBeNull();
    expect(within(details).queryByTestId('activity-error')).toBeNull();
  });

  test('the Result filter finds it under “Not found”, and not under “Failed”', async () => {
    const fake = await startApp({ activity: lookups() });
    await openActivity();
    await waitFor(() => expect(activityRows()).toHaveLength(3));
    const options = [...(screen.getByLabelText('Result') as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toContain('Not found');

    await choose('Result', 'notFound');
    await waitFor(() => expect(activityRows().map((r) => r.dataset.id)).toEqual(['3']));
    expect(fake.callsTo('list_activity').at(-1)?.filter).toMatchObject({ outcome: 'notFound' });

    await choose('Result', 'error');
    await waitFor(() => expect(activityRows().map((r) => r.dataset.id)).toEqual(['2']));
  });
});
