import * as backend from '../backend';
import { retryAtOf } from '../command-error';
import type { CommandError, Pet, PetStatusValue } from '../types';
import { sameSource, type Highlight, type RowSource } from './highlight';
import { SortOrders, type SortDir, type SortKey } from './orders';

/**
 * Which list rows are: where they come from, their status filter and their rows per page (null:
 * the remembered number, not known yet). Two loads of the same list are a refresh; anything else
 * is a new list.
 */
interface ListKey {
  source: RowSource | null;
  status: PetStatusValue | null;
  limit: number | null;
}

function sameList(a: ListKey, b: ListKey): boolean {
  const sameOrigin =
    a.source === b.source ||
    (a.source !== null && b.source !== null && a.source.environment === b.source.environment && a.source.origin === b.source.origin);
  return sameOrigin && a.status === b.status && a.limit === b.limit;
}

export type { SortDir, SortKey } from './orders';

/** After the next frame is painted: work the person is not waiting for. */
function afterPaint(work: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(work, 0));
  else setTimeout(work, 0);
}

/** The pet table's data: what was asked for, what came back, and how it is shown. */
export class PetList {
  // Raw: rows are replaced, never changed in place, so 10,000 pets need no proxy each.
  pets = $state.raw<Pet[]>([]);
  next = $state<string | null>(null);
  /**
   * The last page was full and the service offered no next one: it may hold more pets, with no
   * way to fetch them. The table never calls these rows all, and offers no "Load more".
   */
  mayHaveMore = $state(false);
  loading = $state(false);
  loadingMore = $state(false);
  error = $state<CommandError | null>(null);
  moreError = $state<CommandError | null>(null);
  status = $state<PetStatusValue | null>(null);
  limit = $state(20);
  sortKey = $state<SortKey | null>(null);
  sortDir = $state<SortDir>('asc');
  /** The environment and origin the rows on screen belong to (told by the app); null: not known yet. */
  source = $state.raw<RowSource | null>(null);
  /** When the load on its way started (Date.now()), for "Still waiting… (12 s)"; null: none. */
  loadStartedAt = $state<number | null>(null);
  /**
   * The last load was cancelled (by the person, or because the address it was aimed at changed):
   * the rows are the ones from before it. A quiet note, not an error; it ends with the next load.
   */
  cancelled = $state(false);
  /**
   * The last refresh was refused for a wait the key must honour (a 429 remembered by the app or
   * the command line, a spent quota): the rows on screen stay, marked as from before, with the
   * wait and its end. It ends with the next load.
   */
  heldBack = $state.raw<CommandError | null>(null);
  /**
   * When the wait the key must honour ends (ms since the epoch), while it runs: no load can work
   * before then, so nothing offers one (Refresh, Retry). null: no such wait known.
   */
  waitEnds = $state<number | null>(null);
  #waitTimer: ReturnType<typeof setTimeout> | null = null;

  /** Refresh can work now: nothing is loading and no known wait runs. */
  get canRefresh(): boolean {
    return !this.loading && this.waitEnds === null;
  }

  /** The pet just created, with where it was created; it ends with the next load. */
  highlight = $state.raw<Highlight | null>(null);

  /** The id to mark NEW: only while the table shows the environment and origin it was created at. */
  highlightId = $derived(this.highlight && sameSource(this.highlight, this.source) ? this.highlight.id : null);

  /**
   * The pets an import created, with where: highlighted while the table shows that environment at
   * that origin, through reloads (the reload that brings them in comes after), until another import ends.
   */
  imported = $state.raw<{ source: RowSource; ids: Set<string> } | null>(null);

  importedIds = $derived(this.imported && sameSource(this.imported.source, this.source) ? this.imported.ids : null);

  /** The row is marked NEW: the pet just created, or one an import created. */
  isNew(id: string): boolean {
    return id === this.highlightId || (this.importedIds?.has(id) ?? false);
  }

  // A slow answer for an old filter or environment must not overwrite a newer one.
  #generation = 0;

  /** The list the rows on screen are, and when they came (Date.now()); null: no list's rows. */
  #shown = $state.raw<(ListKey & { at: number }) | null>(null);
  /** The remembered rows per page has been read (or could not be): a start's list knows its limit. */
  #limitKnown = false;

  /** Counts the lists shown: a new number is another list, which the table opens at its top. */
  listNumber = $state(0);

