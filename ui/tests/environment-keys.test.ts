// The environment switch with the keyboard: switching is consequential (Production is
// live data, and every switch asks the new environment for its pets), so the arrows only move the
// focus between the choices; Enter or Space switches to the focused one.
import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import { startApp } from './helpers';

const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('environment switch keys', () => {
  test('arrows move the focus without switching; Enter or Space switches to the focused one', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    await screen.findByText('Biscuit');
    const sandbox = radio(/Sandbox/);
    sandbox.focus();

    await fireEvent.keyDown(sandbox, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(radio(/Staging/));
    await fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(radio(/Production/));
    // Past the first, back to the last, as a radio group does.
    await fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(sandbox);
    await fireEvent.keyDown(sandbox, { key: 'Home' });
    expect(document.activeElement).toBe(radio(/Production/));

    // Nothing was switched, nothing asked of the environments passed on the way.
    expect(fake.callsTo('select_environment')).toHaveLength(0);
    expect(fake.callsTo('list_pets')).toHaveLength(1);
    expect(sandbox.checked).toBe(true);
    expect(radio(/Production/).checked).toBe(false);
    // One Tab stop: the active environment's.
    expect(sandbox.tabIndex).toBe(0);
    expect(radio(/Production/).tabIndex).toBe(-1);

    await fireEvent.keyDown(radio(/Production/), { key: 'Enter' });
    await waitFor(() => expect(fake.callsTo('select_environment')).toEqual([{ environment: 'production' }]));
    await waitFor(() => expect(radio(/Production/).checked).toBe(true));
    expect(radio(/Production/).tabIndex).toBe(0);
    expect(sandbox.tabIndex).toBe(-1);
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));
    // The switch is over (the app takes no second one while it runs).
    await waitFor(() => expect(screen.getByRole('radiogroup').getAttribute('aria-busy')).toBe('false'));

    await fireEvent.keyDown(radio(/Production/), { key: 'End' });
    expect(document.activeElement).toBe(sandbox);
    await fireEvent.keyDown(sandbox, { key: ' ' });
    await waitFor(() => expect(fake.callsTo('select_environment')).toHaveLength(2));
    expect(fake.callsTo('select_environment')[1]).toEqual({ environment: 'sandbox' });
  });

  test('the group says how its keys work', async () => {
    await startApp();
    const group = await screen.findByRole('radiogroup', { name: 'Environment' });
    expect(screen.getByRole('radiogroup', { description: 'Arrow keys move between the environments; Enter or Space switches.' })).toBe(group);
  });
});
