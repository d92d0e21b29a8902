// The one place an error becomes words for a person. The backend sends facts (`CommandError`:
// kind, status, the server's words, field, retry time, environment, the exact problem, a network
// cause); each kind is worded here once, in a clerk's words: what happened, the server's own words
// when it sent readable ones, and one next step. Times are local with a countdown (`formatWhen`).
// No environment variable or settings-file field names: those belong to the CLI and the README.
import type { CategoryProblem, CategoryRefusal, CommandError, EnvironmentId, ErrorKind } from './types';
import { MAX_CATEGORIES, MAX_CATEGORY_NAME_CHARS } from './bindings/CategoryLimits';
import type { Problem } from './bindings/Problem';
import type { NetworkCause } from './bindings/NetworkCause';
import { ENVIRONMENT_LABELS } from './environment';
import { formatCount, formatWhen } from './format';
import { MAX_ENTRIES, RETENTION_DAYS } from './validation';
import { describeReason, reasonSentence } from './reasons';

/** What the person was looking at when it failed; the error's own facts win over it. */
export interface ErrorContext {
  /** The environment the action was aimed at, for errors that do not name one. */
  environment?: EnvironmentId | null;
  /** Milliseconds since the epoch, for countdowns; `Date.now()` when left out. */
  now?: number;
}

export interface ErrorMessage {
  /** What happened, in one or two sentences. */
  what: string;
  /** The server's own words (one sentence, plain, bounded), when they add something. */
  server: string | null;
  /** The one next step. */
  next: string;
  /** All of it, for a screen reader or a single line. */
  text: string;
}


/** The longest server sentence shown; the rest is cut with an ellipsis. */
const SERVER_CHARS = 160;

interface Facts {
  error: CommandError;
  env: string | null;
  envId: EnvironmentId | null;
  now: number;
}

type Parts = { what: string; next: string };
type Describe = (facts: Facts) => Parts;

const AGAIN_SOON = 'Try again in a moment.';
const RESTART = 'Try again; if it keeps happening, restart the app.';

function addressStep({ env, envId }: Facts): string {
  if (envId === 'sandbox') return RESTART;
  return env
    ? `Check in Settings that the address for ${env} points to the Pet Store service.`
    : 'Check in Settings that the address points to the Pet Store service.';
}

function isGateway(status: number | null): boolean {
  return status !== null && status >= 502 && status <= 504;
}

const GATEWAY: Parts = {
  what: 'The service, or a proxy in front of it, is having trouble.',
  next: 'Try again in a minute.',
};

const WAIT_WHAT = {
  rateLimited: 'The service asked us to slow down.',
  quotaExhausted: 'The request quota for this API key is used up.',
  backoff: 'The service is busy.',
} satisfies Record<NonNullable<CommandError['waitReason']>, string>;

const NETWORK_WHAT = {
  refused: 'Could not connect to the service: nothing answered at its address.',
  dns: 'Could not find the service’s server by its name.',
  reset: 'The connection to the service was cut off.',
  tls: 'Could not set up a secure connection to the service.',
  unreachable: 'The service’s server cannot be reached from this network.',
  other: 'Could not reach the service.',
  proxyUnreachable: 'The proxy could not be reached.',
  proxyAuthRequired: 'The proxy asks for a user name and password.',
  proxyAuthRefused: 'The proxy refused the user name and password.',
  proxyRefused: 'The proxy would not connect to the service; it may block this address.',
  unknownAuthority: 'The service’s certificate comes from an authority this computer does not trust. A company proxy may be inspecting traffic.',
  certificateExpired: 'The service’s certificate has expired or is not valid yet.',
  certificateName: 'The service’s certificate is for another name than its address.',
} satisfies Record<NetworkCause, string>;

// Proxy and certificate failures: a setting must change, so each says which (Settings → Network).
// Causes not listed here get the general network step.
const NETWORK_NEXT: Partial<Record<NetworkCause, string>> = {
  proxyUnreachable: 'Check the proxy address under Settings → Network, or choose Off if this network has no proxy.',
  proxyAuthRequired: 'Enter the proxy’s user name and password under Settings → Network.',
  proxyAuthRefused: 'Check the proxy’s user name and enter its password again under Settings → Network.',
  proxyRefused: 'Ask IT to allow the service’s address through the proxy, or check the proxy under Settings → Network.',
  unknownAuthority: 'Ask IT for the company’s certificate and add it under Settings → Network → Trust a company certificate….',
  certificateExpired: 'Check this computer’s date and time; if they are right, tell whoever runs the service.',
  certificateName: 'Check the service’s address in Settings; if it is right, tell whoever runs the service.',
};