  /**
   * The load on its way asks again for the list on screen (a refresh, not another filter,
   * limit or environment): its rows stay while it waits, marked as from before.
   */
  refreshing = $derived.by(() => {
    const shown = this.#shown;
    return this.loading && shown !== null && sameList(shown, { source: this.source, status: this.status, limit: this.limit });
  });

  /** When the rows on screen came (Date.now()); null: none. */
  get shownAt(): number | null {
    return this.#shown?.at ?? null;
  }

  sorted = $derived.by(() => {
    const key = this.sortKey;
    if (key === null) return this.pets;
    return this.#orders.order(this.pets, key, this.sortDir);
  });

  // Every sort of the rows, kept as pages arrive (`orders.ts`): brought up to date after pages
  // are painted, a batch at a time, so a page costs no more with 100,000 rows, and a sort is
  // (nearly) a copy.
  #orders = new SortOrders();
  /** The ids in `pets`, kept as pages are appended: a page is checked against it, not rebuilt. */
  #ids = new Set<string>();

  /** The rows are now `pets`. */
  #setPets(pets: Pet[], appended: readonly Pet[] | null = null): void {
    if (appended === null) this.#ids = new Set(pets.map((p) => p.id));
    else for (const pet of appended) this.#ids.add(pet.id);
    this.pets = pets;
    afterPaint(() => this.#tidyOrders());
  }

  /** The orders follow the rows, a batch at a time, each after a painted frame. */
  #tidyOrders(): void {
    this.#orders.follow(this.pets);
    if (this.#orders.tidy()) afterPaint(() => this.#tidyOrders());
  }

  /**
   * A sort is on while more pets may exist (more pages, or a full page with no way on): it orders
   * only the pets loaded so far, and the table says so.
   */
  sortsPartly = $derived(this.sortKey !== null && (this.next !== null || this.mayHaveMore));

  refresh(): Promise<void> {
    return this.#load(this.limit);
  }

  /**
   * The first page at start-up. It is asked for at once, with the rows per page the app remembers,
   * while the selector reads the same number alongside: the page does not wait for that read, and
   * every later refresh uses the selector's value.
   */
  start(): Promise<void> {
    void this.#restoreLimit();
    return this.#load(null);
  }

