// Category names (Settings → Categories, the category field's list, category-words.ts);
// categories.de.ts has the same keys.
export const categoriesEn = {
  'categories.tooLong': 'A category name has at most {max} characters; this one has {count}.',
  'categories.added': '{label} added.',
  'categories.renamed': 'Category {id} is now {name}.',
  'categories.removed': 'The name “{name}” of category {id} was removed.',
  'categories.back': '{label} is back.',
  'categories.intro':
    'The service knows categories only by number. Name them here, and the pet list shows “Dogs (1)” instead of “1”. The names stay on this computer, one list per environment; they are never sent to the service.',
  'categories.namesFor': 'Names for',
  'categories.addForm': 'Name a category',
  'categories.number': 'Number',
  'categories.name': 'Name',
  'categories.add': 'Add',
  'categories.hint': 'For example 1 and Dogs. Names differ within an environment, ignoring upper and lower case.',
  'categories.undo': 'Undo',
  'categories.empty': '{env} has no category names yet: its pets show their category numbers.',
  'categories.caption': 'Category names for {env}',
  'categories.actions': 'Actions',
  'categories.newName': 'New name for category {id}',
  'categories.save': 'Save',
  'categories.renameLabel': 'Rename {label}',
  'categories.rename': 'Rename',
  'categories.removeLabel': 'Remove the name {label}',
  'categories.remove': 'Remove',
  'categories.importList': 'Import list…',
  'categories.exportList': 'Export list…',
  'categories.shareHint':
    'A CSV file with the columns categoryId and name, to share a store’s names. Importing adds names and never replaces one.',
  'categories.exported': {
    one: '{count} category name written to {path}.',
    other: '{count} category names written to {path}.',
  },
  'categories.exportedKept': {
    one: '{count} category name written to {path}; the file that was there is kept as {kept}.',
    other: '{count} category names written to {path}; the file that was there is kept as {kept}.',
  },
  'categories.mergedAdded': {
    one: 'From {file}: {count} category name added',
    other: 'From {file}: {count} category names added',
  },
  'categories.mergedKnown': ', {count} already known',
  'categories.mergedRefused': ', {count} not used:',
  'categories.mergedEnd': '.',
  'categories.lineLabel': 'Line {line}:',

  // The category field's list of named categories (CategoryCombobox.svelte).
  'categories.showNamed': 'Show the named categories',
  'categories.named': 'Named categories',
  'categories.noMatch': 'No named category matches; any number can be typed.',
  'categories.keepTyping': 'Keep typing to see the others.',
} as const;