const FIELD_LABEL: Readonly<Record<string, string>> = {
  name: 'the name',
  categoryId: 'the category',
  status: 'the status',
  limit: 'rows per page',
  id: 'the pet id',
  key: 'the API key',
};

function given(error: CommandError): string {
  return error.detail ? ` (you gave “${bounded(error.detail, 40)}”)` : '';
}

function inputWhat(error: CommandError): string {
  switch (error.field) {
    case 'limit':
      return `Rows per page must be a whole number from 1 to 100${given(error)}.`;
    case 'status':
      return `The status must be available, pending or sold${given(error)}.`;
    case 'name':
      return 'The name must not be empty.';
    case 'categoryId':
      return `The category must be a whole number${given(error)}.`;
    case 'id':
      return `A pet id is a whole number, digits only${given(error)}.`;
    case 'key':
      return 'The API key must not be empty and may only contain visible characters, without spaces.';
    case 'retentionDays':
      return `Entries can be kept for a whole number of days from ${formatCount(RETENTION_DAYS.min)} to ${formatCount(RETENTION_DAYS.max)}${given(error)}.`;
    case 'maxEntries':
      return `The history can keep a whole number of entries from ${formatCount(MAX_ENTRIES.min)} to ${formatCount(MAX_ENTRIES.max)}${given(error)}.`;
    default:
      return 'Something you entered is not valid.';
  }
}

function position(error: CommandError): string {
  if (error.line !== null && error.column !== null) return ` at line ${error.line}, column ${error.column}`;
  if (error.line !== null) return ` at line ${error.line}`;
  return '';
}

function because(error: CommandError): string {
  return error.reason ? `: ${trimStop(describeReason(error.reason))}` : '';
}

