import * as backend from '../backend';
import { compareInt64 } from '../int64';
import type { CommandError, EnvironmentId, NewPetInput, Pet } from '../types';
import type { PetDraft } from './draft.svelte';
import type { LostAdd } from './unconfirmed.svelte';

/** Where a create goes: the environment the form showed, with its label for messages. */
export interface CreateTarget {
  id: EnvironmentId;
  label: string;
}

/** A create on its way: sent, no answer yet. */
export interface PendingCreate {
  input: NewPetInput;
  target: CreateTarget;
  since: Date;
}

interface Settled {
  /** Tells one outcome from the next (outcomes are replaced, never mutated). */
  seq: number;
  input: NewPetInput;
  target: CreateTarget;
  at: Date;
}

/** Added. `shown` once the pet has been highlighted in its environment's table. */
export interface Created extends Settled {
  kind: 'created';
  pet: Pet;
  baseUrl: string;
  shown: boolean;
  /** Earlier adds of the same pet whose answer was lost, which this one added again (from the form). */
  addsAgain: LostAdd[];
}

/** The answer was lost: the pet may or may not be there. `checked` once its list was reloaded. */
export interface Unknown extends Settled {
  kind: 'unknown';
  error: CommandError;
  checked: boolean;
}

/** Not added (400, 401, 429, a setting missing...). `seen` once the form has shown it. */
export interface Refused extends Settled {
  kind: 'refused';
  error: CommandError;
  seen: boolean;
}

export type CreateOutcome = Created | Unknown | Refused;

type PerEnvironment<T> = Partial<Record<EnvironmentId, T>>;

/**
 * The creates of the app, per environment: the one on its way and the last outcome. They belong
 * to the app, not to the form, so closing the form or switching environments loses neither, and
 * while one is on its way no second one for the same environment can start.
 */
export class Creates {
  pending = $state.raw<PerEnvironment<PendingCreate>>({});
  outcomes = $state.raw<PerEnvironment<CreateOutcome>>({});

  readonly #draft: PetDraft;
  readonly #settled: (outcome: CreateOutcome) => void;
  #seq = 0;
  /**
   * Adds whose answer was lost and that are not settled yet (found, added again or dismissed,
   * wherever): kept when their notice is replaced by a later outcome, so settling one still clears
   * the form's entry that would add it again.
   */
  #lost: LostAdd[] = [];

  constructor(draft: PetDraft, settled: (outcome: CreateOutcome) => void = () => {}) {
    this.#draft = draft;
    this.#settled = settled;
  }

  pendingFor(environment: EnvironmentId): PendingCreate | undefined {
    return this.pending[environment];
  }

  outcomeFor(environment: EnvironmentId): CreateOutcome | undefined {
    return this.outcomes[environment];
  }

