import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { quota } from '../src/demo/fake';
import { startApp } from './helpers';

describe('environment switch', () => {
  test('shows the active environment; the sandbox is marked as local demo data', async () => {
    await startApp();
    const sandbox = (await screen.findByRole('radio', { name: /Sandbox/ })) as HTMLInputElement;
    expect(sandbox.checked).toBe(true);
    expect(sandbox.closest('label')?.textContent).toContain('local demo data');
    expect(screen.getByTestId('demo-banner').textContent).toContain('local demo data');
  });

  test('switching to production asks the backend, warns, and reloads list and quota', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    await screen.findByText('Biscuit');
    fake.handlers.current_quota = () => quota(5000, 5000, { environment: 'production', plan: 'business' });
    const production = (await screen.findByRole('radio', { name: /Production/ })) as HTMLInputElement;
    await fireEvent.click(production);
    await waitFor(() => expect(fake.callsTo('select_environment')).toEqual([{ environment: 'production' }]));
    const banner = await screen.findByTestId('production-banner');
    expect(banner.textContent).toContain('live store');
    expect(production.checked).toBe(true);
    expect(production.closest('label')?.className).toContain('production');
    expect(production.closest('label')?.className).toContain('active');
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('5,000 / 5,000'));
    expect(screen.getByText('Switched to Production.').getAttribute('aria-live')).toBe('polite');
  });

  test('after a switch, a quota asked for before the first page is asked for again after it', async () => {
    const fake = await startApp({ keys: { production: 'abcd' } });
    await screen.findByText('Biscuit');
    // Like the backend: no quota for Production until its first page has been asked for; and
    // the page's own quota event is lost.
    fake.handlers.current_quota = () =>
      fake.callsTo('list_pets').length < 2
        ? null
        : quota(4999, 5000, { environment: 'production', plan: 'business' });
    await fireEvent.click(await screen.findByRole('radio', { name: /Production/ }));
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('quota-count').textContent).toBe('4,999 / 5,000'));
  });

  test('an environment without an address says it is not set up', async () => {
    await startApp();
    const staging = await screen.findByRole('radio', { name: /Staging/ });
    expect(staging.closest('label')?.textContent).toContain('not set up');
  });

  test('an unconfigured Production says "not set up" in place of "live data", and keeps the longer story', async () => {
    await startApp({ settings: { productionUrl: null, stagingUrl: null } });
    const production = await screen.findByRole('radio', { name: 'Production not set up' });
    const label = production.closest('label');
    expect(label?.textContent).not.toContain('live data');
    expect(label?.className).toContain('production');
    expect(label?.title).toBe('Live data: changes are real. Not set up yet: add its address and API key in Settings.');
    expect(screen.getByRole('radio', { description: /^Live data: changes are real\. Not set up yet/ })).toBe(production);
  });

  test('a configured Production is tagged live data, its address in the description', async () => {
    // Configured: an address and a key.
    await startApp({ keys: { production: 'abcd' } });
    const production = await screen.findByRole('radio', { name: 'Production live data' });
    expect(screen.getByRole('radio', { description: 'Live data: changes are real. https://pets.example.com/v1' })).toBe(
      production,
    );
  });
});

describe('keyboard shortcuts', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('Ctrl+N opens the new pet form, Ctrl+R refreshes, Ctrl+F focuses Find, Ctrl+Shift+F the filter (Linux/Windows)', async () => {
    vi.stubGlobal('navigator', { ...navigator, platform: 'Linux x86_64', userAgent: 'X11; Linux', userAgentData: undefined });
    const fake = await startApp();
    await screen.findByText('Biscuit');

    const refresh = new KeyboardEvent('keydown', { key: 'r', ctrlKey: true, cancelable: true, bubbles: true });
    window.dispatchEvent(refresh);
    expect(refresh.defaultPrevented).toBe(true);
    await waitFor(() => expect(fake.callsTo('list_pets')).toHaveLength(2));

    await fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    expect(document.activeElement?.id).toBe('pet-find');
    await fireEvent.keyDown(window, { key: 'F', ctrlKey: true, shiftKey: true });
    expect(document.activeElement?.id).toBe('status-filter');

    await fireEvent.keyDown(window, { key: 'n', metaKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    await fireEvent.keyDown(window, { key: 'n', ctrlKey: true });
    expect(screen.getByRole('dialog', { name: 'New pet' })).toBeTruthy();
  });

  test('Cmd is the modifier on macOS', async () => {
    vi.stubGlobal('navigator', { ...navigator, platform: 'MacIntel', userAgentData: undefined });
    await startApp();
    await screen.findByText('Biscuit');
    await fireEvent.keyDown(window, { key: 'n', ctrlKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();
    await fireEvent.keyDown(window, { key: 'n', metaKey: true });
    expect(screen.getByRole('dialog', { name: 'New pet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /New pet/ }).getAttribute('aria-keyshortcuts')).toBe('Meta+N');
  });
});

describe('environment switch failures', () => {
  test('a refused switch says why and keeps the current environment', async () => {
    const { commandError } = await import('../src/demo/fake');
    const fake = await startApp({
      handlers: {
        select_environment: () => {
          throw commandError('configuration', { problem: 'missingBaseUrl', environment: 'production', field: 'productionUrl' });
        },
      },
    });
    await screen.findByText('Biscuit');
    await fireEvent.click(await screen.findByRole('radio', { name: /Production/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Production has no address yet');
    expect((screen.getByRole('radio', { name: /Sandbox/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('production-banner')).toBeNull();
    expect(fake.callsTo('list_pets')).toHaveLength(1);
  });

  test('closing Settings after a failed list tries the list again', async () => {
    const { commandError, pet } = await import('../src/demo/fake');
    let configured = false;
    await startApp({
      handlers: {
        list_pets: () => {
          if (!configured) throw commandError('unauthorized');
          return { pets: [pet('1', 'Biscuit')], next: null };
        },
      },
    });
    const alert = await screen.findByRole('alert');
    await fireEvent.click(within(alert).getByRole('button', { name: 'Open Settings' }));
    configured = true;
    await fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByText('Biscuit');
  });
});
