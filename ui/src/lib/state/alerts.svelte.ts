import { ENVIRONMENT_IDS } from '../environment';
import type { EnvironmentId, QuotaAlert } from '../types';

/**
 * The quota alerts shown as banners: one at a time per environment (a newer one replaces the one
 * before), until the person dismisses it. The backend sends at most one per window and level, and
 * none when alerts are turned off in Settings.
 */
export class QuotaAlerts {
  byEnvironment = $state.raw<Partial<Record<EnvironmentId, QuotaAlert>>>({});

  /** In the order the app shows the environments. */
  shown = $derived(ENVIRONMENT_IDS.flatMap((id) => this.byEnvironment[id] ?? []));

  receive(alert: QuotaAlert): void {
    this.byEnvironment = { ...this.byEnvironment, [alert.environment]: alert };
  }

  dismiss(environment: EnvironmentId): void {
    const next = { ...this.byEnvironment };
    delete next[environment];
    this.byEnvironment = next;
  }
}
