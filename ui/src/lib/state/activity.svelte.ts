import * as backend from '../backend';
import { sinceOf, type TimeRange } from '../activity-words';
import type { ActivityEntry, ActivityFilter, ActivityOutcome, CommandError, EnvironmentId, Operation } from '../types';

/** Entries asked for at a time: windows of the history, never all of it. */
export const CHUNK = 100;
/** How long the search waits after the last key before asking. */
export const SEARCH_DELAY_MS = 300;
/** Entries kept beyond the window in view, either side, so scrolling back needs no new request. */
const KEEP = 1000;

/**
 * The Activity view's data: the filters, and the history as a sparse list of entries by their
 * place (newest first), fetched in windows of CHUNK as the person scrolls. The total comes from
 * each answer. A refresh (new entries recorded) keeps what is on screen and says how many entries
 * arrived above it, so the view can keep its place.
 */
export class ActivityLog {
  environment = $state<EnvironmentId | null>(null);
  operation = $state<Operation | null>(null);
  outcome = $state<ActivityOutcome | null>(null);
  range = $state<TimeRange>('all');
  /** What the search box says; the rows follow it after a pause in typing. */
  searchText = $state('');
  /** The search the rows are for. */
  search = $state('');

  total = $state(0);
  /** Entries fetched so far by their place; raw, replaced whole. */
  rows = $state.raw<ReadonlyMap<number, ActivityEntry>>(new Map());
  /** The first window of a new query is on its way. */
  loading = $state(false);
  /** An answer for the current filters has arrived (the total is known). */
  loaded = $state(false);
  error = $state.raw<CommandError | null>(null);
  /** Entries the last refresh found above the ones on screen; `serial` changes with every refresh. */
  shifted = $state.raw({ count: 0, serial: 0 });

  /** Some filter narrows the history (for the empty state's words). */
  filtered = $derived(
    this.environment !== null || this.operation !== null || this.outcome !== null || this.range !== 'all' || this.search !== '',
  );

  #query: ActivityFilter | null = null;
  /** Bumped by every new query and refresh: answers for an older one are dropped. */
  #epoch = 0;
  /** Chunks fetched for the current epoch, and those on their way. */
  #fresh = new Set<number>();
  #asking = new Set<number>();
  #window: [number, number] = [0, CHUNK];
  #searchTimer: ReturnType<typeof setTimeout> | null = null;
  #refreshing: Promise<void> | null = null;
  #again = false;

  /** The filters as the backend takes them, the time range counted from now. */
  filter(now = Date.now()): ActivityFilter {
    return {
      environment: this.environment,
      operation: this.operation,
      outcome: this.outcome,
      since: sinceOf(this.range, now),
      until: null,
      search: this.search === '' ? null : this.search,
    };
  }

  /** The filters the rows on screen are for (what an export writes). */
  get query(): ActivityFilter {
    return this.#query ?? this.filter();
  }

  entryAt(index: number): ActivityEntry | null {
    return this.rows.get(index) ?? null;
  }

  /** A filter changed: the list starts again from the newest entry. */
  async reload(): Promise<void> {
    const epoch = ++this.#epoch;
    this.#query = this.filter();
    this.#fresh.clear();
    this.#asking.clear();
    this.#window = [0, CHUNK];
    this.loading = true;
    this.error = null;
    this.rows = new Map();
    this.total = 0;
    this.loaded = false;
    await this.#askFor(0, epoch);
  }

