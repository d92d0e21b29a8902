// What Test connection proves (never a count that reads as the store's
// size), and the small slips: a link inside a sentence spaced like a word, the next step for a
// refused key said where the person is, the lookup's hint agreeing with its rule, the int64
// maximum named and grouped, the fix-in-place status a choice of the three, and Export's "Which
// pets" only where there is a choice.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import appCss from '../src/app.css?raw';
import { commandError, pet, quota } from '../src/demo/fake';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { describeError } from '../src/lib/messages';
import { unknownCreate, openActivity } from './activity-helpers';
import { DEMO_PETS, startApp, type } from './helpers';

afterEach(() => setLanguage('en'));

const STAGING = {
  settings: { productionUrl: null, stagingUrl: 'https://staging.pets.example.com/v1' },
  keys: { staging: 'wxyz' },
  selected: 'staging' as const,
};

/** Forty pets on Staging. */
const FORTY = Array.from({ length: 40 }, (_, i) => pet(String(i + 1), `Pet ${i + 1}`, '1', 'available'));

async function openSettings(tab: string, first = 'Pet 1') {
  await screen.findByText(first);
  await fireEvent.click(screen.getByRole('button', { name: /Settings|Einstellungen/ }));
  const dialog = screen.getByRole('dialog');
  await fireEvent.click(within(dialog).getByRole('tab', { name: tab }));
  return dialog;
}

/** The app in German, once its words are on screen. */
async function startGerman(options: Parameters<typeof startApp>[0]) {
  const fake = await startApp({ ...options, language: 'de' });
  await setLanguage('de');
  await waitFor(() => expect(screen.getByRole('button', { name: /Einstellungen/ })).toBeTruthy());
  return fake;
}

/** One line of text as a person reads it: runs of white space as one space. */
const read = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('Test connection says what it proved', () => {
  test('the address answers, the key is accepted, the quota and plan; no count of pets', async () => {
    const fake = await startApp({
      ...STAGING,
      pets: FORTY,
      // As the app answers: it asks for one pet, so it sees one.
      handlers: {
        test_connection: () => ({
          quota: quota(59, 100, { window: 'minute', environment: 'staging' }),
          petsSeen: 1,
          baseUrl: 'https://staging.pets.example.com/v1',
          saved: true,
        }),
      },
    });
    const dialog = await openSettings('Staging');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const ok = read(await within(dialog).findByTestId('connection-ok'));
    expect(ok).toBe(
      'Connected to https://staging.pets.example.com/v1: the address answers and the API key was accepted. ' +
        'Quota: 59 / 100 per minute, Free plan.',
    );
    expect(ok).not.toMatch(/Saw|\d+ pets?\b/);
    expect(fake.callsTo('test_connection')).toHaveLength(1);
  });

  test('in German too', async () => {
    await startGerman({
      ...STAGING,
      pets: FORTY,
      handlers: {
        test_connection: () => ({ quota: null, petsSeen: 1, baseUrl: 'https://staging.pets.example.com/v1', saved: true }),
      },
    });
    const dialog = await openSettings('Staging');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Verbindung testen' }));
    const ok = read(await within(dialog).findByTestId('connection-ok'));
    expect(ok).toBe(
      'Verbunden mit https://staging.pets.example.com/v1: Die Adresse antwortet, und der API-Schlüssel wurde angenommen. ' +
        'Der Server hat kein Kontingent gemeldet.',
    );
  });
});

describe('a refused key, inside Settings', () => {
  const refused = () => {
    throw commandError('unauthorized', { status: 401, code: 'invalid_api_key' });
  };

  test('says to check the key above, not "in Settings"', async () => {
    await startApp({ ...STAGING, pets: FORTY, handlers: { test_connection: refused } });
    const dialog = await openSettings('Staging');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    const text = read(await within(dialog).findByRole('alert'));
    expect(text).toBe('Staging refused the API key. Check the API key for Staging above.');
  });

  test('in German too', async () => {
    await startGerman({ ...STAGING, pets: FORTY, handlers: { test_connection: refused } });
    const dialog = await openSettings('Staging');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Verbindung testen' }));
    const text = read(await within(dialog).findByRole('alert'));
    expect(text).toContain('Prüfen Sie oben den API-Schlüssel für Staging.');
    expect(text).not.toContain('Einstellungen');
  });

  test('outside Settings, the same refusal still points to Settings', async () => {
    await startApp({ ...STAGING, handlers: { list_pets: refused } });
    expect(read(await screen.findByTestId('error-text'))).toContain('Check the API key for Staging in Settings.');
  });
});

