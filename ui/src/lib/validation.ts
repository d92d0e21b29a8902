import { formatCount } from './format';
import { INT64_MAX } from './int64';

/** The most characters a pet's name may have once trimmed (the service's limit). */
export const MAX_NAME_CHARS = 1000;

/**
 * Characters as the service counts them (Unicode code points, as Rust's `chars()`); never fewer
 * than the characters a person sees, so nothing this passes is refused as too long.
 */
export function nameLength(name: string): number {
  let count = 0;
  for (const _ of name) count += 1;
  return count;
}

export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Enter a name.';
  const length = nameLength(trimmed);
  if (length > MAX_NAME_CHARS) {
    const over = (length - MAX_NAME_CHARS).toLocaleString('en');
    return `This name is too long: shorten it to at most ${MAX_NAME_CHARS.toLocaleString('en')} characters (remove ${over}).`;
  }
  return null;
}

/** A category id is a positive int64, checked exactly (as BigInt), never through Number. */
export function categoryProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'Enter the category id.';
  if (!/^-?\d+$/.test(trimmed)) return 'Use digits only: a whole number from 1 up, for example 3.';
  const value = BigInt(trimmed);
  if (value < 1n) return 'Use a whole number from 1 up, for example 3.';
  if (value > INT64_MAX) return `This number is too large for a category id: use at most ${INT64_MAX}.`;
  return null;
}

export function limitProblem(text: string): string | null {
  if (!/^\d+$/.test(text.trim())) return 'Enter a whole number from 1 to 100.';
  const n = Number(text);
  return n >= 1 && n <= 100 ? null : 'Enter a whole number from 1 to 100.';
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** A base address must keep the key off clear-text links and point at the /v1 API root. */
export function baseUrlProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null; // empty means "not set up"
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'Enter a full address, like https://pets.example.com/v1';
  }
  const loopback = LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return 'Use https:// (plain http:// is only allowed for this computer: 127.0.0.1, ::1 or localhost).';
  }
  if (url.username || url.password) return 'Leave out the user name and password; the API key is set below.';
  if (url.search || url.hash) return 'Leave out the ? and # parts of the address.';
  if (!/\/v1\/?$/.test(url.pathname)) return 'The address must end in /v1, like https://pets.example.com/v1';
  return null;
}

/**
 * Whether a new base address points to another server than the old one (scheme, host or port
 * differ), so a key stored for the old one should not go along unasked. An address that was not
 * set, is being removed, or cannot be read is no move to another server.
 */
export function movesToAnotherServer(before: string | null, after: string): boolean {
  if (!before || before.trim() === '' || after.trim() === '') return false;
  try {
    return new URL(before.trim()).origin !== new URL(after.trim()).origin;
  } catch {
    return false;
  }
}

/** How long the activity history keeps entries: whole days (the store's own bounds are the backend's). */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;
/** How many entries the history keeps at most (the list scrolls smoothly up to this many). */
export const MAX_ENTRIES = { min: 1000, max: 500_000 } as const;

function wholeNumberProblem(text: string, bounds: { min: number; max: number }, unit: string): string | null {
  const trimmed = text.trim().replace(/[,\s]/g, '');
  const range = `${formatCount(bounds.min)} to ${formatCount(bounds.max)}`;
  if (!/^\d+$/.test(trimmed)) return `Enter a whole number of ${unit} from ${range}.`;
  const n = Number(trimmed);
  if (n < bounds.min || n > bounds.max) return `Use a number of ${unit} from ${range}.`;
  return null;
}

export function retentionDaysProblem(text: string): string | null {
  return wholeNumberProblem(text, RETENTION_DAYS, 'days');
}

export function maxEntriesProblem(text: string): string | null {
  return wholeNumberProblem(text, MAX_ENTRIES, 'entries');
}

/** The number a person typed in a count field ("200,000" reads as 200000). */
export function typedCount(text: string): number {
  return Number(text.trim().replace(/[,\s]/g, ''));
}
