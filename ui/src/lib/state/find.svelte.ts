import type { Pet } from '../types';
import type { PetList } from './pets.svelte';

// Find a pet by name or id among the rows loaded: the service has no search (docs/interface.md),
// so the window filters what it holds and offers to load the rest.

/** One piece of a shown name or id: `mark` pieces are the part that matches the search. */
export interface Piece {
  text: string;
  mark: boolean;
}

const MARKS = /\p{M}/gu;
// Names made only of these need no Unicode folding: most names, and the fast path at 100,000 rows.
const PLAIN = /^[\x20-\x7e]*$/;

/**
 * The name as the search compares it: as the name sort's collator (sensitivity "base") orders
 * it, case and accents do not count ("zoe" finds "Zoé"), and "ß" is "ss" ("strasse" finds
 * "Straße"), so a name found in the sorted table is found by typing it as it sounds.
 */
export function fold(text: string): string {
  if (PLAIN.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(MARKS, '').toLowerCase().replace(/ß/g, 'ss');
}

/**
 * `name` cut into pieces around the first match of `folded` (a folded query), for <mark>: each
 * character of the name is folded on its own, so the marked part is in the name's own letters
 * ("Zoé" with "zoe" marks "Zoé" whole). No match: the name as one piece.
 */
export function namePieces(name: string, folded: string): Piece[] {
  if (folded === '') return [{ text: name, mark: false }];
  // For each character of the folded name, where its source character starts in `name`.
  let joined = '';
  const from: number[] = [];
  let at = 0;
  for (const char of name) {
    const part = fold(char);
    for (let i = 0; i < part.length; i++) from.push(at);
    joined += part;
    at += char.length;
  }
  from.push(name.length);
  const hit = joined.indexOf(folded);
  if (hit < 0) return [{ text: name, mark: false }];
  const start = from[hit];
  // The end is where the character after the match's last one starts.
  let end = name.length;
  for (let i = hit + folded.length; i < from.length; i++) {
    if (from[i] > from[hit + folded.length - 1]) {
      end = from[i];
      break;
    }
  }
  const pieces: Piece[] = [];
  if (start > 0) pieces.push({ text: name.slice(0, start), mark: false });
  pieces.push({ text: name.slice(start, end), mark: true });
  if (end < name.length) pieces.push({ text: name.slice(end), mark: false });
  return pieces;
}

/** The id cut into its matching start and the rest (ids match from their start). */
export function idPieces(id: string, query: string): Piece[] {
  if (query === '' || !id.startsWith(query)) return [{ text: id, mark: false }];
  return query.length === id.length
    ? [{ text: id, mark: true }]
    : [{ text: query, mark: true }, { text: id.slice(query.length), mark: false }];
}

/** The searches kept for Backspace and narrowing: a word's worth of keystrokes. */
const TRAIL = 12;

/** A query that can be an id (digits only) is also looked for at the start of each id. */
const ID_QUERY = /^\d+$/;

/**
 * The rows of `rows` that match: the folded name contains `folded`, or (for digits) the id starts
 * with `query`. A plain loop over an array folded once per list, so a keystroke at 100,000 rows
 * is a few milliseconds. `keep`: the pet just created stays in view (and NEW) whatever the
 * search, as it does whatever the status filter.
 */
export function matching(rows: readonly Pet[], names: readonly string[], query: string, keep: string | null = null): Pet[] {
  return [...rowsAt(rows, matchingAt(rows, names, query, keep, null))];
}

/**
 * The positions in `rows` that match, looked for among `within` (positions an earlier, shorter
 * query matched: a query typed further can only match fewer) or, when null, among all of them.
 */
function matchingAt(
  rows: readonly Pet[],
  names: readonly string[],
  query: string,
  keep: string | null,
  within: readonly number[] | null,
): number[] {
  const folded = fold(query);
  const out: number[] = [];
  // The plain loops below are the keystroke's cost at 100,000 rows with the JIT off: no callback,
  // and the id read only where the query can match one (or a pet is kept in view).
  const byId = ID_QUERY.test(query);
  if (!byId && keep === null) {
    if (within === null) {
      for (let i = 0; i < rows.length; i++) if (names[i].includes(folded)) out.push(i);
    } else {
      for (let k = 0; k < within.length; k++) if (names[within[k]].includes(folded)) out.push(within[k]);
    }
    return out;
  }
  const count = within === null ? rows.length : within.length;
  for (let k = 0; k < count; k++) {
    const i = within === null ? k : within[k];
    const id = rows[i].id;
    if (names[i].includes(folded) || (byId && id.startsWith(query)) || id === keep) out.push(i);
  }
  return out;
}

/** The rows at `hits`; `rows` itself when every one is there (the first letters of a search). */
function rowsAt(rows: readonly Pet[], hits: readonly number[]): readonly Pet[] {
  if (hits.length === rows.length) return rows;
  const out: Pet[] = new Array(hits.length);
  for (let k = 0; k < hits.length; k++) out[k] = rows[hits[k]];
  return out;
}

/** How the search's count is said: what "of M" means depends on what the list may still hold. */
export type Coverage = 'all' | 'more' | 'cannotPage';

/** The Find box's state over a pet list: the query, the rows it leaves, and loading the rest. */
export class PetFind {
  readonly list: PetList;
  /** What the person typed. */
  query = $state('');
  /** "Load the rest" is running: one page after another until none is left, or Stop. */
  loadingRest = $state(false);
  #stop = false;
  // Each pet's folded name, made once when the pet arrives (`warm`; a sort, or the next page,
  // reuses it): the rows are replaced, never changed in place, so the object is the key.
  #folded = new WeakMap<Pet, string>();
  /** The folded names of `list.pets` in its order, kept as pages are appended (see `warm`). */
  #petNames: string[] = [];
  #warmedOf: readonly Pet[] = [];
  /**
   * The searches typed over the rows on screen, newest last, with their matches (null: every
   * row), for narrowing the next keystroke's and for Backspace (not reactive: a cache, emptied
   * when the rows or the pet kept in view change).
   */
  #trail: {
    rows: readonly Pet[] | null;
    keep: string | null;
    searches: { query: string; folded: string; hits: number[] | null }[];
  } = { rows: null, keep: null, searches: [] };

  constructor(list: PetList) {
    this.list = list;
  }

  /** The query as matched: spaces around it do not count. */
  readonly needle = $derived(this.query.trim());
  readonly active = $derived(this.needle !== '');

  /**
   * Folds the names of pets that arrived since the last call (a page appended: only its own
   * rows), so the first keystroke over 100,000 rows does not fold them all. The table calls it
   * whenever its rows change.
   */
  warm(): void {
    const pets = this.list.pets;
    const before = this.#warmedOf;
    const appended = before.length <= pets.length && (before.length === 0 || pets[before.length - 1] === before[before.length - 1]);
    if (!appended) this.#petNames = [];
    for (let i = this.#petNames.length; i < pets.length; i++) this.#petNames.push(this.#nameOf(pets[i]));
    this.#warmedOf = pets;
  }

  #nameOf(pet: Pet): string {
    let name = this.#folded.get(pet);
    if (name === undefined) {
      name = fold(pet.name);
      this.#folded.set(pet, name);
    }
    return name;
  }

  /** The folded names, in the order of `list.sorted`; once per list, sort or page, not per key. */
  readonly #names = $derived.by(() => {
    const sorted = this.list.sorted;
    if (sorted === this.list.pets) {
      // Unsorted: the names kept as pages came, with any not folded yet.
      this.warm();
      return this.#petNames;
    }
    return sorted.map((pet) => this.#nameOf(pet));
  });

  /**
   * The rows the table shows: the sorted rows, or those that match while a search is on. A query
   * typed further narrows the last one's matches instead of reading every row again.
   */
  readonly rows = $derived.by(() => {
    const rows = this.list.sorted;
    // Searches over rows no longer on screen hold those rows: a replaced list's memory goes.
    if (this.#trail.rows !== rows && this.#trail.rows !== null) this.#trail = { rows: null, keep: null, searches: [] };
    if (!this.active) return rows;
    const names = this.#names;
    const query = this.needle;
    const folded = this.foldedNeedle;
    const keep = this.list.highlightId;
    if (this.#trail.rows !== rows || this.#trail.keep !== keep) this.#trail = { rows, keep, searches: [] };
    const searches = this.#trail.searches;
    // Backspace goes back to a search already made over these rows: its matches, not a new pass.
    const again = searches.find((s) => s.query === query && s.folded === folded);
    if (again) return again.hits === null ? rows : rowsAt(rows, again.hits);
    // A query typed further can only match fewer: the longest earlier one it extends narrows it.
    let within: number[] | null = null;
    let longest = -1;
    for (const s of searches) {
      if (s.query.length > longest && query.startsWith(s.query) && folded.startsWith(s.folded)) {
        within = s.hits;
        longest = s.query.length;
      }
    }
    const hits = matchingAt(rows, names, query, keep, within);
    const every = hits.length === rows.length;
    searches.push({ query, folded, hits: every ? null : hits });
    if (searches.length > TRAIL) searches.shift();
    return every ? rows : rowsAt(rows, hits);
  });

  /** How many of the loaded rows match (the pet kept for its NEW mark is not one, unless it does). */
  readonly matches = $derived.by(() => {
    const kept = this.list.highlightId;
    const extra = kept !== null && this.active && this.rows.some((p) => p.id === kept && !this.#hits(p));
    return extra ? this.rows.length - 1 : this.rows.length;
  });

  #hits(pet: Pet): boolean {
    return fold(pet.name).includes(this.foldedNeedle) || (ID_QUERY.test(this.needle) && pet.id.startsWith(this.needle));
  }

  readonly foldedNeedle = $derived(fold(this.needle));

  readonly coverage: Coverage = $derived.by(() =>
    this.list.next !== null ? 'more' : this.list.mayHaveMore ? 'cannotPage' : 'all',
  );

  namePieces(name: string): Piece[] {
    return this.active ? namePieces(name, this.foldedNeedle) : [{ text: name, mark: false }];
  }

  idPieces(id: string): Piece[] {
    return this.active && ID_QUERY.test(this.needle) ? idPieces(id, this.needle) : [{ text: id, mark: false }];
  }

  /**
   * Loads every page left, one after another through the list's own "Load more" (which the
   * key's governor paces), the count growing as each comes. It ends at the last page, at a
   * failure (the table says it), when the list on screen changes, or at Stop.
   */
  async loadRest(): Promise<void> {
    if (this.loadingRest) return;
    const list = this.list;
    const number = list.listNumber;
    this.#stop = false;
    this.loadingRest = true;
    try {
      while (!this.#stop && list.next !== null && list.listNumber === number && !list.loading) {
        // A "Load more" the person started is on its way: its page comes first.
        if (list.loadingMore) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        await list.loadMore();
        if (list.moreError) break;
      }
    } finally {
      this.loadingRest = false;
    }
  }

  /** Stop: no next page is asked for, and the one on its way is called off (its rows stay out). */
  stop(): void {
    if (!this.loadingRest) return;
    this.#stop = true;
    this.list.stopMore();
  }
}
