// The activity history's words for people: what each operation, outcome and time range is called,
// an entry's result in one line, the quota alerts and the history's own problems. Errors an entry
// carries are worded by messages.ts, like every other error. Each list is checked against its
// generated union, so a member added in Rust fails `npm run check` until it has words here.
// The words are the catalog's (activity.* and quota.*), looked up on each read (the lists are
// getters), so a switch of language shows at once.
import { commandError } from './command-error';
import { ENVIRONMENT_LABELS } from './environment';
import { formatClockNear, formatCount, PLAN_LABEL } from './format';
import { t, tn } from './i18n/index.svelte';
import { describeError } from './messages';
import type {
  ActivityEntry,
  ActivityOutcome,
  ActivitySource,
  ActivityStatus,
  AlertLevel,
  ClientErrorKind,
  CommandError,
  DayUse,
  Operation,
  QuotaAlert,
  Reason,
  ResolutionKind,
} from './types';

export const OPERATION_LABEL = {
  get listPets() { return t('activity.opListPets'); },
  get nextPage() { return t('activity.opNextPage'); },
  get createPet() { return t('activity.opCreatePet'); },
  get getPet() { return t('activity.opGetPet'); },
} satisfies Record<Operation, string>;

export const OPERATIONS = Object.keys(OPERATION_LABEL) as Operation[];

/** The outcome filter's choices. */
export const OUTCOME_LABEL = {
  get ok() { return t('activity.outcomeOk'); },
  get error() { return t('activity.outcomeError'); },
  get unknown() { return t('activity.outcomeUnknown'); },
  get notFound() { return t('activity.outcomeNotFound'); },
} satisfies Record<ActivityOutcome, string>;

export const OUTCOMES = Object.keys(OUTCOME_LABEL) as ActivityOutcome[];

export const SOURCE_LABEL = {
  get app() { return t('activity.sourceApp'); },
  get cli() { return t('activity.sourceCli'); },
} satisfies Record<ActivitySource, string>;

export type TimeRange = 'hour' | 'today' | 'week' | 'quarter' | 'all';

export const RANGE_LABEL: Readonly<Record<TimeRange, string>> = {
  get hour() { return t('activity.rangeHour'); },
  get today() { return t('activity.rangeToday'); },
  get week() { return t('activity.rangeWeek'); },
  get quarter() { return t('activity.rangeQuarter'); },
  get all() { return t('activity.rangeAll'); },
};

export const RANGES = Object.keys(RANGE_LABEL) as TimeRange[];

const DAY_MS = 86_400_000;

/** Where a time range starts, as of `now` (RFC 3339); null: from the first entry. "Today" is local. */
export function sinceOf(range: TimeRange, now: number): string | null {
  switch (range) {
    case 'hour':
      return new Date(now - 3_600_000).toISOString();
    case 'today': {
      const midnight = new Date(now);
      midnight.setHours(0, 0, 0, 0);
      return midnight.toISOString();
    }
    case 'week':
      return new Date(now - 7 * DAY_MS).toISOString();
    case 'quarter':
      return new Date(now - 90 * DAY_MS).toISOString();
    case 'all':
      return null;
  }
}

/** The pet an entry is about, as a person names it: "Clover", "pet 1003", or nothing. */
export function petOf(entry: ActivityEntry): string {
  const pet = entry.pet;
  if (!pet) {
    const n = entry.petsReturned;
    return n !== null ? tn('activity.petsReturned', n, { count: formatCount(n) }) : '';
  }
  if (pet.name && pet.id) return `${pet.name} (${pet.id})`;
  return pet.name ?? (pet.id ? t('activity.petId', { id: pet.id }) : '');
}

/** The add is still waiting for the person: its outcome is unknown and nobody resolved it. */
export function isUnconfirmed(entry: ActivityEntry): boolean {
  return entry.operation === 'createPet' && entry.outcome === 'unknown' && entry.resolution === null;
}

