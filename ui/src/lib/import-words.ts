// The import's estimate in words, "about 4 min at 300 requests a minute (Pro plan)", put
// together here from the backend's figures so it reads in the language on screen. The time comes
// rounded (petstore-bulk's `About`, the `petstore` command's rounding too).
import type { CreateSource } from './bindings/CreateSource';
import type { ImportEstimate } from './bindings/ImportEstimate';
import type { ImportTime } from './bindings/ImportTime';
import type { Repeat } from './bindings/Repeat';
import { formatCount, formatDay, formatWhen, PLAN_LABEL } from './format';
import { t, tn } from './i18n/index.svelte';

/** "under a minute", "about 4 min", "about 3 hours", "about 2 days". */
function about(time: ImportTime): string {
  switch (time.unit) {
    case 'underAMinute':
      return t('import.underAMinute');
    case 'minutes':
      return t('import.aboutMinutes', { count: formatCount(time.count) });
    case 'hours':
      return tn('import.aboutHours', time.count, { count: formatCount(time.count) });
    case 'days':
      return tn('import.aboutDays', time.count, { count: formatCount(time.count) });
  }
}

/** How long the rows take under the quota, with the rate and plan that decide it. */
export function estimateText(estimate: ImportEstimate): string {
  if (estimate.time === null) {
    return tn('import.estimateUnknown', estimate.requests, { count: formatCount(estimate.requests) });
  }
  const time = about(estimate.time);
  let text = time;
  if (estimate.dayLimited && estimate.perDay !== null) {
    text = tn('import.perDayLimit', estimate.perDay, { about: time, count: formatCount(estimate.perDay) });
  } else if (estimate.perMinute !== null) {
    text = tn('import.perMinute', estimate.perMinute, { about: time, count: formatCount(estimate.perMinute) });
  } else {
    return text;
  }
  return estimate.plan ? t('import.plan', { text, plan: PLAN_LABEL[estimate.plan] }) : text;
}

/**
 * The wait the key must honour before the import sends anything, as the preview names it: "The
 * service asked to wait until 17:30:01 (in 4:58): the import starts then." null: no wait.
 */
export function waitFirstText(estimate: ImportEstimate, now: number): string | null {
  const wait = estimate.wait;
  if (!wait) return null;
  return t(wait.tooLong ? 'import.waitTooLong' : 'import.waitFirst', { when: formatWhen(wait.until, now) });
}

/** A running import that sits out a wait: "Waiting for the service until 17:30:01 (in 4:58): …". */
export function waitingText(until: string, now: number): string {
  return t('import.waitingUntil', { when: formatWhen(until, now) });
}

/** Where an earlier create came from: "from shelter.csv line 2", "from the New pet form"… */
export function sourceText(source: CreateSource): string {
  switch (source.kind) {
    case 'import':
      return t('import.sourceImport', { file: source.fileName, line: source.line });
    case 'form':
      return t('import.sourceForm');
    case 'addAgain':
      return t('import.sourceAddAgain');
    case 'commandLine':
      return t('import.sourceCommandLine');
    case 'outbox':
      return t('import.sourceOutbox');
  }
}

/**
 * Why a preview row is left out, after its mark (`repeatMark`): "On 24 Nov from shelter.csv line 2,
 * pet 41" (Already added), "On …; its outcome was never confirmed" (Maybe added), "Same pet as line 3
 * of this file" (Repeat).
 */
export function repeatMark(repeat: Repeat): string {
  if (repeat.kind === 'inFile') return t('import.repeatMark');
  return repeat.petId === null ? t('import.maybeAddedMark') : t('import.alreadyAddedMark');
}

export function repeatText(repeat: Repeat, now: number = Date.now()): string {
  if (repeat.kind === 'inFile') return t('import.repeatInFile', { line: repeat.line });
  const args = { date: formatDay(repeat.at, now), source: sourceText(repeat.source) };
  return repeat.petId === null
    ? t('import.repeatEarlierUnconfirmed', args)
    : t('import.repeatEarlier', { ...args, id: repeat.petId });
}
