// Die Wörter des Export-Dialogs: dieselben Schlüssel und Platzhalter wie export.en.ts.
import type { exportEn } from './export.en';
import type { Catalog } from './types';

export const exportDe = {
  'export.title': 'Haustiere exportieren',
  'export.intro': 'Alle Seiten der Haustiere von {env}, in eine Datei Ihrer Wahl geschrieben. IDs bleiben exakt erhalten.',
  'export.which': 'Welche Haustiere',
  'export.currentFilter': 'Der aktuelle Filter: {status}',
  'export.all': 'Alle Haustiere',
  'export.allNoFilter': 'Alle Haustiere von {env}: Es ist kein Statusfilter gesetzt.',
  'export.format': 'Format',
  'export.csv': 'CSV (Tabellenkalkulation; Formelzellen abgesichert)',
  'export.json': 'JSON',
  'export.withNames': 'Kategorienamen einschließen',
  'export.namesHintCsv':
    'Fügt neben jeder Kategorie-ID den Namen hinzu, den dieser Computer für {env} kennt (eine Spalte categoryName). Ein späterer Import der Datei übernimmt die Namen wieder.',
  'export.namesHintJson':
    'Fügt neben jeder Kategorie-ID den Namen hinzu, den dieser Computer für {env} kennt (ein Feld categoryName). Ein späterer Import der Datei übernimmt die Namen wieder.',
  'export.saved': { one: '{count} Haustier nach {path} geschrieben.', other: '{count} Haustiere nach {path} geschrieben.' },
  'export.savedKept': {
    one: '{count} Haustier nach {path} geschrieben; die Datei, die dort war, bleibt als {kept} erhalten.',
    other: '{count} Haustiere nach {path} geschrieben; die Datei, die dort war, bleibt als {kept} erhalten.',
  },
  'export.savedIncomplete': {
    one: '{count} Haustier nach {path} geschrieben. Die Datei ist womöglich unvollständig: Der Dienst hat eine volle Seite geliefert und bietet keinen Weg, den Rest abzurufen.',
    other:
      '{count} Haustiere nach {path} geschrieben. Die Datei ist womöglich unvollständig: Der Dienst hat eine volle Seite geliefert und bietet keinen Weg, den Rest abzurufen.',
  },
  'export.savedIncompleteKept': {
    one: '{count} Haustier nach {path} geschrieben; die Datei, die dort war, bleibt als {kept} erhalten. Die Datei ist womöglich unvollständig: Der Dienst hat eine volle Seite geliefert und bietet keinen Weg, den Rest abzurufen.',
    other:
      '{count} Haustiere nach {path} geschrieben; die Datei, die dort war, bleibt als {kept} erhalten. Die Datei ist womöglich unvollständig: Der Dienst hat eine volle Seite geliefert und bietet keinen Weg, den Rest abzurufen.',
  },
  'export.done': 'Fertig',
  'export.progress': { one: 'Bisher {count} Haustier geschrieben …', other: 'Bisher {count} Haustiere geschrieben …' },
  'export.exporting': 'Wird exportiert …',
  'export.export': 'Exportieren …',
} satisfies Pick<Catalog, keyof typeof exportEn>;
