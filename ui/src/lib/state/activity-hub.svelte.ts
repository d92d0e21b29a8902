import * as backend from '../backend';
import type { ActivityEntry, ActivityRecorded, ActivityStatus } from '../types';
import { ActivityLog } from './activity.svelte';
import { QuotaAlerts } from './alerts.svelte';
import { stopAll, type Stop } from './listening';
import { Unconfirmed } from './unconfirmed.svelte';

/** Which view the window shows: the pets table, or the activity history. */
export type View = 'pets' | 'activity';

/**
 * The activity history's state for the whole window: whether it can be kept (its status), the
 * list and its filters, the unconfirmed adds (the header's badge) and the quota alerts, fed by
 * the backend's events. The list is kept across switches of view, so the filters stay.
 */
export class ActivityHub {
  status = $state.raw<ActivityStatus | null>(null);
  /** The Activity view is on screen: new entries refresh it at once. */
  viewing = $state(false);
  /** Counts the batches of entries recorded, for what follows them (the quota panel). */
  recordings = $state(0);
  readonly log = new ActivityLog();
  /** Settled here or anywhere in the window: the history's row changes, and the app is told. */
  readonly unconfirmed = new Unconfirmed((entry: ActivityEntry) => {
    this.log.replace(entry);
    this.onsettled(entry);
  });
  readonly alerts = new QuotaAlerts();

  /**
   * `onsettled`: an unconfirmed add was settled (found, added again or dismissed), so whatever
   * else shows it (the notice above the table, the create form's entry) clears at once.
   */
  constructor(private readonly onsettled: (entry: ActivityEntry) => void = () => {}) {}

  /** Entries were recorded while the view was away: it refreshes when it comes back. */
  #stale = true;

  /** Cannot show a history (unavailable, or written by a newer version). */
  blocked = $derived(this.status !== null && (!this.status.available || this.status.problem !== null));

  /** New entries and the quota alerts, as the backend records and raises them. */
  listen(): Stop {
    return stopAll([this.alerts.listen(), backend.onEvent('activity-recorded', (event) => this.recorded(event))]);
  }

  async start(): Promise<void> {
    try {
      this.status = await backend.activityStatus();
      this.unconfirmed.count = this.status.unconfirmed;
    } catch {
      // Nothing to count: the view asks again when opened and says what went wrong.
    }
  }

  recorded(event: ActivityRecorded): void {
    const changed = event.unconfirmed !== this.unconfirmed.count;
    this.unconfirmed.count = event.unconfirmed;
    this.recordings += 1;
    if (!this.viewing || this.blocked) {
      this.#stale = true;
      return;
    }
    void this.log.refresh();
    if (changed) void this.unconfirmed.load();
  }

  /** The view comes on screen: fresh rows (kept filters), the unconfirmed adds, the status. */
  async open(): Promise<void> {
    this.viewing = true;
    if (this.status === null || this.blocked) await this.start();
    if (this.blocked) return;
    const first = !this.log.loaded;
    void this.unconfirmed.load();
    if (first) await this.log.reload();
    else if (this.#stale) await this.log.refresh();
    this.#stale = false;
    // The store went away since the start: the view says so, in the status's words.
    if (this.log.error?.kind === 'activityUnavailable') await this.start();
  }

  close(): void {
    this.viewing = false;
  }
}
