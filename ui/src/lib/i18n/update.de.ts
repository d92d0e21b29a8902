// Aktualisierungen in Worten: dieselben Schlüssel und Platzhalter wie update.en.ts.
import type { updatesEn } from './update.en';

export const updatesDe = {
  'update.offerTitle': 'Eine neue Version ist verfügbar',
  'update.offerVersion': 'Version {version} kann installiert werden. Sie haben {current}.',
  'update.offerDate': 'Veröffentlicht am {date}.',
  'update.notesHeading': 'Neuerungen',
  'update.noNotes': 'Zu dieser Version gibt es keine Hinweise.',
  'update.install': 'Installieren und neu starten',
  'update.installing': 'Wird installiert …',
  'update.notNow': 'Nicht jetzt',
  'update.installNote':
    'Petstore Admin startet neu, wenn die neue Version installiert ist. Ihr System fragt vorher vielleicht nach einem Administratorpasswort.',
  'update.checkAtStart': 'Beim Start von Petstore Admin nach Aktualisierungen suchen (höchstens einmal am Tag)',
  'update.managed': 'Ihr Administrator verwaltet die Aktualisierungen auf diesem Computer, daher lässt sich das hier nicht ändern.',
  'update.managedOff': 'Ihr Administrator hat die Suche nach Aktualisierungen auf diesem Computer ausgeschaltet.',
  'update.currentVersion': 'Sie haben Version {version}.',
  'update.address': 'Adresse für Aktualisierungen',
  'update.addressNote':
    'Festgelegt in der Einstellungsdatei (updates.url). Aktualisierungen werden nur installiert, wenn ihre Signatur zu dieser App passt.',
  'update.checkNow': 'Nach Aktualisierungen suchen',
  'update.checking': 'Wird gesucht …',
  'update.upToDate': 'Sie haben die neueste Version ({version}).',
  'update.found': 'Version {version} ist verfügbar.',
  'update.showOffer': 'Neuerungen ansehen',

  'update.failure.unreachable':
    'Die Adresse für Aktualisierungen ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es später noch einmal.',
  'update.failure.unreachableBecause': 'Die Adresse für Aktualisierungen ist nicht erreichbar. {what} {next}',
  'update.failure.badAddress':
    'Die Adresse für Aktualisierungen ist nicht verwendbar: Sie muss mit https:// beginnen. Korrigieren Sie updates.url in der Einstellungsdatei, oder fragen Sie Ihren Administrator.',
  'update.failure.badManifest':
    'Die Adresse für Aktualisierungen hat keine Aktualisierung geliefert, die die App lesen kann. Versuchen Sie es später noch einmal, oder fragen Sie Ihren Administrator nach der Adresse.',
  'update.failure.noBuildForThisComputer':
    'Für diese Art von Computer ist noch keine Aktualisierung veröffentlicht. Versuchen Sie es später noch einmal.',
  'update.failure.downloadFailed':
    'Die Aktualisierung konnte nicht heruntergeladen werden. Es wurde nichts installiert; prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.',
  'update.failure.signatureRefused':
    'Die Aktualisierung wurde abgelehnt: Ihre Signatur passt nicht zu dieser App, sie stammt also vielleicht nicht vom Petstore-Admin-Team oder wurde verändert. Es wurde nichts installiert. Informieren Sie Ihren Administrator, oder laden Sie die App von ihrer offiziellen Website.',
  'update.failure.installFailed':
    'Die Aktualisierung wurde heruntergeladen und geprüft, aber das System hat sie nicht installiert (vielleicht wurde die Passwortabfrage abgebrochen). Ihre Version ist unverändert; versuchen Sie es noch einmal, oder installieren Sie das Paket von Hand.',
  'update.failure.nothingToInstall':
    'Es gibt keine Aktualisierung zum Installieren. Suchen Sie zuerst nach Aktualisierungen.',
  'update.failure.managed':
    'Ihr Administrator hat die Suche nach Aktualisierungen auf diesem Computer ausgeschaltet. Fragen Sie ihn nach neuen Versionen.',
  'update.failure.unavailable':
    'Diese Kopie von Petstore Admin kann sich nicht selbst aktualisieren. Installieren Sie neue Versionen von der offiziellen Download-Seite.',
} as const satisfies Record<keyof typeof updatesEn, string>;
