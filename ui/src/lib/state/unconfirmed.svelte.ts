import * as backend from '../backend';
import { compareInt64 } from '../int64';
import type { ActivityEntry, CommandError, CreatedPet, EnvironmentId, Pet } from '../types';

/**
 * Where the person is with one unconfirmed add: nothing done yet, checking, found, not found,
 * could not be checked (the list could not be read to the end), asked "Add it again?", adding
 * again, added again. Found and added stay on screen (with their pet) until the person closes them.
 */
export type Check =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'found'; pet: Pet }
  | { kind: 'notFound' }
  | { kind: 'unchecked' }
  | { kind: 'confirming'; unchecked: boolean }
  | { kind: 'retrying' }
  | { kind: 'retried'; created: CreatedPet };

const IDLE: Check = { kind: 'idle' };

/**
 * An add this window sent whose answer was lost, as the app's creates know it (the form, the
 * notice above the table): the backend records it as an unconfirmed entry of the history.
 */
export interface LostAdd {
  environment: EnvironmentId;
  name: string;
  categoryId: string;
  /** When it was sent. */
  since: Date;
}

/** The history's entries start when the request did, a moment after the app asked for it. */
const CLOCK_SLACK_MS = 2000;

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

/** The entry records that add: same environment and pet, sent by the app, not before it. */
export function recordsAdd(entry: ActivityEntry, add: LostAdd): boolean {
  return (
    entry.environment === add.environment &&
    entry.source === 'app' &&
    entry.pet?.name === add.name &&
    entry.pet.categoryId !== null &&
    compareInt64(entry.pet.categoryId, add.categoryId) === 0 &&
    Date.parse(entry.at) >= add.since.getTime() - CLOCK_SLACK_MS
  );
}