const PROBLEM = {
  missingBaseUrl: ({ env }) => ({
    what: env ? `${env} has no address yet.` : 'No address is set for this environment.',
    next: 'Add it in Settings.',
  }),
  invalidBaseUrl: ({ error }) => ({
    what: `The address “${bounded(error.detail ?? '', 80)}” cannot be used${because(error)}.`,
    next: 'Use an address like https://api.example.com/v1.',
  }),
  insecureBaseUrl: ({ error }) => ({
    what: `The address “${bounded(error.detail ?? '', 80)}” does not use https, so the API key would travel unprotected.`,
    next: 'Use an https:// address (plain http is only for this computer).',
  }),
  missingApiKey: ({ env }) => ({
    what: env ? `No API key is set for ${env}.` : 'No API key is set for this environment.',
    next: 'Set one in Settings; it is kept in the system keychain.',
  }),
  foreignLink: () => ({
    what: 'The next page is on another server, so it was not loaded and the API key was not sent there.',
    next: 'Refresh the list and try again.',
  }),
  httpClient: () => ({
    what: 'The app could not set up its connection to the service.',
    next: 'Restart the app.',
  }),
  waitStore: () => ({
    what: 'The app could not update the waits it remembers between runs.',
    next: 'Check that the app’s data folder may be written to, then try again.',
  }),
  settingsUnreadable: ({ error }) => ({
    what: `The settings file ${error.detail ?? ''} cannot be read${position(error)}${because(error)}.`,
    next: 'Fix it in a text editor, or start over with new settings.',
  }),
  settingsUnwritable: ({ error }) => ({
    what: `The settings could not be saved to ${error.detail ?? 'the settings file'}${because(error)}. Nothing was changed.`,
    next: 'Check that its folder exists and may be written to, then try again.',
  }),
  noSettingsFile: () => ({
    what: 'This app keeps no settings file on this computer.',
    next: 'Change your settings in Settings; they last until the app closes.',
  }),
  folderNotOpened: ({ error }) => ({
    what: 'The folder could not be opened on this computer.',
    next: `Open it yourself: ${error.detail ?? 'the app’s settings folder'}.`,
  }),
  keychainUnavailable: ({ error }) => ({
    what: 'No keychain is available on this computer.',
    next:
      error.field === 'key'
        ? 'You can keep the key for this session only instead; it is forgotten when the app closes.'
        : 'Install and unlock a keychain (on Linux, a Secret Service such as GNOME Keyring), then try again.',
  }),
  keychainLocked: ({ error }) => ({
    what: 'The keychain is locked or refused access.',
    next:
      error.field === 'key'
        ? 'Unlock it and try again, or keep the key for this session only.'
        : 'Unlock it and try again.',
  }),
  keyTooLong: ({ error }) => ({
    what:
      error.limitBytes !== null
        ? `The API key is too long for this keychain, which holds at most ${formatCount(error.limitBytes)} bytes.`
        : 'The API key is too long for this keychain.',
    next: 'Check that you pasted the key and nothing else.',
  }),
  keyCorrupt: ({ env }) => ({
    what: `The keychain entry for ${env ?? 'this environment'} does not hold a valid API key.`,
    next: 'Set the key again in Settings.',
  }),
  keychainFailed: () => ({ what: 'The keychain failed.', next: RESTART }),
  // `reason` says what is wrong with the setting and what to change (never a password).
  networkSettings: ({ error }) => ({
    what: error.reason ? reasonSentence(error.reason) : 'The proxy or company certificate settings cannot be used.',
    next: 'Change them under Settings → Network.',
  }),
  sandboxNotStarted: () => ({
    what: 'The local sandbox could not be started.',
    next: 'Restart the app, or pick another environment.',
  }),
  noDataFolder: () => ({
    what: 'This computer gives the app no folder of its own, where an import keeps its record of what was sent.',
    next: 'Ask whoever manages this computer to give your account a home folder the app may write to.',
  }),
  noImportFile: () => ({
    what: 'No file is open for import.',
    next: 'Choose Import… and pick the file.',
  }),
  importFileInvalid: ({ error }) => ({
    what: `${error.detail ? `“${bounded(error.detail, 60)}”` : 'The file'} cannot be imported${because(error)}.`,
    next: 'Correct the file in your spreadsheet, save it as CSV, and choose it again.',
  }),
  importRowMissing: () => ({
    what: 'That row is no longer in the file being imported.',
    next: 'Choose the file again.',
  }),
  importTargetChanged: ({ env }) => ({
    what: `${env ?? 'The environment'} or its address changed since the file was read.`,
    next: 'Choose the file again, so the preview shows where the pets will go.',
  }),
  importRunning: () => ({
    what: 'An import is already running.',
    next: 'Wait for it to end, or cancel it, before starting another, so no pet is added twice.',
  }),
  importElsewhere: () => ({
    what: 'The same import is running in another program on this computer (another window or the command line).',
    next: 'Wait for it to end, then choose the file again: what it created will be skipped.',
  }),
  noImportReport: () => ({
    what: 'No import has ended yet, so there is no report to save.',
    next: 'Save the report once the import has ended.',
  }),
  importJournal: ({ error }) => ({
    what: `The import’s record of what was sent could not be used${because(error)}.`,
    next: 'Nothing more was sent. Check the list before importing again, so no pet is added twice.',
  }),
  fileNotRead: ({ error }) => ({
    what: `${error.detail ? `“${bounded(error.detail, 80)}”` : 'The file'} could not be read${because(error)}.`,
    next: 'Check that the file is there and you may open it, then choose it again.',
  }),
  fileNotWritten: ({ error }) => ({
    what: `${error.detail ? `“${bounded(error.detail, 80)}”` : 'The file'} could not be written${because(error)}; nothing there was changed.`,
    next: 'Choose a folder you may write to, and try again.',
  }),
  fileExists: ({ error }) => ({
    what: `${error.detail ? `“${bounded(error.detail, 80)}”` : 'The file'} is already there and could not be replaced.`,
    next: 'Choose another name.',
  }),
  categoryRefused: ({ error }) =>
    error.category ? describeCategoryRefusal(error.category) : { what: 'The category name was not saved.', next: 'Check it and try again.' },
  categoryListInvalid: ({ error }) => ({
    what: `${error.detail ? `“${bounded(error.detail, 60)}”` : 'The file'} is not a list of category names${because(error)}.`,
    next: 'Use a CSV file with the header categoryId,name and one category on each row.',
  }),
} satisfies Record<Problem, Describe>;

// Why a category name was refused (an edit in Settings, or a row of a shared list or an import).
const CATEGORY = {
  idNotANumber: ({ id }) => ({
    what: id ? `“${bounded(id, 30)}” is not a category number.` : 'The category number is missing.',
    next: 'Use a whole number from 1 up, for example 3.',
  }),
  idNotPositive: ({ id }) => ({ what: `Category numbers start at 1; ${id} is not one.`, next: 'Use a whole number from 1 up.' }),
  nameEmpty: () => ({ what: 'The name is empty.', next: 'Type a name for the category.' }),
  nameTooLong: ({ chars }) => ({
    what: `The name is ${formatCount(chars ?? 0)} characters long; a category name has at most ${MAX_CATEGORY_NAME_CHARS}.`,
    next: 'Shorten it.',
  }),
  nameTaken: ({ otherId, otherName }) => ({
    what: `“${bounded(otherName ?? '', 60)}” is already the name of category ${otherId ?? ''}.`,
    next: 'Choose another name (upper and lower case count as the same name).',
  }),
  idNamed: ({ id, otherName }) => ({
    what: `Category ${id} already has a name, “${bounded(otherName ?? '', 60)}”, which is kept.`,
    next: 'To change it, rename it in Settings → Categories.',
  }),
  notNamed: ({ id }) => ({ what: `Category ${id} has no name to change.`, next: 'Add a name for it instead.' }),
  listFull: () => ({
    what: `This environment already has ${formatCount(MAX_CATEGORIES)} category names, the most it keeps.`,
    next: 'Remove names that are no longer used first.',
  }),
} satisfies Record<CategoryProblem, (refusal: CategoryRefusal) => Parts>;

