import type { EnvironmentId, Quota, RememberedWait, Waiting } from '../types';

/** The latest rate-limit picture of the selected environment, fed by the backend's events. */
export class QuotaState {
  quota = $state<Quota | null>(null);
  waiting = $state<Waiting | null>(null);
  /** A wait remembered on this computer (this app's or the CLI's), shown until it passes or is cleared. */
  remembered = $state<RememberedWait | null>(null);
  environment = $state<EnvironmentId | null>(null);

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