/** An entry's result in a few words: "OK (201)", "Not found (404)", "Too many requests (429)", "Not confirmed"; shorter for a list. */
export function resultOf(entry: ActivityEntry, short = false): string {
  const status = entry.status !== null ? ` (${entry.status})` : '';
  if (entry.outcome === 'ok') return `${t('activity.resultOk')}${status}`;
  // A lookup of an id the service does not have: an answer, worded (and styled) as one.
  if (entry.outcome === 'notFound') return `${t('activity.outcomeNotFound')}${status}`;
  if (entry.outcome === 'unknown') {
    return entry.resolution ? t('activity.resultResolved', { how: RESOLUTION_WORD[entry.resolution.kind] }) : OUTCOME_LABEL.unknown;
  }
  if (entry.status === 429 || entry.errorKind === 'rateLimited') {
    return `${t(short ? 'activity.resultTooMany' : 'activity.resultTooManyRequests')}${status}`;
  }
  return `${t('activity.resultFailed')}${status}`;
}

/**
 * The result for a list too narrow for `resultOf`'s longest words (German "Nicht bestätigt: erneut
 * hinzugefügt"): a settled unconfirmed add says only what became of it ("Added again"); the rest as
 * in a list. The whole result stays in the cell's tooltip and the details.
 */
export function resultInBrief(entry: ActivityEntry): string {
  if (entry.outcome === 'unknown' && entry.resolution) return RESOLUTION_BRIEF[entry.resolution.kind];
  return resultOf(entry, true);
}

const RESOLUTION_BRIEF = {
  get found() { return t('activity.resolvedFoundBrief'); },
  get retried() { return t('activity.resolvedRetriedBrief'); },
  get dismissed() { return t('activity.resolvedDismissedBrief'); },
} satisfies Record<ResolutionKind, string>;

const RESOLUTION_WORD = {
  get found() { return t('activity.resolvedFound'); },
  get retried() { return t('activity.resolvedRetried'); },
  get dismissed() { return t('activity.resolvedDismissed'); },
} satisfies Record<ResolutionKind, string>;

/** What became of an unconfirmed add, for its details. */
export function resolutionText(entry: ActivityEntry): string | null {
  const r = entry.resolution;
  if (!r) return null;
  switch (r.kind) {
    case 'found':
      return r.petId ? t('activity.foundAs', { id: r.petId }) : t('activity.foundNoId');
    case 'retried':
      return r.petId ? t('activity.retriedAs', { id: r.petId }) : t('activity.retried');
    case 'dismissed':
      return t('activity.dismissed');
  }
}

/**
 * Why an add's outcome is unknown, as the history can tell it from the status of its last attempt:
 * the service answered in a way that leaves it open (a 5xx, a redirect, a 2xx that is not a pet),
 * worded as the form words the same answer; null when no answer arrived at all.
 */
function unknownReason(status: number | null): Reason | null {
  if (status === null) return null;
  if (status >= 300 && status < 400) return { code: 'redirected', status };
  if (status >= 200 && status < 300) return { code: 'notAPet', status };
  return { code: 'serverError', status };
}

/**
 * The error an entry ended with, as far as its record tells it: the kind and what the service
 * answered. Null for a configuration failure: the record keeps no problem to name.
 */
function recordedError(entry: ActivityEntry, kind: ClientErrorKind): CommandError | null {
  const answer = { status: entry.status, code: entry.serverCode, serverMessage: entry.serverMessage, gateway: entry.gateway };
  switch (kind) {
    case 'unauthorized':
    case 'notFound':
    case 'gone':
    case 'badRequest':
    case 'rateLimited':
    case 'server':
    case 'unexpectedResponse':
      return commandError(kind, answer);
    case 'outcomeUnknown':
      return commandError(kind, { ...answer, reason: entry.outcome === 'unknown' ? unknownReason(entry.status) : null });
    case 'decode':
      return commandError(kind, { status: entry.status });
    case 'timeout':
    case 'network':
    case 'invalidInput':
    case 'responseTooLarge':
      return commandError(kind);
    case 'configuration':
      return null;
  }
}

/** The error an entry ended with, in messages.ts words (what happened, the server's words); null: none. */
export function entryError(entry: ActivityEntry): string | null {
  // A lookup answered "no such pet" did not go wrong (its result says what it was).
  if (!entry.errorKind || entry.outcome === 'notFound') return null;
  const unknown = entry.outcome === 'unknown';
  const error = recordedError(entry, entry.errorKind);
  const message = error
    ? describeError(error, { environment: entry.environment })
    : { what: t('error.kind.configuration'), server: null };
  // The one account of an add with no answer at all; one that was answered says how, as the form did.
  const what = unknown && entry.status === null ? t('activity.neverAnswered') : message.what;
  // The next step was for the moment it happened; the history keeps what happened.
  return message.server ? t('activity.serviceSaid', { what, server: message.server }) : what;
}

