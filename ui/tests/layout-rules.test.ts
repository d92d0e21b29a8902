// What the window shows at its default size (1100 px) and at 800×600. jsdom lays
// nothing out, so these read the rules that guarantee it (the layouts themselves were looked at in
// WebKitGTK, the Linux web view): the header wraps instead of cutting its words, and the import
// dialog never grows past the window, its buttons in view. The Activity table's narrow layout is
// checked through the UI with a narrow window's media query.
import { screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { activityEntry } from '../src/demo/fake-activity';
import { OPERATION_LABEL, OPERATIONS, resultInBrief, resultOf } from '../src/lib/activity-words';
import { ENVIRONMENT_IDS, ENVIRONMENT_LABELS } from '../src/lib/environment';
import { formatDuration, formatListTime } from '../src/lib/format';
import { LANGUAGES, setLanguage, t } from '../src/lib/i18n/index.svelte';
import type { ActivityEntry, ResolutionKind } from '../src/lib/types';
import { activityRows, history, openActivity } from './activity-helpers';
import { startApp } from './helpers';

const sources = import.meta.glob<string>('../src/**/*.svelte', { query: '?raw', import: 'default', eager: true });

function styleOf(file: string): string {
  const source = sources[`../src/${file}`];
  if (!source) throw new Error(`no ${file}`);
  return /<style>([\s\S]*)<\/style>/.exec(source)?.[1] ?? '';
}

/** The declarations of the rule whose selector list is exactly `selector` (comments left out). */
function declarations(css: string, selector: string): string {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (match[1].trim().replace(/\s+/g, ' ') === selector) return match[2];
  }
  throw new Error(`no rule for ${selector}`);
}

describe('header', () => {
  test('wraps onto a second line rather than shrinking or cutting its words', () => {
    const app = styleOf('App.svelte');
    expect(declarations(app, '.top')).toMatch(/flex-wrap:\s*wrap/);
    expect(declarations(app, '.top > :global(*)')).toMatch(/flex:\s*none/);
    // The right-hand side (quota, import, Settings) moves as one, and wraps within itself.
    const end = declarations(app, '.top > .end');
    expect(end).toMatch(/flex:\s*1 1 auto/);
    expect(end).toMatch(/flex-wrap:\s*wrap/);
    expect(declarations(app, '.end > :global(*)')).toMatch(/flex:\s*none/);
  });

  test('the quota gauge and the import chip never end in an ellipsis', () => {
    for (const file of ['lib/components/QuotaGauge.svelte', 'lib/components/ImportIndicator.svelte']) {
      expect(styleOf(file)).not.toMatch(/text-overflow:\s*ellipsis/);
    }
  });
});

describe('import dialog', () => {
  test('fits the window: the rows scroll inside, the buttons stay at its bottom edge', () => {
    expect(sources['../src/lib/components/ImportDialog.svelte']).toMatch(/<Modal\b[^\n]*\bfit>/);
    const modal = styleOf('lib/components/Modal.svelte');
    expect(declarations(modal, '.panel.fit')).toMatch(/max-height:\s*calc\(92vh - 16px\)/);
    expect(declarations(modal, '.panel.fit > :global(:not(.head))')).toMatch(/min-height:\s*0/);
    const dialog = styleOf('lib/components/ImportDialog.svelte');
    expect(declarations(dialog, '.import')).toMatch(/overflow:\s*auto/);
    expect(declarations(dialog, '.import > .rows')).toMatch(/flex:\s*0 1 auto/);
    const footer = declarations(dialog, '.import > .actions, .import > .confirm');
    expect(footer).toMatch(/position:\s*sticky/);
    expect(footer).toMatch(/bottom:\s*0/);
  });
});

