// Category names (issue 14 §3) in words: how a category shows where it has a name here, and what
// a merge of names (a shared list, an import's names column) did. Why a name was refused is an
// error's words: `describeCategoryRefusal` in messages.ts.
import { formatCount } from './format';
import { tn } from './i18n/index.svelte';

/** "Dogs (1)" where the category has a name on this computer, else the bare number. */
export function categoryLabel(id: string, name: string | null | undefined): string {
  return name ? `${name} (${id})` : id;
}

/** "1 category name" / "3 category names". */
export function categoryNamesCount(n: number): string {
  return tn('categories.namesCount', n, { count: formatCount(n) });
}