/** Why a category name was refused: what happened, and one next step. */
export function describeCategoryRefusal(refusal: CategoryRefusal): Parts {
  return CATEGORY[refusal.problem](refusal);
}

function byProblem(facts: Facts, otherwise: Parts): Parts {
  const problem = facts.error.problem;
  return problem ? PROBLEM[problem](facts) : otherwise;
}

// Checked against the generated `ErrorKind`: a kind added in Rust (client or app) fails
// `npm run check` until it has words here.
const KIND = {
  unauthorized: (facts) => ({
    what: facts.env ? `${facts.env} refused the API key.` : 'The service refused the API key.',
    next:
      facts.envId === 'sandbox'
        ? 'Check the API key for Sandbox in Settings; the sandbox accepts its demo key.'
        : `Check the API key for ${facts.env ?? 'this environment'} in Settings.`,
  }),
  notFound: () => ({
    what: 'The service found nothing there.',
    next: 'Check the id, or list the pets to find the one you want.',
  }),
  gone: () => ({
    what: 'This way of looking a pet up has been removed from the service.',
    next: 'Use the pet list with a status filter instead.',
  }),
  badRequest: ({ error }) => ({
    what: 'The service refused the request as invalid.',
    next: error.field && FIELD_LABEL[error.field] ? `Correct ${FIELD_LABEL[error.field]} and try again.` : 'Correct it and try again.',
  }),
  rateLimited: ({ error, now }) => {
    const what = WAIT_WHAT[error.waitReason ?? 'rateLimited'];
    const at = error.retryAt ? Date.parse(error.retryAt) : NaN;
    if (Number.isNaN(at)) return { what, next: AGAIN_SOON };
    if (at <= now) return { what, next: 'You can try again now.' };
    return { what, next: `Try again at ${formatWhen(error.retryAt as string, now)}.` };
  },
  server: ({ error }) =>
    isGateway(error.status)
      ? GATEWAY
      : { what: `The service had a problem${statusNote(error)}.`, next: AGAIN_SOON },
  unexpectedResponse: (facts) => {
    const { error } = facts;
    if (isGateway(error.status)) return GATEWAY;
    // A bare rejection from Tauri itself (no answer from any server): see backend.toCommandError.
    if (error.status === null) return { what: 'The app could not complete this request.', next: RESTART };
    return {
      what: `The server gave an answer the app does not understand${statusNote(error)}.`,
      next: addressStep(facts),
    };
  },
  decode: () => ({
    what: 'The service’s answer does not match what the app expects; the service may have changed.',
    next: 'Please report this to whoever runs the service.',
  }),
  timeout: () => ({
    what: 'The service did not answer in time.',
    next: 'Check your connection and try again.',
  }),
  network: (facts) =>
    byProblem(facts, {
      what: NETWORK_WHAT[facts.error.cause ?? 'other'],
      next:
        (facts.error.cause && NETWORK_NEXT[facts.error.cause]) ??
        (facts.error.cause === 'reset' ? AGAIN_SOON : facts.envId === 'sandbox' ? RESTART : networkStep(facts)),
    }),
  outcomeUnknown: ({ error }) => ({
    what: outcomeReason(error)?.replace(/\.$/, ', so it is not known whether the pet was added.') ??
      'The service did not confirm whether the pet was added.',
    next: 'List the pets to check before trying again, so it is not added twice.',
  }),
  invalidInput: (facts) =>
    byProblem(
      facts,
      facts.error.field === 'next'
        ? { what: 'The link to the next page is no longer valid.', next: 'Refresh the list and try again.' }
        : { what: inputWhat(facts.error), next: 'Correct it and try again.' },
    ),
  configuration: (facts) =>
    byProblem(facts, { what: 'The settings for this environment are not usable.', next: 'Check them in Settings.' }),
  responseTooLarge: (facts) => ({
    what:
      facts.error.limitBytes !== null
        ? `The service’s answer was too large to read (more than ${formatBytes(facts.error.limitBytes)}).`
        : 'The service’s answer was too large to read.',
    next: addressStep(facts),
  }),
  keychain: (facts) => byProblem(facts, { what: 'The keychain failed.', next: RESTART }),
  createInFlight: (facts) =>
    byProblem(facts, {
      what: `A pet is already being added to ${facts.env ?? 'this environment'}.`,
      next: 'Wait for its result before adding another, so nothing is added twice.',
    }),
  file: (facts) =>
    byProblem(facts, { what: 'A file could not be used.', next: 'Check the file and its folder, then try again.' }),
  cancelled: ({ env }) => ({
    what: `The request to ${env ?? 'the service'} was cancelled; nothing was changed.`,
    next: 'Try again when you are ready.',
  }),
  activityUnavailable: ({ error }) => ({
    what: `The activity history on this computer cannot be used${because(error)}. Pets can still be listed and added; they are just not recorded.`,
    next: 'Restart the app; if it keeps happening, check that the app’s data folder may be written to.',
  }),
} satisfies Record<ErrorKind, Describe>;

