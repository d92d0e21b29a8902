// ids and category ids are int64 and travel as strings: Number would silently change
// anything above 2^53, so they are only ever checked and compared as BigInt.
import { formatCount } from './format';
import { t } from './i18n/index.svelte';

const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
const INTEGER = /^-?\d+$/;

/** Why `text` is not an int64 written in decimal, or null when it is. */
export function int64Problem(text: string): string | null {
  if (text === '') return t('validation.idEmpty');
  if (!INTEGER.test(text)) return t('validation.idDigits');
  const value = BigInt(text);
  if (value > INT64_MAX) return t('validation.idTooLarge', { max: formatCount(INT64_MAX) });
  if (value < INT64_MIN) return t('validation.idTooSmall', { min: formatCount(INT64_MIN) });
  return null;
}

/** Orders decimal int64 strings by value; anything malformed sorts after the numbers, as text. */
export function compareInt64(a: string, b: string): number {
  const aOk = INTEGER.test(a);
  const bOk = INTEGER.test(b);
  if (aOk && bOk) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (aOk !== bOk) return aOk ? -1 : 1;
  return a.localeCompare(b);
}
