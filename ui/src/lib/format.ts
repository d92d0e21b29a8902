import { t, type TextKey } from './i18n/index.svelte';
import type { ByteSize, PetStatusValue, Quota } from './types';

/** "1:05" under an hour, "3 h 12 min" beyond: the quota window can be a day long. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  if (total >= 3600) {
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    return t('format.hoursMinutes', { h, m });
  }
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export function secondsUntil(iso: string, now: number): number {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

// Read through getters, so each read is in the language on screen now.
export const WINDOW_LABEL: Readonly<Record<Quota['window'], string>> = {
  get minute() { return t('quota.perMinute'); },
  get day() { return t('quota.perDay'); },
  unknown: '',
};

export const PLAN_NAME: Readonly<Record<NonNullable<Quota['plan']>, string>> = {
  get free() { return t('plan.free'); },
  get pro() { return t('plan.pro'); },
  get business() { return t('plan.business'); },
};

export const PLAN_LABEL: Readonly<Record<NonNullable<Quota['plan']>, string>> = {
  get free() { return t('plan.label', { plan: PLAN_NAME.free }); },
  get pro() { return t('plan.label', { plan: PLAN_NAME.pro }); },
  get business() { return t('plan.label', { plan: PLAN_NAME.business }); },
};

const month = (index: number) => t('format.months').split(',')[index] ?? '';
const shortMonth = (index: number) => t('format.monthsShort').split(',')[index] ?? '';

/**
 * Dates like the spec's "5 December 2030" ("5. Dezember 2030"), whatever format the server used.
 * Spelled out from the catalog's month names and patterns rather than with Intl.DateTimeFormat:
 * the result is the same for these fixed formats, and the web process then need not load ICU's
 * locale data (about 3.5 MiB) for the start screen (BENCHMARKS.md).
 */
export function formatDate(text: string): string {
  const at = new Date(Date.parse(text));
  if (Number.isNaN(at.getTime())) return text;
  return t('format.date', { day: at.getUTCDate(), month: month(at.getUTCMonth()), year: at.getUTCFullYear() });
}

// Checked against the generated `PetStatusValue`: a status added in Rust fails `npm run check`
// until it has a label here.
const PET_STATUS_LABEL = {
  get available() { return t('status.available'); },
  get pending() { return t('status.pending'); },
  get sold() { return t('status.sold'); },
} satisfies Record<PetStatusValue, string>;

/** A label by status; a status the spec does not list has none (it is shown as it is). */
export const STATUS_LABEL: Readonly<Record<string, string>> = PET_STATUS_LABEL;

/** The statuses a person may choose, in the order the menus show them. */
export const PET_STATUSES = Object.keys(PET_STATUS_LABEL) as PetStatusValue[];

/** "14:05" in local time (spelled out rather than with Intl, for the reason given at formatDate). */
export function formatClock(iso: string): string {
  const at = new Date(Date.parse(iso));
  if (Number.isNaN(at.getTime())) return iso;
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/**
 * A count or quota grouped by thousands in the language on screen ("1,200", "1.200"), the same
 * as `Intl.NumberFormat` gives for whole numbers. Spelled out rather than with Intl or
 * `toLocaleString`, for the reason given at formatDate: counts are on the start screen. Only for
 * counts, quotas and bounds: an id is an identifier, never grouped. A number that is not whole is shown
 * as it is.
 */
export function formatCount(n: number | bigint): string {
  // A bigint stays exact at any size: a bound such as the int64 maximum (never an id).
  if (typeof n === 'bigint') return (n < 0n ? '-' : '') + grouped(String(n < 0n ? -n : n));
  if (!Number.isInteger(n)) return String(n);
  // The shortest digits that give back the number, as Intl uses; from 1e21 String() writes them
  // with an exponent ("1.5e+21"), spelled out here in plain digits.
  const [mantissa, exponent] = String(Math.abs(n)).split('e+');
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = exponent === undefined ? whole : (whole + fraction).padEnd(whole.length + Number(exponent), '0');
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return sign + grouped(digits);
}

/**
 * A size in the unit the backend chose ("8 MiB", "64 KiB", "1,500 bytes"). MiB and KiB are units,
 * the same in every language; "bytes" is a word, whose catalog key the sentence picks (German
 * says "Byte" after "mehr als" and "Bytes" in a reason).
 */
export function formatSize(size: ByteSize, bytes: TextKey = 'format.bytes'): string {
  const n = formatCount(size.value);
  switch (size.unit) {
    case 'mib':
      return `${n} MiB`;
    case 'kib':
      return `${n} KiB`;
    case 'bytes':
      return t(bytes, { n });
  }
}

/** Plain digits with the thousands separator of the language on screen. */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, t('format.group'));
}

