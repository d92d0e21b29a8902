// The activity history's words for people: what each operation, outcome and time range is called,
// an entry's result in one line, the quota alerts and the history's own problems. Errors an entry
// carries are worded by messages.ts, like every other error. Each list is checked against its
// generated union, so a member added in Rust fails `npm run check` until it has words here.
import { commandError } from './command-error';
import { ENVIRONMENT_LABELS } from './environment';
import { formatClock, formatCount, PLAN_LABEL } from './format';
import { describeError } from './messages';
import type {
  ActivityEntry,
  ActivityOutcome,
  ActivitySource,
  ActivityStatus,
  AlertLevel,
  DayUse,
  Operation,
  QuotaAlert,
  ResolutionKind,
} from './types';

export const OPERATION_LABEL = {
  listPets: 'List pets',
  nextPage: 'Next page of pets',
  createPet: 'Add a pet',
  getPet: 'Look up a pet',
} satisfies Record<Operation, string>;

export const OPERATIONS = Object.keys(OPERATION_LABEL) as Operation[];

/** The outcome filter's choices. */
export const OUTCOME_LABEL = {
  ok: 'Succeeded',
  error: 'Failed',
  unknown: 'Not confirmed',
} satisfies Record<ActivityOutcome, string>;

export const OUTCOMES = Object.keys(OUTCOME_LABEL) as ActivityOutcome[];

export const SOURCE_LABEL = {
  app: 'This app',
  cli: 'The petstore command line',
} satisfies Record<ActivitySource, string>;

export type TimeRange = 'hour' | 'today' | 'week' | 'quarter' | 'all';

export const RANGE_LABEL: Record<TimeRange, string> = {
  hour: 'Last hour',
  today: 'Today',
  week: 'Last 7 days',
  quarter: 'Last 90 days',
  all: 'All time',
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
  if (!pet) return entry.petsReturned !== null ? `${formatCount(entry.petsReturned)} ${entry.petsReturned === 1 ? 'pet' : 'pets'}` : '';
  if (pet.name && pet.id) return `${pet.name} (${pet.id})`;
  return pet.name ?? (pet.id ? `pet ${pet.id}` : '');
}

/** The add is still waiting for the person: its outcome is unknown and nobody resolved it. */
export function isUnconfirmed(entry: ActivityEntry): boolean {
  return entry.operation === 'createPet' && entry.outcome === 'unknown' && entry.resolution === null;
}

/** An entry's result in a few words: "OK (201)", "Too many requests (429)", "Not confirmed"; shorter for a list. */
export function resultOf(entry: ActivityEntry, short = false): string {
  const status = entry.status !== null ? ` (${entry.status})` : '';
  if (entry.outcome === 'ok') return `OK${status}`;
  if (entry.outcome === 'unknown') return entry.resolution ? `Not confirmed: ${RESOLUTION_WORD[entry.resolution.kind]}` : 'Not confirmed';
  if (entry.status === 429 || entry.errorKind === 'rateLimited') return `${short ? 'Too many' : 'Too many requests'}${status}`;
  return `Failed${status}`;
}

const RESOLUTION_WORD = {
  found: 'found later',
  retried: 'added again',
  dismissed: 'dismissed',
} satisfies Record<ResolutionKind, string>;

/** What became of an unconfirmed add, for its details. */
export function resolutionText(entry: ActivityEntry): string | null {
  const r = entry.resolution;
  if (!r) return null;
  switch (r.kind) {
    case 'found':
      return `Found later: it was added, as pet ${r.petId ?? 'with an unknown id'}.`;
    case 'retried':
      return `Added again${r.petId ? `, as pet ${r.petId}` : ''}.`;
    case 'dismissed':
      return 'Dismissed without checking.';
  }
}

/** The error an entry ended with, in messages.ts words (what happened, the server's words); null: none. */
export function entryError(entry: ActivityEntry): string | null {
  if (!entry.errorKind) return null;
  const message = describeError(
    commandError(entry.errorKind, {
      status: entry.status,
      code: entry.serverCode,
      serverMessage: entry.serverMessage,
      environment: entry.environment,
    }),
  );
  // The next step was for the moment it happened; the history keeps what happened.
  return message.server ? `${message.what} The service said: “${message.server}”` : message.what;
}

/** "this minute", "today", or, for a window the headers did not tell, from how far the reset was. */
function windowWords(alert: QuotaAlert): string {
  if (alert.window === 'minute') return 'this minute';
  if (alert.window === 'day') return 'today';
  if (!alert.resetAt) return 'for now';
  const span = Date.parse(alert.resetAt) - Date.parse(alert.at);
  if (span <= 70_000) return 'this minute';
  if (span >= 3 * 3_600_000) return 'today';
  return 'in this window';
}

const ALERT_TEXT = {
  low: (alert, env) => {
    const left =
      alert.remaining !== null && alert.limit !== null
        ? `${formatCount(alert.remaining)} of ${formatCount(alert.limit)} requests left`
        : 'few requests left';
    const renews = alert.resetAt ? `, renews at ${formatClock(alert.resetAt)}` : '';
    return `${env}: ${left} ${windowWords(alert)}${renews}.`;
  },
  exhausted: (alert, env) => {
    const renews = alert.resetAt ? ` Requests wait until it renews at ${formatClock(alert.resetAt)}.` : ' Requests wait until it renews.';
    return `${env}: no requests left ${windowWords(alert)}.${renews}`;
  },
  rateLimited: (alert, env) => {
    const until = alert.resetAt ? ` Requests to ${env} wait until ${formatClock(alert.resetAt)}.` : ` Requests to ${env} wait as long as it asked.`;
    return `${env} answered 429 Too Many Requests at ${formatClock(alert.at)}.${until}`;
  },
} satisfies Record<AlertLevel, (alert: QuotaAlert, env: string) => string>;

/** A quota alert as its banner says it. */
export function alertText(alert: QuotaAlert): string {
  return ALERT_TEXT[alert.level](alert, ENVIRONMENT_LABELS[alert.environment]);
}

/** "640 of 1,000 today, Free plan"; "640 requests today" when the day's limit is not known. */
export function dayUseText(today: DayUse): string {
  const used = today.dayLimit !== null ? `${formatCount(today.used)} of ${formatCount(today.dayLimit)} today` : `${formatCount(today.used)} ${today.used === 1 ? 'request' : 'requests'} today`;
  return today.plan ? `${used}, ${PLAN_LABEL[today.plan]}` : used;
}

export interface ProblemWords {
  what: string;
  next: string;
}

/** Why the history cannot be shown or was started anew, and what to do; null: nothing to say. */
export function activityProblem(status: ActivityStatus | null): ProblemWords | null {
  if (!status) return null;
  if (status.problem === 'newerSchema') {
    return {
      what: 'The activity history was last used by a newer version of Petstore Admin, so this version leaves it untouched and records nothing.',
      next: 'Update Petstore Admin to see the history and go on recording.',
    };
  }
  if (status.problem === 'unavailable' || !status.available) {
    return {
      what: 'The activity history cannot be opened on this computer, so requests are not being recorded. Pets can still be listed and added.',
      next: 'Restart the app; if it keeps happening, check that the app’s data folder may be written to.',
    };
  }
  if (status.movedAside) {
    return {
      what: `The activity history file was damaged, so it was set aside as ${status.movedAside} and a new, empty history was started.`,
      next: 'Nothing else is needed; the old file stays there in case someone wants to look into it.',
    };
  }
  return null;
}
