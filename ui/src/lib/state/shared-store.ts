// Settings → Shared store (issue 41): the backend's calls as they are, under the names the
// section and the header use. The password goes to the backend once and never comes back.
export {
  sharedStore as readSharedStore,
  testSharedStore,
  connectSharedStore,
  disconnectSharedStore,
  sharingState,
} from '../backend';
