// The one place an error becomes words for a person. The backend sends facts (`CommandError`: a
// kind and that kind's facts: status, the server's words as one readable sentence, whether a
// gateway answered, field, retry time, environment, the exact problem, a network cause); each kind
// is worded here once, in a clerk's words: what happened, the server's own words when it sent
// readable ones, and one next step. Times are local with a countdown (`formatWhen`).
// No environment variable or settings-file field names: those belong to the CLI and the README.
// The exact problems and category refusals are worded in problem-words.ts; every sentence comes
// from the catalog (i18n/error.*.ts). A kind with no facts to word needs no code here: its
// sentence and next step are its catalog keys `error.kind.<kind>` and `error.kind.<kind>Next`.
import type { CommandError, EnvironmentId, Field, WaitReason } from './types';
import type { NetworkCause } from './bindings/NetworkCause';
import { environmentOf, type ErrorKind, type ErrorOf, type Problem } from './command-error';
import { ENVIRONMENT_LABELS } from './environment';
import { formatCount, formatListTime, formatSize, formatWhen, STATUS_LABEL } from './format';
import { sourceText } from './import-words';
import { hasText, t, textKeys, type TextKey } from './i18n/index.svelte';
import { MAX_ENTRIES, RETENTION_DAYS } from './validation';
import { describeReason } from './reasons';
import {
  bounded,
  byProblem,
  CATEGORY_FAILURE,
  OUTBOX,
  SHARED_STORE,
  CONFIGURATION,
  FILE,
  IMPORT,
  KEYCHAIN,
  restart,
  trimStop,
  WAIT_KEPT,
  whenAgain,
  type Facts,
  type Parts,
} from './problem-words';

export { CATEGORY_PROBLEMS, describeCategoryRefusal } from './problem-words';

/** What the person was looking at when it failed; the error's own facts win over it. */
export interface ErrorContext {
  /** The environment the action was aimed at, for errors that do not name one. */
  environment?: EnvironmentId | null;
  /** Milliseconds since the epoch, for countdowns; `Date.now()` when left out. */
  now?: number;
  /** Shown in Settings, below the environment's address and key fields (Test connection): a
   * next step points to them there ("above"), never to Settings the person is already in. */
  inSettings?: boolean;
}

export interface ErrorMessage {
  /** What happened, in one or two sentences. */
  what: string;
  /** The server's own words (one sentence, plain, bounded by the backend), when they add something. */
  server: string | null;
  /** The one next step. */
  next: string;
  /** All of it, for a screen reader or a single line. */
  text: string;
}

/** The longest reason a sentence quotes; the rest is cut with an ellipsis. */
const REASON_CHARS = 160;

// Every sentence is looked up when an error is described (never kept in a constant), so a
// language switch re-words the errors on screen at once.
const againSoon = () => t('error.againSoon');

function addressStep({ env, envId, inSettings }: Facts): string {
  if (envId === 'sandbox') return restart();
  if (env && inSettings) return t('error.addressStepHere', { env });
  return env ? t('error.addressStepEnv', { env }) : t('error.addressStep');
}

const gateway = (): Parts => ({ what: t('error.gateway'), next: t('error.againMinute') });

// Checked against the generated types: a wait reason or network cause added in Rust fails
// `npm run check` until it has words in the catalogs.
const WAIT_WHAT = {
  rateLimited: 'error.wait.rateLimited',
  quotaExhausted: 'error.wait.quotaExhausted',
  backoff: 'error.wait.backoff',
  paced: 'error.wait.paced',
} as const satisfies Record<WaitReason, TextKey>;

const NETWORK_WHAT = {
  refused: 'error.network.refused',
  dns: 'error.network.dns',
  reset: 'error.network.reset',
  tls: 'error.network.tls',
  unreachable: 'error.network.unreachable',
  other: 'error.network.other',
  proxyUnreachable: 'error.network.proxyUnreachable',
  proxyAuthRequired: 'error.network.proxyAuthRequired',
  proxyAuthRefused: 'error.network.proxyAuthRefused',
  proxyRefused: 'error.network.proxyRefused',
  unknownAuthority: 'error.network.unknownAuthority',
  certificateExpired: 'error.network.certificateExpired',
  certificateName: 'error.network.certificateName',
} as const satisfies Record<NetworkCause, TextKey>;

