//! Why the service could not be reached: the connection, the name, the proxy and the
//! certificates, each with what to check.

use super::catalog;

catalog! {
    /// The words of network failures, on stderr.
    pub enum NetworkMsg {
        // The client: the network.
        Reach {
            en: "Could not reach the service: {what}. Check the network connection and the base address, then try again.",
            de: "Der Dienst war nicht erreichbar: {what}. Prüfen Sie die Netzwerkverbindung und die \
                 Basisadresse und versuchen Sie es erneut.",
        },
        ReachRefused {
            en: "the connection was refused (nothing answers at that address)",
            de: "die Verbindung wurde abgelehnt (unter dieser Adresse antwortet nichts)",
        },
        ReachReset { en: "the connection was cut off", de: "die Verbindung wurde unterbrochen" },
        ReachTls {
            en: "no secure connection could be set up",
            de: "es konnte keine sichere Verbindung aufgebaut werden",
        },
        ReachUnreachable {
            en: "the server or its network is unreachable",
            de: "der Server oder sein Netzwerk ist nicht erreichbar",
        },
        ReachOther { en: "the connection failed", de: "die Verbindung ist fehlgeschlagen" },
        Dns {
            en: "Could not reach the service: its server's name could not be found. Check the base address \
                 for typing mistakes; on a company network, check that the name is known there (or set the \
                 proxy with --proxy).",
            de: "Der Dienst war nicht erreichbar: Der Name seines Servers wurde nicht gefunden. Prüfen Sie \
                 die Basisadresse auf Tippfehler; prüfen Sie in einem Firmennetz, ob der Name dort bekannt \
                 ist (oder setzen Sie den Proxy mit --proxy).",
        },
        ProxyUnreachable {
            en: "The proxy could not be reached. Check the proxy address (--proxy, the settings file's \
                 \"proxy\", or HTTPS_PROXY), or run without a proxy (--no-proxy) if this network has none.",
            de: "Der Proxy war nicht erreichbar. Prüfen Sie die Proxy-Adresse (--proxy, \"proxy\" in der \
                 Einstellungsdatei oder HTTPS_PROXY), oder arbeiten Sie ohne Proxy (--no-proxy), wenn \
                 dieses Netz keinen hat.",
        },
        ProxyAuthRequired {
            en: "The proxy asks for a user name and password. Set the proxy user in the settings file \
                 (\"proxy\": {\"user\": …}) and its password with `petstore proxy password`, or ask IT for \
                 the proxy's address and account.",
            de: "Der Proxy verlangt einen Benutzernamen und ein Passwort. Setzen Sie den Proxy-Benutzer in \
                 der Einstellungsdatei (\"proxy\": {\"user\": …}) und sein Passwort mit \
                 `petstore proxy password`, oder fragen Sie die IT nach Adresse und Zugang des Proxys.",
        },
        ProxyAuthRefused {
            en: "The proxy refused the user name and password. Check the proxy user in the settings file and \
                 set its password again with `petstore proxy password`.",
            de: "Der Proxy hat Benutzernamen und Passwort abgelehnt. Prüfen Sie den Proxy-Benutzer in der \
                 Einstellungsdatei und setzen Sie sein Passwort erneut mit `petstore proxy password`.",
        },
        ProxyRefused {
            en: "The proxy would not connect to the service (it may block this address). Ask IT to allow the \
                 service's address, or check the proxy setting.",
            de: "Der Proxy hat keine Verbindung zum Dienst hergestellt (er sperrt diese Adresse vielleicht). \
                 Bitten Sie die IT, die Adresse des Dienstes freizugeben, oder prüfen Sie die Proxy-Einstellung.",
        },
        UnknownAuthority {
            en: "The service's certificate comes from an authority this computer does not trust. A company \
                 proxy may be inspecting traffic: ask IT for its certificate (a PEM file) and pass it with \
                 --ca-file FILE, or set \"caFiles\" in the settings file.",
            de: "Das Zertifikat des Dienstes stammt von einer Zertifizierungsstelle, der dieser Computer \
                 nicht vertraut. Vielleicht prüft ein Firmen-Proxy den Datenverkehr: Fragen Sie die IT nach \
                 dessen Zertifikat (eine PEM-Datei) und geben Sie es mit --ca-file FILE an, oder setzen Sie \
                 \"caFiles\" in der Einstellungsdatei.",
        },
        CertificateExpired {
            en: "The service's certificate has expired or is not valid yet. Check this computer's date and \
                 time; if they are right, tell the service's administrators.",
            de: "Das Zertifikat des Dienstes ist abgelaufen oder noch nicht gültig. Prüfen Sie Datum und \
                 Uhrzeit dieses Computers; wenn sie stimmen, informieren Sie die Betreiber des Dienstes.",
        },
        CertificateName {
            en: "The service's certificate is for another name than the base address. Check the base address \
                 (the name must be the service's own), or tell the service's administrators.",
            de: "Das Zertifikat des Dienstes gilt für einen anderen Namen als die Basisadresse. Prüfen Sie \
                 die Basisadresse (der Name muss der des Dienstes sein), oder informieren Sie die Betreiber \
                 des Dienstes.",
        },
        // Added to a failed connection in System mode on a computer whose proxy comes from a PAC
        // script or WPAD, which petstore cannot run.
        AutoConfigAt {
            en: " This computer uses automatic proxy configuration (a PAC script at {url}), which petstore \
                 cannot read: ask IT for the proxy's address and use --proxy URL, the settings file's \
                 \"proxy\" (mode \"manual\"), or HTTPS_PROXY.",
            de: " Dieser Computer verwendet eine automatische Proxy-Konfiguration (ein PAC-Skript unter \
                 {url}), die petstore nicht lesen kann: Fragen Sie die IT nach der Adresse des Proxys und \
                 verwenden Sie --proxy URL, \"proxy\" in der Einstellungsdatei (Modus \"manual\") oder \
                 HTTPS_PROXY.",
        },
        AutoConfigDiscovered {
            en: " This computer uses automatic proxy configuration (WPAD auto-discovery), which petstore \
                 cannot read: ask IT for the proxy's address and use --proxy URL, the settings file's \
                 \"proxy\" (mode \"manual\"), or HTTPS_PROXY.",
            de: " Dieser Computer verwendet eine automatische Proxy-Konfiguration (WPAD-Erkennung im \
                 Netzwerk), die petstore nicht lesen kann: Fragen Sie die IT nach der Adresse des Proxys \
                 und verwenden Sie --proxy URL, \"proxy\" in der Einstellungsdatei (Modus \"manual\") \
                 oder HTTPS_PROXY.",
        },
    }
}
