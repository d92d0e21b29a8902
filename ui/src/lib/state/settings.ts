// Settings' environment tabs and the set-up state: the addresses kept in the settings file, the
// keys kept in the keychain, and a test of the connection with both.
import * as backend from '../backend';
import type { ConnectionTest, EnvironmentId, KeyMove, KeyStatus, Settings } from '../types';

export function readAddresses(): Promise<Settings> {
  return backend.getSettings();
}

/**
 * Saves both addresses. `keyMove`: the person's answer when an address moves to another server
 * with a key stored (refused with `keyWouldMove` without one); null: not asked.
 */
export function saveAddresses(settings: Settings, keyMove: KeyMove | null): Promise<Settings> {
  return backend.saveSettings(settings, keyMove);
}

export function keyStatus(environment: EnvironmentId): Promise<KeyStatus> {
  return backend.keyStatus(environment);
}

/** `sessionOnly`: kept until the app quits, never written to the keychain. */
export function setKey(environment: EnvironmentId, key: string, sessionOnly: boolean): Promise<KeyStatus> {
  return backend.setApiKey(environment, key, sessionOnly);
}

export function clearKey(environment: EnvironmentId): Promise<KeyStatus> {
  return backend.clearApiKey(environment);
}

/**
 * Tries `address` (typed in Settings, not saved yet) when given, else the saved one.
 * `keyToNewServer`: the person said the stored key may go to a typed address on another server
 * (refused with `keyWouldMove` otherwise, before anything is sent).
 */
export function testConnection(environment: EnvironmentId, address: string | null, keyToNewServer: boolean): Promise<ConnectionTest> {
  return backend.testConnection(environment, address, keyToNewServer);
}