describe('activity at a narrow width', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('leaves the Took column out of the table, not hidden in it', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 899px') || query.includes('max-width: 1039px'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    await startApp({ activity: history(3) });
    await openActivity();
    const table = within(screen.getByTestId('activity-scroll')).getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['When', 'Environment', 'Action', 'Pet', 'Result']);
    expect(table.querySelectorAll('col')).toHaveLength(5);
    expect(activityRows()[0].querySelectorAll('td')).toHaveLength(5);
  });
});

/** The rules of a `@media (query)` block of `css`, as text. */
function mediaBlock(css: string, query: string): string {
  const start = css.indexOf(`@media (${query})`);
  if (start < 0) throw new Error(`no @media (${query})`);
  let depth = 0;
  for (let i = css.indexOf('{', start); i < css.length; i++) {
    if (css[i] === '{') depth++;
    if (css[i] === '}' && --depth === 0) return css.slice(css.indexOf('{', start) + 1, i);
  }
  throw new Error(`unclosed @media (${query})`);
}

/** A column's width in px (1rem = 14px, the root's font size in app.css), from its rule's `width: Nrem`. */
function remWidth(css: string, selector: string): number {
  const width = /width:\s*([\d.]+)rem/.exec(declarations(css, selector))?.[1];
  if (!width) throw new Error(`${selector} has no width in rem`);
  return Number(width) * 14;
}

