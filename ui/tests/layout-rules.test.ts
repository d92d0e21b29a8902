// What the window shows at its default size (1100 px) and at 800×600. jsdom lays
// nothing out, so these read the rules that guarantee it (the layouts themselves were looked at in
// WebKitGTK, the Linux web view): the header wraps instead of cutting its words, and the import
// dialog never grows past the window, its buttons in view. The Activity table's narrow layout is
// checked through the UI with a narrow window's media query.
import { screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test, vi } from 'vitest';
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
      matches: query.includes('max-width: 819px'),
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
