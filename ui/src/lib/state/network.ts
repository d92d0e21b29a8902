// Settings → Network: the proxy (its password kept in the keychain, never read back) and the
// company certificates trusted beside the computer's own. A save applies from the next request on.
// The backend's calls as they are, under the names the section uses.
export {
  networkSettings as readNetwork,
  saveNetworkSettings as saveProxy,
  setProxyPassword,
  clearProxyPassword,
  trustCompanyCertificate as trustCertificate,
  removeCompanyCertificate as removeCertificate,
} from '../backend';
