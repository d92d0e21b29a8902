// The exact problems and category refusals in words (messages.ts words the error kinds around
// them): what happened and one next step, each looked up in the catalog when described. One table
// per kind, typed by its problems: a problem added in Rust fails `npm run check` until it has words.
// A fact is checked before it is used, even one the type says is always there: a payload short of
// a fact still gets a sentence, not a crash.
import { describeNetworkRefusal } from './network-words';
import { describeReason } from './reasons';
import type { CategoryProblem, CategoryRefusal, CommandError, EnvironmentId, Reason } from './types';
import type { ErrorOf, WithProblem } from './command-error';
import { MAX_CATEGORIES, MAX_CATEGORY_NAME_CHARS } from './bindings/CategoryLimits';
import { formatCount, formatSize, formatWhen } from './format';
import { t, type TextKey } from './i18n/index.svelte';

/** The step when nothing better is known: again, then a restart. */
export const restart = () => t('error.restart');

export interface Facts<E extends CommandError = CommandError> {
  error: E;
  env: string | null;
  envId: EnvironmentId | null;
  now: number;
  /** Shown in Settings below the environment's address and key: the next step says "above". */
  inSettings?: boolean;
}

export type Parts = { what: string; next: string };

/** Words for each problem of one kind's errors, each given the error of that problem. */
export type ProblemWords<E extends WithProblem> = {
  [P in E['problem']]: (facts: Facts<Extract<E, { problem: P }>>) => Parts;
};

/** The words for the error's problem; `otherwise` for a problem this UI has none for. */
export function byProblem<E extends WithProblem>(words: ProblemWords<E>, facts: Facts<E>, otherwise: () => Parts): Parts {
  const describe = words[facts.error.problem as E['problem']] as ((facts: Facts<E>) => Parts) | undefined;
  return describe ? describe(facts) : otherwise();
}

type Of<K extends WithProblem['kind']> = ProblemWords<ErrorOf<K>>;

function position(line: number | null | undefined, column: number | null | undefined): string {
  if (line != null && column != null) return t('error.atLineColumn', { line, column });
  if (line != null) return t('error.atLine', { line });
  return '';
}

// The backend's reason, after a colon (not a word of its own: the reason comes from the backend).
function because(reason: Reason | null | undefined): string {
  return reason ? `: ${trimStop(describeReason(reason))}` : '';
}

/** `at` with the time `retryAt` names (local, with a countdown); "now" once it has passed. */
export function whenAgain(retryAt: string | null | undefined, now: number, at: TextKey): string {
  const time = retryAt ? Date.parse(retryAt) : NaN;
  if (!retryAt || Number.isNaN(time)) return t('error.againSoon');
  if (time <= now) return t('error.againNow');
  return t(at, { time: formatWhen(retryAt, now) });
}

/** A sentence about a file: one naming it (`{file}`) when the backend said which, else "the file". */
function aboutFile(
  file: { path?: string | null; reason?: Reason | null },
  max: number,
  named: TextKey,
  unnamed: TextKey,
): string {
  const args = { because: because(file.reason) };
  return file.path ? t(named, { ...args, file: bounded(file.path, max) }) : t(unnamed, args);
}

