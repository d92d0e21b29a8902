import { compareInt64 } from '../int64';
import type { Pet } from '../types';

// The table's sorts, kept in order as pages arrive, so a click on a column header costs a copy,
// not a sort. With JavaScriptCore's JIT off (as the app runs), sorting 100,000 rows with a
// comparator takes 0.3-1.3 s: 1.7 million calls of interpreted code. Here pets are placed into
// each order by binary search as pages arrive (about 24 comparisons per pet and order), and a
// sort hands out an order that is already there (BENCHMARKS.md, issue 40 §2).

export type SortKey = 'id' | 'name' | 'categoryId' | 'status';
export type SortDir = 'asc' | 'desc';

export const SORT_KEYS: readonly SortKey[] = ['id', 'name', 'categoryId', 'status'];

const INTEGER = /^-?\d+$/;

// One collator each, made on first use (not at start: ICU's collation data costs memory a table
// that is never sorted by text does not need). `localeCompare` with options builds a collator on
// every call: sorting 10,000 names took ~0.5 s that way.
let nameOrder: Intl.Collator | null = null;
let textOrder: Intl.Collator | null = null;

/**
 * Orders ids by value. For decimal int64 text (every id the backend sends), the numbers compare
 * as JavaScript numbers: rounding above 2^53 keeps their order, so only two ids that round to the
 * same number need the exact comparison.
 */
function idOrder(a: string, b: string): number {
  if (a === b) return 0;
  const x = +a;
  const y = +b;
  return x < y ? -1 : x > y ? 1 : compareInt64(a, b);
}

/** The order of `key`, ascending; every order ends in the id, so it is total. */
function comparer(key: SortKey, exact: boolean): (a: Pet, b: Pet) => number {
  const ids = exact ? compareInt64 : idOrder;
  switch (key) {
    case 'id':
      return (a, b) => ids(a.id, b.id);
    case 'categoryId':
      return (a, b) => (a.categoryId === b.categoryId ? 0 : ids(a.categoryId, b.categoryId)) || ids(a.id, b.id);
    case 'name': {
      const names = (nameOrder ??= new Intl.Collator(undefined, { sensitivity: 'base' }));
      return (a, b) => (a.name === b.name ? 0 : names.compare(a.name, b.name)) || ids(a.id, b.id);
    }
    case 'status': {
      const texts = (textOrder ??= new Intl.Collator());
      return (a, b) => (a.status === b.status ? 0 : texts.compare(a.status ?? '', b.status ?? '')) || ids(a.id, b.id);
    }
  }
}

/** Ids and category ids as the backend sends them: decimal int64 text (else compared exactly). */
function plain(pets: readonly Pet[], from: number, to = pets.length): boolean {
  for (let i = from; i < to; i++) {
    if (!INTEGER.test(pets[i].id) || !INTEGER.test(pets[i].categoryId)) return false;
  }
  return true;
}

/** `sorted` with each of `added` (sorted too) placed after its equals, as a stable sort would. */
function merge(sorted: readonly Pet[], added: readonly Pet[], order: (a: Pet, b: Pet) => number): Pet[] {
  const parts: (readonly Pet[] | Pet)[] = [];
  let from = 0;
  for (const pet of added) {
    let low = from;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (order(sorted[mid], pet) <= 0) low = mid + 1;
      else high = mid;
    }
    if (low > from) parts.push(sorted.slice(from, low));
    parts.push(pet);
    from = low;
  }
  if (from < sorted.length) parts.push(sorted.slice(from));
  return ([] as Pet[]).concat(...parts);
}

/** Appended pets are placed into an order in batches of at least this many (see `tidy`). */
const MERGE_EVERY = 500;

/**
 * Every sort of one pet list, kept as the list grows. `follow` is given the list each time it
 * changes: pets appended (Load more) wait to be placed, a batch at a time (`tidy`, one order per
 * call, after a page is painted), so a page costs no copy of 100,000 rows per order; a sort
 * places what still waits for its own order only. One pet put first (a pet just created) is
 * placed at once; any other change sorts again.
 */
export class SortOrders {
  #pets: readonly Pet[] = [];
  #ascending = new Map<SortKey, Pet[]>();
  /** How many pets of `#pets` (from its start) each order holds; the rest wait. */
  #placed = new Map<SortKey, number>();
  #descending = new Map<SortKey, Pet[]>();
  #exact = false;

  /** The rows of `pets` in the order asked for. */
  order(pets: readonly Pet[], key: SortKey, dir: SortDir): readonly Pet[] {
    this.follow(pets);
    this.#place(key);
    const ascending = this.#ascending.get(key) ?? [];
    if (dir === 'asc') return ascending;
    let descending = this.#descending.get(key);
    if (!descending) {
      // Every order is total (the id last), so descending is ascending reversed.
      descending = ascending.slice().reverse();
      this.#descending.set(key, descending);
    }
    return descending;
  }

  /** Brings the orders up to `pets` (appended pets wait for `tidy` or a sort). */
  follow(pets: readonly Pet[]): void {
    const before = this.#pets;
    if (pets === before) return;
    const kept = before.length > 0 && this.#ascending.size > 0;
    const appended = kept && pets.length > before.length && pets[0] === before[0] && pets[before.length - 1] === before[before.length - 1];
    if (appended && (this.#exact || plain(pets, before.length))) {
      this.#pets = pets;
      return;
    }
    const putFirst =
      kept && pets.length === before.length + 1 && pets[1] === before[0] && pets[pets.length - 1] === before[before.length - 1];
    if (putFirst && (this.#exact || plain(pets, 0, 1))) {
      for (const key of SORT_KEYS) this.#place(key);
      this.#pets = pets;
      this.#descending.clear();
      for (const key of SORT_KEYS) {
        const order = comparer(key, this.#exact);
        this.#ascending.set(key, merge(this.#ascending.get(key) ?? [], [pets[0]], order));
        this.#placed.set(key, pets.length);
      }
      return;
    }
    this.#pets = pets;
    this.#descending.clear();
    this.#exact = !plain(pets, 0);
    for (const key of SORT_KEYS) {
      this.#ascending.set(key, pets.slice().sort(comparer(key, this.#exact)));
      this.#placed.set(key, pets.length);
    }
  }

  /**
   * Places a batch of waiting pets into the order with the most waiting, when it has at least
   * MERGE_EVERY: one order a call, so no call does much. Answers whether an order still waits.
   */
  tidy(): boolean {
    let most: SortKey | null = null;
    let waiting = 0;
    for (const key of SORT_KEYS) {
      const left = this.#pets.length - (this.#placed.get(key) ?? this.#pets.length);
      if (left > waiting) {
        waiting = left;
        most = key;
      }
    }
    if (most === null || waiting < MERGE_EVERY) return false;
    this.#place(most);
    return SORT_KEYS.some((key) => this.#pets.length - (this.#placed.get(key) ?? 0) >= MERGE_EVERY);
  }

  /** Every waiting pet placed into the order of `key`. */
  #place(key: SortKey): void {
    const placed = this.#placed.get(key) ?? this.#pets.length;
    if (placed >= this.#pets.length) return;
    const order = comparer(key, this.#exact);
    const added = this.#pets.slice(placed).sort(order);
    this.#ascending.set(key, merge(this.#ascending.get(key) ?? [], added, order));
    this.#placed.set(key, this.#pets.length);
    this.#descending.delete(key);
  }
}
