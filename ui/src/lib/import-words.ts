// The import's estimate in words, "about 4 min at 300 requests a minute (Pro plan)", put
// together here from the backend's numbers so it reads in the language on screen. The same
// rounding as the `petstore` command's (petstore-bulk's estimate.rs).
import type { ImportEstimate } from './bindings/ImportEstimate';
import { formatCount, PLAN_LABEL } from './format';
import { t, tn } from './i18n/index.svelte';

/** "under a minute", "about 4 min", "about 3 hours", "about 2 days". */
function about(seconds: number): string {
  const up = (unit: number) => Math.ceil(seconds / unit);
  if (seconds < 60) return t('import.underAMinute');
  if (seconds < 2 * 60 * 60) return t('import.aboutMinutes', { count: formatCount(up(60)) });
  if (seconds < 2 * 24 * 60 * 60) return tn('import.aboutHours', up(3600), { count: formatCount(up(3600)) });
  return tn('import.aboutDays', up(86_400), { count: formatCount(up(86_400)) });
}

/** How long the rows take under the quota, with the rate and plan that decide it. */
export function estimateText(estimate: ImportEstimate): string {
  if (estimate.seconds === null) {
    return tn('import.estimateUnknown', estimate.requests, { count: formatCount(estimate.requests) });
  }
  const time = about(estimate.seconds);
  let text = time;
  if (estimate.dayLimited && estimate.perDay !== null) {
    text = t('import.perDayLimit', { about: time, count: formatCount(estimate.perDay) });
  } else if (estimate.perMinute !== null) {
    text = t('import.perMinute', { about: time, count: formatCount(estimate.perMinute) });
  } else {
    return text;
  }
  return estimate.plan ? t('import.plan', { text, plan: PLAN_LABEL[estimate.plan] }) : text;
}