// Proxy and certificate failures: a setting must change, so each says which (Settings → Network).
// Causes not listed here get the general network step.
const NETWORK_NEXT: Partial<Record<NetworkCause, TextKey>> = {
  proxyUnreachable: 'error.networkNext.proxyUnreachable',
  proxyAuthRequired: 'error.networkNext.proxyAuthRequired',
  proxyAuthRefused: 'error.networkNext.proxyAuthRefused',
  proxyRefused: 'error.networkNext.proxyRefused',
  unknownAuthority: 'error.networkNext.unknownAuthority',
  certificateExpired: 'error.networkNext.certificateExpired',
  certificateName: 'error.networkNext.certificateName',
};

/**
 * A network cause in words, for a failure that is not an API request's (the update check): what
 * happened, and the setting to change when one would fix it (else null).
 */
export function describeNetworkCause(cause: NetworkCause): { what: string; next: string | null } {
  const fix = NETWORK_NEXT[cause];
  return { what: t(NETWORK_WHAT[cause]), next: fix ? t(fix) : null };
}

/** The next step for a 400 that names the field the service refused. */
const FIELD_FIX: Readonly<Partial<Record<Field, TextKey>>> = {
  name: 'error.fix.name',
  categoryId: 'error.fix.categoryId',
  status: 'error.fix.status',
  limit: 'error.fix.limit',
  id: 'error.fix.id',
  key: 'error.fix.key',
};

type InvalidInput = ErrorOf<'invalidInput'>;

function given(error: InvalidInput): string {
  return error.given ? t('error.given', { value: bounded(error.given, 40) }) : '';
}

function inputWhat(error: InvalidInput): string {
  switch (error.field) {
    case 'limit':
      return t('error.input.limit', { given: given(error) });
    case 'status':
      // The statuses as the menus name them, in the language on screen.
      return t('error.input.status', { ...STATUS_LABEL, given: given(error) });
    case 'name':
      return t('error.input.name');
    case 'categoryId':
      return t('error.input.categoryId', { given: given(error) });
    case 'id':
      return t('error.input.id', { given: given(error) });
    case 'key':
      return t('error.input.key');
    case 'retentionDays':
      return t('error.input.retentionDays', {
        min: formatCount(RETENTION_DAYS.min),
        max: formatCount(RETENTION_DAYS.max),
        given: given(error),
      });
    case 'maxEntries':
      return t('error.input.maxEntries', {
        min: formatCount(MAX_ENTRIES.min),
        max: formatCount(MAX_ENTRIES.max),
        given: given(error),
      });
    default:
      return t('error.input.other');
  }
}

// A problem or kind this UI has no words for (none should reach it).
const somethingWrong = (): Parts => ({ what: t('error.somethingWrong'), next: restart() });

/**
 * The kinds worded from the catalog alone: `error.kind.<kind>` says what happened and
 * `error.kind.<kind>Next` the one next step, both in each language's catalog.
 */
type PlainKind = {
  [K in ErrorKind]: [`error.kind.${K}`, `error.kind.${K}Next`] extends [TextKey, TextKey] ? K : never;
}[ErrorKind];

type Words<K extends ErrorKind> = (facts: Facts<ErrorOf<K>>) => Parts;
/** Words for every kind that is not plain; a plain kind is here only when it words its facts. */
type KindWords = { [K in Exclude<ErrorKind, PlainKind>]: Words<K> } & { [K in PlainKind]?: Words<K> };