  /** The search box changed: asked for once the typing pauses. */
  typed(text: string): void {
    this.searchText = text;
    if (this.#searchTimer) clearTimeout(this.#searchTimer);
    this.#searchTimer = setTimeout(() => {
      this.#searchTimer = null;
      this.applySearch();
    }, SEARCH_DELAY_MS);
  }

  /** Applies the search box now (Enter). */
  applySearch(): void {
    if (this.#searchTimer) clearTimeout(this.#searchTimer);
    this.#searchTimer = null;
    const search = this.searchText.trim();
    if (search === this.search) return;
    this.search = search;
    void this.reload();
  }

  /** The rows in view changed: fetch what is missing around them. */
  show(first: number, last: number): void {
    this.#window = [first, last];
    const epoch = this.#epoch;
    if (!this.#query) return;
    const end = Math.min(last, this.loaded ? this.total : last);
    for (let chunk = Math.floor(first / CHUNK); chunk * CHUNK < end; chunk++) void this.#askFor(chunk, epoch);
  }

  /**
   * New entries were recorded (or the person asked): the same filters again, with a relative time
   * range counted from now. What is on screen stays while the answers come; entries found above
   * it are reported in `shifted`. Refreshes that arrive meanwhile run once after it.
   */
  refresh(): Promise<void> {
    if (!this.#query) return this.reload();
    if (this.#refreshing) {
      this.#again = true;
      return this.#refreshing;
    }
    this.#refreshing = this.#refresh().finally(() => {
      this.#refreshing = null;
      if (this.#again) {
        this.#again = false;
        void this.refresh();
      }
    });
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    const epoch = ++this.#epoch;
    this.#query = this.filter();
    this.#fresh.clear();
    this.#asking.clear();
    const top = this.rows.get(0)?.id;
    const before = this.total;
    try {
      const page = await backend.listActivity(this.#query, 0, CHUNK);
      if (epoch !== this.#epoch) return;
      const found = top === undefined ? 0 : page.entries.findIndex((e) => e.id === top);
      const shift = top === undefined ? 0 : found >= 0 ? found : Math.max(0, page.total - before);
      const rows = new Map<number, ActivityEntry>();
      for (const [i, entry] of this.rows) if (i + shift < page.total) rows.set(i + shift, entry);
      page.entries.forEach((entry, i) => rows.set(i, entry));
      this.rows = rows;
      this.total = page.total;
      this.loaded = true;
      this.error = null;
      this.#fresh.add(0);
      if (shift > 0) this.shifted = { count: shift, serial: this.shifted.serial + 1 };
      const [first, last] = this.#window;
      this.show(first + shift, last + shift);
    } catch (e) {
      if (epoch === this.#epoch) this.error = e as CommandError;
    }
  }

  /** An entry changed (an unconfirmed add resolved): the row that shows it shows the new one. */
  replace(entry: ActivityEntry): void {
    let changed = false;
    const rows = new Map(this.rows);
    for (const [i, e] of rows) {
      if (e.id === entry.id) {
        rows.set(i, entry);
        changed = true;
      }
    }
    if (changed) this.rows = rows;
  }

  async #askFor(chunk: number, epoch: number): Promise<void> {
    // Fetched since the last refresh and still held (scrolling far away lets it go): nothing to ask.
    if ((this.#fresh.has(chunk) && this.rows.has(chunk * CHUNK)) || this.#asking.has(chunk) || !this.#query) return;
    this.#asking.add(chunk);
    try {
      const page = await backend.listActivity(this.#query, chunk * CHUNK, CHUNK);
      if (epoch !== this.#epoch) return;
      this.#fresh.add(chunk);
      const rows = new Map<number, ActivityEntry>();
      const [first, last] = this.#window;
      // Only what is near the window stays: scrolling through 200,000 entries holds a few thousand.
      for (const [i, entry] of this.rows) if (i >= first - KEEP && i < last + KEEP) rows.set(i, entry);
      page.entries.forEach((entry, i) => rows.set(chunk * CHUNK + i, entry));
      // Entries recorded (or pruned) since the last answer moved every place: the refresh that
      // the recording brings puts the rows on screen right; ask for it now in case it is not coming.
      const moved = this.loaded && page.total !== this.total && chunk > 0;
      this.rows = rows;
      this.total = page.total;
      this.loaded = true;
      this.error = null;
      if (moved) void this.refresh();
    } catch (e) {
      if (epoch === this.#epoch) this.error = e as CommandError;
    } finally {
      if (epoch === this.#epoch) {
        this.#asking.delete(chunk);
        if (chunk === 0) this.loading = false;
      }
    }
  }

  /** The view is closing: a search still waiting for the typing to pause is applied now. */
  dispose(): void {
    if (this.#searchTimer) this.applySearch();
  }
}
