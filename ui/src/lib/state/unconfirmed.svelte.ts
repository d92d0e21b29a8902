import * as backend from '../backend';
import type { ActivityEntry, CommandError, CreatedPet, Pet } from '../types';

/**
 * Where the person is with one unconfirmed add: nothing done yet, checking, found, not found,
 * asked "Add it again?", adding again, added again. Found and added stay on screen (with their
 * pet) until the person closes them.
 */
export type Check =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'found'; pet: Pet }
  | { kind: 'notFound' }
  | { kind: 'confirming' }
  | { kind: 'retrying' }
  | { kind: 'retried'; created: CreatedPet };

const IDLE: Check = { kind: 'idle' };

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

/**
 * Adds whose outcome stayed unknown and that nobody resolved: the header's badge counts them,
 * the Activity view lists them with "Check now", "Try again" (asking first) and "Dismiss".
 */
export class Unconfirmed {
  /** Unresolved adds, as the backend counts them (its status at start, then each recording). */
  count = $state(0);
  entries = $state.raw<ActivityEntry[]>([]);
  checks = $state.raw<Record<string, Check>>({});
  /** The last failure of an action, by entry. */
  errors = $state.raw<Record<string, CommandError>>({});
  loadError = $state.raw<CommandError | null>(null);

  /** Entries acted on here stay listed (with their result, once resolved) until closed. */
  #kept = new Map<string, ActivityEntry>();

  constructor(private readonly onresolved: (entry: ActivityEntry) => void = () => {}) {}

  checkOf(id: string): Check {
    return this.checks[id] ?? IDLE;
  }

  async load(): Promise<void> {
    try {
      const open = await backend.unconfirmedCreates();
      this.loadError = null;
      const openIds = new Set(open.map((e) => e.id));
      this.entries = [...open, ...[...this.#kept.values()].filter((e) => !openIds.has(e.id))];
      this.count = open.length;
    } catch (e) {
      this.loadError = e as CommandError;
    }
  }

  /** Lists the environment's pets for this name and category; found, the entry is resolved. */
  async check(entry: ActivityEntry): Promise<void> {
    this.#kept.set(entry.id, entry);
    this.#set(entry.id, { kind: 'checking' });
    try {
      const result = await backend.checkUnconfirmed(entry.id);
      if (result.found) {
        this.#resolved(result.entry);
        this.#set(entry.id, { kind: 'found', pet: result.found });
      } else {
        this.#set(entry.id, { kind: 'notFound' });
      }
    } catch (e) {
      this.#failed(entry.id, e as CommandError, IDLE);
    }
  }

  /** "Try again": asks first; nothing is sent before `retry`. */
  ask(entry: ActivityEntry): void {
    this.#set(entry.id, { kind: 'confirming' });
  }

  cancelAsk(entry: ActivityEntry): void {
    this.#set(entry.id, { kind: 'notFound' });
  }

  /** The person's yes: a new add of the same pet (the old entry is resolved "added again"). */
  async retry(entry: ActivityEntry): Promise<void> {
    if (this.checkOf(entry.id).kind !== 'confirming') return;
    this.#kept.set(entry.id, entry);
    this.#set(entry.id, { kind: 'retrying' });
    try {
      const created = await backend.retryUnconfirmed(entry.id);
      this.#resolved({ ...entry, resolution: { kind: 'retried', petId: created.pet.id, at: new Date().toISOString() } });
      this.#set(entry.id, { kind: 'retried', created });
    } catch (e) {
      // Refused or unknown again: the person decides again, with the words of what happened.
      this.#failed(entry.id, e as CommandError, { kind: 'notFound' });
    }
  }

  async dismiss(entry: ActivityEntry): Promise<void> {
    try {
      const resolved = await backend.dismissUnconfirmed(entry.id);
      this.#resolved(resolved);
      this.close(entry);
    } catch (e) {
      this.#failed(entry.id, e as CommandError, this.checkOf(entry.id));
    }
  }

  /** Takes a resolved entry off the list. */
  close(entry: ActivityEntry): void {
    this.#kept.delete(entry.id);
    this.entries = this.entries.filter((e) => e.id !== entry.id);
    this.checks = without(this.checks, entry.id);
  }

  #resolved(entry: ActivityEntry): void {
    this.#kept.set(entry.id, entry);
    const listed = this.entries.some((e) => e.id === entry.id);
    this.entries = listed ? this.entries.map((e) => (e.id === entry.id ? entry : e)) : [...this.entries, entry];
    // At once from the list; then the backend's own count (an event may already have told it).
    this.count = this.entries.filter((e) => e.resolution === null).length;
    this.onresolved(entry);
    void this.#recount();
  }

  async #recount(): Promise<void> {
    try {
      this.count = (await backend.activityStatus()).unconfirmed;
    } catch {
      // The next recording tells the count again.
    }
  }

  #set(id: string, check: Check): void {
    this.checks = { ...this.checks, [id]: check };
    if (this.errors[id]) this.errors = without(this.errors, id);
  }

  #failed(id: string, error: CommandError, back: Check): void {
    this.#set(id, back);
    this.errors = { ...this.errors, [id]: error };
  }
}
