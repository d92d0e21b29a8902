// The demo fake's Settings → Shared store: no store at start; a test or a connect proves the
// demo's store unless the password is "wrong" (a refused sign-in), and a connect keeps it.
import { commandError } from '../lib/command-error';
import type { SharedStoreInput, SharedStoreProof, SharedStoreView, SharingState } from '../lib/types';

export interface SharedStoreFakeOptions {
  /** The shared store at start (none when not given). */
  sharedStore?: SharedStoreView;
}

export function sharedStoreHandlers(options: SharedStoreFakeOptions) {
  let view: SharedStoreView = options.sharedStore ?? { store: null, passwordStored: false, computerName: 'demo-desk' };
  const address = (input: SharedStoreInput) =>
    `postgres://${input.user}@${input.host}:${input.port}/${input.database}`;
  const prove = (a: Record<string, unknown>, joining: boolean): SharedStoreProof => {
    const input = a.input as SharedStoreInput;
    const password = (a.password as string | null) ?? '';
    if (password === 'wrong' || (!password && !view.passwordStored)) {
      throw commandError('sharedStore', password ? { problem: 'storeSignIn', user: input.user } : { problem: 'storeNoPassword' });
    }
    return {
      address: address(input),
      desk: input.desk?.trim() || 'demo-desk',
      encrypted: input.host !== 'localhost' && input.host !== '127.0.0.1',
      schemaVersion: 3,
      knownVersion: 3,
      otherDesks: 2,
      joinedNew: joining ? 0 : null,
      joinedKnown: joining ? 0 : null,
    };
  };
  return {
    shared_store: () => view,
    test_shared_store: (a: Record<string, unknown>) => prove(a, false),
    connect_shared_store: (a: Record<string, unknown>) => {
      const proof = prove(a, true);
      const input = a.input as SharedStoreInput;
      view = {
        store: {
          ...input,
          desk: input.desk?.trim() || null,
          deskName: proof.desk,
          address: proof.address,
          caFile: null,
          setBy: 'person',
        },
        passwordStored: true,
        computerName: 'demo-desk',
      };
      return proof;
    },
    disconnect_shared_store: () => (view = { store: null, passwordStored: false, computerName: 'demo-desk' }),
    sharing_state: (): SharingState =>
      view.store ? { state: 'sharing', address: view.store.address, desk: view.store.deskName } : { state: 'off' },
  };
}
