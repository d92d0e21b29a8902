// Settings → Network: the proxy (its password kept in the keychain, never read back) and the
// company certificates trusted beside the computer's own. A save applies from the next request on.
import * as backend from '../backend';
import type { NetworkInput, NetworkSettings } from '../types';

/** As saved: never the proxy's password, only whether one is stored. */
export function readNetwork(): Promise<NetworkSettings> {
  return backend.networkSettings();
}

/** Rejects `networkSettings` with the facts in `network` (nothing saved then). */
export function saveProxy(input: NetworkInput): Promise<NetworkSettings> {
  return backend.saveNetworkSettings(input);
}

export function setProxyPassword(password: string): Promise<NetworkSettings> {
  return backend.setProxyPassword(password);
}

export function clearProxyPassword(): Promise<NetworkSettings> {
  return backend.clearProxyPassword();
}

/** The open picker, then the certificate checked and trusted; null when the person closed the picker. */
export function trustCertificate(): Promise<NetworkSettings | null> {
  return backend.trustCompanyCertificate();
}

export function removeCertificate(file: string): Promise<NetworkSettings> {
  return backend.removeCompanyCertificate(file);
}
