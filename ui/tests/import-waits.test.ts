// An import and a rate-limit wait the key must honour: the preview names the wait's end ("the
// import starts then", or, for a wait longer than an import sits out, "start it after then"),
// and a running import that sits one out says "Waiting for the service until 17:30:01 (in 4:58)"
// with the countdown ticking, in English and German.
import { render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { installFake } from '../src/demo/fake';
import ImportDialog from '../src/lib/components/ImportDialog.svelte';
import { formatClockSeconds } from '../src/lib/format';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { waitFirstText, waitingText } from '../src/lib/import-words';
import { CategoryNames } from '../src/lib/state/categories.svelte';
import { ImportSession } from '../src/lib/state/imports.svelte';
import type { ImportEstimate, ImportPreview, ImportProgress } from '../src/lib/types';

const NOW = Date.parse('2026-11-20T17:25:03.000Z');
/** 4 min 58 s from NOW. */
const UNTIL = new Date(NOW + 298_000).toISOString();
const CLOCK = formatClockSeconds(UNTIL);

afterEach(async () => {
  vi.useRealTimers();
  await setLanguage('en');
});

function estimate(more: Partial<ImportEstimate> = {}): ImportEstimate {
  return {
    requests: 3,
    time: { unit: 'minutes', count: 5 },
    dayLimited: false,
    plan: null,
    perMinute: 60,
    perDay: null,
    wait: { until: UNTIL, tooLong: false },
    ...more,
  };
}

function preview(): ImportPreview {
  return {
    path: '/home/demo/shelter.csv',
    fileName: 'shelter.csv',
    environment: 'staging',
    production: false,
    baseUrl: 'https://staging.example.com/v1',
    totalRows: 3,
    validRows: 3,
    invalidRows: 0,
    repeats: 0,
    rows: [],
    ignoredColumns: [],
    estimate: estimate(),
    estimateWithRepeats: estimate(),
    edited: false,
    resumable: null,
    categoryNames: null,
  };
}

const waiting: ImportProgress = {
  environment: 'staging',
  fileName: 'shelter.csv',
  phase: 'listingBefore',
  total: 3,
  created: 0,
  skipped: 0,
  failed: 0,
  unknown: 0,
  paused: false,
  cancelling: false,
  secondsLeft: 298,
  waitingUntil: UNTIL,
};

describe('the words of a wait', () => {
  test('English: the preview names the end and when the import starts; the progress says it waits', () => {
    expect(waitFirstText(estimate(), NOW)).toBe(`The service asked to wait until ${CLOCK} (in 4:58): the import starts then.`);
    expect(waitFirstText(estimate({ wait: { until: UNTIL, tooLong: true } }), NOW)).toBe(
      `The service asked to wait until ${CLOCK} (in 4:58), longer than an import waits: start it after then.`,
    );
    expect(waitFirstText(estimate({ wait: null }), NOW)).toBeNull();
    expect(waitingText(UNTIL, NOW)).toBe(`Waiting for the service until ${CLOCK} (in 4:58): nothing is sent before then.`);
  });

  test('German', async () => {
    await setLanguage('de');
    expect(waitFirstText(estimate(), NOW)).toBe(`Der Dienst hat gebeten, bis ${CLOCK} (in 4:58) zu warten: Der Import beginnt dann.`);
    expect(waitFirstText(estimate({ wait: { until: UNTIL, tooLong: true } }), NOW)).toBe(
      `Der Dienst hat gebeten, bis ${CLOCK} (in 4:58) zu warten, länger als ein Import wartet: Starten Sie ihn danach.`,
    );
    expect(waitingText(UNTIL, NOW)).toBe(`Wartet auf den Dienst bis ${CLOCK} (in 4:58): Bis dahin wird nichts gesendet.`);
  });
});

describe('the import dialog during a wait', () => {
  test('the preview names the wait, and its countdown ticks', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: NOW });
    installFake();
    const session = new ImportSession();
    session.preview = preview();
    session.stage = 'preview';
    session.open = true;
    render(ImportDialog, { session, categories: new CategoryNames() });
    const dialog = screen.getByRole('dialog', { name: 'Import pets' });
    const wait = within(dialog).getByTestId('import-wait');
    expect(wait.textContent).toContain(`until ${CLOCK} (in 4:58): the import starts then.`);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(wait.textContent).toContain(`until ${CLOCK} (in 4:56)`);
  });

  test('no wait, no such line', () => {
    installFake();
    const session = new ImportSession();
    session.preview = { ...preview(), estimate: estimate({ wait: null }), estimateWithRepeats: estimate({ wait: null }) };
    session.stage = 'preview';
    session.open = true;
    render(ImportDialog, { session, categories: new CategoryNames() });
    expect(screen.queryByTestId('import-wait')).toBeNull();
  });

  test('a running import that sits a wait out says so with the countdown, in German too', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: NOW });
    installFake();
    await setLanguage('de');
    const session = new ImportSession();
    session.progressed(waiting);
    session.open = true;
    render(ImportDialog, { session, categories: new CategoryNames() });
    const dialog = screen.getByRole('dialog', { name: 'Haustiere importieren' });
    const line = within(dialog).getByTestId('import-waiting');
    expect(line.textContent).toBe(`Wartet auf den Dienst bis ${CLOCK} (in 4:58): Bis dahin wird nichts gesendet.`);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(line.textContent).toContain('(in 4:57)');
    // Sending again: the line goes.
    session.progressed({ ...waiting, phase: 'sending', waitingUntil: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(within(dialog).queryByTestId('import-waiting')).toBeNull();
  });
});