// Checked against the generated `CommandError`: a kind added in Rust (client or app) fails
// `npm run check` until it has words, its two catalog keys or an entry here. A plain kind has
// none here; one whose words use its facts (its environment, status, exact problem) keeps its
// entry even when both keys exist, and the entry is what words it.
const KIND = {
  unauthorized: (facts) => ({
    what: facts.env ? t('error.kind.unauthorizedEnv', { env: facts.env }) : t('error.kind.unauthorized'),
    next: keyStep(facts),
  }),
  badRequest: ({ error }) => {
    const fix = error.field ? FIELD_FIX[error.field] : undefined;
    return { what: t('error.kind.badRequest'), next: fix ? t(fix) : t('error.correct') };
  },
  rateLimited: ({ error, now }) => {
    const what = t(WAIT_WHAT[error.waitReason ?? 'rateLimited']);
    const at = error.retryAt ? Date.parse(error.retryAt) : NaN;
    if (!error.retryAt || Number.isNaN(at)) return { what, next: againSoon() };
    if (at <= now) return { what, next: t('error.againNow') };
    return { what, next: t('error.againAt', { time: formatWhen(error.retryAt, now) }) };
  },
  server: ({ error }) =>
    error.gateway ? gateway() : { what: t('error.kind.server', { status: statusNote(error.status) }), next: againSoon() },
  unexpectedResponse: (facts) => {
    const { error } = facts;
    if (error.gateway) return gateway();
    // A bare rejection from Tauri itself (no answer from any server): see backend.toCommandError.
    if (error.status == null) return { what: t('error.kind.noAnswer'), next: restart() };
    return { what: t('error.kind.unexpectedResponse', { status: statusNote(error.status) }), next: addressStep(facts) };
  },
  network: (facts) => {
    const cause = facts.error.cause;
    const fix = cause ? NETWORK_NEXT[cause] : undefined;
    const auto = facts.error.autoConfig;
    return {
      what: t(NETWORK_WHAT[cause ?? 'other']),
      // A PAC/WPAD computer's way out comes first: nothing else the person checks will help.
      next: auto
        ? auto.url
          ? t('error.networkNext.autoConfigAt', { url: bounded(auto.url, 120) })
          : t('error.networkNext.autoConfigDiscovered')
        : fix
          ? t(fix)
          : cause === 'reset'
            ? againSoon()
            : facts.envId === 'sandbox'
              ? restart()
              : networkStep(facts),
    };
  },
  outcomeUnknown: ({ error }) => {
    const reason = reasonSentence(error);
    return {
      what: reason
        ? t('error.kind.outcomeUnknownBecause', { reason: reason.replace(/\.$/, '') })
        : t('error.kind.outcomeUnknown'),
      next: t('error.kind.outcomeUnknownNext'),
    };
  },
  invalidInput: ({ error }) =>
    error.field === 'next'
      ? { what: t('error.input.nextLink'), next: t('error.input.refresh') }
      : { what: inputWhat(error), next: t('error.correct') },
  configuration: (facts) =>
    byProblem(CONFIGURATION, facts, () => ({ what: t('error.kind.configuration'), next: t('error.kind.configurationNext') })),
  responseTooLarge: (facts) => ({
    what: facts.error.sizeLimit
      ? t('error.kind.responseTooLargeLimit', { size: formatSize(facts.error.sizeLimit) })
      : t('error.kind.responseTooLarge'),
    next: addressStep(facts),
  }),
  keychain: (facts) => byProblem(KEYCHAIN, facts, () => ({ what: t('error.problem.keychainFailed'), next: restart() })),
  alreadyAdded: ({ error, env, now }) => {
    const { earlier } = error;
    // Another desk's, known from the shared store: that desk is named beside where it came from.
    const source = earlier.desk
      ? t('store.onDesk', { source: sourceText(earlier.source), desk: earlier.desk })
      : sourceText(earlier.source);
    const args = { name: error.name, env: env ?? '', when: formatListTime(earlier.at, now), source };
    if (earlier.inProgress) return { what: t('error.added.inProgress', args), next: t('error.added.inProgressNext') };
    return earlier.petId === null
      ? { what: t('error.added.maybe', args), next: t('error.added.maybeNext') }
      : { what: t('error.added.known', { ...args, id: earlier.petId }), next: t('error.added.knownNext') };
  },
  createInFlight: ({ env }) => ({
    what: env ? t('error.kind.createInFlightEnv', { env }) : t('error.kind.createInFlight'),
    next: t('error.kind.createInFlightNext'),
  }),
  file: (facts) => byProblem(FILE, facts, () => ({ what: t('error.kind.file'), next: t('error.kind.fileNext') })),
  cancelled: ({ env }) => ({
    what: env ? t('error.kind.cancelledEnv', { env }) : t('error.kind.cancelled'),
    next: t('error.againReady'),
  }),
  waitKept: (facts) =>
    byProblem(WAIT_KEPT, facts, () => ({
      what: t('error.kind.waitKept'),
      next: whenAgain(facts.error.retryAt, facts.now, 'error.againAt'),
    })),
  import: (facts) => byProblem(IMPORT, facts, somethingWrong),
  category: (facts) => byProblem(CATEGORY_FAILURE, facts, somethingWrong),
  outbox: (facts) => byProblem(OUTBOX, facts, somethingWrong),
  sharedStore: (facts) => byProblem(SHARED_STORE, facts, somethingWrong),
} satisfies KindWords;

/**
 * Every kind the UI can word, for tests and for checking what arrives: those in KIND, and those
 * the catalog words alone (both keys; the tests hold this list to the generated kinds).
 */
