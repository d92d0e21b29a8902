import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { expect } from 'vitest';
import { activityEntry } from '../src/demo/fake-activity';
import type { ActivityEntry } from '../src/lib/types';

export { activityEntry };

/** The Activity tab, selected, with its first rows on screen. */
export async function openActivity(): Promise<HTMLElement> {
  await fireEvent.click(await screen.findByRole('tab', { name: /Activity/ }));
  const panel = screen.getByRole('tabpanel', { name: /Activity/ });
  await waitFor(() =>
    expect(
      within(panel).queryByTestId('activity-count') ??
        within(panel).queryByTestId('activity-empty') ??
        within(panel).queryByTestId('activity-problem') ??
        within(panel).queryByTestId('activity-load-error'),
    ).not.toBeNull(),
  );
  return panel;
}

/** The history's rows on screen (not the placeholders), top to bottom. */
export function activityRows(): HTMLElement[] {
  const scroll = screen.queryByTestId('activity-scroll');
  return scroll ? [...scroll.querySelectorAll<HTMLElement>('tbody tr[data-id]')] : [];
}

export const activityIds = () => activityRows().map((r) => r.dataset.id ?? '');

/** `count` entries, newest first, one a minute back from now, ids counting down from `count`. */
export function history(count: number, more: (i: number) => Partial<ActivityEntry> = () => ({})): ActivityEntry[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, i) =>
    activityEntry({ id: String(count - i), at: new Date(now - i * 60_000).toISOString(), ...more(i) }),
  );
}

export function choose(label: string | RegExp, value: string): Promise<boolean> {
  const select = screen.getByLabelText(label) as HTMLSelectElement;
  select.value = value;
  return fireEvent.change(select);
}

/** A create whose outcome is unknown (sent, no answer read): the unconfirmed add the tests settle. */
export function unknownCreate(more: Partial<ActivityEntry> & Pick<ActivityEntry, 'pet'>): ActivityEntry {
  return activityEntry({
    operation: 'createPet',
    method: 'POST',
    path: '/v1/pets',
    status: null,
    outcome: 'unknown',
    errorKind: 'outcomeUnknown',
    petsReturned: null,
    ...more,
  });
}