describe('every next step Test connection can give points above, not to Settings', () => {
  const inSettings = (error: ReturnType<typeof commandError>, environment: 'staging' | 'sandbox') =>
    describeError(error, { environment, inSettings: true }).next;

  test('the address, the network, the key; the sandbox has no key field', () => {
    expect(inSettings(commandError('unexpectedResponse', { status: 200 }), 'staging')).toBe(
      'Check that the address for Staging above points to the Pet Store service.',
    );
    expect(inSettings(commandError('network', { cause: 'dns' }), 'staging')).toBe(
      'Check the network connection and the address for Staging above, then try again.',
    );
    expect(inSettings(commandError('unauthorized', { status: 401 }), 'sandbox')).toBe(
      'Try again; if it keeps happening, restart the app.',
    );
  });
});

describe('a link inside a sentence reads like a word', () => {
  const UNKNOWN = unknownCreate({
    id: '900',
    environment: 'staging',
    pet: { name: 'Server Says No', categoryId: '5', id: null },
  });

  test('"Added again: Server Says No is pet 41." has no gap around the link', async () => {
    const style = document.createElement('style');
    style.textContent = appCss;
    document.head.append(style);
    try {
      await startApp({ ...STAGING, selected: 'sandbox', activity: [UNKNOWN] });
      await openActivity();
      const item = await screen.findByTestId('unconfirmed-item');
      await fireEvent.click(await within(item).findByRole('button', { name: 'Check now' }));
      await fireEvent.click(await within(item).findByRole('button', { name: 'Try again…' }));
      await fireEvent.click(within(item).getByRole('button', { name: 'Add again' }));
      const state = within(item).getByTestId('unconfirmed-state');
      await waitFor(() => expect(read(state)).toMatch(/^Added again: Server Says No is pet \d+\.$/));
      const link = within(state).getByRole('button', { name: /^pet \d+$/ });
      const look = getComputedStyle(link);
      // Padding on either side shows as a stray space: "is  pet 41 ."
      expect([look.paddingLeft, look.paddingRight]).toEqual(['0px', '0px']);
      expect(look.display).toBe('inline');
    } finally {
      style.remove();
    }
  });
});

describe('look up by id', () => {
  const panel = () => screen.getByRole('region', { name: /Look up by id|Nach ID suchen/ });
  async function lookUp(id: string) {
    await type(screen.getByLabelText(/Pet id|Haustier-ID/), id);
    await fireEvent.click(within(panel()).getByRole('button', { name: /Look up|Suchen/ }));
  }

  test('spaces around the number are accepted, and the hint does not forbid them', async () => {
    const fake = await startApp();
    await lookUp(' 3 ');
    await within(panel()).findByTestId('lookup-result');
    expect(fake.callsTo('get_pet')).toEqual([{ id: '3' }]);

    await lookUp('3 4');
    const hint = read(within(panel()).getByRole('alert'));
    expect(hint).toBe('Use digits only: a whole number, with no decimals and no spaces between the digits.');
    expect(fake.callsTo('get_pet')).toHaveLength(1);
  });

  test('an id too large names the maximum, grouped for the language', async () => {
    await startApp();
    await lookUp('9223372036854775808');
    expect(read(within(panel()).getByRole('alert'))).toBe(
      'This number is too large for an id: use at most 9,223,372,036,854,775,807.',
    );
  });

  test('… in German too', async () => {
    await startGerman({});
    await lookUp('9223372036854775808');
    expect(read(within(panel()).getByRole('alert'))).toContain('9.223.372.036.854.775.807');
  });

  test('an id too small for an int64 is not called too large', async () => {
    await startApp();
    await lookUp('-9223372036854775809');
    expect(read(within(panel()).getByRole('alert'))).toBe(
      'This number is too small for an id: use at least -9,223,372,036,854,775,808.',
    );
  });
});