/**
 * Adds whose outcome stayed unknown and that nobody resolved: the header's badge counts them,
 * the Activity view lists them with "Check now", "Try again" (asking first) and "Dismiss".
 *
 * The one place that settles them: found, added again or dismissed, here or from the
 * notice above the table, the entry is resolved once, and `onresolved` tells the rest of the app
 * (the history's row, the notice, the create form's entry), so nothing offers to add it again.
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
  /** Entries settled in this window: never checked, added again or dismissed a second time. */
  #settled = new Set<string>();
  /** Entries with an action on its way (a double click sends nothing more). */
  #busy = new Set<string>();
  /** The list has been read (the Activity view was opened): the count can be told from it. */
  #loaded = false;

  constructor(private readonly onresolved: (entry: ActivityEntry) => void = () => {}) {}

  checkOf(id: string): Check {
    return this.checks[id] ?? IDLE;
  }

  async load(): Promise<void> {
    try {
      const open = (await backend.unconfirmedCreates()).filter((e) => !this.#settled.has(e.id));
      this.loadError = null;
      const openIds = new Set(open.map((e) => e.id));
      this.entries = [...open, ...[...this.#kept.values()].filter((e) => !openIds.has(e.id))];
      this.count = open.length;
      this.#loaded = true;
    } catch (e) {
      this.loadError = e as CommandError;
    }
  }

  /**
   * Lists the environment's pets for this name and category; found, the entry is resolved. Not
   * found where the list could not be read to the end, it could not be checked: never "not found".
   */
  async check(entry: ActivityEntry): Promise<void> {
    if (!this.#open(entry.id)) return;
    this.#kept.set(entry.id, entry);
    this.#busy.add(entry.id);
    this.#set(entry.id, { kind: 'checking' });
    try {
      const result = await backend.checkUnconfirmed(entry.id);
      if (result.found) {
        this.#resolved(result.entry);
        this.#set(entry.id, { kind: 'found', pet: result.found });
      } else {
        this.#set(entry.id, { kind: result.covered ? 'notFound' : 'unchecked' });
      }
    } catch (e) {
      this.#failed(entry.id, e as CommandError, IDLE);
    } finally {
      this.#busy.delete(entry.id);
    }
  }

  /** "Try again": asks first (saying so when the check could not see every pet); nothing is sent before `retry`. */
  ask(entry: ActivityEntry): void {
    const now = this.checkOf(entry.id).kind;
    if (!this.#open(entry.id) || (now !== 'notFound' && now !== 'unchecked')) return;
    this.#set(entry.id, { kind: 'confirming', unchecked: now === 'unchecked' });
  }

  cancelAsk(entry: ActivityEntry): void {
    const check = this.checkOf(entry.id);
    if (check.kind === 'confirming') this.#set(entry.id, { kind: check.unchecked ? 'unchecked' : 'notFound' });
  }

  /**
   * The person's yes: a new add of the same pet (the old entry is resolved "added again"). Once:
   * a second click, or an entry settled meanwhile (found, dismissed, added again elsewhere), sends nothing.
   */
  async retry(entry: ActivityEntry): Promise<void> {
    const asked = this.checkOf(entry.id);
    if (asked.kind !== 'confirming' || !this.#open(entry.id)) return;
    this.#kept.set(entry.id, entry);
    this.#busy.add(entry.id);
    this.#set(entry.id, { kind: 'retrying' });
    try {
      const created = await backend.retryUnconfirmed(entry.id);
      this.#resolved({ ...entry, resolution: { kind: 'retried', petId: created.pet.id, at: new Date().toISOString() } });
      this.#set(entry.id, { kind: 'retried', created });
    } catch (e) {
      const error = e as CommandError;
      // Refused: the person decides again, with the words of what happened. Unknown again: the new
      // add may have arrived, so it is looked for before anything else is offered.
      const back: Check = error.kind === 'outcomeUnknown' ? IDLE : { kind: asked.unchecked ? 'unchecked' : 'notFound' };
      this.#failed(entry.id, error, back);
    } finally {
      this.#busy.delete(entry.id);
    }
  }

  async dismiss(entry: ActivityEntry): Promise<void> {
    if (!this.#open(entry.id)) return;
    this.#busy.add(entry.id);
    try {
      const resolved = await backend.dismissUnconfirmed(entry.id);
      this.#resolved(resolved);
      this.close(entry);
    } catch (e) {
      this.#failed(entry.id, e as CommandError, this.checkOf(entry.id));
    } finally {
      this.#busy.delete(entry.id);
    }
  }

  /**
   * The open entry of the history that records `add` (the first of that pet since it was sent),
   * or null when there is none.
   */
  async entryFor(add: LostAdd): Promise<ActivityEntry | null> {
    try {
      const open = await backend.unconfirmedCreates();
      const records = open.filter((e) => !this.#settled.has(e.id) && recordsAdd(e, add));
      return records.sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0] ?? null;
    } catch {
      // No history to settle (it could not be opened): the app settles the add on its own.
      return null;
    }
  }

  /** Dismissed where it was told (the notice above the table): the history's entry is settled too, and the badge follows. */
  async dismissAdd(add: LostAdd): Promise<void> {
    const entry = await this.entryFor(add);
    if (entry) await this.dismiss(entry);
  }

  /** Takes a resolved entry off the list. */
  close(entry: ActivityEntry): void {
    this.#kept.delete(entry.id);
    this.entries = this.entries.filter((e) => e.id !== entry.id);
    this.checks = without(this.checks, entry.id);
  }

  /** Nothing is on its way for the entry, and it has not been settled. */
  #open(id: string): boolean {
    if (this.#busy.has(id) || this.#settled.has(id)) return false;
    return !this.entries.some((e) => e.id === id && e.resolution !== null);
  }

  #resolved(entry: ActivityEntry): void {
    this.#settled.add(entry.id);
    this.#kept.set(entry.id, entry);
    const listed = this.entries.some((e) => e.id === entry.id);
    this.entries = listed ? this.entries.map((e) => (e.id === entry.id ? entry : e)) : [...this.entries, entry];
    // At once (from the list, when it has been read; settled from the Pets view before, one less);
    // then the backend's own count (an event may already have told it).
    this.count = this.#loaded ? this.entries.filter((e) => e.resolution === null).length : Math.max(0, this.count - 1);
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
