// The values the fake answers with, as the backend would make them: pets, quotas, the deprecation.
import { PET_STATUSES } from '../lib/format';
import type { Deprecation, Pet, Quota, QuotaLevel } from '../lib/types';

export const DEPRECATION: Deprecation = {
  operation: 'getPet',
  sunset: '2030-12-05T00:00:00Z',
  replacement: 'GET /pets?status=…',
  deprecatedSince: null,
};

export function pet(id: string, name: string, categoryId = '1', status: string | null = 'available'): Pet {
  const known = status === null || (PET_STATUSES as string[]).includes(status);
  return { id, name, categoryId, status, statusKnown: known };
}

/** An error as the backend sends it: facts only (the UI words it in lib/messages.ts). */
export { commandError } from '../lib/command-error';

export function quota(remaining: number, limit = 100, more: Partial<Quota> = {}): Quota {
  return {
    limit,
    remaining,
    resetAt: new Date(Date.now() + 42_000).toISOString(),
    window: 'minute',
    plan: limit === 100 ? 'free' : null,
    observedAt: new Date().toISOString(),
    environment: 'sandbox',
    level: levelOf(remaining, limit),
    ...more,
  };
}

/** The level the backend sends with these figures (src-tauri's `QuotaLevel::of`), as a fake must. */
function levelOf(remaining: number, limit: number): QuotaLevel {
  if (limit <= 0) return 'unknown';
  if (remaining <= 0) return 'empty';
  return remaining * 5 < limit ? 'low' : 'ok';
}
