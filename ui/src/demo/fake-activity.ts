// The demo fake's activity history: a plausible in-memory history of a few hundred
// requests across the environments (bursts that ran a Free plan's minute dry, some 429s, one add
// whose outcome stayed unknown), filtered and paged like the store, the quota history derived from
// it, and the unconfirmed adds' checks, retries and dismissals.
import { emit } from '@tauri-apps/api/event';
import { commandError } from '../lib/command-error';
import type {
  ActivityEntry,
  ActivityFilter,
  ActivitySettings,
  ActivityStatus,
  CheckResult,
  CreatedPet,
  CreateSource,
  EnvironmentId,
  Operation,
  Pet,
  Plan,
  QuotaHistory,
  QuotaRange,
  SavedFile,
} from '../lib/types';

export interface ActivityFakeOptions {
  /** The history, newest first; a generated one (`demoActivity`) when not given. */
  activity?: ActivityEntry[];
  /** How many entries the generated history has (about 420 when not given). */
  activityCount?: number;
  /** Replaces fields of the answer to `activity_status` (the unconfirmed count is counted). */
  activityStatus?: Partial<ActivityStatus>;
  activitySettings?: ActivitySettings;
}

interface Context {
  pets: () => Pet[];
  create: (name: string, categoryId: string, status: string | null, source: CreateSource, environment: EnvironmentId) => Pet;
  /** Every pet can be read (no list ends on a full page with no way on). */
  covered: () => boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const BASE_URL: Record<EnvironmentId, string> = {
  production: 'https://pets.example.com/v1',
  staging: 'https://staging.pets.example.com/v1',
  sandbox: 'http://127.0.0.1:7777/v1',
};
/** Each environment's key's plan: its minute window, and its day's limit. */
const PLAN: Record<EnvironmentId, { plan: Plan; perMinute: number; perDay: number }> = {
  production: { plan: 'pro', perMinute: 300, perDay: 10_000 },
  staging: { plan: 'free', perMinute: 60, perDay: 1_000 },
  sandbox: { plan: 'free', perMinute: 60, perDay: 1_000 },
};
const NAMES = ['Biscuit', 'Luna', 'Pepper', 'Mochi', 'Nugget', 'Olive', 'Ziggy', 'Hazel', 'Pickles', 'Juniper', 'Atlas'];

/** One entry with plausible defaults: a successful list of Sandbox's pets, now. */
export function activityEntry(more: Partial<ActivityEntry> = {}): ActivityEntry {
  const environment = more.environment ?? 'sandbox';
  return {
    id: '1',
    at: new Date().toISOString(),
    environment,
    baseUrl: BASE_URL[environment],
    source: 'app',
    operation: 'listPets',
    method: 'GET',
    path: '/v1/pets?limit=20',
    status: 200,
    durationMs: 84,
    attempts: 1,
    waitedMs: 0,
    rateLimited: 0,
    outcome: 'ok',
    errorKind: null,
    serverCode: null,
    serverMessage: null,
    gateway: false,
    quota: null,
    pet: null,
    petsReturned: 20,
    resolution: null,
    ...more,
  };
}

/** A small deterministic random source, so the demo and the tests see the same history. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Planned {
  at: number;
  environment: EnvironmentId;
  operation: Operation;
}

/** When requests were sent, oldest first: scattered ones, and bursts that run Staging's minute dry. */
function schedule(count: number, now: number, rnd: () => number): Planned[] {
  const planned: Planned[] = [];
  const pick = (): EnvironmentId => {
    const r = rnd();
    return r < 0.55 ? 'sandbox' : r < 0.85 ? 'staging' : 'production';
  };
  const operation = (): Operation => {
    const r = rnd();
    return r < 0.5 ? 'listPets' : r < 0.75 ? 'nextPage' : r < 0.92 ? 'createPet' : 'getPet';
  };
  // Three bursts in the last hour: paging through the pets faster than a Free plan's 60 a minute.
  const bursts: [number, EnvironmentId][] = [[50, 'sandbox'], [31, 'staging'], [9, 'sandbox']];
  for (const [minutesAgo, environment] of bursts) {
    const start = Math.floor((now - minutesAgo * MINUTE) / MINUTE) * MINUTE + 5000;
    for (let i = 0; i < 64; i++) planned.push({ at: start + i * 700, environment, operation: i === 0 ? 'listPets' : 'nextPage' });
  }
  const scattered = Math.max(0, count - planned.length);
  const inHour = Math.min(scattered, 40);
  const inDay = Math.min(scattered - inHour, 120);
  const older = scattered - inHour - inDay;
  for (let i = 0; i < inHour; i++) planned.push({ at: now - (i + 0.5) * (HOUR / inHour), environment: pick(), operation: operation() });
  for (let i = 0; i < inDay; i++) planned.push({ at: now - HOUR - (i + 0.5) * (23 * HOUR / inDay), environment: pick(), operation: operation() });
  // The rest over 60 days (at most one request a second, however many are asked for).
  const span = Math.max(60 * DAY, older * 1000);
  for (let i = 0; i < older; i++) planned.push({ at: now - DAY - (i + 0.5) * (span / Math.max(1, older)), environment: pick(), operation: operation() });
  return planned.sort((a, b) => a.at - b.at);
}

/** The generated history, newest first: about `count` entries ending `now`. */
export function demoActivity(count = 420, now = Date.now()): ActivityEntry[] {
  const rnd = random(13);
  const used = new Map<string, number>();
  const entries: ActivityEntry[] = [];
  let unknownPlaced = false;
  let petId = 4000;
  schedule(count, now, rnd).forEach((p, index) => {
    const plan = PLAN[p.environment];
    const windowStart = Math.floor(p.at / MINUTE) * MINUTE;
    const key = `${p.environment}@${windowStart}`;
    const sent = (used.get(key) ?? 0) + 1;
    used.set(key, sent);
    const limited = sent > plan.perMinute;
    const name = NAMES[Math.floor(rnd() * NAMES.length)];
    const categoryId = String(1 + Math.floor(rnd() * 5));
    const base = {
      id: String(index + 1),
      at: new Date(p.at).toISOString(),
      environment: p.environment,
      baseUrl: BASE_URL[p.environment],
      source: rnd() < 0.1 ? ('cli' as const) : ('app' as const),
      operation: p.operation,
      durationMs: Math.round(40 + rnd() * 260),
      quota: {
        limit: plan.perMinute,
        remaining: Math.max(0, plan.perMinute - sent),
        resetAt: new Date(windowStart + MINUTE).toISOString(),
        window: 'minute' as const,
      },
    };
    if (limited) {
      entries.push(activityEntry({
        ...base, method: 'GET', path: '/v1/pets?limit=20&after=' + (index * 20), status: 429, outcome: 'error',
        errorKind: 'rateLimited', serverCode: 'rate_limited', serverMessage: 'Too many requests.', rateLimited: 1, petsReturned: null,
      }));
      return;
    }
    // One add in Staging, earlier today or yesterday, whose answer was lost.
    if (!unknownPlaced && p.environment === 'staging' && p.operation === 'createPet' && p.at < now - 3 * HOUR && p.at > now - DAY) {
      unknownPlaced = true;
      entries.push(activityEntry({
        ...base, method: 'POST', path: '/v1/pets', status: null, outcome: 'unknown', errorKind: 'outcomeUnknown',
        durationMs: 30_000, pet: { name: 'Clover', categoryId: '5', id: null }, petsReturned: null,
      }));
      return;
    }
    switch (p.operation) {
      case 'listPets':
      case 'nextPage':
        entries.push(activityEntry({ ...base, method: 'GET', path: p.operation === 'listPets' ? '/v1/pets?limit=20' : `/v1/pets?limit=20&after=${index * 20}` }));
        return;
      case 'createPet': {
        const failed = rnd() < 0.1;
        entries.push(activityEntry({
          ...base, method: 'POST', path: '/v1/pets', status: failed ? 400 : 201, outcome: failed ? 'error' : 'ok',
          errorKind: failed ? 'badRequest' : null, serverCode: failed ? 'invalid_field' : null,
          serverMessage: failed ? 'categoryId must be 1 or more.' : null,
          pet: { name, categoryId, id: failed ? null : String(petId++) }, petsReturned: null,
        }));
        return;
      }
      case 'getPet': {
        const id = String(1001 + Math.floor(rnd() * 12));
        entries.push(activityEntry({ ...base, method: 'GET', path: `/v1/pets/${id}`, pet: { name, categoryId, id }, petsReturned: null }));
      }
    }
  });
  return entries.reverse();
}

/** The filter as the store applies it: environment, operation, outcome, time range, pet name or id. */
function matches(entry: ActivityEntry, filter: ActivityFilter): boolean {
  if (filter.environment && entry.environment !== filter.environment) return false;
  if (filter.operation && entry.operation !== filter.operation) return false;
  if (filter.outcome && entry.outcome !== filter.outcome) return false;
  const at = Date.parse(entry.at);
  if (filter.since && at < Date.parse(filter.since)) return false;
  if (filter.until && at > Date.parse(filter.until)) return false;
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const name = entry.pet?.name?.toLowerCase() ?? '';
    if (!name.includes(search) && entry.pet?.id !== search) return false;
  }
  return true;
}

