import { describe, expect, test } from 'vitest';
import { compareInt64 } from '../src/lib/int64';
import { SORT_KEYS, SortOrders, type SortDir, type SortKey } from '../src/lib/state/orders';
import type { Pet } from '../src/lib/types';

// The orders kept as pages arrive must be exactly what sorting the whole list gives: the
// reference below is the plain sort the table did before (a stable sort, every order ending in
// the id by value).
const names = new Intl.Collator(undefined, { sensitivity: 'base' });
const texts = new Intl.Collator();
function reference(pets: readonly Pet[], key: SortKey, dir: SortDir): Pet[] {
  const sign = dir === 'asc' ? 1 : -1;
  const compare = (a: Pet, b: Pet): number => {
    const ids = compareInt64(a.id, b.id);
    switch (key) {
      case 'id':
        return ids;
      case 'categoryId':
        return compareInt64(a.categoryId, b.categoryId) || ids;
      case 'name':
        return names.compare(a.name, b.name) || ids;
      case 'status':
        return texts.compare(a.status ?? '', b.status ?? '') || ids;
    }
  };
  return [...pets].sort((a, b) => sign * compare(a, b));
}

const NAMES = ['Rex', 'rex', 'Zoé', 'Zoe', 'Ängel', 'angel', 'Bello', 'bello ', 'Mia', 'Straße', 'strasse', '', '日本', 'Ω'];
const STATUSES = ['available', 'pending', 'sold', null, 'Adopted', 'sold'];
// Ids around 2^53, where JavaScript numbers stop being exact, negatives and int64's ends.
const BIG = ['9007199254740993', '9007199254740992', '9007199254740994', '9223372036854775807', '-9223372036854775808', '-1', '0'];

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function pets(count: number, next: () => number, from: number): Pet[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const id = n % 7 === 0 ? BIG[n % BIG.length] : String(Math.floor(next() * 1e6) * 1000 + n);
    return {
      id,
      name: NAMES[Math.floor(next() * NAMES.length)] + (next() < 0.5 ? '' : ` ${Math.floor(next() * 5)}`),
      categoryId: next() < 0.2 ? BIG[Math.floor(next() * BIG.length)] : String(Math.floor(next() * 9)),
      status: STATUSES[Math.floor(next() * STATUSES.length)],
      statusKnown: true,
    };
  });
}

function expectAllOrders(orders: SortOrders, list: readonly Pet[]): void {
  for (const key of SORT_KEYS) {
    for (const dir of ['asc', 'desc'] as const) {
      expect(orders.order(list, key, dir).map((p) => p.id), `${key} ${dir}`).toEqual(reference(list, key, dir).map((p) => p.id));
    }
  }
}

describe('the sorts kept as pages arrive', () => {
  test('pages appended one after another give the orders a whole sort gives', () => {
    const next = random(7);
    const orders = new SortOrders();
    let list: Pet[] = [];
    const seen = new Set<string>();
    for (let page = 0; page < 30; page++) {
      // Load more keeps each id once, as PetList does.
      const fresh = pets(100, next, page * 100).filter((p) => !seen.has(p.id) && seen.add(p.id));
      list = list.concat(fresh);
      orders.follow(list);
      // As the table does after each painted page: batches placed, one order at a time.
      if (page % 3 !== 2) while (orders.tidy());
      if (page % 4 === 3 || page === 29) expectAllOrders(orders, list);
    }
  });

  test('a pet put first (just created) is placed, and any other change sorts again', () => {
    const next = random(11);
    const orders = new SortOrders();
    let list = pets(60, next, 0);
    const ids = new Set(list.map((p) => p.id));
    list = list.filter((p, i) => list.findIndex((q) => q.id === p.id) === i);
    expectAllOrders(orders, list);
    // A page appended and not yet placed when the pet is put first.
    list = list.concat(pets(30, next, 100).filter((p) => !ids.has(p.id) && ids.add(p.id)));
    orders.follow(list);
    const created = { id: '123456789012', name: 'Zoé 1', categoryId: '3', status: 'sold', statusKnown: true };
    expect(ids.has(created.id)).toBe(false);
    list = [created, ...list];
    expectAllOrders(orders, list);
    // A refresh: another list altogether.
    list = pets(30, next, 500);
    expectAllOrders(orders, list);
    // Rows removed from the middle (no append, no pet put first).
    list = list.filter((_, i) => i % 3 !== 1);
    expectAllOrders(orders, list);
  });

  test('ids that are not decimal int64 text are still ordered as before (after the numbers, as text)', () => {
    const orders = new SortOrders();
    const odd = (id: string, categoryId = '1'): Pet => ({ id, name: 'A', categoryId, status: null, statusKnown: true });
    let list = [odd('10'), odd('9'), odd('1e3'), odd(''), odd(' 5'), odd('0x10'), odd('abc', 'x'), odd('-3')];
    expectAllOrders(orders, list);
    list = list.concat([odd('7'), odd('zz')]);
    expectAllOrders(orders, list);
  });

  test('the same list asked again hands out the same order, without sorting again', () => {
    const orders = new SortOrders();
    const list = pets(50, random(3), 0);
    const first = orders.order(list, 'name', 'desc');
    expect(orders.order(list, 'name', 'desc')).toBe(first);
    expect(orders.order(list, 'name', 'asc')).not.toBe(first);
  });
});
