// An in-memory stand-in for the Rust side, behind Tauri's own mockIPC: used by the tests and
// by the demo page for screenshots. It answers the IPC contract's commands with demo data.
import { emit } from '@tauri-apps/api/event';
import { mockIPC } from '@tauri-apps/api/mocks';
import { commandError } from '../lib/command-error';
import { ENVIRONMENT_IDS } from '../lib/environment';
import { PET_STATUSES } from '../lib/format';
import { movesToAnotherServer } from '../lib/validation';
import { activityHandlers, type ActivityFakeOptions } from './fake-activity';
import { categoryHandlers, type CategoryFakeOptions } from './fake-categories';
import { updateHandlers, type UpdateFakeOptions } from './fake-updates';
import { networkHandlers, type NetworkFakeOptions } from './fake-network';
import { sharedStoreHandlers, type SharedStoreFakeOptions } from './fake-shared-store';
import { importHandlers, type ImportFakeOptions } from './fake-imports';
import { outboxHandlers, type OutboxFake, type OutboxFakeOptions } from './fake-outbox';
import { DEPRECATION, pet, quota } from './fake-values';
import type {
  ActivityEntry,
  CommandName,
  CrashNotice,
  CreateSource,
  EnvironmentId,
  EnvironmentInfo,
  EventName,
  KeyStatus,
  LanguageChoice,
  LanguagePreference,
  Pet,
  PetPage,
  PetStatusValue,
  Quota,
  RememberedWait,
  Settings,
  SettingsProblem,
} from '../lib/types';

export type Handler = (args: Record<string, unknown>) => unknown;
export type Handlers = Partial<Record<CommandName, Handler>>;

export interface FakeOptions
  extends ImportFakeOptions,
    ActivityFakeOptions,
    CategoryFakeOptions,
    UpdateFakeOptions,
    NetworkFakeOptions,
    SharedStoreFakeOptions,
    OutboxFakeOptions {
  pets?: Pet[];
  /** The language chosen in Settings ('system' when left out). */
  language?: LanguageChoice;
  /** The computer's locale as the app reports it ("de_DE.UTF-8"); null when left out. */
  systemLocale?: string | null;
  quota?: Quota | null;
  selected?: EnvironmentId;
  keychainAvailable?: boolean;
  settings?: Settings;
  /** The remembered rows per page (20 when not given). */
  pageSize?: number;
  /** The settings file cannot be read (like a hand edit with a trailing comma). */
  settingsProblem?: SettingsProblem | null;
  /** The last run stopped on a bug (the app found the marker it left). */
  lastCrash?: CrashNotice | null;
  /** A rate-limit wait remembered on this computer for the selected environment. */
  rememberedWait?: RememberedWait | null;
  /** Environments with a key stored at start (its last 4 characters), like a keychain in use. */
  keys?: Partial<Record<'production' | 'staging', string>>;
  /** Addresses set by PETSTORE_PRODUCTION_URL / PETSTORE_STAGING_URL, which win over the settings. */
  envUrls?: Partial<Record<'production' | 'staging', string>>;
  /** Replaces the built-in answer of a command (throw a CommandError to reject). */
  handlers?: Handlers;
  /**
   * The service never offers a next page (no `Link` header, as the spec allows): a full page may
   * hold more pets, with no way to fetch them. Lists, the export and Check now see only first pages.
   */
  noNextPage?: boolean;
  /** The first page of pets never comes (a list loading), or is refused (the service unreachable). */
  listing?: 'stalls' | 'refused';
  /** Pets this computer created before the session (an earlier import, the form, Add again, the CLI). */
  createdBefore?: EarlierCreate[];
}

/** A pet this computer created, as the app remembers it to tell an import's repeats. */
export interface EarlierCreate {
  environment?: EnvironmentId;
  name: string;
  categoryId: string;
  status?: string | null;
  /** RFC 3339. */
  at: string;
  source: CreateSource;
  petId: string | null;
}

/** Remembers the pets this computer created, by environment, name, category and status. */
export class CreatedHere {
  #by = new Map<string, Required<EarlierCreate>>();

  static key(environment: EnvironmentId, name: string, categoryId: string, status: string | null | undefined): string {
    // As the app's record tells the same pet: the name without case and with runs of spaces as one.
    const same = name.trim().split(/\s+/).join(' ').toLowerCase();
    return [environment, same, categoryId.trim(), (status ?? '').trim().toLowerCase()].join('\u0000');
  }

  constructor(earlier: EarlierCreate[] = []) {
    for (const e of earlier) this.add({ ...e, environment: e.environment ?? 'sandbox', status: e.status ?? null });
  }