const isUnconfirmed = (e: ActivityEntry) => e.operation === 'createPet' && e.outcome === 'unknown' && e.resolution === null;

export function activityHandlers(ctx: Context, options: ActivityFakeOptions) {
  let history: ActivityEntry[] = options.activity ?? demoActivity(options.activityCount);
  let settings: ActivitySettings = options.activitySettings ?? { retentionDays: 90, maxEntries: 200_000, alerts: true };
  let lastId = history.reduce((max, e) => Math.max(max, Number(e.id) || 0), 0);
  // Filtering 200,000 entries for every window of the view is quick, but not free: keep the last one.
  let cached: { key: string; version: number; entries: ActivityEntry[] } | null = null;
  let version = 0;

  function select(filter: ActivityFilter): ActivityEntry[] {
    const key = JSON.stringify(filter);
    if (cached?.key === key && cached.version === version) return cached.entries;
    const entries = history.filter((e) => matches(e, filter));
    cached = { key, version, entries };
    return entries;
  }
  function find(id: unknown): ActivityEntry {
    const entry = history.find((e) => e.id === id);
    if (!entry) throw commandError('notFound');
    return entry;
  }
  function replace(entry: ActivityEntry): ActivityEntry {
    history = history.map((e) => (e.id === entry.id ? entry : e));
    version++;
    return entry;
  }
  const unconfirmedCount = () => history.filter(isUnconfirmed).length;

  /** Adds an entry at the top and tells the app, as the store's writer does. */
  function record(more: Partial<ActivityEntry>): ActivityEntry {
    const entry = activityEntry({ ...more, id: String(++lastId) });
    history = [entry, ...history];
    version++;
    void emit('activity-recorded', { unconfirmed: unconfirmedCount() });
    return entry;
  }

  function quotaHistory(environment: EnvironmentId, range: QuotaRange): QuotaHistory {
    const to = Date.now();
    const from = to - (range === 'hour' ? HOUR : DAY);
    const inRange = history.filter((e) => e.environment === environment && Date.parse(e.at) >= from && Date.parse(e.at) <= to).reverse();
    const byOperation = new Map<Operation, number>();
    for (const e of inRange) byOperation.set(e.operation, (byOperation.get(e.operation) ?? 0) + e.attempts);
    const dayStart = new Date(to);
    dayStart.setUTCHours(0, 0, 0, 0);
    const plan = PLAN[environment];
    const used = history
      .filter((e) => e.environment === environment && Date.parse(e.at) >= dayStart.getTime())
      .reduce((sum, e) => sum + e.attempts, 0);
    const resets = new Set<string>();
    for (const e of inRange) {
      const reset = e.quota?.resetAt;
      if (reset && Date.parse(reset) >= from && Date.parse(reset) <= to) resets.add(reset);
    }
    return {
      environment,
      range,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      points: inRange.flatMap((e) =>
        e.quota && e.quota.remaining !== null && e.quota.limit !== null
          ? [{ at: e.at, remaining: e.quota.remaining, limit: e.quota.limit, window: e.quota.window }]
          : [],
      ),
      resets: [...resets],
      // As the store counts: one mark per 429 answer, at the start of the request it answered.
      rateLimited: inRange.flatMap((e) => Array<string>(Math.max(e.rateLimited, e.status === 429 ? 1 : 0)).fill(e.at)),
      byOperation: [...byOperation].map(([operation, requests]) => ({ operation, requests })).sort((a, b) => b.requests - a.requests),
      today: { since: dayStart.toISOString(), used, dayLimit: plan.perDay, remaining: null, plan: plan.plan },
    };
  }

  const handlers = {
    list_activity: (a: Record<string, unknown>) => {
      const limit = a.limit as number;
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw commandError('invalidInput', { field: 'limit', given: String(limit) });
      const offset = a.offset as number;
      const entries = select(a.filter as ActivityFilter);
      return { entries: entries.slice(offset, offset + limit), total: entries.length };
    },
    activity_status: (): ActivityStatus => ({
      available: true,
      problem: null,
      movedAside: null,
      unconfirmed: unconfirmedCount(),
      ...options.activityStatus,
    }),
    unconfirmed_creates: () => history.filter(isUnconfirmed),
    // Like the app: every page of the entry's environment, looking for that name and category;
    // not found where the list could not be read to the end, it could not be checked.
    check_unconfirmed: (a: Record<string, unknown>): CheckResult => {
      const entry = find(a.id);
      const found = ctx.pets().find((p) => p.name === entry.pet?.name && p.categoryId === entry.pet?.categoryId) ?? null;
      if (!found) return { entry, found, covered: ctx.covered() };
      return {
        entry: replace({ ...entry, resolution: { kind: 'found', petId: found.id, at: new Date().toISOString() } }),
        found,
        covered: true,
      };
    },
    retry_unconfirmed: (a: Record<string, unknown>): CreatedPet => {
      const entry = find(a.id);
      // Like the app: only an entry still unconfirmed is added again.
      if (!isUnconfirmed(entry)) throw commandError('notFound');
      const pet = ctx.create(entry.pet?.name ?? '', entry.pet?.categoryId ?? '', null, { kind: 'addAgain' }, entry.environment);
      replace({ ...entry, resolution: { kind: 'retried', petId: pet.id, at: new Date().toISOString() } });
      record({
        environment: entry.environment, operation: 'createPet', method: 'POST', path: '/v1/pets', status: 201,
        pet: { name: pet.name, categoryId: pet.categoryId, id: pet.id }, petsReturned: null,
      });
      return { pet, environment: entry.environment, baseUrl: entry.baseUrl };
    },
    dismiss_unconfirmed: (a: Record<string, unknown>) =>
      replace({ ...find(a.id), resolution: { kind: 'dismissed', petId: null, at: new Date().toISOString() } }),
    quota_history: (a: Record<string, unknown>) => quotaHistory(a.environment as EnvironmentId, a.range as QuotaRange),
    export_activity: (a: Record<string, unknown>): SavedFile => ({
      path: '/home/sam/Documents/petstore-activity.csv',
      keptAs: null,
      pets: select(a.filter as ActivityFilter).length,
      incomplete: false,
    }),
    get_activity_settings: () => settings,
    save_activity_settings: (a: Record<string, unknown>) => {
      const next = a.settings as ActivitySettings;
      if (!Number.isInteger(next.retentionDays) || next.retentionDays < 1 || next.retentionDays > 3650) {
        throw commandError('invalidInput', { field: 'retentionDays', given: String(next.retentionDays) });
      }
      if (!Number.isInteger(next.maxEntries) || next.maxEntries < 1000 || next.maxEntries > 500_000) {
        throw commandError('invalidInput', { field: 'maxEntries', given: String(next.maxEntries) });
      }
      settings = next;
      return settings;
    },
  };
  return { handlers, record };
}
