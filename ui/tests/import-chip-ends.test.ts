// The header's chip of a finished import: a × (with its own accessible name) takes it away, a clean
// import's chip goes by itself CHIP_LINGERS_MS after the person has seen it (counted from the start
// each time it shows), and a cancelled, stopped or troubled import's chip stays until dismissed.
// The component over an ImportSession whose result is set (the demo's imports all end clean), on
// Vitest's fake timers.
import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFake } from '../src/demo/fake';
import ImportIndicator from '../src/lib/components/ImportIndicator.svelte';
import { setLanguage } from '../src/lib/i18n/index.svelte';
import { CHIP_LINGERS_MS, ImportSession } from '../src/lib/state/imports.svelte';
import type { ImportResult } from '../src/lib/types';

function result(more: Partial<ImportResult> = {}): ImportResult {
  return {
    environment: 'staging',
    baseUrl: 'https://staging.example.com/v1',
    fileName: 'pets.csv',
    counts: { created: 4, skipped: 0, invalid: 0, failed: 0, unknown: 0, notSent: 0, repeated: 0 },
    resumed: false,
    cancelled: false,
    stopped: null,
    stoppedReconciling: false,
    newIds: [],
    unknownRows: [],
    failedRows: [],
    repeatedRows: [],
    keptFailing: false,
    ...more,
  };
}

/** A session whose import just ended with `ended`, its dialog closed: the chip shows. */
async function chipOf(ended: ImportResult): Promise<ImportSession> {
  installFake();
  const session = new ImportSession();
  session.finished(ended);
  render(ImportIndicator, { session });
  await tick();
  return session;
}

const chip = () => screen.queryByTestId('import-indicator');

async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await tick();
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(async () => {
  vi.useRealTimers();
  await setLanguage('en');
});

describe('a finished import’s chip', () => {
  test('goes by itself two minutes after it was seen', async () => {
    expect(CHIP_LINGERS_MS).toBe(120_000);
    await chipOf(result());
    expect(chip()?.textContent).toBe('Staging: import done: 4 created');
    await pass(CHIP_LINGERS_MS - 1_000);
    expect(chip()).not.toBeNull();
    await pass(1_000);
    expect(chip()).toBeNull();
  });

  test('seen again (its report opened and closed), it stays another two minutes', async () => {
    const session = await chipOf(result());
    await pass(100_000);
    await fireEvent.click(chip() as HTMLElement);
    expect(session.open).toBe(true);
    expect(chip()).toBeNull();
    // The report stays open as long as the person reads it.
    await pass(10 * 60_000);
    session.close();
    await tick();
    expect(chip()).not.toBeNull();
    await pass(100_000);
    expect(chip()).not.toBeNull();
    await pass(20_000);
    expect(chip()).toBeNull();
  });

  test('× dismisses it at once, and is named for screen readers in both languages', async () => {
    await chipOf(result());
    const dismiss = screen.getByRole('button', { name: 'Dismiss the finished import to Staging' });
    await setLanguage('de');
    await tick();
    expect(dismiss.getAttribute('aria-label')).toBe('Hinweis auf den beendeten Import in Staging ausblenden');
    await fireEvent.click(dismiss);
    expect(chip()).toBeNull();
    expect(screen.queryByTestId('import-indicator-dismiss')).toBeNull();
  });

  test('a cancelled, stopped or troubled import’s chip stays until it is dismissed', async () => {
    const stopped = result({ stopped: { kind: 'timeout' } });
    const troubled = [
      result({ cancelled: true }),
      stopped,
      result({ counts: { ...result().counts, unknown: 1 } }),
      result({ counts: { ...result().counts, failed: 2 } }),
    ];
    for (const ended of troubled) {
      const session = await chipOf(ended);
      await pass(30 * 60_000);
      expect(chip(), JSON.stringify(ended)).not.toBeNull();
      await fireEvent.click(screen.getByTestId('import-indicator-dismiss'));
      expect(chip()).toBeNull();
      expect(session.chipDismissed).toBe(true);
      document.body.innerHTML = '';
    }
  });

  test('the next import brings the chip back, and a running import has no ×', async () => {
    const session = await chipOf(result());
    await fireEvent.click(screen.getByTestId('import-indicator-dismiss'));
    expect(chip()).toBeNull();
    session.result = null;
    session.progressed({
      environment: 'staging', fileName: 'next.csv', phase: 'sending', total: 10, created: 1, skipped: 0, failed: 0,
      unknown: 0, paused: false, cancelling: false, secondsLeft: 30,
    });
    await tick();
    expect(chip()?.textContent).toContain('Staging: importing 1 of 10');
    expect(screen.queryByTestId('import-indicator-dismiss')).toBeNull();
    session.dismissChip();
    await pass(CHIP_LINGERS_MS * 2);
    expect(chip()).not.toBeNull();
  });
});
