import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test } from 'vitest';
import type { CrashNotice } from '../src/lib/types';
import { startApp } from './helpers';

const CRASH: CrashNotice = {
  at: '2030-03-17T17:46:40.000Z',
  logFile: '/home/sam/.local/share/dev.petstore.admin/logs/petstore-admin.log',
};

const notice = () => screen.findByTestId('crash-notice');

describe('the app closed unexpectedly last time', () => {
  test('the next start says so once, with when and the log file, until dismissed', async () => {
    const fake = await startApp({ lastCrash: CRASH });
    const shown = await notice();
    expect(shown.textContent).toContain('Petstore Admin closed unexpectedly last time (');
    expect(shown.textContent).toContain('2030');
    expect(shown.textContent).toContain('because of a bug.');
    expect(shown.textContent).toContain(`What happened is in its log file, for a bug report: ${CRASH.logFile}`);
    expect(shown.closest('section')?.getAttribute('aria-label')).toBe('Notices');
    expect(fake.callsTo('last_crash')).toHaveLength(1);

    await fireEvent.click(within(shown).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('crash-notice')).toBeNull());
    expect(fake.callsTo('last_crash')).toHaveLength(1);
  });

  test('without a known time or log folder it still says what happened', async () => {
    await startApp({ lastCrash: { at: null, logFile: null } });
    const shown = await notice();
    expect(shown.textContent).toContain('Petstore Admin closed unexpectedly last time, because of a bug.');
    expect(shown.textContent).not.toContain('log file');
  });

  test('in German', async () => {
    await startApp({ lastCrash: CRASH, language: 'de' });
    await waitFor(async () => expect((await notice()).textContent).toContain('wegen eines Programmfehlers unerwartet beendet'));
    expect((await notice()).textContent).toContain(`Was geschah, steht in seiner Protokolldatei, für eine Fehlermeldung: ${CRASH.logFile}`);
    expect((await notice()).textContent).toContain('Ausblenden');
  });

  test('no crash, no notice', async () => {
    const fake = await startApp();
    await screen.findByText('Biscuit');
    await waitFor(() => expect(fake.callsTo('last_crash')).toHaveLength(1));
    expect(screen.queryByTestId('crash-notice')).toBeNull();
  });
});
