import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { commandError } from '../src/demo/fake';
import { startApp, type } from './helpers';

const panel = () => screen.getByRole('region', { name: /Look up by id/ });

async function lookUp(id: string) {
  await type(screen.getByLabelText('Pet id'), id);
  await fireEvent.click(within(panel()).getByRole('button', { name: 'Look up' }));
}

describe('look up by id', () => {
  test('is marked deprecated with the removal date and the replacement', async () => {
    await startApp();
    expect(within(panel()).getByTestId('deprecated-badge').textContent).toBe('Deprecated');
    expect(panel().textContent).toContain('5 December 2030');
    expect(panel().textContent).toContain('pet list with a status filter');
  });

  test('finds a pet by an id above 2^53, sent and shown exactly', async () => {
    const fake = await startApp();
    await lookUp('9007199254740993');
    const result = await within(panel()).findByTestId('lookup-result');
    expect(fake.callsTo('get_pet')).toEqual([{ id: '9007199254740993' }]);
    expect(result.textContent).toContain('9007199254740993');
    expect(result.textContent).toContain('Atlas');
  });

  test('not found is a calm message, not an alert', async () => {
    await startApp();
    await lookUp('404');
    const calm = await within(panel()).findByTestId('lookup-not-found');
    expect(calm.textContent).toContain('No pet has the id 404');
    expect(within(panel()).queryByRole('alert')).toBeNull();
  });

  test('an id that is not an int64 is refused before asking', async () => {
    const fake = await startApp();
    await lookUp('12.5');
    expect(within(panel()).getByRole('alert').textContent).toContain('digits only');
    expect(fake.callsTo('get_pet')).toHaveLength(0);
  });

  test('a removed operation (410) is explained', async () => {
    await startApp({
      handlers: { get_pet: () => { throw commandError('gone'); } },
    });
    await lookUp('1');
    expect((await within(panel()).findByRole('alert')).textContent).toContain('has been removed');
  });

  test('the server’s Sunset date, when it differs, is what is shown', async () => {
    const fake = await startApp();
    await fake.emit('deprecation', {
      operation: 'getPet', sunset: 'Sat, 01 Jun 2030 00:00:00 GMT', replacement: 'GET /pets?status=', deprecatedSince: null,
    });
    await within(panel()).findByText('1 June 2030');
  });

  test('switching environment clears the result but keeps the typed id', async () => {
    const fake = await startApp();
    await screen.findByRole('radio', { name: /Staging/ });
    await lookUp('3');
    await within(panel()).findByTestId('lookup-result');
    await fireEvent.click(screen.getByRole('radio', { name: /Staging/ }));
    await waitFor(() => expect(fake.callsTo('select_environment')).toHaveLength(1));
    await waitFor(() => expect(within(panel()).queryByTestId('lookup-result')).toBeNull());
    expect((screen.getByLabelText('Pet id') as HTMLInputElement).value).toBe('3');
  });

  test('typing clears the previous result: "Use digits only" never stands beside an older "No pet has the id"', async () => {
    await startApp();
    await lookUp('99999');
    await within(panel()).findByTestId('lookup-not-found');
    await type(screen.getByLabelText('Pet id'), '99999x');
    expect(within(panel()).queryByTestId('lookup-not-found')).toBeNull();
    expect(within(panel()).getByRole('alert').textContent).toContain('digits only');
    expect(panel().textContent).not.toContain('No pet has the id');
  });

  test('typing clears a found pet, even when the new id is valid', async () => {
    await startApp();
    await lookUp('3');
    await within(panel()).findByTestId('lookup-result');
    await type(screen.getByLabelText('Pet id'), '10');
    expect(within(panel()).queryByTestId('lookup-result')).toBeNull();
    expect(panel().textContent).not.toContain('Biscuit');
  });

  test('typing clears the previous error', async () => {
    await startApp({
      handlers: { get_pet: () => { throw commandError('gone'); } },
    });
    await lookUp('1');
    await within(panel()).findByRole('alert');
    await type(screen.getByLabelText('Pet id'), '12');
    expect(within(panel()).queryByRole('alert')).toBeNull();
    expect(panel().textContent).not.toContain('has been removed');
  });

  test('an answer for an id edited while it was on its way is not shown', async () => {
    const fake = await startApp();
    let answer: (v: unknown) => void = () => {};
    fake.handlers.get_pet = () => new Promise((resolve) => (answer = resolve));
    await lookUp('404');
    await waitFor(() => expect(fake.callsTo('get_pet')).toHaveLength(1));
    await type(screen.getByLabelText('Pet id'), '405');
    answer({ pet: null, deprecation: null });
    await new Promise((r) => setTimeout(r, 30));
    expect(within(panel()).queryByTestId('lookup-not-found')).toBeNull();
    expect(panel().textContent).not.toContain('No pet has the id 404');
  });
});