describe('activity columns', () => {
  afterEach(() => setLanguage('en'));

  // Text at 14px in the widest usual UI font (DejaVu Sans, WebKitGTK's default on Linux) measured
  // at most 0.56 em a character on these words ("Too many (429)" 109 px for 14 characters), and a
  // cell has 12 px of padding on each side.
  const room = (text: string) => Math.ceil(text.length * 0.56 * 14 + 24);
  const longest = (texts: string[]) => texts.reduce((a, b) => (b.length > a.length ? b : a));

  const RESOLUTIONS: ResolutionKind[] = ['found', 'retried', 'dismissed'];
  /** Every usual result: each outcome, each settled unconfirmed add, the statuses with the longest words. */
  const results = (): ActivityEntry[] => [
    activityEntry({ outcome: 'ok', status: 201 }),
    activityEntry({ operation: 'getPet', outcome: 'notFound', status: 404, errorKind: 'notFound' }),
    activityEntry({ outcome: 'error', status: 429, errorKind: 'rateLimited' }),
    activityEntry({ outcome: 'error', status: 503, errorKind: 'server' }),
    ...RESOLUTIONS.map((kind) =>
      activityEntry({ operation: 'createPet', outcome: 'unknown', status: null, resolution: { kind, petId: '7', at: '2026-11-28T08:00:00Z' } }),
    ),
  ];

  /** The longest words each column shows in a language. */
  async function wordsIn(language: (typeof LANGUAGES)[number]) {
    await setLanguage(language);
    const now = Date.parse('2026-11-29T12:00:00');
    return {
      // Each column's heading too: "Environment" was cut at 1100 px in the real window.
      time: longest([t('activity.when'), ...['2026-11-28T23:58:58', '2025-12-28T23:58:58', '2026-11-29T11:58:58'].map((at) => formatListTime(new Date(at).toISOString(), now))]),
      env: longest([t('environment.legend'), ...ENVIRONMENT_IDS.map((id) => ENVIRONMENT_LABELS[id])]),
      op: longest([t('activity.action'), ...OPERATIONS.map((op) => OPERATION_LABEL[op])]),
      result: longest(results().map((entry) => resultOf(entry, true))),
      brief: longest(results().map(resultInBrief)),
      // Anything under an hour, the longest way it is said.
      took: longest([t('activity.took'), ...[999, 59_900, 3_599_000].map(formatDuration)]),
    };
  }

  test('each column but Pet has the room of its longest usual words, in English and in German', async () => {
    const css = styleOf('lib/components/ActivityTable.svelte');
    const narrower = mediaBlock(css, 'max-width: 1039px');
    for (const language of LANGUAGES) {
      const words = await wordsIn(language);
      expect(remWidth(css, '.c-time'), `${language}: ${words.time}`).toBeGreaterThanOrEqual(room(words.time));
      expect(remWidth(css, '.c-env'), `${language}: ${words.env}`).toBeGreaterThanOrEqual(room(words.env));
      expect(remWidth(css, '.c-op'), `${language}: ${words.op}`).toBeGreaterThanOrEqual(room(words.op));
      expect(remWidth(css, '.c-result'), `${language}: ${words.result}`).toBeGreaterThanOrEqual(room(words.result));
      expect(remWidth(narrower, '.c-result'), `${language}: ${words.brief}`).toBeGreaterThanOrEqual(room(words.brief));
      expect(remWidth(css, '.c-took'), `${language}: ${words.took}`).toBeGreaterThanOrEqual(room(words.took));
    }
    // The longest German result is the one that needs the room.
    expect((await wordsIn('de')).result).toBe('Nicht bestätigt: erneut hinzugefügt');
  });

  test('Pet takes what is left, and keeps room at the widths where each layout starts', () => {
    const css = styleOf('lib/components/ActivityTable.svelte');
    expect(() => declarations(css, '.c-pet')).toThrow();
    const fixed = ['.c-time', '.c-env', '.c-op'].reduce((sum, c) => sum + remWidth(css, c), 0);
    const narrower = mediaBlock(css, 'max-width: 1039px');
    // The table is the window less 2 × 20 px of padding and its 2 px border (16 px below 960 px).
    const pet = (window: number, padding: number, others: number) => window - 2 * padding - 2 - fixed - others;
    // The default width: the whole result and Took.
    expect(pet(1100, 20, remWidth(css, '.c-result') + remWidth(css, '.c-took'))).toBeGreaterThanOrEqual(200);
    // From 1040 px the whole result; from 900 px the brief one with Took; below, without Took.
    expect(pet(1040, 20, remWidth(css, '.c-result') + remWidth(css, '.c-took'))).toBeGreaterThanOrEqual(140);
    expect(pet(900, 16, remWidth(narrower, '.c-result') + remWidth(css, '.c-took'))).toBeGreaterThanOrEqual(120);
    expect(pet(800, 16, remWidth(narrower, '.c-result'))).toBeGreaterThanOrEqual(150);
  });

  test('the brief result says what became of a settled add, and the cell keeps the whole result as its tooltip', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width: 1039px'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const settled = activityEntry({
      id: '1', operation: 'createPet', outcome: 'unknown', status: null, durationMs: 65_000,
      resolution: { kind: 'retried', petId: '7', at: new Date().toISOString() },
    });
    await startApp({ activity: [settled] });
    await openActivity();
    const cell = activityRows()[0].querySelector('td.result') as HTMLElement;
    expect(cell.textContent?.trim()).toBe('Added again');
    expect(cell.title).toBe('Not confirmed: added again');
    // Took is still there at this width.
    expect(activityRows()[0].querySelectorAll('td')).toHaveLength(6);
    vi.unstubAllGlobals();
  });
});

describe('activity in a short window (800×600)', () => {
  test('the header, the filters, the unconfirmed box and the rows are compact, so the table keeps the height', () => {
    expect(mediaBlock(styleOf('App.svelte'), 'max-height: 660px')).toMatch(/\.top\s*\{[^}]*padding-top:\s*4px/);
    expect(mediaBlock(styleOf('lib/components/ActivityTable.svelte'), 'max-height: 660px')).toMatch(/td\s*\{[^}]*height:\s*30px/);
    expect(mediaBlock(styleOf('lib/components/ActivityFilters.svelte'), 'max-height: 660px')).toMatch(/h2\s*\{[^}]*clip:/);
    // The box shows its heading and about one add; more scroll inside it.
    expect(mediaBlock(styleOf('lib/components/UnconfirmedCreates.svelte'), 'max-height: 660px')).toMatch(
      /\.unconfirmed\s*\{[^}]*max-height:\s*7\.5rem/,
    );
  });
});
