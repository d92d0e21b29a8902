// The app's creates, per environment, without the UI: over the fake backend (Tauri's mockIPC).
import { describe, expect, test } from 'vitest';
import { commandError, installFake, pet } from '../src/demo/fake';
import { Creates, inputFrom, type CreateOutcome } from '../src/lib/state/creates.svelte';
import { PetDraft } from '../src/lib/state/draft.svelte';
import type { CreatedPet, NewPetInput } from '../src/lib/types';

const SANDBOX = { id: 'sandbox', label: 'Sandbox' } as const;
const STAGING = { id: 'staging', label: 'Staging' } as const;
const SLOWPOKE: NewPetInput = { name: 'Slowpoke', categoryId: '3', status: null };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function createdIn(environment: 'sandbox' | 'staging', id = '77'): CreatedPet {
  return { pet: pet(id, 'Slowpoke', '3'), environment, baseUrl: `http://127.0.0.1:1/${environment}/v1` };
}

function typed(draft: PetDraft, input: NewPetInput) {
  draft.name = input.name;
  draft.categoryId = input.categoryId;
  draft.status = input.status ?? '';
}

function setUp() {
  const fake = installFake();
  const answers: ReturnType<typeof deferred<CreatedPet>>[] = [];
  fake.handlers.create_pet = () => {
    const answer = deferred<CreatedPet>();
    answers.push(answer);
    return answer.promise;
  };
  const draft = new PetDraft();
  const told: CreateOutcome[] = [];
  const creates = new Creates(draft, (o) => told.push(o));
  return { fake, answers, draft, creates, told };
}

describe('creates state', () => {
  test('one create per environment: a second start sends nothing until the first has settled', async () => {
    const { fake, answers, creates, told } = setUp();
    const before = Date.now();
    const first = creates.start(STAGING, SLOWPOKE);
    const pending = creates.pendingFor('staging');
    expect(pending?.input).toEqual(SLOWPOKE);
    expect(pending?.target).toEqual(STAGING);
    expect(pending?.since.getTime()).toBeGreaterThanOrEqual(before);

    expect(await creates.start(STAGING, { ...SLOWPOKE, name: 'Again' })).toBeNull();
    await Promise.resolve();
    expect(fake.callsTo('create_pet')).toEqual([{ environment: 'staging', input: SLOWPOKE, allowRepeat: false }]);

    // Another environment is another store: it may go meanwhile.
    const other = creates.start(SANDBOX, SLOWPOKE);
    await Promise.resolve();
    expect(fake.callsTo('create_pet')).toHaveLength(2);

    answers[0].resolve(createdIn('staging'));
    const outcome = await first;
    expect(outcome).toMatchObject({ kind: 'created', pet: { id: '77' }, target: STAGING, shown: false });
    expect(outcome?.kind === 'created' && outcome.baseUrl).toBe('http://127.0.0.1:1/staging/v1');
    expect(creates.pendingFor('staging')).toBeUndefined();
    expect(creates.outcomeFor('staging')).toBe(outcome);
    expect(creates.pendingFor('sandbox')).toBeDefined();
    expect(told).toEqual([outcome]);

    // Settled: the next one for staging goes.
    void creates.start(STAGING, SLOWPOKE);
    await Promise.resolve();
    expect(fake.callsTo('create_pet')).toHaveLength(3);
    answers[1].resolve(createdIn('sandbox'));
    answers[2].resolve(createdIn('staging', '78'));
    await other;
  });

  test('the entry is cleared on success only, and only when the form still holds it', async () => {
    const { answers, draft, creates } = setUp();
    typed(draft, SLOWPOKE);
    const failed = creates.start(STAGING, inputFrom(draft));
    answers[0].reject(commandError('badRequest'));
    expect((await failed)?.kind).toBe('refused');
    expect(draft.name).toBe('Slowpoke');

    const lost = creates.start(STAGING, inputFrom(draft));
    answers[1].reject(commandError('outcomeUnknown'));
    expect((await lost)?.kind).toBe('unknown');
    expect(draft.name).toBe('Slowpoke');

    // The person starts on the next pet (for another environment) while this one is on its way.
    const kept = creates.start(STAGING, inputFrom(draft));
    draft.name = 'Next pet';
    answers[2].resolve(createdIn('staging'));
    expect((await kept)?.kind).toBe('created');
    expect(draft.name).toBe('Next pet');

    typed(draft, SLOWPOKE);
    const cleared = creates.start(SANDBOX, inputFrom(draft));
    answers[3].resolve(createdIn('sandbox'));
    await cleared;
    expect([draft.name, draft.categoryId, draft.status]).toEqual(['', '', '']);
  });

  test('outcomes: unknown only for a lost answer; every other failure is a refusal, the backend’s own included', async () => {
    const { answers, creates, told } = setUp();
    const failures = [
      commandError('outcomeUnknown'),
      commandError('unauthorized'),
      commandError('rateLimited', { retryAt: '2030-01-01T00:00:00.000Z' }),
      commandError('createInFlight'),
    ];
    for (const [i, failure] of failures.entries()) {
      const outcome = creates.start(STAGING, SLOWPOKE);
      answers[i].reject(failure);
      await outcome;
    }
    expect(told.map((o) => o.kind)).toEqual(['unknown', 'refused', 'refused', 'refused']);
    expect(told.map((o) => ('error' in o ? o.error.kind : null))).toEqual(failures.map((f) => f.kind));
    expect(new Set(told.map((o) => o.seq)).size).toBe(4);
  });

  test('marks change only their own kind; a new create or dismiss forgets the outcome of its environment only', async () => {
    const { answers, creates } = setUp();
    const staging = creates.start(STAGING, SLOWPOKE);
    answers[0].reject(commandError('outcomeUnknown'));
    await staging;
    const sandbox = creates.start(SANDBOX, SLOWPOKE);
    answers[1].reject(commandError('badRequest'));
    await sandbox;

    creates.markShown('staging');
    creates.markSeen('staging');
    expect(creates.outcomeFor('staging')).toMatchObject({ kind: 'unknown', checked: false });
    creates.markChecked('staging');
    expect(creates.outcomeFor('staging')).toMatchObject({ kind: 'unknown', checked: true });
    creates.markSeen('sandbox');
    expect(creates.outcomeFor('sandbox')).toMatchObject({ kind: 'refused', seen: true });

    void creates.start(STAGING, SLOWPOKE);
    expect(creates.outcomeFor('staging')).toBeUndefined();
    expect(creates.outcomeFor('sandbox')?.kind).toBe('refused');
    creates.dismiss('sandbox');
    expect(creates.outcomeFor('sandbox')).toBeUndefined();
    answers[2].resolve(createdIn('staging'));
  });
});
