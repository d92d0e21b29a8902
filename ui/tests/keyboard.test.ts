// The keyboard in the components: the focus kept when what held it goes away, the Settings tabs
// with the arrows, buttons that keep the focus while their work runs, and live regions that are in
// the page before they speak. The real window's keyboard-only run is tests/e2e/scenarios/keyboard.rs.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { keepFocus } from '../src/lib/focus-keeper';
import type { PetPage } from '../src/lib/types';
import { DEMO_PETS, startApp, type } from './helpers';

describe('the focus keeper', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
    document.body.innerHTML = '';
  });

  function page(html: string) {
    document.body.innerHTML = html;
    stop = keepFocus(document);
    const el = (id: string) => document.getElementById(id) as HTMLElement;
    return el;
  }

  const settle = () => new Promise((r) => setTimeout(r, 0));

  test('a removed button hands the focus to the next control after it', async () => {
    const el = page('<button id="a">A</button><button id="b">B</button><button id="c">C</button>');
    el('b').focus();
    el('b').remove();
    await settle();
    expect(document.activeElement?.id).toBe('c');
  });

  test('a button turned off hands it on too; with nothing after it, the one before', async () => {
    const el = page('<button id="a">A</button><button id="b">B</button>');
    el('b').focus();
    (el('b') as HTMLButtonElement).disabled = true;
    el('b').blur(); // what a browser does to a focused control that is disabled
    await settle();
    expect(document.activeElement?.id).toBe('a');
  });

  test('in a dialog it stays in the dialog: the new content’s [data-autofocus], else the dialog', async () => {
    const el = page(
      '<button id="outside">Out</button><div id="dialog" role="dialog" aria-modal="true" tabindex="-1">' +
        '<button id="close">×</button><div id="stage"><button id="start">Import</button></div></div>',
    );
    el('start').focus();
    el('stage').innerHTML = '<button id="pause" data-autofocus>Pause</button>';
    await settle();
    expect(document.activeElement?.id).toBe('pause');
    el('stage').innerHTML = '<p>Reading…</p>';
    await settle();
    expect(document.activeElement?.id).toBe('dialog');
  });

  test('a pointer that chose nothing is left alone', async () => {
    const el = page('<button id="a">A</button><button id="b">B</button>');
    el('a').focus();
    await fireEvent.pointerDown(document.body);
    el('a').blur();
    el('b').remove();
    await settle();
    expect(document.activeElement).toBe(document.body);
  });
});