/** Every kind the UI can word, for tests and for checking what arrives. */
export const ERROR_KINDS = Object.keys(KIND) as ErrorKind[];
/** Every exact problem the UI can word. */
export const PROBLEMS = Object.keys(PROBLEM) as Problem[];

function networkStep({ env }: Facts): string {
  return env
    ? `Check the network connection and the address for ${env} in Settings, then try again.`
    : 'Check the network connection and the address in Settings, then try again.';
}

function statusNote(error: CommandError): string {
  return error.status !== null ? ` (HTTP ${error.status})` : '';
}

function formatBytes(bytes: number): string {
  const mib = 1024 * 1024;
  if (bytes >= mib && bytes % mib === 0) return `${formatCount(bytes / mib)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${formatCount(bytes / 1024)} KiB`;
  return `${formatCount(bytes)} bytes`;
}

function bounded(text: string, max: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

function trimStop(text: string): string {
  return text.trim().replace(/[.!?]+$/, '');
}

function withStop(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** Text reduced to words: an HTML page to its title (or nothing), other tags dropped. */
function plainText(text: string): string | null {
  if (/<\s*(html|head|body|title|!doctype)/i.test(text)) {
    const title = /<title[^>]*>([^<]*)<\/title/i.exec(text)?.[1]?.replace(/\s+/g, ' ').trim();
    return title ? title : null;
  }
  return text.includes('<') ? null : text;
}

function firstSentence(text: string): string {
  const end = /[.!?](\s|$)/.exec(text);
  return end ? text.slice(0, end.index + 1) : text;
}

const normalise = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The server's own words worth showing: its first sentence (its own advice would be a second next
 * step), plain and bounded; none when it only restates the status ("Not Found" for not_found) or
 * says what our sentence says.
 */
export function serverWords(error: CommandError, ours: Parts): string | null {
  if (!error.serverMessage) return null;
  const plain = plainText(error.serverMessage.trim());
  if (!plain) return null;
  const sentence = withStop(bounded(firstSentence(plain), SERVER_CHARS));
  const said = normalise(sentence);
  if (said === '') return null;
  if (error.code && said.replace(/ /g, '_') === error.code.toLowerCase()) return null;
  if (said === normalise(ours.what) || said === normalise(ours.next)) return null;
  return sentence;
}

/** Why a create's outcome is unknown, as a sentence ("The connection was lost before the answer arrived."). */
export function outcomeReason(error: CommandError): string | null {
  if (error.kind !== 'outcomeUnknown' || !error.reason) return null;
  const reason = bounded(trimStop(describeReason(error.reason)), SERVER_CHARS);
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}

/** The words for one error: what happened, the server's words if they add something, one next step. */
export function describeError(error: CommandError, context: ErrorContext = {}): ErrorMessage {
  const envId = error.environment ?? context.environment ?? null;
  const facts: Facts = {
    error,
    envId,
    env: envId ? ENVIRONMENT_LABELS[envId] : null,
    now: context.now ?? Date.now(),
  };
  const describe: Describe | undefined = (KIND as Record<string, Describe>)[error.kind];
  const parts = describe ? describe(facts) : { what: 'Something went wrong.', next: RESTART };
  const server = serverWords(error, parts);
  const text = [parts.what, server ? `The service said: “${server}”` : null, parts.next]
    .filter((part): part is string => part !== null)
    .join(' ');
  return { what: parts.what, server, next: parts.next, text };
}