  add(create: Required<EarlierCreate>): void {
    const key = CreatedHere.key(create.environment, create.name, create.categoryId, create.status);
    // The first create is the one a repeat repeats.
    if (!this.#by.has(key)) this.#by.set(key, create);
  }

  find(environment: EnvironmentId, name: string, categoryId: string, status: string | null): Required<EarlierCreate> | null {
    return this.#by.get(CreatedHere.key(environment, name, categoryId, status)) ?? null;
  }
}

export interface Fake {
  pets: Pet[];
  /** Every call, also of a command the app does not have (a bug the fake then rejects). */
  calls: { cmd: string; args: Record<string, unknown> }[];
  handlers: Handlers;
  callsTo(cmd: CommandName): Record<string, unknown>[];
  emit(event: EventName, payload: unknown): Promise<void>;
  /** Adds an entry at the top of the activity history and emits `activity-recorded`, like the store. */
  recordActivity(entry: Partial<ActivityEntry>): ActivityEntry;
  /** The outboxes; `outbox.send(env)` plays the backend's sender. */
  outbox: OutboxFake;
}

export { DEPRECATION, commandError, pet, quota };

/** The address setting of an environment, as the backend names it (none for the sandbox). */
const addressField = (env: EnvironmentId) => (env === 'sandbox' ? null : (`${env}Url` as const));

export function installFake(options: FakeOptions = {}): Fake {
  let selected: EnvironmentId = options.selected ?? 'sandbox';
  let settings: Settings = options.settings ?? { productionUrl: 'https://pets.example.com/v1', stagingUrl: null };
  let pageSize = options.pageSize ?? 20;
  let language: LanguagePreference = { choice: options.language ?? 'system', system: options.systemLocale ?? null };
  let problem: SettingsProblem | null = options.settingsProblem ?? null;
  let remembered: RememberedWait | null = options.rememberedWait ?? null;
  /** When a remembered wait was last cleared (milliseconds), for once a minute at most. */
  let lastCleared: number | null = null;
  const envUrls = options.envUrls ?? {};
  const keys = new Map<EnvironmentId, { last4: string; sessionOnly: boolean }>(
    Object.entries(options.keys ?? {}).map(([env, last4]) => [env as EnvironmentId, { last4, sessionOnly: false }]),
  );
  const keychainAvailable = options.keychainAvailable ?? true;
  // Above 2^53, where Number would change the digits, and after every id already there.
  let nextId = (options.pets ?? []).reduce((max, p) => (BigInt(p.id) >= max ? BigInt(p.id) + 1n : max), 2n ** 53n + 1n);

  // Like the app: the variable wins over the settings.
  const address = (id: EnvironmentId): string | null =>
    id === 'sandbox' ? 'http://127.0.0.1:7777/v1' : (envUrls[id] ?? (id === 'production' ? settings.productionUrl : settings.stagingUrl));
  const envInfo = (id: EnvironmentId): EnvironmentInfo => ({
    id,
    baseUrl: address(id),
    production: id === 'production',
    localDemo: id === 'sandbox',
    selected: id === selected,
    // Like the app: an address and a key (the sandbox has its demo key).
    configured: address(id) !== null && (id === 'sandbox' || keys.has(id)),
    addressSource:
      id === 'sandbox' ? 'builtIn' : envUrls[id] !== undefined ? 'environmentVariable' : address(id) !== null ? 'settingsFile' : 'notSet',
  });
  const keyStatus = (environment: EnvironmentId): KeyStatus => {
    const k = keys.get(environment);
    return {
      environment,
      stored: k !== undefined,
      masked: k ? `••••${k.last4}` : null,
      sessionOnly: k?.sessionOnly ?? false,
      keychainAvailable,
    };
  };
  const page = (from: number, status: string | null, limit: number): PetPage => {
    const matching = fake.pets.filter((p) => status === null || p.status === status);
    const slice = matching.slice(from, from + limit);
    const more = from + limit < matching.length;
    // A service that offers no next page: a full page may hold more, with no way to fetch it.
    if (options.noNextPage) return { pets: slice, next: null, mayHaveMore: slice.length === limit };
    return { pets: slice, next: more ? JSON.stringify({ from: from + limit, status, limit }) : null, mayHaveMore: false };
  };
  /**
   * What the app's export and checks can read of a list (`status` null: every pet), 100 a page,
   * and whether that is all: a full page with no way on is read again as its three status lists.
   */
  const readable = (status: PetStatusValue | null): { pets: Pet[]; complete: boolean } => {
    const all = (s: PetStatusValue | null) => {
      const pets: Pet[] = [];
      let at: PetPage = page(0, s, 100);
      pets.push(...at.pets);
      while (at.next) {
        const t = JSON.parse(at.next) as { from: number; status: string | null; limit: number };
        at = page(t.from, t.status, t.limit);
        pets.push(...at.pets);
      }
      return { pets, complete: !at.mayHaveMore };
    };
    const whole = all(status);
    if (whole.complete || status !== null) return whole;
    const parts = PET_STATUSES.map((s) => all(s));
    return { pets: parts.flatMap((p) => p.pets), complete: parts.every((p) => p.complete) };
  };

  const createdHere = new CreatedHere(options.createdBefore);
  const createPet = (name: string, categoryId: string, status: string | null, source: CreateSource, environment: EnvironmentId) => {
    const created = pet(String(nextId++), name, categoryId, status ?? 'available');
    fake.pets = [created, ...fake.pets];
    createdHere.add({ environment, name, categoryId, status, at: new Date().toISOString(), source, petId: created.id });
    return created;
  };
  const activity = activityHandlers({ pets: () => fake.pets, create: createPet, covered: () => readable(null).complete }, options);
  const categories = categoryHandlers(options);
  const outbox = outboxHandlers({ create: (i, env) => createPet(i.name, i.categoryId, i.status, { kind: 'outbox' }, env) }, options);

  // Type-checked to answer every command of the app's list (CommandName), and only those.
  const builtIn = {
    // Like the app: no limit means the remembered rows per page.
    list_pets: (a) => {
      if (options.listing === 'stalls') return new Promise(() => {});
      if (options.listing === 'refused') throw commandError('network', { cause: 'refused' });
      return page(0, (a.status as string | null) ?? null, (a.limit as number | null) ?? pageSize);
    },
    next_page: (a) => {
      const t = JSON.parse(a.next as string) as { from: number; status: string | null; limit: number };
      return page(t.from, t.status, t.limit);
    },
    create_pet: (a) => {
      const input = a.input as { name: string; categoryId: string; status: string | null };
      const environment = a.environment as EnvironmentId;
      // Like the app: a pet this computer added (or may have added) there is named, not sent,
      // unless the person chose to add it again.
      const earlier = createdHere.find(environment, input.name, input.categoryId, input.status);
      if (earlier && a.allowRepeat !== true) {
        throw commandError('alreadyAdded', {
          environment,
          name: input.name,
          earlier: { at: earlier.at, source: earlier.source, petId: earlier.petId },
        });
      }
      const created = createPet(input.name, input.categoryId, input.status, { kind: 'form' }, environment);
      return { pet: created, environment, baseUrl: envInfo(environment).baseUrl ?? '' };
    },
    get_pet: (a) => ({ pet: fake.pets.find((p) => p.id === a.id) ?? null, deprecation: DEPRECATION }),
    current_quota: () => (options.quota === undefined ? quota(87) : options.quota),
    list_environments: () => ENVIRONMENT_IDS.map(envInfo),
    select_environment: (a) => {
      selected = a.environment as EnvironmentId;
      return envInfo(selected);
    },
    get_settings: () => settings,
    // Like the app: a changed address or key cancels that environment's reads and says so.
    // Like the app: an address on another server, with a key stored, is saved only with the
    // person's answer (keyWouldMove otherwise); Remove removes that key once saved.
    save_settings: (a) => {
      const before = ENVIRONMENT_IDS.map(address);
      const wanted = a.settings as Settings;
      const moved = (['production', 'staging'] as const).filter((id) => {
        const to = id === 'production' ? wanted.productionUrl : wanted.stagingUrl;
        return keys.has(id) && to !== null && movesToAnotherServer(address(id), to);
      });
      if (moved.length > 0 && !a.keyMove) {
        const env = moved[0];
        const to = (env === 'production' ? wanted.productionUrl : wanted.stagingUrl) ?? '';
        throw commandError('configuration', { problem: 'keyWouldMove', environment: env, field: addressField(env), address: to });
      }
      settings = wanted;
      if (a.keyMove === 'remove') moved.forEach((id) => keys.delete(id));
      ENVIRONMENT_IDS.forEach((id, i) => {
        if (address(id) !== before[i]) void emit('environment-updated', { environment: id });
      });
      return settings;
    },
    key_status: (a) => keyStatus(a.environment as EnvironmentId),
    set_api_key: (a) => {
      const env = a.environment as EnvironmentId;
      const sessionOnly = a.sessionOnly as boolean;
      if (!keychainAvailable && !sessionOnly) {
        throw commandError('keychain', { problem: 'keychainUnavailable', field: 'key' });
      }
      keys.set(env, { last4: (a.key as string).slice(-4), sessionOnly });
      void emit('environment-updated', { environment: env });
      return keyStatus(env);
    },
    clear_api_key: (a) => {
      keys.delete(a.environment as EnvironmentId);
      void emit('environment-updated', { environment: a.environment });
      return keyStatus(a.environment as EnvironmentId);
    },
    get_page_size: () => pageSize,
    get_language: () => language,
    save_language: (a) => (language = { ...language, choice: a.choice as LanguageChoice }),
    save_page_size: (a) => (pageSize = a.pageSize as number),
    report_first_table: () => null,
    // Like the app: the typed address when given (checked as one being saved), with the stored key.
    test_connection: (a) => {
      const environment = a.environment as EnvironmentId;
      const saved = envInfo(environment).baseUrl;
      const typed = typeof a.baseUrl === 'string' && a.baseUrl.trim() !== '' ? a.baseUrl.trim() : null;
      const tried = typed ?? saved;
      if (tried === null) {
        throw commandError('configuration', { problem: 'missingBaseUrl', environment, field: addressField(environment) });
      }
      if (environment !== 'sandbox' && !keys.has(environment)) {
        throw commandError('configuration', { problem: 'missingApiKey', environment });
      }
      if (environment !== 'sandbox' && movesToAnotherServer(saved, tried) && a.keyToNewServer !== true) {
        throw commandError('configuration', { problem: 'keyWouldMove', environment, field: addressField(environment), address: tried });
      }
      return { quota: quota(86), petsSeen: Math.min(fake.pets.length, 20), baseUrl: tried, saved: tried === saved };
    },
    // Like the app: no key is sent. A "www." host stands for a web server that is not this
    // interface (its 404 page); every other address asks for a key, as the service does.
    // Like the app: the pets file set aside under a name with the time, ids going on above it.
    start_sandbox_afresh: () => ({
      keptAs: '/home/sam/.local/share/dev.petstore.admin/sandbox-pets.20261129-101500.jsonl',
      idsFrom: '43',
    }),
    probe_address: (a) => {
      const tried = String(a.baseUrl).trim();
      const answer = new URL(tried).hostname.startsWith('www.') ? { kind: 'notThisInterface' as const, status: 404 } : { kind: 'keyAsked' as const };
      return { baseUrl: tried, answer };
    },
    settings_problem: () => problem,
    last_crash: () => options.lastCrash ?? null,
    open_settings_folder: () => null,
    start_settings_over: () => {
      const keptAs = problem ? `${problem.path}.broken-20301205-140500` : null;
      problem = null;
      return { keptAs };
    },
    remembered_wait: () => (remembered && remembered.environment === selected ? remembered : null),
    // Like the app's client: a wait is cleared once a minute at most (src-tauri/src/backend/waits.rs).
    forget_wait: () => {
      const again = lastCleared === null ? 0 : lastCleared + 60_000;
      if (again > Date.now()) {
        throw commandError('waitKept', { problem: 'waitClearedRecently', retryAt: new Date(again).toISOString() });
      }
      const had = remembered !== null && remembered.environment === selected;
      if (had) {
        remembered = null;
        lastCleared = Date.now();
      }
      return had;
    },
    // The fake's reads answer at once: there is nothing on its way to call off.
    cancel_requests: () => null,
    ...importHandlers(
      {
        selected: () => selected,
        baseUrl: address,
        create: createPet,
        learn: categories.merge,
        createdHere,
        readable,
      },
      options,
    ),
    ...activity.handlers,
    ...categories.handlers,
    ...updateHandlers(options),
    ...networkHandlers(options),
    ...sharedStoreHandlers(options),
    ...outbox.handlers,
  } satisfies Record<CommandName, Handler>;
  const isCommandName = (cmd: string): cmd is CommandName => Object.hasOwn(builtIn, cmd);

  const fake: Fake = {
    pets: options.pets ?? [],
    calls: [],
    handlers: { ...options.handlers },
    callsTo: (cmd) => fake.calls.filter((c) => c.cmd === cmd).map((c) => c.args),
    emit: (event, payload) => emit(event, payload),
    recordActivity: (entry) => activity.record(entry),
    outbox: outbox.fake,
  };

  // Like the app's backend: one create per environment at a time, refused before it is "sent"
  // (the handler is not called).
  const creating = new Set<EnvironmentId>();
  async function oneCreateAtATime(a: Record<string, unknown>, handler: Handler): Promise<unknown> {
    const environment = a.environment as EnvironmentId;
    if (creating.has(environment)) {
      throw commandError('createInFlight', { environment });
    }
    creating.add(environment);
    try {
      return await handler(a);
    } finally {
      creating.delete(environment);
    }
  }

  mockIPC(
    (cmd, args) => {
      const a = (args ?? {}) as Record<string, unknown>;
      fake.calls.push({ cmd, args: a });
      const handler = isCommandName(cmd) ? (fake.handlers[cmd] ?? builtIn[cmd]) : undefined;
      if (!handler) throw commandError('unexpectedResponse');
      return cmd === 'create_pet' ? oneCreateAtATime(a, handler) : handler(a);
    },
    { shouldMockEvents: true },
  );
  return fake;
}