export const CONFIGURATION = {
  missingBaseUrl: ({ env }) => ({
    what: env ? t('error.problem.missingBaseUrlEnv', { env }) : t('error.problem.missingBaseUrl'),
    next: t('error.problem.missingBaseUrlNext'),
  }),
  invalidBaseUrl: ({ error }) => ({
    what: t('error.problem.invalidBaseUrl', { address: bounded(error.address ?? '', 80), because: because(error.reason) }),
    next: t('error.problem.invalidBaseUrlNext'),
  }),
  insecureBaseUrl: ({ error }) => ({
    what: t('error.problem.insecureBaseUrl', { address: bounded(error.address ?? '', 80) }),
    next: t('error.problem.insecureBaseUrlNext'),
  }),
  missingApiKey: ({ env }) => ({
    what: env ? t('error.problem.missingApiKeyEnv', { env }) : t('error.problem.missingApiKey'),
    next: t('error.problem.missingApiKeyNext'),
  }),
  foreignLink: () => ({ what: t('error.problem.foreignLink'), next: t('error.input.refresh') }),
  keyWouldMove: ({ error }) => ({
    what: error.address
      ? t('error.problem.keyWouldMove', { address: bounded(error.address, 80) })
      : t('error.problem.keyWouldMoveAddress'),
    next: t('error.problem.keyWouldMoveNext'),
  }),
  httpClient: () => ({ what: t('error.problem.httpClient'), next: t('error.problem.httpClientNext') }),
  waitStore: () => ({ what: t('error.problem.waitStore'), next: t('error.problem.waitStoreNext') }),
  settingsUnreadable: ({ error }) => {
    const args = { at: position(error.line, error.column), because: because(error.reason) };
    return {
      what: error.path
        ? t('error.problem.settingsUnreadable', { path: error.path, ...args })
        : t('error.problem.settingsUnreadableFile', args),
      next: t('error.problem.settingsUnreadableNext'),
    };
  },
  settingsUnwritable: ({ error }) => ({
    what: error.path
      ? t('error.problem.settingsUnwritable', { path: error.path, because: because(error.reason) })
      : t('error.problem.settingsUnwritableFile', { because: because(error.reason) }),
    next: t('error.problem.settingsUnwritableNext'),
  }),
  noSettingsFile: () => ({ what: t('error.problem.noSettingsFile'), next: t('error.problem.noSettingsFileNext') }),
  folderNotOpened: ({ error }) => ({
    what: t('error.problem.folderNotOpened'),
    next: error.path
      ? t('error.problem.folderNotOpenedNext', { path: error.path })
      : t('error.problem.folderNotOpenedSettings'),
  }),
  // The refusal is the setting's own sentence (what is wrong and what to change; never a password).
  networkSettings: ({ error }) => ({
    // A certificate file names itself, so the person knows which entry to fix.
    what: !error.network
      ? t('error.problem.networkSettings')
      : error.certificate
        ? t('error.problem.networkCertificate', {
            file: bounded(error.certificate, 80),
            refusal: describeNetworkRefusal(error.network),
          })
        : describeNetworkRefusal(error.network),
    next: t('error.problem.networkSettingsNext'),
  }),
} satisfies Of<'configuration'>;

export const KEYCHAIN = {
  keychainUnavailable: ({ error }) => ({
    what: t('error.problem.keychainUnavailable'),
    next: error.field === 'key' ? t('error.problem.keychainUnavailableKey') : t('error.problem.keychainUnavailableNext'),
  }),
  keychainLocked: ({ error }) => ({
    what: t('error.problem.keychainLocked'),
    next: error.field === 'key' ? t('error.problem.keychainLockedKey') : t('error.problem.keychainLockedNext'),
  }),
  keyTooLong: ({ error }) => ({
    what: error.sizeLimit
      ? t('error.problem.keyTooLongLimit', { limit: formatSize(error.sizeLimit) })
      : t('error.problem.keyTooLong'),
    next: t('error.problem.keyTooLongNext'),
  }),
  keyCorrupt: ({ env }) => ({
    what: env ? t('error.problem.keyCorruptEnv', { env }) : t('error.problem.keyCorrupt'),
    next: t('error.problem.keyCorruptNext'),
  }),
  keychainFailed: () => ({ what: t('error.problem.keychainFailed'), next: restart() }),
} satisfies Of<'keychain'>;

export const WAIT_KEPT = {
  serviceWait: ({ error, now }) => ({
    what: t('error.problem.serviceWait'),
    next: whenAgain(error.retryAt, now, 'error.problem.serviceWaitNext'),
  }),
  waitClearedRecently: ({ error, now }) => ({
    what: t('error.problem.waitClearedRecently'),
    next: whenAgain(error.retryAt, now, 'error.problem.waitClearedRecentlyNext'),
  }),
} satisfies Of<'waitKept'>;

