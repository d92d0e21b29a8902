import * as backend from '../backend';
import { categoryLabel } from '../category-words';
import type { CategoryEntry, CategoryImport, CategoryList, EnvironmentId, SavedFile } from '../types';
import { stopAll, type Stop } from './listening';

/**
 * The number of the one category named `text` (ignoring case and surrounding spaces), when text
 * is a name rather than a number: a person may type the name they know.
 */
export function categoryIdFor(options: CategoryEntry[], text: string): string | null {
  const wanted = text.trim().toLowerCase();
  if (wanted === '' || /^[+-]?\d+$/.test(wanted)) return null;
  const found = options.filter((o) => o.name.toLowerCase() === wanted);
  return found.length === 1 ? found[0].id : null;
}

interface Known {
  entries: CategoryEntry[];
  byId: Map<string, string>;
}

/**
 * This computer's category names, per environment: read when an environment is
 * first shown, replaced whenever the backend says a list changed (`category-names`). The table,
 * the create form, the import preview and Settings all read them here.
 */
export class CategoryNames {
  #lists = $state.raw<Partial<Record<EnvironmentId, Known>>>({});
  #asked = new Set<EnvironmentId>();

  /** `environment`'s names by id; empty until read. */
  entries(environment: EnvironmentId | null): CategoryEntry[] {
    return (environment && this.#lists[environment]?.entries) || [];
  }

  nameOf(environment: EnvironmentId | null, id: string): string | null {
    return (environment && this.#lists[environment]?.byId.get(id)) || null;
  }

  /** "Dogs (1)", or "1" where the category has no name in `environment`. */
  label(environment: EnvironmentId | null, id: string): string {
    return categoryLabel(id, this.nameOf(environment, id));
  }

  /** Reads `environment`'s list once (the event keeps it current afterwards). */
  async load(environment: EnvironmentId): Promise<void> {
    if (this.#asked.has(environment)) return;
    this.#asked.add(environment);
    try {
      this.update(await backend.categoryNames(environment));
    } catch {
      // Numbers alone then: the names are a help, never in the way.
      this.#asked.delete(environment);
    }
  }

  /** A list changed anywhere (Settings, a shared list, an import): its whole list comes. */
  listen(): Stop {
    return stopAll([backend.onEvent('category-names', (list) => this.update(list))]);
  }

  /** Names a category with no name yet; rejects `categoryRefused` (a name taken, an id named, bad input). */
  async add(environment: EnvironmentId, id: string, name: string): Promise<void> {
    this.update(await backend.addCategoryName(environment, id, name));
  }

  async rename(environment: EnvironmentId, id: string, name: string): Promise<void> {
    this.update(await backend.renameCategory(environment, id, name));
  }

  async remove(environment: EnvironmentId, id: string): Promise<void> {
    this.update(await backend.removeCategoryName(environment, id));
  }

  /** The save picker, then the list as `categoryId,name`; null when the person closed the picker. */
  exportList(environment: EnvironmentId): Promise<SavedFile | null> {
    return backend.exportCategoryNames(environment);
  }

  /** The open picker, then the list merged in (added, never replacing a name); null when closed. */
  async importList(environment: EnvironmentId): Promise<CategoryImport | null> {
    const answer = await backend.importCategoryNames(environment);
    if (answer) this.update(answer.list);
    return answer;
  }

  /** A list as the backend sent it (a command's answer or the `category-names` event). */
  update(list: CategoryList): void {
    this.#asked.add(list.environment);
    const byId = new Map(list.entries.map((e) => [e.id, e.name]));
    this.#lists = { ...this.#lists, [list.environment]: { entries: list.entries, byId } };
  }
}
