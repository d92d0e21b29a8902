// Kategorienamen: dieselben Schlüssel und Platzhalter wie categories.en.ts.
import type { categoriesEn } from './categories.en';
import type { Catalog } from './types';

export const categoriesDe = {
  'categories.tooLong': 'Ein Kategoriename hat höchstens {max} Zeichen; dieser hat {count}.',
  'categories.added': '{label} hinzugefügt.',
  'categories.renamed': 'Kategorie {id} heißt jetzt {name}.',
  'categories.removed': 'Der Name „{name}“ der Kategorie {id} wurde entfernt.',
  'categories.back': '{label} ist wieder da.',
  'categories.intro':
    'Der Dienst kennt Kategorien nur als Nummern. Benennen Sie sie hier, dann zeigt die Haustierliste „Hunde (1)“ statt „1“. Die Namen bleiben auf diesem Computer, eine Liste je Umgebung; sie werden nie an den Dienst gesendet.',
  'categories.namesFor': 'Namen für',
  'categories.addForm': 'Kategorie benennen',
  'categories.number': 'Nummer',
  'categories.name': 'Name',
  'categories.add': 'Hinzufügen',
  'categories.hint':
    'Zum Beispiel 1 und Hunde. Namen unterscheiden sich innerhalb einer Umgebung, ohne Rücksicht auf Groß- und Kleinschreibung.',
  'categories.undo': 'Rückgängig',
  'categories.empty': '{env} hat noch keine Kategorienamen: Die Haustiere dort zeigen ihre Kategorienummern.',
  'categories.caption': 'Kategorienamen für {env}',
  'categories.actions': 'Aktionen',
  'categories.newName': 'Neuer Name für Kategorie {id}',
  'categories.save': 'Speichern',
  'categories.renameLabel': '{label} umbenennen',
  'categories.rename': 'Umbenennen',
  'categories.removeLabel': 'Den Namen {label} entfernen',
  'categories.remove': 'Entfernen',
  'categories.importList': 'Liste importieren …',
  'categories.exportList': 'Liste exportieren …',
  'categories.shareHint':
    'Eine CSV-Datei mit den Spalten categoryId und name, um die Namen eines Shops weiterzugeben. Ein Import fügt Namen hinzu und ersetzt nie einen.',
  'categories.exported': {
    one: '{count} Kategoriename nach {path} geschrieben.',
    other: '{count} Kategorienamen nach {path} geschrieben.',
  },
  'categories.exportedKept': {
    one: '{count} Kategoriename nach {path} geschrieben; die Datei, die dort war, bleibt als {kept} erhalten.',
    other: '{count} Kategorienamen nach {path} geschrieben; die Datei, die dort war, bleibt als {kept} erhalten.',
  },
  'categories.mergedAdded': {
    one: 'Aus {file}: {count} Kategoriename hinzugefügt',
    other: 'Aus {file}: {count} Kategorienamen hinzugefügt',
  },
  'categories.mergedKnown': ', {count} bereits bekannt',
  'categories.mergedRefused': ', {count} nicht verwendet:',
  'categories.mergedEnd': '.',
  'categories.lineLabel': 'Zeile {line}:',

  'categories.showNamed': 'Benannte Kategorien anzeigen',
  'categories.named': 'Benannte Kategorien',
  'categories.noMatch': 'Keine benannte Kategorie passt; jede Nummer kann eingegeben werden.',
  'categories.keepTyping': 'Tippen Sie weiter, um die übrigen zu sehen.',
} satisfies Pick<Catalog, keyof typeof categoriesEn>;