  /**
   * Sends the create, unless one for the same environment is still on its way: then nothing is
   * sent and the answer is `null`. Resolves with the outcome once the service has answered.
   * `allowRepeat`: the person's yes to "Add it again?" for a pet this computer added, or may have
   * added, there (without it the backend refuses with `alreadyAdded`, sending nothing).
   */
  async start(target: CreateTarget, input: NewPetInput, allowRepeat = false): Promise<CreateOutcome | null> {
    const environment = target.id;
    if (this.pending[environment]) return null;
    const since = new Date();
    this.pending = { ...this.pending, [environment]: { input, target, since } };
    this.#forget(environment);
    const base = { input, target };
    let outcome: CreateOutcome;
    try {
      const created = await backend.createPet(environment, input, allowRepeat);
      // Added again from the form: the earlier adds of this pet whose answer was lost are settled by it.
      const addsAgain = this.#lost.filter((lost) => samePet(lost, environment, input));
      this.#lost = this.#lost.filter((lost) => !addsAgain.includes(lost));
      outcome = { ...this.#settle(base), kind: 'created', pet: created.pet, baseUrl: created.baseUrl, shown: false, addsAgain };
      // The entry goes only once it is in the store, and only if the form still holds it: the
      // person may have started the next pet (for another environment) meanwhile.
      if (this.#draftHolds(input)) this.#draft.clear();
    } catch (error) {
      const failure = error as CommandError;
      if (failure.kind === 'outcomeUnknown') {
        this.#lost = [...this.#lost, { environment, name: input.name, categoryId: input.categoryId, since }];
      }
      outcome =
        failure.kind === 'outcomeUnknown'
          ? { ...this.#settle(base), kind: 'unknown', error: failure, checked: false }
          : { ...this.#settle(base), kind: 'refused', error: failure, seen: false };
    }
    this.pending = without(this.pending, environment);
    this.outcomes = { ...this.outcomes, [environment]: outcome };
    this.#settled(outcome);
    return outcome;
  }

  /** The new pet is highlighted in its table. */
  markShown(environment: EnvironmentId): void {
    this.#update(environment, (o) => (o.kind === 'created' ? { ...o, shown: true } : o));
  }

  /** The form has shown the refusal, next to its field or above the buttons. */
  markSeen(environment: EnvironmentId): void {
    this.#update(environment, (o) => (o.kind === 'refused' ? { ...o, seen: true } : o));
  }

  /** The list of the environment of an unknown outcome was reloaded for the person to look. */
  markChecked(environment: EnvironmentId): void {
    this.#update(environment, (o) => (o.kind === 'unknown' ? { ...o, checked: true } : o));
  }

  /** The person closed the notice. (An unknown outcome's notice is settled instead: see `settle`.) */
  dismiss(environment: EnvironmentId): void {
    this.#forget(environment);
  }

  /** The adds of this pet whose answer was lost and that are not settled yet, oldest first. */
  lostAdds(environment: EnvironmentId, pet: { name: string; categoryId: string }): LostAdd[] {
    return this.#lost.filter((lost) => samePet(lost, environment, pet));
  }

  /**
   * An add of this pet whose answer was lost is settled: found, added again or dismissed, from the
   * Activity view or the notice above the table. Its notice goes, and the form's entry that would
   * add it again is cleared (only if it still holds that pet), so one Enter cannot add a second.
   */
  settle(environment: EnvironmentId, pet: { name: string; categoryId: string }): void {
    const lost = this.lostAdds(environment, pet);
    this.#lost = this.#lost.filter((l) => !lost.includes(l));
    const outcome = this.outcomes[environment];
    const told = outcome?.kind === 'unknown' && samePet({ environment, ...outcome.input }, environment, pet);
    if (told) this.#forget(environment);
    if ((told || lost.length > 0) && this.#draftHoldsPet(pet)) this.#draft.clear();
  }

  #settle(base: { input: NewPetInput; target: CreateTarget }): Settled {
    return { ...base, seq: ++this.#seq, at: new Date() };
  }

  #update(environment: EnvironmentId, change: (outcome: CreateOutcome) => CreateOutcome): void {
    const outcome = this.outcomes[environment];
    if (outcome) this.outcomes = { ...this.outcomes, [environment]: change(outcome) };
  }

  #forget(environment: EnvironmentId): void {
    if (this.outcomes[environment]) this.outcomes = without(this.outcomes, environment);
  }

  #draftHolds(input: NewPetInput): boolean {
    const now = inputFrom(this.#draft);
    return now.name === input.name && now.categoryId === input.categoryId && now.status === input.status;
  }

  /** The form holds this pet (a settled add's record has no status: name and category tell it). */
  #draftHoldsPet(pet: { name: string; categoryId: string }): boolean {
    const now = inputFrom(this.#draft);
    return now.name === pet.name.trim() && now.categoryId !== '' && compareInt64(now.categoryId, pet.categoryId.trim()) === 0;
  }
}

/** The same pet in the same environment: name as sent, category by value. */
function samePet(
  a: { environment: EnvironmentId; name: string; categoryId: string },
  environment: EnvironmentId,
  pet: { name: string; categoryId: string },
): boolean {
  return a.environment === environment && a.name === pet.name && compareInt64(a.categoryId, pet.categoryId) === 0;
}

function without<T>(map: PerEnvironment<T>, environment: EnvironmentId): PerEnvironment<T> {
  const copy = { ...map };
  delete copy[environment];
  return copy;
}

/** The same input: what the form holds now would send exactly that again. */
export function sameInput(a: NewPetInput, b: NewPetInput): boolean {
  return a.name === b.name && compareInt64(a.categoryId, b.categoryId) === 0 && a.status === b.status;
}

/** The input the form sends for what the person typed. */
export function inputFrom(draft: PetDraft): NewPetInput {
  return {
    name: draft.name.trim(),
    categoryId: draft.categoryId.trim(),
    status: draft.status === '' ? null : draft.status,
  };
}
