// The demo fake's outbox (issue 39): each environment's pets waiting to be sent, with the
// backend's rules (entries in the order filled, at most 500, an entry on its way neither edited nor
// dropped) and the `outbox-changed` event. `send` plays the backend's sender: each waiting entry is
// created in order, or refused with the service's words, as a test or the demo asks.
import { emit } from '@tauri-apps/api/event';
import { commandError } from '../lib/command-error';
import { ENVIRONMENT_IDS } from '../lib/environment';
import type { EnvironmentId, NewPetInput, OutboxItem, OutboxRecord, OutboxView, Pet, QueueWhy, SenderState } from '../lib/types';

export interface OutboxFakeOptions {
  /** Each environment's entries at start. */
  outbox?: Partial<Record<EnvironmentId, OutboxItem[]>>;
  /** What each environment's sender is doing at start. */
  senders?: Partial<Record<EnvironmentId, SenderState>>;
  /** Environments with "Add when possible without asking" on. */
  addWithoutAsking?: EnvironmentId[];
  /** Why a queued pet waits (the backend keeps the form's last failure): no connection unless given. */
  queueWhy?: QueueWhy;
}

export interface OutboxFake {
  /** Plays the sender: every waiting entry of `environment` is created in order (or refused). */
  send(environment: EnvironmentId, refuse?: Record<string, string>): Promise<void>;
  entries(environment: EnvironmentId): OutboxItem[];
}

/** An entry as the backend would show it. */
export function outboxItem(id: string, name: string, categoryId: string, more: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id,
    name,
    categoryId,
    status: null,
    queuedAt: new Date().toISOString(),
    reason: { kind: 'offline' },
    allowRepeat: false,
    state: { kind: 'waiting' },
    ...more,
  };
}

const MAX_OUTBOX_ENTRIES = 500;

export function outboxHandlers(
  app: { create: (input: NewPetInput, environment: EnvironmentId) => Pet },
  options: OutboxFakeOptions,
) {
  const lists = new Map<EnvironmentId, OutboxItem[]>(ENVIRONMENT_IDS.map((env) => [env, [...(options.outbox?.[env] ?? [])]]));
  const senders = new Map<EnvironmentId, SenderState>(Object.entries(options.senders ?? {}) as [EnvironmentId, SenderState][]);
  const without = new Set(options.addWithoutAsking ?? []);
  const outcomes: OutboxRecord[] = [];
  let nextId = 1 + Math.max(0, ...[...lists.values()].flat().map((e) => Number(e.id)));

  const list = (env: EnvironmentId) => lists.get(env) ?? [];
  const view = (env: EnvironmentId): OutboxView => ({
    environment: env,
    entries: list(env),
    sender: senders.get(env) ?? { kind: 'idle' },
    addWithoutAsking: without.has(env),
    damagedKeptAs: null,
  });
  const changed = (env: EnvironmentId, outcome: OutboxRecord | null = null) => {
    if (outcome) outcomes.unshift(outcome);
    void emit('outbox-changed', { outbox: view(env), outcome });
    return view(env);
  };
  const find = (env: EnvironmentId, id: unknown) => {
    const entry = list(env).find((e) => e.id === id);
    if (!entry) throw commandError('outbox', { problem: 'entryGone' });
    if (entry.state.kind === 'sending') throw commandError('outbox', { problem: 'entryBeingSent' });
    return entry;
  };
  const replace = (env: EnvironmentId, entry: OutboxItem) => lists.set(env, list(env).map((e) => (e.id === entry.id ? entry : e)));

  const fake: OutboxFake = {
    entries: list,
    async send(env, refuse = {}) {
      for (const entry of list(env)) {
        if (entry.state.kind !== 'waiting') continue;
        const at = new Date().toISOString();
        const message = refuse[entry.name];
        if (message) {
          replace(env, { ...entry, state: { kind: 'refused', message, at } });
          changed(env, { environment: env, at, entry: entry.id, outcome: { kind: 'refused', name: entry.name, message } });
          continue;
        }
        const pet = app.create({ name: entry.name, categoryId: entry.categoryId, status: entry.status as NewPetInput['status'] }, env);
        lists.set(env, list(env).filter((e) => e.id !== entry.id));
        changed(env, { environment: env, at, entry: entry.id, outcome: { kind: 'sent', name: entry.name, petId: pet.id } });
      }
      senders.set(env, { kind: 'idle' });
      changed(env);
    },
  };

  const handlers = {
    list_outboxes: () => ENVIRONMENT_IDS.map(view),
    outbox_outcomes: () => [...outcomes],
    queue_pet: (a: Record<string, unknown>) => {
      const env = a.environment as EnvironmentId;
      if (list(env).length >= MAX_OUTBOX_ENTRIES) throw commandError('outbox', { problem: 'outboxFull', limit: MAX_OUTBOX_ENTRIES });
      const input = a.input as NewPetInput;
      const entry = outboxItem(String(nextId++), input.name, input.categoryId, {
        status: input.status,
        reason: options.queueWhy ?? { kind: 'offline' },
        allowRepeat: a.allowRepeat === true,
      });
      lists.set(env, [...list(env), entry]);
      return changed(env);
    },
    edit_outbox_entry: (a: Record<string, unknown>) => {
      const env = a.environment as EnvironmentId;
      const input = a.input as NewPetInput;
      const entry = find(env, a.id);
      replace(env, { ...entry, name: input.name, categoryId: input.categoryId, status: input.status, state: { kind: 'waiting' } });
      return changed(env);
    },
    drop_outbox_entry: (a: Record<string, unknown>) => {
      const env = a.environment as EnvironmentId;
      const entry = find(env, a.id);
      lists.set(env, list(env).filter((e) => e.id !== entry.id));
      return changed(env);
    },
    send_outbox_entry_anyway: (a: Record<string, unknown>) => {
      const env = a.environment as EnvironmentId;
      const entry = find(env, a.id);
      replace(env, { ...entry, allowRepeat: true, state: { kind: 'waiting' } });
      return changed(env);
    },
    set_add_without_asking: (a: Record<string, unknown>) => {
      const env = a.environment as EnvironmentId;
      if (a.on === true) without.add(env);
      else without.delete(env);
      return view(env);
    },
  };
  return { handlers, fake };
}
