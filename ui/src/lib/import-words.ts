// The import's estimate in words, "about 4 min at 300 requests a minute (Pro plan)", put
// together here from the backend's numbers so it reads in the language on screen. The same
// rounding as the `petstore` command's (petstore-bulk's estimate.rs).
import type { CreateSource } from './bindings/CreateSource';
import type { ImportEstimate } from './bindings/ImportEstimate';
import type { Repeat } from './bindings/Repeat';
import { formatCount, formatDay, PLAN_LABEL } from './format';
import { t, tn } from './i18n/index.svelte';

/** "under a minute", "about 4 min", "about 3 hours", "about 2 days". */
function about(seconds: number): string {
  const up = (unit: number) => Math.ceil(seconds / unit);
  if (seconds < 60) return t('import.underAMinute');
  if (seconds < 2 * 60 * 60) return t('import.aboutMinutes', { count: formatCount(up(60)) });
  if (seconds < 2 * 24 * 60 * 60) return tn('import.aboutHours', up(3600), { count: formatCount(up(3600)) });
  return tn('import.aboutDays', up(86_400), { count: formatCount(up(86_400)) });
}

const MINUTE = 60;
const DAY = 24 * 60 * 60;

/**
 * The estimate with `extra` more requests (the repeated rows, when the person chooses to add them
 * too). The backend estimates the rows Import sends by default; the extra rows follow them at the
 * rate that decides the estimate (a minute's or a day's), so the time grows by their share of a
 * window. An approximation: the backend's exact figure also knows what is left of the window now.
 */
export function withExtraRequests(estimate: ImportEstimate, extra: number): ImportEstimate {
  if (extra <= 0) return estimate;
  const requests = estimate.requests + extra;
  const dayLimited = estimate.dayLimited || (estimate.perDay !== null && requests > estimate.perDay);
  if (estimate.seconds === null) return { ...estimate, requests, dayLimited };
  let seconds = estimate.seconds;
  if (dayLimited && estimate.perDay !== null) {
    seconds = estimate.dayLimited
      ? seconds + Math.ceil((extra / Math.max(1, estimate.perDay)) * DAY)
      : // Newly past the day's quota: what is beyond it waits for the next days, as the backend counts it.
        Math.max(seconds, Math.ceil((requests - estimate.perDay) / Math.max(1, estimate.perDay)) * DAY);
  } else if (estimate.perMinute !== null) {
    seconds += Math.ceil((extra / Math.max(1, estimate.perMinute)) * MINUTE);
  }
  return { ...estimate, requests, dayLimited, seconds };
}

/** How long the rows take under the quota, with the rate and plan that decide it. */
export function estimateText(estimate: ImportEstimate): string {
  if (estimate.seconds === null) {
    return tn('import.estimateUnknown', estimate.requests, { count: formatCount(estimate.requests) });
  }
  const time = about(estimate.seconds);
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

/** Where an earlier create came from: "from shelter.csv line 2", "from the New pet form"… */
function sourceText(source: CreateSource): string {
  switch (source.kind) {
    case 'import':
      return t('import.sourceImport', { file: source.fileName, line: source.line });
    case 'form':
      return t('import.sourceForm');
    case 'addAgain':
      return t('import.sourceAddAgain');
    case 'commandLine':
      return t('import.sourceCommandLine');
  }
}

/**
 * Why a preview row is a repeat: "Already added on 24 Nov from shelter.csv line 2, pet 41", "May
 * already have been added on … (its outcome was never confirmed)", "Same pet as line 3 of this file".
 */
export function repeatText(repeat: Repeat, now: number = Date.now()): string {
  if (repeat.kind === 'inFile') return t('import.repeatInFile', { line: repeat.line });
  const args = { date: formatDay(repeat.at, now), source: sourceText(repeat.source) };
  return repeat.petId === null
    ? t('import.repeatEarlierUnconfirmed', args)
    : t('import.repeatEarlier', { ...args, id: repeat.petId });
}
