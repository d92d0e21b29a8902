// The import, export, API key and category dialogs in German: titles, buttons,
// counts in the singular and the plural, and numbers grouped the German way, over the fake
// backend (Tauri's mockIPC) as the other dialog tests run them.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test } from 'vitest';
import { installFake } from '../src/demo/fake';
import ImportDialog from '../src/lib/components/ImportDialog.svelte';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { slots } from '../src/lib/i18n/pieces';
import { estimateText } from '../src/lib/import-words';
import { CategoryNames } from '../src/lib/state/categories.svelte';
import { ImportSession } from '../src/lib/state/imports.svelte';
import type { ImportEstimate, ImportPreview, ImportResult, PreviewRow } from '../src/lib/types';
import { startApp, type } from './helpers';

afterEach(() => setLanguage('en'));

/** The whole app in German, as chosen in Settings, with its first page on screen. */
async function startGerman(options: Parameters<typeof startApp>[0] = {}) {
  const fake = await startApp({ language: 'de', ...options });
  await setLanguage('de');
  await screen.findByText('Biscuit');
  await waitFor(() => expect(screen.getByRole('button', { name: /Einstellungen/ })).toBeTruthy());
  return fake;
}

async function openSettings(tab: string) {
  await fireEvent.click(screen.getByRole('button', { name: /Einstellungen/ }));
  const dialog = screen.getByRole('dialog', { name: 'Einstellungen' });
  await fireEvent.click(within(dialog).getByRole('tab', { name: tab }));
  return dialog;
}

const estimate = (over: Partial<ImportEstimate>): ImportEstimate => ({
  requests: 4,
  time: { unit: 'underAMinute' },
  dayLimited: false,
  plan: null,
  perMinute: null,
  perDay: null,
  ...over,
});

describe('the import estimate in words', () => {
  test('English, as the petstore command says it', () => {
    expect(estimateText(estimate({ time: { unit: 'underAMinute' }, plan: 'pro', perMinute: 300, perDay: 10000 }))).toBe(
      'under a minute at 300 requests a minute (Pro plan)',
    );
    expect(estimateText(estimate({ time: { unit: 'minutes', count: 4 }, perMinute: 1000 }))).toBe('about 4 min at 1,000 requests a minute');
    expect(estimateText(estimate({ time: { unit: 'hours', count: 3 }, dayLimited: true, plan: 'free', perMinute: 60, perDay: 1000 }))).toBe(
      'about 3 hours: the day window is the limit, 1,000 requests a day (Free plan)',
    );
    expect(estimateText(estimate({ time: null, requests: 1 }))).toBe(
      '1 request; the time it takes shows once the service has told the quota',
    );
    expect(estimateText(estimate({ time: { unit: 'days', count: 2 } }))).toBe('about 2 days');
  });

  test('German, with German numbers and plurals', async () => {
    await setLanguage('de');
    expect(estimateText(estimate({ time: { unit: 'minutes', count: 4 }, plan: 'business', perMinute: 1000 }))).toBe(
      'etwa 4 Min. bei 1.000 Anfragen pro Minute (Business-Tarif)',
    );
    expect(estimateText(estimate({ time: { unit: 'hours', count: 3 }, dayLimited: true, plan: 'pro', perMinute: 300, perDay: 10000 }))).toBe(
      'etwa 3 Stunden: Begrenzt durch das Tageskontingent von 10.000 Anfragen (Pro-Tarif)',
    );
    expect(estimateText(estimate({ time: { unit: 'days', count: 3 } }))).toBe('etwa 3 Tage');
    expect(estimateText(estimate({ time: null, requests: 12345 }))).toBe(
      '12.345 Anfragen; die Dauer zeigt sich, sobald der Dienst das Kontingent genannt hat',
    );
  });
});

describe('slots', () => {
  test('splits a message at its placeholders, keeping the text around them', () => {
    expect(slots('Saved to {path}; kept as {kept}.')).toEqual([
      { text: 'Saved to ' },
      { slot: 'path' },
      { text: '; kept as ' },
      { slot: 'kept' },
      { text: '.' },
    ]);
    expect(slots('{count} created')).toEqual([{ slot: 'count' }, { text: ' created' }]);
    expect(slots('no slots')).toEqual([{ text: 'no slots' }]);
  });
});