/** "14:05:47" in local time (spelled out rather than with Intl, for the reason given at formatDate). */
export function formatClockSeconds(iso: string): string {
  const at = new Date(Date.parse(iso));
  if (Number.isNaN(at.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/**
 * A time of day a banner, the gauge or a panel names, by one rule: less than an hour away from
 * `now` (either way), with its seconds, "17:25:19", as the Activity table shows the same moment;
 * further away, to the minute, "17:25".
 */
export function formatClockNear(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return Math.abs(at - now) < 3_600_000 ? formatClockSeconds(iso) : formatClock(iso);
}

/**
 * A moment a message names, for a person: local time with what is left, "14:05:47 (in 0:32)";
 * once it has passed, the time alone. Every message that names a time uses this (never UTC).
 */
export function formatWhen(iso: string, now: number): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const clock = formatClockSeconds(iso);
  return at > now ? t('format.when', { time: clock, countdown: formatCountdown(at - now) }) : clock;
}


/** "24 November 2026, 14:05:47" in local time: an entry's full time in its details. */
export function formatDateTime(iso: string): string {
  const at = new Date(Date.parse(iso));
  if (Number.isNaN(at.getTime())) return iso;
  const date = t('format.date', { day: at.getDate(), month: month(at.getMonth()), year: at.getFullYear() });
  return t('format.dateTime', { date, time: formatClockSeconds(iso) });
}

/**
 * A time in a list, local and short: "14:05:47" today, "24 Nov 14:05" this year, "24 Nov 2025"
 * before that.
 */
export function formatListTime(iso: string, now: number): string {
  const at = new Date(Date.parse(iso));
  if (Number.isNaN(at.getTime())) return iso;
  const today = new Date(now);
  if (at.toDateString() === today.toDateString()) return formatClockSeconds(iso);
  const day = t('format.dateShort', { day: at.getDate(), month: shortMonth(at.getMonth()) });
  return at.getFullYear() === today.getFullYear() ? `${day} ${formatClock(iso)}` : `${day} ${at.getFullYear()}`;
}

/** A day, local and short: "24 Nov" this year, "24 Nov 2025" before ("24. Nov.", "24. Nov. 2025"). */
export function formatDay(iso: string, now: number): string {
  const at = new Date(Date.parse(iso));
  if (Number.isNaN(at.getTime())) return iso;
  const day = t('format.dateShort', { day: at.getDate(), month: shortMonth(at.getMonth()) });
  return at.getFullYear() === new Date(now).getFullYear() ? day : `${day} ${at.getFullYear()}`;
}

/** How long a request took: "84 ms", "1.2 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return t('format.ms', { n: Math.max(0, Math.round(ms)) });
  if (ms < 60_000) return t('format.seconds', { n: (Math.round(ms / 100) / 10).toFixed(1).replace('.', t('format.decimal')) });
  const total = Math.round(ms / 1000);
  const s = total % 60;
  const m = formatCount(Math.floor(total / 60));
  return s > 0 ? t('format.minutesSeconds', { m, s }) : t('format.minutes', { n: m });
}
