import { formatCount } from './format';
import { t, type TextKey } from './i18n/index.svelte';
import { INT64_MAX } from './int64';
import { MIN_CATEGORY_ID } from './bindings/CategoryIdLimits';

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
  if (trimmed === '') return t('validation.nameEmpty');
  const length = nameLength(trimmed);
  if (length > MAX_NAME_CHARS) {
    return t('validation.nameTooLong', { max: formatCount(MAX_NAME_CHARS), over: formatCount(length - MAX_NAME_CHARS) });
  }
  return null;
}

/** A category id is a positive int64, checked exactly (as BigInt), never through Number. */
export function categoryProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return t('validation.categoryEmpty');
  if (!/^-?\d+$/.test(trimmed)) return t('validation.categoryDigits');
  const value = BigInt(trimmed);
  // The same bound as `petstore add` and an import row (petstore-client's MIN_CATEGORY_ID).
  if (value < BigInt(MIN_CATEGORY_ID)) return t('validation.categoryPositive');
  if (value > INT64_MAX) return t('validation.categoryTooLarge', { max: formatCount(INT64_MAX) });
  return null;
}

export function limitProblem(text: string): string | null {
  if (!/^\d+$/.test(text.trim())) return t('validation.limit');
  const n = Number(text);
  return n >= 1 && n <= 100 ? null : t('validation.limit');
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
    return t('validation.urlNotFull');
  }
  const loopback = LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return t('validation.urlHttps');
  }
  if (url.username || url.password) return t('validation.urlCredentials');
  if (url.search || url.hash) return t('validation.urlQuery');
  if (!/\/v1\/?$/.test(url.pathname)) return t('validation.urlV1');
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

/** The sentences for one count field: when what was typed is not a whole number, and when it is out of bounds. */
type CountWords = { enter: TextKey; range: TextKey };

/** A count as typed, without the thousands separators of the language on screen (or spaces). */
function digitsOf(text: string): string {
  const group = t('format.group');
  return text.trim().replace(/\s/g, '').split(group).join('');
}

function wholeNumberProblem(text: string, bounds: { min: number; max: number }, words: CountWords): string | null {
  const trimmed = digitsOf(text);
  const range = { min: formatCount(bounds.min), max: formatCount(bounds.max) };
  if (!/^\d+$/.test(trimmed)) return t(words.enter, range);
  const n = Number(trimmed);
  if (n < bounds.min || n > bounds.max) return t(words.range, range);
  return null;
}

export function retentionDaysProblem(text: string): string | null {
  return wholeNumberProblem(text, RETENTION_DAYS, { enter: 'validation.daysEnter', range: 'validation.daysRange' });
}

export function maxEntriesProblem(text: string): string | null {
  return wholeNumberProblem(text, MAX_ENTRIES, { enter: 'validation.entriesEnter', range: 'validation.entriesRange' });
}

/**
 * The number a person typed in a count field, read with the thousands separator of the language
 * on screen: "200,000" in English, "200.000" in German, reads as 200000.
 */
export function typedCount(text: string): number {
  return Number(digitsOf(text));
}
