import * as backend from '../backend';
import type { CommandError, EnvironmentId, NewPetInput, OutboxItem, OutboxRecord, OutboxView } from '../types';
import { stopAll, type Stop } from './listening';

/**
 * Whether the backend said this create's failure may join the outbox (it never reached the
 * service: no connection, the quota spent, a wait). The rule is the backend's; this only reads it.
 */
export function mayQueue(error: CommandError | null | undefined): boolean {
  if (!error) return false;
  return (error.kind === 'network' || error.kind === 'rateLimited') && error.mayQueue === true;
}

function sameRecord(a: OutboxRecord, b: OutboxRecord): boolean {
  return a.environment === b.environment && a.entry === b.entry && a.at === b.at;
}

/** Settings → "Add when possible without asking" for `environment` (read, then saved). */
export async function addWithoutAsking(environment: EnvironmentId): Promise<boolean> {
  const all = await backend.listOutboxes();
  return all.find((view) => view.environment === environment)?.addWithoutAsking ?? false;
}

export function saveAddWithoutAsking(environment: EnvironmentId, on: boolean): Promise<OutboxView> {
  return backend.setAddWithoutAsking(environment, on);
}

/**
 * Every environment's outbox as the backend last told it (`outbox-changed` replaces one whole),
 * and this session's outcomes for the Activity view. The table's waiting rows, the header's count,
 * the form's "Add when possible" and Settings read it here.
 */
export class OutboxState {
  views = $state.raw<Partial<Record<EnvironmentId, OutboxView>>>({});
  outcomes = $state.raw<OutboxRecord[]>([]);
  /** The last change the person asked for that failed, with the entry it was about. */
  error = $state.raw<{ environment: EnvironmentId; id: string | null; error: CommandError } | null>(null);

  readonly #heard: (record: OutboxRecord) => void;

  constructor(heard: (record: OutboxRecord) => void = () => {}) {
    this.#heard = heard;
  }

  entries(environment: EnvironmentId | null | undefined): OutboxItem[] {
    return (environment && this.views[environment]?.entries) || [];
  }

  view(environment: EnvironmentId | null | undefined): OutboxView | null {
    return (environment && this.views[environment]) || null;
  }

  /** The other environments with pets waiting. */
  othersWaiting(active: EnvironmentId | null | undefined): EnvironmentId[] {
    return Object.values(this.views)
      .filter((view) => view && view.environment !== active && view.entries.length > 0)
      .map((view) => view!.environment);
  }

  addsWithoutAsking(environment: EnvironmentId): boolean {
    return this.views[environment]?.addWithoutAsking ?? false;
  }

  listen(): Stop {
    return stopAll([
      backend.onEvent('outbox-changed', (changed) => {
        this.#set(changed.outbox);
        const outcome = changed.outcome;
        // Told once, though the first load may have read it already.
        if (outcome && !this.outcomes.some((o) => sameRecord(o, outcome))) {
          this.outcomes = [outcome, ...this.outcomes];
          this.#heard(outcome);
        }
      }),
    ]);
  }

  async load(): Promise<void> {
    try {
      const [views, outcomes] = await Promise.all([backend.listOutboxes(), backend.outboxOutcomes()]);
      this.views = Object.fromEntries(views.map((view) => [view.environment, view]));
      this.outcomes = outcomes;
    } catch {
      // The outbox is a help beside the table: without it, the table and the form still work.
    }
  }

  /** Queues the pet; the answer is the outbox now, or null when it was refused (see `error`). */
  queue(environment: EnvironmentId, input: NewPetInput, allowRepeat = false): Promise<OutboxView | null> {
    return this.#change(environment, null, () => backend.queuePet(environment, input, allowRepeat));
  }

  edit(environment: EnvironmentId, id: string, input: NewPetInput): Promise<OutboxView | null> {
    return this.#change(environment, id, () => backend.editOutboxEntry(environment, id, input));
  }

  /** Only after the person's yes to "Drop X? It will not be added." */
  drop(environment: EnvironmentId, id: string): Promise<OutboxView | null> {
    return this.#change(environment, id, () => backend.dropOutboxEntry(environment, id));
  }

  /** Only after the person's yes to "Send X anyway?" */
  sendAnyway(environment: EnvironmentId, id: string): Promise<OutboxView | null> {
    return this.#change(environment, id, () => backend.sendOutboxEntryAnyway(environment, id));
  }

  async #change(environment: EnvironmentId, id: string | null, call: () => Promise<OutboxView>): Promise<OutboxView | null> {
    this.error = null;
    try {
      const view = await call();
      this.#set(view);
      return view;
    } catch (error) {
      this.error = { environment, id, error: error as CommandError };
      return null;
    }
  }

  #set(view: OutboxView): void {
    this.views = { ...this.views, [view.environment]: view };
  }
}