  async #load(limit: number | null): Promise<void> {
    const generation = ++this.#generation;
    // What was new is now just a row of the reloaded list.
    this.highlight = null;
    this.loading = true;
    this.loadStartedAt = Date.now();
    this.cancelled = false;
    this.error = null;
    this.heldBack = null;
    this.moreError = null;
    const status = this.status;
    try {
      const page = await backend.listPets(status, limit);
      if (generation !== this.#generation) return;
      // The source as it is now: a switch tells it while the first page is on its way.
      const list: ListKey = { source: this.source, status, limit: limit ?? (this.#limitKnown ? this.limit : null) };
      if (this.#shown === null || !sameList(this.#shown, list)) this.listNumber++;
      this.#shown = { ...list, at: Date.now() };
      this.#setPets(page.pets);
      this.next = page.next;
      this.mayHaveMore = page.next === null && page.mayHaveMore;
    } catch (error) {
      if (generation !== this.#generation) return;
      const failure = error as CommandError;
      if (failure.kind === 'cancelled') {
        // Called off, not failed: the rows from before stay, with a note.
        this.cancelled = true;
        return;
      }
      this.#waitFor(failure);
      if (this.refreshing && this.pets.length > 0 && retryAtOf(failure) !== null) {
        // A refresh that must wait: the rows from before stay, said to be from before.
        this.heldBack = failure;
        return;
      }
      this.error = failure;
      this.#shown = null;
      this.#setPets([]);
      this.next = null;
      this.mayHaveMore = false;
    } finally {
      if (generation === this.#generation) {
        this.loading = false;
        this.loadStartedAt = null;
      }
    }
  }

  /** Learns the end of a wait `failure` names, and forgets it once it has passed. */
  #waitFor(failure: CommandError): void {
    const ends = Date.parse(retryAtOf(failure) ?? '');
    const left = ends - Date.now();
    if (!(left > 0)) return;
    this.waitEnds = ends;
    if (this.#waitTimer !== null) clearTimeout(this.#waitTimer);
    this.#waitTimer = setTimeout(() => {
      this.waitEnds = null;
      this.#waitTimer = null;
    }, left);
  }

  /**
   * "Cancel" beside a long wait: the table is free at once (Refresh works again) with the rows
   * from before, and the backend stops the load's waits and retries. Only reads are cancelled
   * there, never a create.
   */
  cancel(): void {
    if (!this.loading) return;
    // The cancelled load's answer, if one still comes, is not this table's any more.
    this.#generation++;
    this.loading = false;
    this.loadStartedAt = null;
    this.cancelled = true;
    const environment = this.source?.environment;
    if (environment) backend.cancelRequests(environment).catch(() => {});
  }

  /** The rows per page the person chose last time; the default stays when it cannot be read. */
  async #restoreLimit(): Promise<void> {
    const before = this.limit;
    try {
      const remembered = await backend.getPageSize();
      // A choice made meanwhile wins over last time's.
      if (this.limit === before) this.limit = remembered;
    } catch {
      // Not worth a message: the table still loads, with the default.
    } finally {
      // The first page was asked for with the remembered number: it is this one.
      this.#limitKnown = true;
      if (this.#shown?.limit === null) this.#shown = { ...this.#shown, limit: this.limit };
    }
  }

  /** A new rows-per-page choice: used at once and remembered for the next start. */
  async changeLimit(limit: number): Promise<void> {
    this.limit = limit;
    // Remembering is a convenience; failing to save must not stop the table from loading.
    backend.savePageSize(limit).catch(() => {});
    await this.refresh();
  }

  async loadMore(): Promise<void> {
    if (!this.next || this.loadingMore) return;
    const generation = this.#generation;
    this.loadingMore = true;
    this.moreError = null;
    try {
      const page = await backend.nextPage(this.next);
      if (generation !== this.#generation) return;
      const seen = this.#ids;
      const inPage = new Set<string>();
      const fresh: Pet[] = [];
      for (const pet of page.pets) {
        // A page may repeat a pet (the store changed between pages), or itself: once each.
        if (seen.has(pet.id) || inPage.has(pet.id)) continue;
        inPage.add(pet.id);
        fresh.push(pet);
      }
      // concat, not spread: one native copy (the spread walks 100,000 rows in the interpreter).
      this.#setPets(this.pets.concat(fresh), fresh);
      this.next = page.next;
      this.mayHaveMore = page.next === null && page.mayHaveMore;
    } catch (error) {
      const failure = error as CommandError;
      // A cancelled "Load more" leaves the rows as they were, and its button ready again.
      if (generation === this.#generation && failure.kind !== 'cancelled') this.moreError = failure;
    } finally {
      this.loadingMore = false;
    }
  }

  /**
   * Stop for the page "Load more" has on its way (the Find box's "Load the rest"): the backend
   * calls off the read, and the rows stay as they were (a cancelled page is no error).
   */
  stopMore(): void {
    if (!this.loadingMore) return;
    const environment = this.source?.environment;
    if (environment) backend.cancelRequests(environment).catch(() => {});
  }

  sortBy(key: SortKey): void {
    if (this.sortKey === key) {
      this.sortDir = this.sortDir === 'asc' ? 'desc' : 'asc';
    } else {
      this.sortKey = key;
      this.sortDir = 'asc';
    }
  }

  /**
   * The rows now belong to this environment at this origin (a switch, or a new address). A
   * highlight from anywhere else ends: its id may name another pet here.
   */
  showFrom(source: RowSource | null): void {
    if (sameSource(source, this.source) || (source === null && this.source === null)) return;
    this.source = source;
    // Rows that came before the environment was known (at start-up) are the selected one's.
    if (this.#shown && this.#shown.source === null) this.#shown = { ...this.#shown, source };
    if (this.highlight && !sameSource(this.highlight, source)) this.highlight = null;
    if (this.imported && !sameSource(this.imported.source, source)) this.imported = null;
  }

  /** An import ended at `source`: its pets are highlighted, and the rows reload to show them. */
  importedAt(ids: string[], source: RowSource): Promise<void> {
    this.imported = ids.length > 0 ? { source, ids: new Set(ids) } : null;
    return sameSource(source, this.source) ? this.refresh() : Promise.resolve();
  }

  /**
   * A pet just created where the table's rows come from: shown at the top (even if the filter
   * would hide it) and highlighted. Created elsewhere it is neither: it is not one of these rows.
   * Answers whether it was shown.
   */
  added(pet: Pet, createdAt: RowSource): boolean {
    if (!sameSource(createdAt, this.source)) return false;
    const others = this.#ids.has(pet.id) ? this.pets.filter((p) => p.id !== pet.id) : this.pets;
    this.#setPets([pet].concat(others), [pet]);
    this.highlight = { ...createdAt, id: pet.id };
    return true;
  }
}
