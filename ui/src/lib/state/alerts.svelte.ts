import * as backend from '../backend';
import { ENVIRONMENT_IDS } from '../environment';
import type { EnvironmentId, Quota, QuotaAlert, Waiting } from '../types';
import { stopAll, type Stop } from './listening';

/**
 * The quota alerts shown as banners: one at a time per environment (a newer one replaces the one
 * before), until the person dismisses it or what it says stops being true: the
 * time it names has passed, or a newer answer from its environment says otherwise. The backend
 * sends at most one per window and level, and none when alerts are turned off in Settings.
 */
export class QuotaAlerts {
  byEnvironment = $state.raw<Partial<Record<EnvironmentId, QuotaAlert>>>({});

  /** In the order the app shows the environments. */
  shown = $derived(ENVIRONMENT_IDS.flatMap((id) => this.byEnvironment[id] ?? []));

  /**
   * The end of the latest 429 wait per environment (its event comes just before the alert's):
   * what a 429 alert's "requests wait until" is. The backend's alert names the window's reset,
   * which a Retry-After may end before or after (a temporary ban), or no time at all.
   */
  #waitEnds: Partial<Record<EnvironmentId, string>> = {};

  /**
   * The alerts, and every environment's answers and waits (not only the active one's): a banner
   * of another environment ends when its own answers say otherwise.
   */
  listen(): Stop {
    return stopAll([
      backend.onEvent('quota', (quota) => this.observe(quota)),
      backend.onEvent('waiting', (wait) => this.waiting(wait)),
      backend.onEvent('quota-alert', (alert) => this.receive(alert)),
    ]);
  }

  receive(received: QuotaAlert, now = Date.now()): void {
    const alert = this.#withWait(received);
    const ends = this.#endsAt(alert);
    if (ends !== null && ends <= now) return;
    this.byEnvironment = { ...this.byEnvironment, [alert.environment]: alert };
  }

  dismiss(environment: EnvironmentId): void {
    const next = { ...this.byEnvironment };
    delete next[environment];
    this.byEnvironment = next;
  }

  /** A wait began: a 429's wait says how long its banner (if it names no time) stays true. */
  waiting(wait: Waiting): void {
    if (wait.reason === 'rateLimited' && !Number.isNaN(Date.parse(wait.until))) {
      this.#waitEnds = { ...this.#waitEnds, [wait.environment]: wait.until };
    }
  }

  /** A 429 alert says until when its requests wait: the wait's own end, when one is running. */
  #withWait(alert: QuotaAlert): QuotaAlert {
    if (alert.level !== 'rateLimited') return alert;
    const until = this.#waitEnds[alert.environment];
    // Only a wait still running when the alert was raised is this alert's.
    return until !== undefined && Date.parse(until) >= Date.parse(alert.at) ? { ...alert, resetAt: until } : alert;
  }

  /**
   * A newer answer from an alert's environment (any environment, not only the active one):
   * requests left end a 429 or used-up banner; a low one follows the figures of its own window
   * and ends once the quota is no longer low or the window is another.
   */
  observe(quota: Quota): void {
    const alert = this.byEnvironment[quota.environment];
    if (!alert || quota.remaining === null) return;
    const observed = Date.parse(quota.observedAt);
    // What was seen before the alert was raised (the answer that raised it included) is no news.
    if (Number.isNaN(observed) || observed <= Date.parse(alert.at)) return;
    if (alert.level !== 'low') {
      if (quota.remaining > 0) this.dismiss(alert.environment);
      return;
    }
    if (!sameWindow(alert.resetAt, quota.resetAt) || quota.level !== 'low') this.dismiss(alert.environment);
    else if (quota.remaining !== alert.remaining || quota.limit !== alert.limit) {
      this.byEnvironment = { ...this.byEnvironment, [alert.environment]: { ...alert, remaining: quota.remaining, limit: quota.limit } };
    }
  }

  /** Drops the banners whose time has passed; read from the clock on each call (sleep-proof). */
  expire(now = Date.now()): void {
    const ended = this.shown.filter((alert) => {
      const ends = this.#endsAt(alert);
      return ends !== null && ends <= now;
    });
    if (ended.length === 0) return;
    const next = { ...this.byEnvironment };
    for (const alert of ended) delete next[alert.environment];
    this.byEnvironment = next;
  }

  /**
   * When an alert stops being true: the time it names (the renewal, or for a 429 the time its
   * requests wait until); for a quota naming none, the end of the minute or day it speaks of;
   * null: not known, so only a newer answer or the person ends it.
   */
  #endsAt(alert: QuotaAlert): number | null {
    const named = alert.resetAt ? Date.parse(alert.resetAt) : NaN;
    if (!Number.isNaN(named)) return named;
    const at = Date.parse(alert.at);
    if (Number.isNaN(at) || alert.level === 'rateLimited') return null;
    // "This minute" and "today" as the backend names such a window: the UTC minute or day seen in.
    if (alert.window === 'minute') return Math.floor(at / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
    if (alert.window === 'day') return Math.floor(at / DAY_MS) * DAY_MS + DAY_MS;
    return null;
  }
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Two readings of the same window: the same reset (to the second the header gives), or neither told one. */
function sameWindow(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(Date.parse(a) - Date.parse(b)) < 1500;
}
