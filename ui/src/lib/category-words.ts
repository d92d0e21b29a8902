// Category names in words: how a category shows where it has a name here. Why a name was refused
// is an error's words: `describeCategoryRefusal` in messages.ts.

/** "Dogs (1)" where the category has a name on this computer, else the bare number. */
export function categoryLabel(id: string, name: string | null | undefined): string {
  return name ? `${name} (${id})` : id;
}
