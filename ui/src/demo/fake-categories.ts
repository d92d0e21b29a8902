// The demo fake's category names: each environment's list, with the backend's rules
// (names of 1–60 characters once trimmed, different ignoring case; ids whole numbers from 1 up),
// refusals as facts, merges that add and never replace, and the `category-names` event.
import { emit } from '@tauri-apps/api/event';
import { MAX_CATEGORIES, MAX_CATEGORY_NAME_CHARS } from '../lib/bindings/CategoryLimits';
import { commandError } from '../lib/command-error';
import { INT64_MAX } from '../lib/int64';
import type {
  CategoryEntry,
  CategoryList,
  CategoryMerge,
  CategoryProblem,
  CategoryRefusal,
  EnvironmentId,
  Field,
  SavedFile,
} from '../lib/types';

export interface CategoryFakeOptions {
  /** Each environment's names at start. */
  categoryNames?: Partial<Record<EnvironmentId, CategoryEntry[]>>;
  /** The file behind "Import list…" (its picker answers at once). */
  categoryListCsv?: string;
}

/** (line, id, name) as a file offers them. */
export type Offer = [number | null, string, string];

const FIELD: Record<CategoryProblem, Field | null> = {
  idNotANumber: 'categoryId',
  idNotPositive: 'categoryId',
  nameEmpty: 'categoryName',
  nameTooLong: 'categoryName',
  nameTaken: 'categoryName',
  idNamed: 'categoryId',
  notNamed: 'categoryId',
  listFull: null,
};

function refusal(problem: CategoryProblem, id: string, name: string, more: Partial<CategoryRefusal> = {}): CategoryRefusal {
  return { problem, id, name, line: null, chars: null, otherId: null, otherName: null, ...more };
}

export function categoryHandlers(options: CategoryFakeOptions) {
  const lists = new Map<EnvironmentId, Map<string, string>>(
    Object.entries(options.categoryNames ?? {}).map(([env, entries]) => [
      env as EnvironmentId,
      new Map((entries ?? []).map((e) => [e.id, e.name])),
    ]),
  );
  const names = (env: EnvironmentId) => lists.get(env) ?? new Map<string, string>();
  const list = (env: EnvironmentId): CategoryList => ({
    environment: env,
    entries: [...names(env)]
      .sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1))
      .map(([id, name]) => ({ id, name })),
  });
  const changed = (env: EnvironmentId) => {
    const now = list(env);
    void emit('category-names', now);
    return now;
  };

  /** Why (id, name) cannot join `into`, or the clean name. */
  function check(into: Map<string, string>, id: string, name: string, adding: boolean): CategoryRefusal | string {
    const trimmedId = id.trim();
    if (!/^-?\d+$/.test(trimmedId) || BigInt(trimmedId) > INT64_MAX) return refusal('idNotANumber', trimmedId, name);
    const number = BigInt(trimmedId).toString();
    if (BigInt(number) < 1n) return refusal('idNotPositive', number, name);
    const clean = name.trim().replace(/\s+/g, ' ');
    if (clean === '') return refusal('nameEmpty', number, name);
    const chars = [...clean].length;
    if (chars > MAX_CATEGORY_NAME_CHARS) return refusal('nameTooLong', number, name, { chars });
    const has = into.get(number);
    if (adding && has !== undefined) return refusal('idNamed', number, name, { otherName: has });
    if (!adding && has === undefined) return refusal('notNamed', number, name);
    const taken = [...into].find(([other, n]) => other !== number && n.toLowerCase() === clean.toLowerCase());
    if (taken) return refusal('nameTaken', number, name, { otherId: taken[0], otherName: taken[1] });
    if (adding && into.size >= MAX_CATEGORIES) return refusal('listFull', number, name);
    return clean;
  }

  function edit(env: EnvironmentId, id: string, name: string, adding: boolean): CategoryList {
    const into = new Map(names(env));
    const checked = check(into, id, name, adding);
    if (typeof checked !== 'string') {
      const field = FIELD[checked.problem];
      throw commandError('category', { problem: 'categoryRefused', refusal: checked, field });
    }
    into.set(BigInt(id.trim()).toString(), checked);
    lists.set(env, into);
    return changed(env);
  }

  /** Adds what `offers` may add (never replacing); `apply` false: only says what it would do. */
  function merge(env: EnvironmentId, offers: Offer[], apply: boolean): CategoryMerge {
    const into = new Map(names(env));
    const out: CategoryMerge = { environment: env, added: [], unchanged: 0, refused: [] };
    for (const [line, id, name] of offers) {
      const has = /^\d+$/.test(id.trim()) ? into.get(BigInt(id.trim()).toString()) : undefined;
      if (has !== undefined && has.toLowerCase() === name.trim().replace(/\s+/g, ' ').toLowerCase()) {
        out.unchanged += 1;
        continue;
      }
      const checked = check(into, id, name, true);
      if (typeof checked === 'string') {
        const number = BigInt(id.trim()).toString();
        into.set(number, checked);
        out.added.push({ id: number, name: checked });
      } else {
        out.refused.push({ ...checked, line });
      }
    }
    if (apply && out.added.length > 0) {
      lists.set(env, into);
      changed(env);
    }
    return out;
  }

  const env = (a: Record<string, unknown>) => a.environment as EnvironmentId;
  const handlers = {
    category_names: (a: Record<string, unknown>) => list(env(a)),
    add_category_name: (a: Record<string, unknown>) => edit(env(a), a.id as string, a.name as string, true),
    rename_category: (a: Record<string, unknown>) => edit(env(a), a.id as string, a.name as string, false),
    remove_category_name: (a: Record<string, unknown>) => {
      const into = new Map(names(env(a)));
      const id = (a.id as string).trim();
      if (!into.delete(id)) {
        throw commandError('category', { problem: 'categoryRefused', field: 'categoryId', refusal: refusal('notNamed', id, '') });
      }
      lists.set(env(a), into);
      return changed(env(a));
    },
    export_category_names: (a: Record<string, unknown>): SavedFile => ({
      path: `/home/demo/categories-${env(a)}.csv`,
      keptAs: null,
      pets: names(env(a)).size,
      incomplete: false,
    }),
    import_category_names: (a: Record<string, unknown>) => {
      const lines = (options.categoryListCsv ?? 'categoryId,name\n1,Dogs\n2,Cats').split('\n');
      const offers: Offer[] = lines
        .slice(1)
        .map((line, i): Offer => {
          const [id = '', ...rest] = line.split(',');
          return [i + 2, id, rest.join(',')];
        })
        .filter(([, id, name]) => id.trim() !== '' || name.trim() !== '');
      const merged = merge(env(a), offers, true);
      return { fileName: 'categories.csv', merge: merged, list: list(env(a)) };
    },
  };
  return { handlers, merge };
}
