// The export dialog's words (ExportDialog.svelte); export.de.ts has the same keys.
export const exportEn = {
  'export.title': 'Export pets',
  'export.intro': 'Every page of {env}’s pets, written to a file you choose. Ids are kept exact.',
  'export.which': 'Which pets',
  'export.currentFilter': 'The current filter: {status}',
  'export.all': 'All pets',
  'export.allNoFilter': 'All of {env}’s pets: no status filter is set.',
  'export.format': 'Format',
  'export.csv': 'CSV (spreadsheets; formula cells guarded)',
  'export.json': 'JSON',
  'export.withNames': 'Include category names',
  'export.namesHintCsv':
    'Adds each category’s name as this computer knows it for {env} (a categoryName column), next to its number. Importing the file later teaches the names back.',
  'export.namesHintJson':
    'Adds each category’s name as this computer knows it for {env} (a categoryName field), next to its number. Importing the file later teaches the names back.',
  'export.saved': { one: '{count} pet written to {path}.', other: '{count} pets written to {path}.' },
  'export.savedKept': {
    one: '{count} pet written to {path}; the file that was there is kept as {kept}.',
    other: '{count} pets written to {path}; the file that was there is kept as {kept}.',
  },
  // The list ended on a full page with no way on: a warning, never a plain success.
  'export.savedIncomplete': {
    one: '{count} pet written to {path}. The file may be incomplete: the service answered a full page and offers no way to fetch the rest.',
    other:
      '{count} pets written to {path}. The file may be incomplete: the service answered a full page and offers no way to fetch the rest.',
  },
  'export.savedIncompleteKept': {
    one: '{count} pet written to {path}; the file that was there is kept as {kept}. The file may be incomplete: the service answered a full page and offers no way to fetch the rest.',
    other:
      '{count} pets written to {path}; the file that was there is kept as {kept}. The file may be incomplete: the service answered a full page and offers no way to fetch the rest.',
  },
  'export.done': 'Done',
  'export.progress': { one: '{count} pet written so far…', other: '{count} pets written so far…' },
  'export.exporting': 'Exporting…',
  'export.export': 'Export…',
} as const;
