// Whether this desk shares its store now (issue 41), for the header: asked once the rest of the
// app is loaded (never before the first table), again every few minutes while a store is set up,
// and at once after Settings connected or disconnected one. A store that cannot be reached shows
// "Not sharing" until a later check reaches it.
import { commandError } from '../command-error';
import { describeError } from '../messages';
import type { SharingState } from '../types';
import { sharingState } from './shared-store';

/** How often a set-up store is asked again. */
const RECHECK_MS = 60_000;

export class Sharing {
  state = $state.raw<SharingState>({ state: 'off' });
  #timer: ReturnType<typeof setTimeout> | null = null;
  #asking = false;

  /** Asks now, then again while a store is set up. */
  async check(): Promise<void> {
    if (this.#asking) return;
    this.#asking = true;
    try {
      this.state = await sharingState();
    } catch {
      // The command itself failed (the app is closing): keep what was known.
    } finally {
      this.#asking = false;
    }
    this.#schedule();
  }

  /** The reason a store is not reached, in words ("" when sharing or none). */
  get why(): string {
    if (this.state.state !== 'notSharing') return '';
    const words = describeError(commandError('sharedStore', this.state.problem));
    return words.what;
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #schedule(): void {
    this.stop();
    if (this.state.state === 'off') return;
    this.#timer = setTimeout(() => void this.check(), RECHECK_MS);
  }
}
