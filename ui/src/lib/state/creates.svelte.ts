import * as backend from '../backend';
import type { CommandError, EnvironmentId, NewPetInput, Pet } from '../types';
import type { PetDraft } from './draft.svelte';

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
   */
  async start(target: CreateTarget, input: NewPetInput): Promise<CreateOutcome | null> {
    const environment = target.id;
    if (this.pending[environment]) return null;
    this.pending = { ...this.pending, [environment]: { input, target, since: new Date() } };
    this.#forget(environment);
    const base = { input, target };
    let outcome: CreateOutcome;
    try {
      const created = await backend.createPet(environment, input);
      outcome = { ...this.#settle(base), kind: 'created', pet: created.pet, baseUrl: created.baseUrl, shown: false };
      // The entry goes only once it is in the store, and only if the form still holds it: the
      // person may have started the next pet (for another environment) meanwhile.
      if (this.#draftHolds(input)) this.#draft.clear();
    } catch (error) {
      const failure = error as CommandError;
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

  /** The person closed the notice. */
  dismiss(environment: EnvironmentId): void {
    this.#forget(environment);
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
}

function without<T>(map: PerEnvironment<T>, environment: EnvironmentId): PerEnvironment<T> {
  const copy = { ...map };
  delete copy[environment];
  return copy;
}

/** The input the form sends for what the person typed. */
export function inputFrom(draft: PetDraft): NewPetInput {
  return {
    name: draft.name.trim(),
    categoryId: draft.categoryId.trim(),
    status: draft.status === '' ? null : draft.status,
  };
}
