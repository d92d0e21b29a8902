import { describe, expect, test } from 'vitest';
import appCss from '../src/app.css?raw';
import { NOT_TEXT, PAIRS } from './contrast-pairs';
import { contrast, parseColour, rules, svelteStyle, themes, varOf, type Rule, type Theme } from './contrast';

// Every text/background pair at least WCAG AA in both themes, computed from the CSS
// variables as app.css writes them (not from a copy of the values).

const components = import.meta.glob<string>('../src/**/*.svelte', { query: '?raw', import: 'default', eager: true });
const stylesheets: Rule[] = [
  ...rules('app.css', appCss),
  ...Object.entries(components).flatMap(([path, source]) => rules(path.replace('../src/', ''), svelteStyle(source))),
];
const vars = themes(appCss);
const THEMES: Theme[] = ['light', 'dark'];
const key = (fg: string, bg: string) => `${fg} on ${bg}`;
const listed = new Set(PAIRS.map((p) => key(p.fg, p.bg)));

describe('contrast arithmetic', () => {
  test('matches known WCAG figures', () => {
    expect(contrast(parseColour('#000'), parseColour('#fff'))).toBeCloseTo(21, 5);
    expect(contrast(parseColour('#777777'), parseColour('#ffffff'))).toBeCloseTo(4.48, 2);
    expect(contrast(parseColour('rgb(118, 118, 118)'), parseColour('#fff'))).toBeCloseTo(4.54, 2);
  });

  test('reads both themes from app.css', () => {
    expect(Object.keys(vars.light).length).toBeGreaterThan(20);
    // The dark block overrides the colours, not the sizes.
    expect(vars.dark.bg).not.toBe(vars.light.bg);
    expect(vars.dark['fs-body']).toBe(vars.light['fs-body']);
  });
});

describe('every listed pair, in both themes', () => {
  test('names colours both themes define', () => {
    const missing = THEMES.flatMap((theme) =>
      PAIRS.flatMap((p) => [p.fg, p.bg])
        .filter((name) => vars[theme][name] === undefined)
        .map((name) => `${theme}: --${name}`),
    );
    expect(missing).toEqual([]);
  });

  test('a 3:1 pair says why it is not held to 4.5:1', () => {
    expect(PAIRS.filter((p) => p.min === 3 && !p.nonText).map((p) => key(p.fg, p.bg))).toEqual([]);
  });

  test('reaches WCAG AA: 4.5:1 for text, 3:1 for non-text', () => {
    const failures = THEMES.flatMap((theme) =>
      PAIRS.flatMap((p) => {
        const ratio = contrast(parseColour(vars[theme][p.fg]), parseColour(vars[theme][p.bg]));
        const min = p.min ?? 4.5;
        return ratio >= min
          ? []
          : [`${theme}: --${p.fg} ${vars[theme][p.fg]} on --${p.bg} ${vars[theme][p.bg]} is ${ratio.toFixed(2)}:1 (< ${min}) — ${p.where}`];
      }),
    );
    expect(failures).toEqual([]);
  });
});

describe('the list covers the stylesheets', () => {
  test('the glob sees the components', () => {
    expect(Object.keys(components).length).toBeGreaterThan(20);
    expect(stylesheets.some((r) => r.file === 'lib/components/PetTable.svelte' && r.selector === 'th')).toBe(true);
  });

  test('every rule that sets a text colour on a background of its own is a listed pair', () => {
    const unlisted = stylesheets
      .map((r) => ({ r, fg: varOf(r, 'color'), bg: varOf(r, 'background') }))
      .filter(({ fg, bg }) => fg !== null && bg !== null && !listed.has(key(fg, bg)))
      .map(({ r, fg, bg }) => `${r.file} ${r.selector}: --${fg} on --${bg}`);
    expect(unlisted).toEqual([]);
  });

  test('every text colour used is measured against some background', () => {
    const fgs = new Set(PAIRS.map((p) => p.fg));
    const unmeasured = stylesheets
      .map((r) => ({ r, fg: varOf(r, 'color') }))
      .filter(({ fg }) => fg !== null && !fgs.has(fg))
      .map(({ r, fg }) => `${r.file} ${r.selector}: --${fg}`);
    expect(unmeasured).toEqual([]);
  });

  test('colours left out are never used as text', () => {
    const asText = stylesheets.filter((r) => NOT_TEXT.includes(varOf(r, 'color') ?? '')).map((r) => `${r.file} ${r.selector}`);
    expect(asText).toEqual([]);
  });
});
