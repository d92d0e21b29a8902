import * as backend from '../backend';
import type { CommandError, EnvironmentId, QuotaHistory, QuotaRange } from '../types';

/** The quota panel's data: one environment's history over the last hour or day. */
export class QuotaHistoryState {
  range = $state<QuotaRange>('hour');
  history = $state.raw<QuotaHistory | null>(null);
  loading = $state(false);
  error = $state.raw<CommandError | null>(null);

  #asked = 0;

  constructor(readonly environment: EnvironmentId) {}

  async load(): Promise<void> {
    const asked = ++this.#asked;
    this.loading = true;
    this.error = null;
    try {
      const history = await backend.quotaHistory(this.environment, this.range);
      if (asked === this.#asked) this.history = history;
    } catch (e) {
      if (asked === this.#asked) this.error = e as CommandError;
    } finally {
      if (asked === this.#asked) this.loading = false;
    }
  }

  show(range: QuotaRange): Promise<void> {
    if (range === this.range && this.history) return Promise.resolve();
    this.range = range;
    this.history = null;
    return this.load();
  }
}
