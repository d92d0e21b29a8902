// Settings' environment tabs and the set-up state: the addresses kept in the settings file, the
// keys kept in the keychain, and a test of the connection with both. The backend's calls as they
// are (their documentation is the command list's), under the names the settings use.
export {
  getSettings as readAddresses,
  saveSettings as saveAddresses,
  keyStatus,
  setApiKey as setKey,
  clearApiKey as clearKey,
  testConnection,
  probeAddress,
  startSandboxAfresh,
} from '../backend';