export const FILE = {
  noDataFolder: () => ({ what: t('error.problem.noDataFolder'), next: t('error.problem.noDataFolderNext') }),
  createdRecord: ({ error }) => ({
    what: t('error.problem.createdRecord', { because: because(error.reason) }),
    next: t('error.problem.createdRecordNext'),
  }),
  importJournal: ({ error }) => ({
    what: t('error.problem.importJournal', { because: because(error.reason) }),
    next: t('error.problem.importJournalNext'),
  }),
  fileNotRead: ({ error }) => ({
    what: aboutFile(error, 80, 'error.problem.fileNotReadNamed', 'error.problem.fileNotRead'),
    next: t('error.problem.fileNotReadNext'),
  }),
  fileNotWritten: ({ error }) => ({
    what: aboutFile(error, 80, 'error.problem.fileNotWrittenNamed', 'error.problem.fileNotWritten'),
    next: t('error.problem.fileNotWrittenNext'),
  }),
  fileExists: ({ error }) => ({
    what: aboutFile(error, 80, 'error.problem.fileExistsNamed', 'error.problem.fileExists'),
    next: t('error.problem.fileExistsNext'),
  }),
} satisfies Of<'file'>;

/** A file only too large is split, not corrected in a spreadsheet (issue 38 §3.4). */
function importFileNext(reason: Reason | null | undefined): string {
  switch (reason?.code) {
    case 'importTooLarge':
      if (reason.rows && reason.limit) {
        return t('error.problem.importFileSplitNext', {
          rows: formatCount(reason.rows),
          limit: formatSize(reason.limit, 'reasons.bytes'),
        });
      }
      break;
    case 'importTooManyRows':
      if (reason.limit) return t('error.problem.importFileRowsNext', { rows: formatCount(reason.limit) });
      break;
  }
  return t('error.problem.importFileInvalidNext');
}

export const IMPORT = {
  noImportFile: () => ({ what: t('error.problem.noImportFile'), next: t('error.problem.noImportFileNext') }),
  importFileInvalid: ({ error }) => ({
    what: aboutFile(error, 60, 'error.problem.importFileInvalidNamed', 'error.problem.importFileInvalid'),
    next: importFileNext(error.reason),
  }),
  importRowMissing: () => ({ what: t('error.problem.importRowMissing'), next: t('error.problem.chooseAgain') }),
  importTargetChanged: ({ env }) => ({
    what: env ? t('error.problem.importTargetChangedEnv', { env }) : t('error.problem.importTargetChanged'),
    next: t('error.problem.importTargetChangedNext'),
  }),
  importRunning: () => ({ what: t('error.problem.importRunning'), next: t('error.problem.importRunningNext') }),
  importElsewhere: () => ({ what: t('error.problem.importElsewhere'), next: t('error.problem.importElsewhereNext') }),
  noImportReport: () => ({ what: t('error.problem.noImportReport'), next: t('error.problem.noImportReportNext') }),
} satisfies Of<'import'>;

export const CATEGORY_FAILURE = {
  categoryRefused: ({ error }) =>
    error.refusal
      ? describeCategoryRefusal(error.refusal)
      : { what: t('error.problem.categoryRefused'), next: t('error.problem.categoryRefusedNext') },
  categoryListInvalid: ({ error }) => ({
    what: aboutFile(error, 60, 'error.problem.categoryListInvalidNamed', 'error.problem.categoryListInvalid'),
    next: t('error.problem.categoryListInvalidNext'),
  }),
} satisfies Of<'category'>;

export const OUTBOX = {
  outboxFull: ({ error }) => ({
    what: t('error.problem.outboxFull', { limit: error.limit }),
    next: t('error.problem.outboxFullNext'),
  }),
  entryGone: () => ({ what: t('error.problem.entryGone'), next: t('error.problem.entryGoneNext') }),
  entryBeingSent: () => ({ what: t('error.problem.entryBeingSent'), next: t('error.problem.entryBeingSentNext') }),
} satisfies Of<'outbox'>;