describe('the import dialog in German', () => {
  test('preview, import and end screen over the fake backend', async () => {
    await startGerman({ importStepMs: 15 });
    await fireEvent.keyDown(window, { key: 'i', ctrlKey: true });
    const dialog = await screen.findByRole('dialog', { name: 'Haustiere importieren' });
    await within(dialog).findByTestId('import-preview');
    expect(within(dialog).getByTestId('import-environment').textContent).toContain('Sandbox');
    expect(within(dialog).getByTestId('import-counts').textContent).toContain('4 gültig, 1 mit einem Problem');
    expect(within(dialog).getByTestId('import-ignored').textContent).toContain('Die Spalte „colour“ wird nicht importiert.');
    expect(within(dialog).getByTestId('import-estimate').textContent).toContain(
      'weniger als eine Minute bei 60 Anfragen pro Minute (Free-Tarif)',
    );
    expect(within(dialog).getByRole('columnheader', { name: 'Zeile' })).toBeTruthy();
    expect(within(dialog).getByTestId('import-start').textContent).toContain('4 Haustiere importieren');

    await type(within(dialog).getByLabelText('Kategorie-ID in Zeile 3'), '6');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Zeile prüfen' }));
    await waitFor(() => expect(within(dialog).getByTestId('import-start').textContent).toContain('5 Haustiere importieren'));

    await fireEvent.click(within(dialog).getByTestId('import-start'));
    const totals = await within(dialog).findByTestId('import-totals', {}, { timeout: 3000 });
    expect(totals.textContent).toContain('5 angelegt');
    expect(totals.textContent).toContain('0 übersprungen (von einem früheren Lauf angelegt)');
    expect(within(dialog).getByTestId('import-ended').textContent).toContain('Fertig.');
    await fireEvent.click(within(dialog).getByTestId('import-save-report'));
    expect((await within(dialog).findByTestId('import-saved')).textContent).toContain(
      'Bericht gespeichert unter /home/demo/import-report.csv.',
    );
    expect(within(dialog).getByRole('button', { name: 'Weitere Datei importieren …' })).toBeTruthy();
  });

  const row = (index: number, problems: PreviewRow['problems'] = []): PreviewRow => ({
    index,
    line: index + 2,
    name: `Pet ${index}`,
    categoryId: '1',
    categoryName: '',
    status: 'available',
    problems,
    repeat: null,
    formulaName: false,
  });

  const bigPreview: ImportPreview = {
    path: '/home/demo/big.csv',
    fileName: 'big.csv',
    environment: 'production',
    production: true,
    baseUrl: 'https://pets.example.com/v1',
    totalRows: 12346,
    validRows: 12345,
    invalidRows: 1,
    repeats: 0,
    rows: [row(0, [{ column: 'name', problem: { code: 'nameEmpty' } }]), row(1), row(2)],
    ignoredColumns: ['colour', 'age'],
    estimate: estimate({ requests: 12344, time: { unit: 'hours', count: 3 }, dayLimited: true, plan: 'pro', perMinute: 300, perDay: 10000 }),
    estimateWithRepeats: estimate({ requests: 12344, time: { unit: 'hours', count: 3 }, dayLimited: true, plan: 'pro', perMinute: 300, perDay: 10000 }),
    edited: false,
    resumable: { created: 1, unknown: 0 },
    categoryNames: { environment: 'production', added: [{ id: '1', name: 'Hunde' }], unchanged: 0, refused: [] },
  };

  test('large counts, singular and plural, and the Production question (a preview set in the session: the demo has no 12,345-row file)', async () => {
    installFake();
    await setLanguage('de');
    const session = new ImportSession();
    session.preview = bigPreview;
    session.stage = 'preview';
    session.drafts = { 0: { name: '', categoryId: '1', status: 'available' } };
    session.open = true;
    render(ImportDialog, { session, categories: new CategoryNames() });
    const dialog = screen.getByRole('dialog', { name: 'Haustiere importieren' });
    expect(within(dialog).getByTestId('import-environment').textContent).toContain('Produktion');
    expect(within(dialog).getByTestId('import-environment').textContent).toContain('der echte Shop');
    expect(within(dialog).getByTestId('import-counts').textContent).toContain('12.345 gültig');
    expect(within(dialog).getByTestId('import-ignored').textContent).toContain('Die Spalten „colour“, „age“ werden nicht importiert.');
    expect(within(dialog).getByTestId('import-category-names').textContent).toContain(
      '1 Kategoriename wird für Produktion übernommen (Hunde (1)).',
    );
    expect(within(dialog).getByTestId('import-estimate').textContent).toContain('Der Import pausiert, bis das Tageskontingent erneuert ist');
    expect(within(dialog).getByTestId('import-resumable').textContent).toContain('endete nach 1 angelegten Haustier.');
    expect(within(dialog).getByText('Angezeigt: die ersten 2 von 12.345 gültigen Zeilen.')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Name in Zeile 2' })).toBeTruthy();

    await fireEvent.click(within(dialog).getByTestId('import-start'));
    const question = within(dialog).getByTestId('import-confirm');
    expect(question.textContent).toContain('12.344 Haustiere zu Produktion, dem echten Shop, hinzufügen?');
    expect(within(question).getByText('Produktion').tagName).toBe('STRONG');
    expect(within(question).getByRole('button', { name: '12.344 Haustiere nach Produktion importieren' })).toBeTruthy();
    expect(within(question).getByRole('button', { name: 'Zurück' })).toBeTruthy();
  });

  test('the end screen: one row with no answer, totals in bold, German words (a result set in the session: the demo never loses an answer)', async () => {
    installFake();
    await setLanguage('de');
    const session = new ImportSession();
    const result: ImportResult = {
      environment: 'staging',
      baseUrl: 'https://staging.example.com/v1',
      fileName: 'new.csv',
      counts: { created: 1500, skipped: 0, invalid: 0, failed: 1, unknown: 1, notSent: 0, repeated: 0 },
      resumed: false,
      cancelled: false,
      stopped: null,
      stoppedReconciling: false,
      newIds: [],
      unknownRows: [{ line: 4, name: 'Clover', categoryId: '5', status: null, detail: 'notFound' }],
      failedRows: [{ line: 7, name: 'Rex', categoryId: '2', status: null, detail: 'invalidInput' }],
      repeatedRows: [],
      keptFailing: false,
    };
    session.finished(result);
    session.open = true;
    render(ImportDialog, { session, categories: new CategoryNames() });
    const dialog = screen.getByRole('dialog', { name: 'Haustiere importieren' });
    expect(within(dialog).getByTestId('import-ended').textContent?.replace(/\s+/g, ' ')).toContain('Fertig. new.csv nach Staging.');
    const totals = within(dialog).getByTestId('import-totals');
    expect(totals.textContent).toContain('1.500 angelegt');
    expect(within(totals).getByText('1.500').tagName).toBe('STRONG');
    const unknown = within(dialog).getByTestId('import-unknown');
    expect(within(unknown).getByRole('heading', { name: '1 Zeile ohne Antwort' })).toBeTruthy();
    expect(unknown.textContent).toContain('Clover (Kategorie 5) — Gesendet, ohne Antwort, und unter den danach aufgelisteten');
    expect(within(unknown).getByRole('button', { name: 'Diese Zeile erneut senden?' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: '1 Zeile abgelehnt' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Fertig' })).toBeTruthy();
  });
});

describe('the export dialog in German', () => {
  test('title, choices, and how many pets were written where, singular and plural', async () => {
    let pets = 1234;
    await startGerman({
      handlers: { export_pets: () => ({ path: '/home/demo/pets.csv', keptAs: '/home/demo/pets.alt.csv', pets }) },
    });
    await fireEvent.click(screen.getByRole('button', { name: /Export …/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Haustiere exportieren' });
    expect(dialog.textContent).toContain('Alle Seiten der Haustiere von Sandbox');
    expect(within(dialog).getByRole('group', { name: 'Format' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Kategorienamen einschließen')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Exportieren …' }));
    const saved = await within(dialog).findByTestId('export-saved');
    expect(saved.textContent).toContain(
      '1.234 Haustiere nach /home/demo/pets.csv geschrieben; die Datei, die dort war, bleibt als /home/demo/pets.alt.csv erhalten.',
    );
    expect(within(saved).getByText('/home/demo/pets.csv').className).toContain('mono');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Fertig' }));

    pets = 1;
    await fireEvent.click(screen.getByRole('button', { name: /Export …/ }));
    dialog = await screen.findByRole('dialog', { name: 'Haustiere exportieren' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Exportieren …' }));
    expect((await within(dialog).findByTestId('export-saved')).textContent).toContain('1 Haustier nach /home/demo/pets.csv geschrieben');
  });
});

describe('the API key in German', () => {
  test('save and clear, with German status, buttons and question', async () => {
    await startGerman();
    const dialog = await openSettings('Produktion');
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('Kein Schlüssel gespeichert'));
    expect(within(dialog).getByRole('heading', { name: 'API-Schlüssel' })).toBeTruthy();
    const key = within(dialog).getByLabelText('Neuer API-Schlüssel für Produktion') as HTMLInputElement;
    expect(key.placeholder).toBe('API-Schlüssel einfügen');
    await type(key, 'sk-live-0123456789abcd');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Schlüssel speichern' }));
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('Im Schlüsselbund gespeichert'));
    expect(within(dialog).getByText('Schlüssel im Schlüsselbund gespeichert.')).toBeTruthy();

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Schlüssel löschen' }));
    const question = within(dialog).getByRole('alertdialog', { name: 'API-Schlüssel für Produktion löschen?' });
    expect(question.textContent).toContain('Produktion lässt sich erst wieder verwenden');
    await fireEvent.click(within(question).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('Kein Schlüssel gespeichert'));
    expect(within(dialog).getByText('Schlüssel entfernt.')).toBeTruthy();
  });

  test('what was done follows a switch of language while it is on screen', async () => {
    await startApp();
    await screen.findByText('Biscuit');
    await fireEvent.click(screen.getByRole('button', { name: /Settings/ }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    await fireEvent.click(within(dialog).getByRole('tab', { name: 'Production' }));
    await waitFor(() => expect(within(dialog).getByTestId('key-status').textContent).toContain('No key stored'));
    await type(within(dialog).getByLabelText('New API key for Production'), 'sk-live-0123456789abcd');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save key' }));
    await within(dialog).findByText('Key saved in the keychain.');
    await setLanguage('de');
    await within(dialog).findByText('Schlüssel im Schlüsselbund gespeichert.');
    expect(within(dialog).getByTestId('key-status').textContent).toContain('Im Schlüsselbund gespeichert');
  });
});

describe('category names in German', () => {
  test('add, export (one name) and import a list, in German words and numbers', async () => {
    await startGerman({
      categoryListCsv: 'categoryId,name\n1,Hunde\n2,Katzen\n3,hunde\nx,Vögel\n4,Fische\n1,Hunde',
    });
    const dialog = await openSettings('Kategorien');
    const panel = await within(dialog).findByTestId('category-settings', {}, { timeout: 3000 });
    expect(within(panel).getByTestId('category-empty').textContent).toContain('Sandbox hat noch keine Kategorienamen');
    await type(within(panel).getByLabelText('Nummer'), '1');
    await type(within(panel).getByLabelText('Name'), 'Hunde');
    await fireEvent.click(within(panel).getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(within(panel).getByTestId('category-status').textContent).toContain('Hunde (1) hinzugefügt.'));
    expect(within(panel).getByRole('button', { name: 'Hunde (1) umbenennen' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Den Namen Hunde (1) entfernen' })).toBeTruthy();

    await fireEvent.click(within(panel).getByRole('button', { name: 'Liste exportieren …' }));
    expect((await within(panel).findByTestId('category-exported')).textContent).toContain(
      '1 Kategoriename nach /home/demo/categories-sandbox.csv geschrieben.',
    );

    await fireEvent.click(within(panel).getByRole('button', { name: 'Liste importieren …' }));
    const report = await within(panel).findByTestId('category-imported');
    expect(report.textContent?.replace(/\s+/g, ' ')).toContain('Aus categories.csv: 2 Kategorienamen hinzugefügt, 2 bereits bekannt, 2 nicht verwendet:');
    expect(report.textContent).toContain('Zeile 5:');
  });

  test('a name that is too long is said in German, with the numbers', async () => {
    await startGerman();
    const dialog = await openSettings('Kategorien');
    const panel = await within(dialog).findByTestId('category-settings', {}, { timeout: 3000 });
    await type(within(panel).getByLabelText('Nummer'), '1');
    await type(within(panel).getByLabelText('Name'), 'x'.repeat(61));
    expect(within(panel).getByRole('alert').textContent).toContain('Ein Kategoriename hat höchstens 60 Zeichen; dieser hat 61.');
  });
});
