import * as backend from '../backend';
import type { ErrorOf } from '../command-error';
import type { EnvironmentId, Quota, RememberedWait, Waiting } from '../types';
import { stopAll, type Stop } from './listening';

/** The latest rate-limit picture of the selected environment, fed by the backend's events. */
export class QuotaState {
  quota = $state<Quota | null>(null);
  waiting = $state<Waiting | null>(null);
  /** A wait remembered on this computer (this app's or the CLI's), shown until it passes or is cleared. */
  remembered = $state<RememberedWait | null>(null);
  environment = $state<EnvironmentId | null>(null);
  /** The gauge's "Clear" is on its way. */
  clearing = $state(false);
  /** Why the last Clear cleared nothing (`waitKept`), for the gauge to show at its Clear. */
  clearRefused = $state<ErrorOf<'waitKept'> | null>(null);

  /** Every answer's figures, every wait and its end (the active environment's are kept). */
  listen(): Stop {
    return stopAll([
      backend.onEvent('quota', (quota) => this.update(quota)),
      backend.onEvent('waiting', (waiting) => this.startWaiting(waiting)),
      backend.onEvent('resumed', (resumed) => this.resumed(resumed.environment)),
    ]);
  }

  async load(): Promise<void> {
    try {
      this.update(await backend.currentQuota());
    } catch {
      // The gauge says "not known yet"; the table shows the real failure.
    }
  }

  /**
   * The figures if the gauge has none yet: the page's own quota event can race past the listener
   * (at start-up) or reach an environment the gauge has only just switched to.
   */
  async loadIfUnknown(): Promise<void> {
    if (!this.quota) await this.load();
  }

  /** A wait remembered on this computer (by this app or the CLI) for the selected environment. */
  async loadRemembered(): Promise<void> {
    try {
      this.remember(await backend.rememberedWait());
    } catch {
      // The gauge shows what it knows; the table shows a real failure.
    }
  }

  /** Clears the selected environment's remembered wait (true: there was one); `waitKept`: it did not. */
  forgetWait(): Promise<boolean> {
    return backend.forgetWait();
  }

  /** `null` from the backend means "nothing seen yet": never newer than a snapshot in hand. */
  update(quota: Quota | null): void {
    if (!quota) return;
    if (this.environment && quota.environment !== this.environment) return;
    this.quota = quota;
  }

  startWaiting(waiting: Waiting): void {
    if (this.environment && waiting.environment !== this.environment) return;
    this.waiting = waiting;
  }

  resumed(environment: EnvironmentId): void {
    if (this.waiting && this.waiting.environment === environment) this.waiting = null;
  }

  remember(wait: RememberedWait | null): void {
    if (wait && this.environment && wait.environment !== this.environment) return;
    this.remembered = wait;
  }

  /**
   * The environment's address or key changed: what the gauge knows is the old server's (or the
   * old key's), so it starts again from "not known yet", its waits included.
   */
  reset(environment: EnvironmentId): void {
    if (this.quota?.environment === environment) this.quota = null;
    if (this.waiting?.environment === environment) this.waiting = null;
    if (this.remembered?.environment === environment) this.remembered = null;
  }

  switchTo(environment: EnvironmentId): void {
    if (this.environment === environment) return;
    this.environment = environment;
    // What arrived before the environment was known stays if it is about this one.
    if (this.quota?.environment !== environment) this.quota = null;
    if (this.waiting?.environment !== environment) this.waiting = null;
    if (this.remembered?.environment !== environment) this.remembered = null;
  }
}

/**
 * Where the quota's window stands at `now`: counting down to its reset, or already renewed. Derived
 * from the clock alone on every tick (never from a count of ticks), so it stays right after the
 * computer sleeps and the clock jumps. Once the reset has passed, the figures are the last window's
 * and stay so until the next request brings new ones: there is nothing left to count down.
 */
export type ResetPhase =
  | { kind: 'unknown' }
  | { kind: 'counting'; msLeft: number }
  | { kind: 'renewed'; at: string };

export function resetPhase(quota: Quota | null, now: number): ResetPhase {
  const at = quota?.resetAt ? Date.parse(quota.resetAt) : NaN;
  if (!quota?.resetAt || Number.isNaN(at)) return { kind: 'unknown' };
  const msLeft = at - now;
  return msLeft > 0 ? { kind: 'counting', msLeft } : { kind: 'renewed', at: quota.resetAt };
}
