// Every text/background pair of the UI, by CSS variable, with where it shows. contrast.test.ts
// checks each in both themes, and that every rule of the stylesheets which sets a text colour and
// a background together (and every text colour used at all) is in this list, so a new pairing in
// a component fails the test until it is listed here and measured.
//
// Normal text needs 4.5:1 (WCAG 1.4.3 AA). None of the UI's text is "large" (its biggest size is
// --fs-title, 17px at weight 600, below WCAG's 18.66px bold), so no text pair gets 3:1. The 3:1
// pairs are non-text (WCAG 1.4.11): the focus ring against what it is drawn over.

export interface Pair {
  fg: string;
  bg: string;
  where: string;
  /** 4.5 unless set; 3 only with `nonText` saying why. */
  min?: 3;
  nonText?: string;
}

const on = (bg: string, where: string, fgs: string[]): Pair[] => fgs.map((fg) => ({ fg, bg, where }));

export const PAIRS: Pair[] = [
  // The window's background: the toolbar's heading and labels, text outside cards.
  ...on('bg', 'page background: toolbar heading and labels (PetToolbar, ActivityFilters), link buttons beside it', [
    'text', 'muted', 'accent',
  ]),
  // Cards, dialogs, the header, buttons, inputs, table cells.
  ...on('surface', 'cards, dialogs, header, .btn, inputs, table cells, chart axes (QuotaChart)', [
    'text', 'muted', 'accent', 'danger', 'amber', 'ok', 'prod',
  ]),
  // Raised/secondary surfaces: table headings and footers, hovered rows and buttons, the
  // environment switch and the quota range, disabled and read-only inputs, the lookup's result.
  ...on('surface-2', 'table headings and footers, hovered rows/buttons/tabs, switches, disabled and read-only inputs, lookup result', [
    'text', 'muted', 'accent', 'danger', 'amber', 'prod',
  ]),
  // A pet just added, highlighted in the table (its cells, a link, the unknown-status badge).
  ...on('highlight', 'the highlighted new pet row (PetTable)', ['text', 'muted']),
  // Badges and chips.
  ...on('neutral-soft', 'default .badge, "Sold" status badge, empty-state icons', ['muted', 'text']),
  { fg: 'ok', bg: 'ok-soft', where: '"Available" badge, demo banner, .notice.ok, saved notes, create outcome' },
  { fg: 'amber', bg: 'amber-soft', where: '"Pending" and "Deprecated" badges, Activity badge and flag, .notice.warn, quota alert (low)' },
  { fg: 'accent', bg: 'accent-soft', where: 'the plan chip in the quota gauge, link buttons in .notice.info / resume offer' },
  { fg: 'on-accent', bg: 'accent', where: '.btn.primary, the "New" label of a new pet' },
  { fg: 'on-accent', bg: 'accent-hover', where: '.btn.primary while hovered' },
  { fg: 'on-prod', bg: 'prod', where: 'the active Production option, Import to Production button' },
  // Tinted notices and banners, with what they contain (text, secondary text, links).
  ...on('danger-soft', '.notice.error, error banner, quota alert (used up / 429), invalid import rows, error state icon', [
    'danger', 'text', 'muted',
  ]),
  ...on('amber-soft', '.notice.warn, Not confirmed section and rows, settings problem banner, import unknown/failed, Find box marks (PetTable)', [
    'text', 'muted', 'accent', 'danger', 'prod',
  ]),
  ...on('accent-soft', '.notice.info, create in progress line, import notes, resume offer, import indicator (hover)', [
    'text', 'muted',
  ]),
  ...on('ok-soft', 'demo and started-over banners (with their Dismiss link), create outcome (its id)', ['text', 'muted', 'accent']),
  ...on('prod-soft', 'production banner, import target and confirmation', ['prod', 'text']),
  // Non-text: the focus ring must stand out from whatever it is drawn over.
  ...['bg', 'surface', 'surface-2', 'highlight', 'accent-soft', 'amber-soft', 'danger-soft', 'ok-soft', 'prod-soft'].map(
    (bg): Pair => ({
      fg: 'focus',
      bg,
      where: 'the focus outline (:focus-visible) around controls on this background',
      min: 3,
      nonText: 'a focus indicator is a user-interface component state (WCAG 1.4.11), not text',
    }),
  ),
  // Non-text: a text field is found by its edge, drawn on its own surface inside a card, the
  // page (toolbars) or a tinted row (the import preview's fix-in-place).
  ...['bg', 'surface', 'surface-2', 'amber-soft', 'danger-soft'].map(
    (bg): Pair => ({
      fg: 'input-border',
      bg,
      where: 'the border of text fields and selects (.input) on this background',
      min: 3,
      nonText: 'an input\'s boundary identifies the control (WCAG 1.4.11), it is not text',
    }),
  ),
];

/** Colours that are never text and so need no pair: fills, bars, borders, skeletons, shadows. */
export const NOT_TEXT = ['border', 'border-strong', 'input-border', 'amber-bar', 'skeleton', 'shadow', 'shadow-lg'];