export const ERROR_KINDS = [
  ...new Set([
    ...Object.keys(KIND),
    ...textKeys().flatMap((key) => {
      const kind = /^error\.kind\.(\w+)Next$/.exec(key)?.[1];
      return kind && plainKeys(kind) ? [kind] : [];
    }),
  ]),
] as ErrorKind[];
/** Every exact problem the UI can word, of every kind. */
export const PROBLEMS = [CONFIGURATION, KEYCHAIN, FILE, WAIT_KEPT, IMPORT, CATEGORY_FAILURE, OUTBOX, SHARED_STORE].flatMap(
  (words) => Object.keys(words) as Problem[],
);
/** Every network cause the UI can word. */
export const NETWORK_CAUSES = Object.keys(NETWORK_WHAT) as NetworkCause[];

/** Where to check a refused key: in Settings, or above when the message is shown there. */
function keyStep({ env, envId, inSettings }: Facts): string {
  // Settings has no key field for the sandbox: the app sets its demo key itself.
  if (envId === 'sandbox') return inSettings ? restart() : t('error.kind.unauthorizedSandbox');
  if (!env) return t('error.kind.unauthorizedNext');
  return inSettings ? t('error.kind.unauthorizedHere', { env }) : t('error.kind.unauthorizedNextEnv', { env });
}

function networkStep({ env, inSettings }: Facts): string {
  if (env && inSettings) return t('error.networkStepHere', { env });
  return env ? t('error.networkStepEnv', { env }) : t('error.networkStep');
}

function statusNote(status: number | null | undefined): string {
  return status != null ? t('error.status', { status }) : '';
}

const normalise = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The server's own words worth showing: the sentence the backend made of them (its first, plain
 * and bounded, none when it only restates the code), unless it says what our sentence says.
 */
function serverWords(error: CommandError, ours: Parts): string | null {
  const said = 'serverMessage' in error ? error.serverMessage : null;
  if (!said) return null;
  const words = normalise(said);
  if (words === normalise(ours.what) || words === normalise(ours.next)) return null;
  return said;
}

/** Why a create's outcome is unknown, as a sentence ("The connection was lost before the answer arrived."). */
function reasonSentence(error: CommandError): string | null {
  if (error.kind !== 'outcomeUnknown' || !error.reason) return null;
  const reason = bounded(trimStop(describeReason(error.reason)), REASON_CHARS);
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}

/**
 * Why a create's outcome is unknown, for the form and its notice: the reason, and when the service
 * answered with words of its own, those too ("The service answered HTTP 503. The service said: …"),
 * as the activity entry of the same request tells it.
 */
export function outcomeReason(error: CommandError): string | null {
  const reason = reasonSentence(error);
  if (!reason) return null;
  const server = serverWords(error, { what: reason, next: '' });
  return server ? `${reason} ${t('error.serverSaid', { server })}` : reason;
}

/** The words for one error: what happened, the server's words if they add something, one next step. */
export function describeError(error: CommandError, context: ErrorContext = {}): ErrorMessage {
  const envId = environmentOf(error) ?? context.environment ?? null;
  const facts: Facts = {
    error,
    envId,
    env: envId ? ENVIRONMENT_LABELS[envId] : null,
    now: context.now ?? Date.now(),
    inSettings: context.inSettings ?? false,
  };
  const parts = wordsOf(error.kind, facts);
  const server = serverWords(error, parts);
  const text = [parts.what, server ? t('error.serverSaid', { server }) : null, parts.next]
    .filter((part): part is string => part !== null)
    .join(' ');
  return { what: parts.what, server, next: parts.next, text };
}

/**
 * The words for the error's kind (its facts given as that kind's): its entry in KIND, else its two
 * catalog keys; none for a kind unknown here (a newer backend's).
 */
function wordsOf<K extends ErrorKind>(kind: K, facts: Facts<ErrorOf<K>>): Parts {
  // Own entries only: a kind on the wire may be any string, "toString" too.
  const describe = Object.hasOwn(KIND, kind) ? (KIND as Partial<Record<K, Words<K>>>)[kind] : undefined;
  if (describe) return describe(facts);
  const keys = plainKeys(kind);
  return keys ? { what: t(keys.what), next: t(keys.next) } : somethingWrong();
}

/**
 * A kind's two catalog keys, when the catalog has both. Looked up when an error is described, not
 * trusted from the types: a newer backend may send a kind this UI does not know.
 */
function plainKeys(kind: string): { what: TextKey; next: TextKey } | null {
  const what = `error.kind.${kind}`;
  const next = `${what}Next`;
  return hasText(what) && hasText(next) ? { what, next } : null;
}