// Why the shared store (Settings → Shared store) could not be tested, connected or used.
// A fact missing from the payload (or empty) gets the sentence without facts, not "undefined".
const store = (key: string, args: Record<string, string | number | null | undefined> = {}): Parts => {
  const complete = Object.values(args).every((value) => value !== null && value !== undefined && value !== '');
  return {
    what: complete ? t(`error.problem.${key}` as TextKey, args as Record<string, string | number>) : t('error.problem.storeGeneric'),
    next: t(`error.problem.${key}Next` as TextKey),
  };
};
export const SHARED_STORE = {
  storeInvalidSetting: ({ error }) => store('storeInvalidSetting', { setting: error.setting, max: error.max }),
  storeUnreachable: ({ error }) => store('storeUnreachable', { host: error.host, port: error.port }),
  storeTlsRequired: ({ error }) => store('storeTlsRequired', { host: error.host }),
  storeTlsFailed: ({ error }) => store('storeTlsFailed', { host: error.host, cause: trimStop(error.cause ?? '') }),
  storeSignIn: ({ error }) => store('storeSignIn', { user: error.user }),
  storeNoDatabase: ({ error }) => store('storeNoDatabase', { database: error.database }),
  storeReadOnly: () => store('storeReadOnly'),
  storeNoPrivilege: () => store('storeNoPrivilege'),
  storeSchemaTooNew: ({ error }) => store('storeSchemaTooNew', { found: error.found, known: error.known }),
  storeNotOurs: ({ error }) => store('storeNotOurs', { database: error.database }),
  storeConnectionLost: () => store('storeConnectionLost'),
  storeBusy: () => store('storeBusy'),
  storeNoPassword: () => store('storeNoPassword'),
  storeManaged: ({ error }) => store('storeManaged', { address: error.address }),
  storeUnchecked: ({ error }) => store('storeUnchecked', { address: error.address }),
  storeOther: ({ error }) => store('storeOther', { detail: trimStop(error.detail ?? '') }),
} satisfies Of<'sharedStore'>;

// Why a category name was refused (an edit in Settings, or a row of a shared list or an import).
const CATEGORY = {
  idNotANumber: ({ id }) => ({
    what: id ? t('error.category.idNotANumber', { id: bounded(id, 30) }) : t('error.category.idMissing'),
    next: t('error.category.idNotANumberNext'),
  }),
  idNotPositive: ({ id }) => ({
    what: t('error.category.idNotPositive', { id }),
    next: t('error.category.idNotPositiveNext'),
  }),
  nameEmpty: () => ({ what: t('error.category.nameEmpty'), next: t('error.category.nameEmptyNext') }),
  nameTooLong: ({ chars }) => ({
    what: t('error.category.nameTooLong', { chars: formatCount(chars ?? 0), max: formatCount(MAX_CATEGORY_NAME_CHARS) }),
    next: t('error.category.nameTooLongNext'),
  }),
  nameTaken: ({ otherId, otherName }) => ({
    what: otherId
      ? t('error.category.nameTaken', { name: bounded(otherName ?? '', 60), id: otherId })
      : t('error.category.nameTakenOther', { name: bounded(otherName ?? '', 60) }),
    next: t('error.category.nameTakenNext'),
  }),
  idNamed: ({ id, otherName }) => ({
    what: otherName
      ? t('error.category.idNamed', { id, name: bounded(otherName, 60) })
      : t('error.category.idNamedUnquoted', { id }),
    next: t('error.category.idNamedNext'),
  }),
  notNamed: ({ id }) => ({ what: t('error.category.notNamed', { id }), next: t('error.category.notNamedNext') }),
  listFull: () => ({
    what: t('error.category.listFull', { max: formatCount(MAX_CATEGORIES) }),
    next: t('error.category.listFullNext'),
  }),
} satisfies Record<CategoryProblem, (refusal: CategoryRefusal) => Parts>;

/** Why a category name was refused: what happened, and one next step. */
export function describeCategoryRefusal(refusal: CategoryRefusal): Parts {
  return CATEGORY[refusal.problem](refusal);
}

/** Every reason a category name can be refused. */
export const CATEGORY_PROBLEMS = Object.keys(CATEGORY) as CategoryProblem[];

/** Text on one line, cut with an ellipsis after `max` characters. */
export function bounded(text: string, max: number): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/** Text without its closing full stop (to go inside a sentence of ours). */
export function trimStop(text: string): string {
  return text.trim().replace(/[.!?]+$/, '');
}
