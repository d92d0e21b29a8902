// Einstellungen → Netzwerk (wie network.en.ts; Anrede „Sie“).
import type { networkEn } from './network.en';

export const networkDe = {
  'network.tab': 'Netzwerk',
  'network.proxy': 'Proxy',
  'network.modeSystem': 'System',
  'network.modeSystemHint': 'Die Proxy-Einstellungen dieses Computers verwenden (und HTTPS_PROXY und NO_PROXY, wo sie gesetzt sind).',
  'network.modeManual': 'Manuell',
  'network.modeManualHint': 'Jede Anfrage über den unten eingetragenen Proxy senden.',
  'network.modeOff': 'Aus',
  'network.modeOffHint': 'Direkt mit dem Dienst verbinden, unabhängig von den Einstellungen dieses Computers.',
  'network.address': 'Proxy-Adresse',
  'network.addressExample': 'http://proxy.example.com:8080',
  'network.addressHint': 'http:// oder https://, Name und Port des Proxys. Kein Benutzername und kein Passwort hier.',
  'network.user': 'Benutzername',
  'network.userHint': 'Nur, wenn der Proxy danach fragt.',
  'network.password': 'Passwort',
  'network.passwordStored': 'Ein Passwort ist im Schlüsselbund gespeichert.',
  'network.passwordNone': 'Kein Passwort gespeichert.',
  'network.passwordForOtherProxy':
    'Das gespeicherte Passwort wurde für einen anderen Proxy ({proxy}) eingegeben und wird daher nicht an diesen gesendet. Geben Sie oben das Passwort dieses Proxys ein.',
  'network.passwordHint': 'Wird im Schlüsselbund des Systems aufbewahrt, nie in der Einstellungsdatei.',
  'network.clearPassword': 'Passwort entfernen',
  'network.passwordCleared': 'Passwort aus dem Schlüsselbund entfernt.',
  'network.bypass': 'Direkt erreichen, ohne Proxy',
  'network.bypassHint':
    'Eine Angabe pro Zeile oder durch Kommas getrennt: ein Host (intranet.example.com), seine Subdomains (*.example.com), eine Adresse oder ein Netz (10.0.0.0/8). Dieser Computer wird immer direkt erreicht.',
  'network.save': 'Speichern',
  'network.saved': 'Gespeichert. Die nächste Anfrage verwendet diese Einstellungen.',
  'network.autoConfig':
    'Dieser Computer verwendet eine automatische Proxy-Konfiguration, die die App nicht lesen kann. Wählen Sie Manuell und tragen Sie die Proxy-Adresse ein (fragen Sie Ihre IT danach).',
  'network.autoConfigAt': 'Das Konfigurationsskript liegt unter {url}.',
  'network.autoConfigDiscovered': 'Die Konfiguration wird automatisch im Netzwerk gefunden (WPAD).',
  'network.certificates': 'Firmenzertifikate',
  'network.certificatesHint':
    'Zusätzlich zu denen dieses Computers vertrauenswürdig. Ein Firmen-Proxy, der verschlüsselten Verkehr prüft, braucht hier sein Zertifikat.',
  'network.certificatesNone': 'Keinem Firmenzertifikat wird vertraut: Es gelten nur die vertrauenswürdigen Zertifikate dieses Computers.',
  'network.trust': 'Firmenzertifikat vertrauen …',
  'network.trusting': 'Zertifikat wird geprüft …',
  'network.remove': 'Entfernen',
  'network.removeLabel': '{subject} entfernen',
  'network.fingerprint': 'SHA-256-Fingerabdruck',
  'network.expires': 'Läuft ab',
  'network.copyFingerprint': 'Fingerabdruck von {subject} kopieren',
  'network.copied': 'Fingerabdruck kopiert.',
  'network.trusted': 'Vertrauenswürdig: {subject}.',
  'network.removed': 'Zertifikat entfernt.',
  'network.unusableFile': 'Die Datei {file} ist eingetragen, kann aber nicht verwendet werden.',
  'network.problem.noProxyAddress':
    'Für Manuell ist eine Proxy-Adresse nötig, etwa http://proxy.example.com:8080. Tragen Sie sie ein, oder wählen Sie System oder Aus.',
  'network.problem.passwordInAddress':
    'Die Proxy-Adresse darf keinen Benutzernamen und kein Passwort enthalten. Tragen Sie den Benutzernamen unter Benutzername ein und das Passwort im Feld Passwort, das es im Schlüsselbund aufbewahrt.',
  'network.problem.notAnAddress': '„{given}“ ist keine Proxy-Adresse. Schreiben Sie sie etwa als http://proxy.example.com:8080.',
  'network.problem.notHttp': 'Die Proxy-Adresse muss mit http:// oder https:// beginnen. SOCKS-Proxys werden nicht unterstützt.',
  'network.problem.addressHasPath':
    'Die Proxy-Adresse besteht nur aus Schema, Name und Port, etwa http://proxy.example.com:8080, ohne Pfad.',
  'network.problem.badBypassEntry':
    '„{given}“ ist kein Host, keine Adresse und kein Netz. Schreiben Sie einen Host (intranet.example.com oder *.example.com), eine Adresse (10.1.2.3) oder ein Netz (10.0.0.0/8), ohne http:// und ohne Port.',
  'network.problem.certificateTooLarge':
    'Die Datei ist größer, als eine Zertifikatsdatei sein kann. Wählen Sie die Zertifikatsdatei der Firma (PEM, meist .pem oder .crt).',
  'network.problem.noCertificate':
    'Die Datei enthält kein Zertifikat im PEM-Format (Text, der mit -----BEGIN CERTIFICATE----- beginnt). Bitten Sie Ihre IT um das Firmenzertifikat als PEM-Datei.',
  'network.problem.certificateUnreadable':
    'Die Datei enthält ein Zertifikat, das nicht gelesen werden kann. Bitten Sie Ihre IT erneut um die Zertifikatsdatei.',
  'network.problem.notAnAuthority':
    '„{subject}“ ist das Zertifikat eines Servers, nicht das einer Zertifizierungsstelle. Bitten Sie Ihre IT um das Zertifikat der ausstellenden Stelle (die Stammzertifizierungsstelle der Firma).',
  'network.problem.certificateExpired': '„{subject}“ ist am {date} abgelaufen. Bitten Sie Ihre IT um das aktuelle Firmenzertifikat.',
  'network.problem.certificateNotYetValid':
    '„{subject}“ ist erst ab {date} gültig. Prüfen Sie das Datum dieses Computers, oder bitten Sie Ihre IT um das aktuelle Zertifikat.',
  'network.problem.fileUnreadable': 'Die Datei konnte nicht gelesen werden ({io}). Wählen Sie sie erneut, oder entfernen Sie sie aus der Liste.',
} satisfies { [K in keyof typeof networkEn]: string };
