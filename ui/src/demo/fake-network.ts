// The demo fake's Settings → Network: the proxy as saved, a password only as
// "stored", and the trusted certificates; a save is checked as the app checks it for the cases
// the UI words (a password inside the address, an address that is not one).
import { commandError } from '../lib/command-error';
import type { CommandError, Field, NetworkInput, NetworkProblem, NetworkSettings } from '../lib/types';

export interface NetworkFakeOptions {
  /** The network settings at start (System, nothing trusted, when not given). */
  network?: Partial<NetworkSettings>;
}

/** A certificate picked with "Trust a company certificate…" in the demo. */
export const DEMO_CA = {
  file: 'company-ca-0123456789abcdef.pem',
  subject: 'CN=Example Corp Root CA, O=Example Corp',
  fingerprint:
    'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89',
  expires: '2036-01-01T00:00:00.000Z',
  unusable: null,
};

function refused(problem: NetworkProblem, field: Field, given: string | null = null): CommandError {
  return commandError('configuration', {
    problem: 'networkSettings',
    field,
    network: { problem, given, subject: null, date: null, io: null },
  });
}

export function networkHandlers(options: NetworkFakeOptions) {
  let settings: NetworkSettings = {
    mode: 'system',
    url: null,
    user: null,
    passwordStored: false,
    passwordForOtherProxy: null,
    bypass: [],
    certificates: [],
    autoConfig: null,
    ...options.network,
  };
  return {
    network_settings: () => settings,
    save_network_settings: (a: Record<string, unknown>) => {
      const input = a.input as NetworkInput;
      const url = input.url?.trim() || null;
      if (url && /^[a-z]+:\/\/[^/]*@/i.test(url)) throw refused('passwordInAddress', 'proxyUrl');
      if (url && !/^https?:\/\/[^/\s]+\/?$/i.test(url)) throw refused('notAnAddress', 'proxyUrl', url);
      if (input.mode === 'manual' && !url) throw refused('noProxyAddress', 'proxyUrl');
      settings = { ...settings, mode: input.mode, url, user: input.user?.trim() || null, bypass: input.bypass };
      return settings;
    },
    // Like the app: a password is kept for the saved proxy, which must exist.
    set_proxy_password: () => {
      if (!settings.url) throw refused('noProxyAddress', 'proxyUrl');
      return (settings = { ...settings, passwordStored: true, passwordForOtherProxy: null });
    },
    clear_proxy_password: () => (settings = { ...settings, passwordStored: false, passwordForOtherProxy: null }),
    trust_company_certificate: () => (settings = { ...settings, certificates: [...settings.certificates, DEMO_CA] }),
    remove_company_certificate: (a: Record<string, unknown>) =>
      (settings = { ...settings, certificates: settings.certificates.filter((c) => c.file !== a.file) }),
  };
}
