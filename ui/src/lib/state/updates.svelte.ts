// The update offer, shared by the start-up check (after the first table), Settings → Updates and
// the offer dialog in App. Nothing installs without the person's yes (`install`).
import * as backend from '../backend';
import type { UpdateCheck, UpdateFailure, UpdateOffer, UpdateSettings } from '../types';

class Updates {
  /** The version a check found, while the dialog asking the person is open. */
  offer = $state<UpdateOffer | null>(null);
  /** Why the last install did not happen (shown in the dialog). */
  failure = $state<UpdateFailure | null>(null);
  installing = $state(false);

  /** After the window's first table (PetTable calls it once): quiet, only an offer is shown. */
  checkAtStart(): void {
    this.decline();
    backend
      .checkForUpdate(true)
      .then((found) => {
        if (found.outcome === 'available') this.show(found);
      })
      .catch(() => {});
  }

  /** Settings → Updates: the settings in force (an administrator's file wins: `managed`). */
  settings(): Promise<UpdateSettings> {
    return backend.updateSettings();
  }

  /** Turns the start-up check on or off; unchanged (and `managed`) when an administrator decides. */
  saveCheck(check: boolean): Promise<UpdateSettings> {
    return backend.saveUpdateCheck(check);
  }

  /** The person asked (Settings → Updates): what the check found (`show` offers a newer version). */
  check(): Promise<UpdateCheck> {
    return backend.checkForUpdate(false);
  }

  show(offer: UpdateOffer): void {
    this.failure = null;
    this.offer = offer;
  }

  decline(): void {
    this.offer = null;
    this.failure = null;
  }

  /** The person's yes. The app restarts when it worked; otherwise the dialog says why. */
  async install(): Promise<void> {
    if (this.installing) return;
    this.installing = true;
    this.failure = null;
    try {
      this.failure = await backend.installUpdate();
    } catch {
      this.failure = 'installFailed';
    } finally {
      this.installing = false;
    }
  }
}

export const updates = new Updates();