describe('keyboard and screen reader in the app', () => {
  test('Settings’ tabs: one Tab stop, the arrows, Home and End move and select', async () => {
    await startApp();
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent?.trim())).toEqual([
      'Production',
      'Staging',
      'Sandbox',
      'General',
      'Categories',
      'Activity',
      'Network',
      'Shared store',
      'Updates',
    ]);
    // It opens on the environment on screen, the Sandbox.
    expect(document.activeElement).toBe(tabs[2]);
    const selected = () => tabs.filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.textContent?.trim());
    const stops = () => tabs.filter((t) => t.tabIndex === 0).map((t) => t.textContent?.trim());
    expect(stops()).toEqual(['Sandbox']);

    await fireEvent.keyDown(tabs[2], { key: 'ArrowLeft' });
    expect(selected()).toEqual(['Staging']);
    expect(stops()).toEqual(['Staging']);
    expect(document.activeElement).toBe(tabs[1]);
    await fireEvent.keyDown(tabs[1], { key: 'End' });
    expect(selected()).toEqual(['Updates']);
    expect(document.activeElement).toBe(tabs[8]);
    await fireEvent.keyDown(tabs[8], { key: 'ArrowLeft' });
    expect(selected()).toEqual(['Shared store']);
    await fireEvent.keyDown(tabs[7], { key: 'ArrowLeft' });
    expect(selected()).toEqual(['Network']);
    await fireEvent.keyDown(tabs[6], { key: 'ArrowLeft' });
    expect(selected()).toEqual(['Activity']);
    await fireEvent.keyDown(tabs[5], { key: 'ArrowLeft' });
    expect(selected()).toEqual(['Categories']);
    await fireEvent.keyDown(tabs[4], { key: 'ArrowLeft' });
    expect(selected()).toEqual(['General']);
    await fireEvent.keyDown(tabs[3], { key: 'ArrowRight' });
    await fireEvent.keyDown(tabs[4], { key: 'ArrowRight' });
    await fireEvent.keyDown(tabs[5], { key: 'ArrowRight' });
    await fireEvent.keyDown(tabs[6], { key: 'ArrowRight' });
    await fireEvent.keyDown(tabs[7], { key: 'ArrowRight' });
    expect(selected()).toEqual(['Updates']);
    await fireEvent.keyDown(tabs[8], { key: 'ArrowRight' });
    expect(selected()).toEqual(['Production']);
    await fireEvent.keyDown(tabs[0], { key: 'ArrowLeft' });
    expect(selected()).toEqual(['Updates']);
    await fireEvent.keyDown(tabs[8], { key: 'Home' });
    expect(selected()).toEqual(['Production']);
    expect(document.activeElement).toBe(tabs[0]);
  });

  test('the table’s status region is there before a load and says it, then why it waits', async () => {
    let answer: ((page: PetPage) => void) | null = null;
    const fake = await startApp({
      handlers: {
        list_pets: () => (answer === null ? { pets: DEMO_PETS, next: null } : new Promise<PetPage>((r) => (answer = r))),
      },
    });
    await screen.findByText('Biscuit');
    const region = screen.getByTestId('table-status');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toBe('');

    answer = () => {};
    await fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    expect(screen.getByTestId('table-status')).toBe(region);
    expect(region.textContent).toBe('Loading pets…');
    await fake.emit('waiting', { until: new Date(Date.now() + 30_000).toISOString(), reason: 'rateLimited', environment: 'sandbox' });
    await waitFor(() => expect(region.textContent).toMatch(/^The service asked us to wait: retrying at .+\. You can cancel\.$/));
  });

  test('Refresh keeps the focus while the load it started runs', async () => {
    let answer: ((page: PetPage) => void) | null = null;
    await startApp({
      handlers: {
        list_pets: () => (answer === null ? { pets: DEMO_PETS, next: null } : new Promise<PetPage>((r) => (answer = r))),
      },
    });
    await screen.findByText('Biscuit');
    const refresh = screen.getByRole('button', { name: /Refresh/ }) as HTMLButtonElement;
    refresh.focus();
    answer = () => {};
    await fireEvent.click(refresh);
    await tick();
    expect(refresh.disabled).toBe(false);
    expect(refresh.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(refresh);
  });

  test('the environment radios stay on while a switch runs, so the arrows keep working', async () => {
    const pending: { done: () => void } = { done: () => {} };
    await startApp({
      settings: { productionUrl: 'https://pets.example.com/v1', stagingUrl: null },
      keys: { production: 'abcd' },
      handlers: { list_pets: () => new Promise<PetPage>((r) => (pending.done = () => r({ pets: DEMO_PETS, next: null, mayHaveMore: false }))) },
    });
    const production = (await screen.findByRole('radio', { name: /Production/ })) as HTMLInputElement;
    await fireEvent.click(production);
    await waitFor(() => expect(screen.getByRole('radiogroup', { name: 'Environment' }).getAttribute('aria-busy')).toBe('true'));
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).disabled)).toBe(true);
    pending.done();
  });

  test('a dialog whose first button is off when it opens still takes the focus', async () => {
    // Import… opens the picker at once: its "Choose a file…" is off while the picker is open.
    await startApp({ handlers: { pick_import_file: () => new Promise<string | null>(() => {}) } });
    await screen.findByText('Biscuit');
    const importButton = screen.getByTestId('import-button');
    importButton.focus();
    await fireEvent.click(importButton);
    const dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    expect((within(dialog).getByRole('button', { name: 'Choose a file…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  test('“Saved.” is said by a status region that was already there', async () => {
    await startApp();
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await fireEvent.click(within(dialog).getByRole('tab', { name: 'Activity' }));
    const days = (await within(dialog).findByLabelText('Keep entries for (days)')) as HTMLInputElement;
    await waitFor(() => expect(days.value).toBe('90'));
    const region = within(dialog).getAllByRole('status').find((r) => r.textContent === '');
    expect(region).toBeDefined();
    await type(days, '30');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(region?.textContent).toBe('Saved.'));
  });
});
