// The pet table's Find box: a search of the pets loaded (the service has no search), its count,
// and loading the rest. German in find.de.ts; spread into en.ts.
export const findEn = {
  'find.label': 'Find a pet by name or ID',
  'find.placeholder': 'Find by name or ID',
  'find.title': 'Find a pet by name or ID among the pets loaded ({shortcut}). Escape clears the search.',
  'find.clear': 'Clear the search',
  // The list is whole: no page left, and the service said so.
  'find.countAll': { one: '{count} of {total} pets matches', other: '{count} of {total} pets match' },
  // More pages to load: the count speaks of the pets loaded only.
  'find.countMore': {
    one: '{count} of the {total} pets loaded so far matches',
    other: '{count} of the {total} pets loaded so far match',
  },
  // A full last page and no way on: never "no match" as if these were every pet.
  'find.countCannotPage': {
    one: '{count} of the {total} pets loaded matches',
    other: '{count} of the {total} pets loaded match',
  },
  'find.cannotPage':
    'The service may hold more pets, which it offers no way to load: the search covers only the {total} loaded.',
  'find.loadRest': 'Load the rest',
  'find.loadRestTitle': 'Load every page left, one after another, and search them too',
  'find.loadingRest': 'Loading the rest…',
  'find.stop': 'Stop',
  'find.stopTitle': 'Stop loading pages: the pets loaded so far stay',
  // Shortcut labels ("Ctrl+Shift+F"): the Shift key as the keyboard names it.
  'find.shiftKey': 'Shift',
} as const;
