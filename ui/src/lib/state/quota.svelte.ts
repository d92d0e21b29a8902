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

  switchTo(environment: EnvironmentId): void {
    if (this.environment === environment) return;
    this.environment = environment;
    // What arrived before the environment was known stays if it is about this one.
    if (this.quota?.environment !== environment) this.quota = null;
    if (this.waiting?.environment !== environment) this.waiting = null;
    if (this.remembered?.environment !== environment) this.remembered = null;
  }
}
