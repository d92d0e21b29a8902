// WCAG 2.x contrast from the CSS itself: the themes' variables as app.css writes them, and the
// rules of every stylesheet (app.css and each component's <style>), for contrast.test.ts.

export type Theme = 'light' | 'dark';
export type Rgb = [number, number, number];

/** The body of the block that opens at `open` (the index of its `{`), braces balanced. */
function blockAt(css: string, open: number): string {
  let depth = 0;
  for (let i = open; i < css.length; i += 1) {
    if (css[i] === '{') depth += 1;
    else if (css[i] === '}') {
      depth -= 1;
      if (depth === 0) return css.slice(open + 1, i);
    }
  }
  throw new Error(`unbalanced braces after index ${open}`);
}

function declarations(body: string): Record<string, string> {
  const found: Record<string, string> = {};
  // Only the block's own declarations: nested blocks are cut out first.
  const flat = body.replace(/\{[^{}]*\}/g, '');
  for (const m of flat.matchAll(/--([\w-]+)\s*:\s*([^;]+);/g)) found[m[1]] = m[2].trim();
  return found;
}

function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/**
 * The variables of both themes: light is the top-level `:root`, dark is light with the
 * `@media (prefers-color-scheme: dark)` block's `:root` over it (the way the browser sees them).
 */
export function themes(appCss: string): Record<Theme, Record<string, string>> {
  const css = stripComments(appCss);
  const rootAt = css.search(/(^|\n):root\s*\{/);
  if (rootAt < 0) throw new Error('app.css has no :root block');
  const light = declarations(blockAt(css, css.indexOf('{', rootAt)));
  const mediaAt = css.search(/@media\s*\(prefers-color-scheme:\s*dark\)\s*\{/);
  if (mediaAt < 0) throw new Error('app.css has no prefers-color-scheme: dark block');
  const media = blockAt(css, css.indexOf('{', mediaAt));
  const darkRoot = media.search(/:root\s*\{/);
  if (darkRoot < 0) throw new Error('the dark block has no :root');
  const dark = { ...light, ...declarations(blockAt(media, media.indexOf('{', darkRoot))) };
  return { light, dark };
}

/** `#rgb`, `#rrggbb`, or `rgb(r g b)` / `rgb(r, g, b)`: the forms app.css uses for colours. */
export function parseColour(text: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgb\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)\s*\)$/i.exec(text.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`not an opaque colour: ${text}`);
}

// WCAG 2.x relative luminance (sRGB, the 0.03928 threshold the 2.x text gives).
function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** One rule of a stylesheet: its selector and its own declarations (nested blocks apart). */
export interface Rule {
  file: string;
  selector: string;
  body: string;
}

/** Every innermost rule (those in @media blocks too) of `css`, comments removed. */
export function rules(file: string, css: string): Rule[] {
  return [...stripComments(css).matchAll(/([^{};]+)\{([^{}]*)\}/g)].map((m) => ({
    file,
    selector: m[1].trim().replace(/\s+/g, ' '),
    body: m[2],
  }));
}

/** The variable a property of the rule is set to, as in `color: var(--muted)`; null: none. */
export function varOf(rule: Rule, property: 'color' | 'background'): string | null {
  const pattern =
    property === 'color'
      ? /(?:^|[;{\s])color\s*:\s*var\(--([\w-]+)\)/
      : /(?:^|[;{\s])background(?:-color)?\s*:\s*var\(--([\w-]+)\)/;
  return pattern.exec(rule.body)?.[1] ?? null;
}

/** The stylesheet of a .svelte file (its <style> element's text), or '' when it has none. */
export function svelteStyle(source: string): string {
  return [...source.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
}
