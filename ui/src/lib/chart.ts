// The quota chart's geometry, without the DOM: scales, the step line of remaining requests, the
// axis ticks in local time, and the words that stand for the chart for a screen reader (from the
// catalog, in the language on screen). Plain numbers for SVG attributes: the strict CSP allows no
// style attributes.
import { formatClock, formatClockSeconds, formatCount } from './format';
import { t, tn } from './i18n/index.svelte';
import type { QuotaHistory, QuotaPoint, QuotaRange } from './types';

export const WIDTH = 640;
export const HEIGHT = 220;
export const MARGIN = { top: 12, right: 14, bottom: 26, left: 46 };
/** Past this many resets (a day of minute windows) they are ticks along the bottom, not full lines. */
export const FULL_RESET_LINES = 150;

export interface Scales {
  x: (iso: string | number) => number;
  y: (value: number) => number;
  /** The highest limit in the range: the top of the chart. */
  max: number;
  from: number;
  to: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

export function scales(history: QuotaHistory): Scales {
  const from = Date.parse(history.from);
  const to = Math.max(Date.parse(history.to), from + 1);
  const max = Math.max(1, ...history.points.map((p) => p.limit));
  const left = MARGIN.left;
  const right = WIDTH - MARGIN.right;
  const top = MARGIN.top;
  const bottom = HEIGHT - MARGIN.bottom;
  const x = (at: string | number) => {
    const t = typeof at === 'number' ? at : Date.parse(at);
    return round(left + ((Math.min(to, Math.max(from, t)) - from) / (to - from)) * (right - left));
  };
  const y = (value: number) => round(top + (1 - Math.min(max, Math.max(0, value)) / max) * (bottom - top));
  return { x, y, max, from, to, left, right, top, bottom };
}

/**
 * Remaining requests as steps: a count holds until the next answer tells another, or until the
 * window renews (a reset between two answers brings it back to the limit). Points and resets
 * arrive oldest first; the line runs to the end of the range. An empty list draws nothing.
 */
export function stepPath(points: QuotaPoint[], resets: string[], s: Scales): string {
  if (points.length === 0) return '';
  const renewals = resets.map((r) => Date.parse(r)).filter((t) => !Number.isNaN(t)).sort((a, b) => a - b);
  let next = 0;
  let d = '';
  let limit = points[0].limit;
  let at = Date.parse(points[0].at);
  /** Steps up to the limit at each renewal before `until`. */
  const renewBefore = (until: number) => {
    while (next < renewals.length && renewals[next] <= until) {
      if (renewals[next] > at) d += `H${s.x(renewals[next])}V${s.y(limit)}`;
      next++;
    }
  };
  points.forEach((p, i) => {
    const t = Date.parse(p.at);
    if (i === 0) {
      while (next < renewals.length && renewals[next] <= t) next++;
      d = `M${s.x(t)},${s.y(p.remaining)}`;
    } else {
      renewBefore(t);
      d += `H${s.x(t)}V${s.y(p.remaining)}`;
    }
    at = t;
    limit = p.limit;
  });
  renewBefore(s.to);
  return `${d}H${s.x(s.to)}`;
}

/** The same steps closed down to the axis, for the shaded area under the line. */
export function areaPath(points: QuotaPoint[], resets: string[], s: Scales): string {
  const line = stepPath(points, resets, s);
  if (!line) return '';
  return `${line}V${s.bottom}H${s.x(points[0].at)}Z`;
}

export interface Tick {
  at: number;
  x: number;
  label: string;
}

/** Time ticks on whole local times: every 10 minutes over an hour, every 3 hours over a day. */
export function timeTicks(range: QuotaRange, s: Scales): Tick[] {
  const stepMinutes = range === 'hour' ? 10 : 180;
  const t = new Date(s.from);
  t.setSeconds(0, 0);
  if (range === 'day') t.setMinutes(0);
  const ticks: Tick[] = [];
  for (let guard = 0; guard < 2000 && t.getTime() <= s.to; guard++) {
    const minutes = t.getHours() * 60 + t.getMinutes();
    if (t.getTime() >= s.from && minutes % stepMinutes === 0) {
      ticks.push({ at: t.getTime(), x: s.x(t.getTime()), label: formatClock(t.toISOString()) });
      t.setMinutes(t.getMinutes() + stepMinutes);
    } else {
      t.setMinutes(t.getMinutes() + (range === 'hour' ? 1 : 60));
    }
  }
  return ticks;
}

/** 0, half and the whole limit. */
export function valueTicks(s: Scales): { value: number; y: number; label: string }[] {
  const values = [...new Set([0, Math.round(s.max / 2), s.max])];
  return values.map((value) => ({ value, y: s.y(value), label: formatCount(value) }));
}

const LISTED = 10;

/** "the last hour" / "in der letzten Stunde": the chart's period, as its sentences put it. */
export function periodWords(range: QuotaRange): string {
  return t(range === 'hour' ? 'quota.periodHour' : 'quota.periodDay');
}

/** What the chart shows, in sentences (the language on screen): the lowest point, the 429s, the resets. */
export function chartSummary(history: QuotaHistory, environment: string): string[] {
  const period = periodWords(history.range);
  const answers = history.points.length;
  if (answers === 0) return [t('quota.summaryNone', { env: environment, period })];
  const lowest = history.points.reduce((low, p) => (p.remaining < low.remaining ? p : low));
  const lines = [
    tn('quota.summaryAnswers', answers, { count: formatCount(answers), period }),
    t('quota.summaryLowest', {
      remaining: formatCount(lowest.remaining),
      limit: formatCount(lowest.limit),
      time: formatClockSeconds(lowest.at),
    }),
  ];
  // One mark per 429 answer (the one count the banner and Activity's "twice" share), at the start
  // of the request it answered: a request answered 429 twice is named once, counted twice.
  const limited = history.rateLimited;
  if (limited.length === 0) {
    lines.push(t('quota.summaryNo429'));
  } else {
    const started = [...new Set(limited.map(formatClockSeconds))];
    const times = started.slice(0, LISTED).join(', ');
    const more = started.length > LISTED ? t('quota.summaryMore', { count: formatCount(started.length - LISTED) }) : '';
    lines.push(tn('quota.summary429', limited.length, { count: formatCount(limited.length), times, more }));
  }
  const resets = history.resets.length;
  lines.push(resets === 0 ? t('quota.summaryNoRenewal') : tn('quota.summaryRenewed', resets, { count: formatCount(resets) }));
  return lines;
}
