// The gauge's Clear when the backend keeps the wait (`waitKept`): the reason and the
// time it may be asked again show at the control, Clear waits until then, and nothing is said
// about the environment failing.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, test, vi } from 'vitest';
import { commandError, quota } from '../src/demo/fake';
import { formatWhen } from '../src/lib/format';
import { startApp } from './helpers';

const clearButton = () => within(screen.getByTestId('quota-remembered-wait')).getByRole('button', { name: /^Clear/ });

describe('a Clear the backend refuses', () => {
  test('says why and from when, at the Clear, which waits until then', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: new Date('2026-01-01T10:00:00') });
    const again = new Date('2026-01-01T10:00:45');
    const fake = await startApp({
      quota: quota(40, 100),
      rememberedWait: { until: new Date('2026-01-01T10:05:00').toISOString(), environment: 'sandbox' },
      handlers: {
        forget_wait: () => {
          throw commandError('waitKept', { problem: 'waitClearedRecently', retryAt: again.toISOString() });
        },
      },
    });
    await screen.findByTestId('quota-remembered-wait');
    await fireEvent.click(clearButton());
    const refused = await screen.findByTestId('quota-clear-refused');
    expect(refused.getAttribute('role')).toBe('alert');
    expect(refused.textContent).toContain('cleared less than a minute ago');
    expect(refused.textContent).toContain(`You can clear it again at ${formatWhen(again.toISOString(), Date.now())}.`);
    expect(fake.callsTo('forget_wait')).toHaveLength(1);
    // The wait is still shown, and still in force.
    expect(screen.getByTestId('quota-remembered-wait').textContent).toContain('Paused until');
    expect(clearButton()).toHaveProperty('disabled', true);
    // Said once, at the Clear: not as the environment's failure in the banner too.
    expect(screen.getAllByTestId('error-text')).toHaveLength(1);

    vi.setSystemTime(new Date('2026-01-01T10:00:46'));
    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(clearButton()).toHaveProperty('disabled', false));
    await fireEvent.click(within(refused).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('quota-clear-refused')).toBeNull();
    vi.useRealTimers();
  });
});