describe('a category id too large names the maximum, grouped', () => {
  test('in the New pet form', async () => {
    await startApp();
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /New pet/ }));
    const dialog = screen.getByRole('dialog', { name: 'New pet' });
    await type(within(dialog).getByLabelText('Category id'), '9223372036854775808');
    expect(within(dialog).getByText(/too large/).textContent).toBe(
      'This number is too large for a category id: use at most 9,223,372,036,854,775,807.',
    );
  });

  test('in an import row’s problem', async () => {
    await startApp({ importCsv: 'name,categoryId,status\nRex,9223372036854775808,available' });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Import…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    const preview = await within(dialog).findByTestId('import-preview');
    expect(preview.textContent).toContain('from 1 to 9,223,372,036,854,775,807');
    expect(preview.textContent).not.toContain('9223372036854775807');
  });
});

describe('fixing an import row in place', () => {
  async function openPreview(csv: string) {
    const fake = await startApp({ importCsv: csv, importStepMs: 15 });
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Import…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Import pets' });
    await within(dialog).findByTestId('import-preview');
    return { fake, dialog };
  }

  test('the status is a choice of the three, or none', async () => {
    const { fake, dialog } = await openPreview('name,categoryId,status\nJuniper,,pending');
    const status = within(dialog).getByRole('combobox', { name: 'Status on line 2' }) as HTMLSelectElement;
    expect(status.tagName).toBe('SELECT');
    expect([...status.options].map((o) => [o.value, o.textContent?.trim()])).toEqual([
      ['', 'Let the server decide'],
      ['available', 'Available'],
      ['pending', 'Pending'],
      ['sold', 'Sold'],
    ]);
    expect(status.value).toBe('pending');
    await fireEvent.change(status, { target: { value: 'sold' } });
    await type(within(dialog).getByLabelText('Category id on line 2'), '6');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Check row' }));
    await waitFor(() => expect(fake.callsTo('fix_import_row')).toHaveLength(1));
    expect(fake.callsTo('fix_import_row')[0]).toEqual({ index: 0, cells: { name: 'Juniper', categoryId: '6', status: 'sold' } });
  });

  test('a status the file has that is none of them is shown, and can be replaced', async () => {
    const { fake, dialog } = await openPreview('name,categoryId,status\nJuniper,2,adopted');
    const status = within(dialog).getByRole('combobox', { name: 'Status on line 2' }) as HTMLSelectElement;
    expect(status.selectedOptions[0]?.textContent?.trim()).toBe('“adopted” (from the file)');
    expect(status.selectedOptions[0]?.disabled).toBe(true);
    await fireEvent.change(status, { target: { value: '' } });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Check row' }));
    await waitFor(() => expect(fake.callsTo('fix_import_row')).toHaveLength(1));
    expect(fake.callsTo('fix_import_row')[0]).toEqual({ index: 0, cells: { name: 'Juniper', categoryId: '2', status: '' } });
  });
});

describe('Export', () => {
  test('with no filter, no "Which pets" choice of one: one line says what is exported', async () => {
    await startApp();
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Export…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Export pets' });
    expect(within(dialog).queryByRole('group', { name: 'Which pets' })).toBeNull();
    expect(within(dialog).queryAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['csv', 'json']);
    expect(read(within(dialog).getByTestId('export-scope'))).toBe('All of Sandbox’s pets: no status filter is set.');
  });

  test('with a filter, the choice is there', async () => {
    await startApp({ pets: DEMO_PETS });
    await screen.findByText('Biscuit');
    await fireEvent.change(screen.getByLabelText('Status', { selector: '#status-filter' }), { target: { value: 'sold' } });
    await fireEvent.click(screen.getByRole('button', { name: /Export…/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Export pets' });
    const which = within(dialog).getByRole('group', { name: 'Which pets' });
    expect(within(which).getAllByRole('radio')).toHaveLength(2);
    expect(within(dialog).queryByTestId('export-scope')).toBeNull();
  });
});