/** "this minute", "today", or, for a window the headers did not tell, from how far the reset was. */
function windowWords(alert: QuotaAlert): string {
  if (alert.window === 'minute') return t('quota.windowMinute');
  if (alert.window === 'day') return t('quota.windowDay');
  if (!alert.resetAt) return t('quota.windowNow');
  const span = Date.parse(alert.resetAt) - Date.parse(alert.at);
  if (span <= 70_000) return t('quota.windowMinute');
  if (span >= 3 * 3_600_000) return t('quota.windowDay');
  return t('quota.windowOther');
}

const ALERT_TEXT = {
  low: (alert, env, now) => {
    const renews = alert.resetAt ? t('quota.alertRenews', { time: formatClockNear(alert.resetAt, now) }) : '';
    const when = windowWords(alert);
    return alert.remaining !== null && alert.limit !== null
      ? t('quota.alertLow', { env, remaining: formatCount(alert.remaining), limit: formatCount(alert.limit), window: when, renews })
      : t('quota.alertLowFew', { env, window: when, renews });
  },
  exhausted: (alert, env, now) =>
    alert.resetAt
      ? t('quota.alertExhausted', { env, window: windowWords(alert), time: formatClockNear(alert.resetAt, now) })
      : t('quota.alertExhaustedNoTime', { env, window: windowWords(alert) }),
  rateLimited: (alert, env, now) =>
    alert.resetAt
      ? t('quota.alertRateLimited', { env, at: formatClockNear(alert.at, now), time: formatClockNear(alert.resetAt, now) })
      : t('quota.alertRateLimitedNoTime', { env, at: formatClockNear(alert.at, now) }),
} satisfies Record<AlertLevel, (alert: QuotaAlert, env: string, now: number) => string>;

/** A quota alert as its banner says it; its times with seconds while they are less than an hour from `now`. */
export function alertText(alert: QuotaAlert, now = Date.now()): string {
  return ALERT_TEXT[alert.level](alert, ENVIRONMENT_LABELS[alert.environment], now);
}

/**
 * "640 requests from this computer today": the history's own count, which leaves out what other
 * computers sent with the same key, so it never stands against the day's limit.
 */
export function dayUseText(today: DayUse): string {
  return tn('quota.dayUse', today.used, { count: formatCount(today.used) });
}

/**
 * The key's day as the service counts it (every computer using the key), where the headers told
 * the day window today: "…: 175 of 1,000 used today, 825 left (Free plan)". Else the day's limit,
 * saying the service's count is not known; null when there is not even a limit to tell.
 */
export function dayServiceText(today: DayUse): string | null {
  if (today.dayLimit === null) return null;
  const plan = today.plan ? t('quota.dayPlan', { plan: PLAN_LABEL[today.plan] }) : '';
  if (today.remaining === null) {
    return tn('quota.dayLimit', today.dayLimit, { count: formatCount(today.dayLimit), plan });
  }
  const used = Math.max(0, today.dayLimit - today.remaining);
  return t('quota.dayService', {
    used: formatCount(used),
    limit: formatCount(today.dayLimit),
    remaining: formatCount(today.remaining),
    plan,
  });
}

export interface ProblemWords {
  what: string;
  next: string;
}

/** Why the history cannot be shown or was started anew, and what to do; null: nothing to say. */
export function activityProblem(status: ActivityStatus | null): ProblemWords | null {
  if (!status) return null;
  if (status.problem === 'newerSchema') {
    return { what: t('activity.newerSchema'), next: t('activity.newerSchemaNext') };
  }
  if (status.problem === 'unavailable' || !status.available) {
    return { what: t('activity.unavailable'), next: t('activity.unavailableNext') };
  }
  if (status.movedAside) {
    return { what: t('activity.movedAside', { file: status.movedAside }), next: t('activity.movedAsideNext') };
  }
  return null;
}
