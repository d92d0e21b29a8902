import * as backend from '../backend';
import type { Deprecation, Pet } from '../types';
import { stopAll, type Stop } from './listening';

/** Looking a pet up by its id (a deprecated operation), and what the service says of its end. */
export class PetLookup {
  #announced = $state.raw<Deprecation | null>(null);
  #seen = $state.raw<Deprecation | null>(null);

  /** The deprecation in force: a lookup's own answer wins over the backend's event. */
  get deprecation(): Deprecation | null {
    return this.#seen ?? this.#announced;
  }

  /** The backend tells the deprecation as soon as it sees one (any request's answer). */
  listen(): Stop {
    return stopAll([backend.onEvent('deprecation', (deprecation) => (this.#announced = deprecation))]);
  }

  /** The pet with `id` in the selected environment; null: the service has none with that id. */
  async find(id: string): Promise<Pet | null> {
    const found = await backend.getPet(id);
    this.#seen = found.deprecation;
    return found.pet;
  }
}
