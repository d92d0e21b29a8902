// The exact problems and category refusals in words (messages.ts words the error kinds around
// them): what happened and one next step, each looked up in the catalog when described.
import { describeNetworkRefusal } from './network-words';
import { describeReason } from './reasons';
import type { CategoryProblem, CategoryRefusal, CommandError, EnvironmentId } from './types';
import { MAX_CATEGORIES, MAX_CATEGORY_NAME_CHARS } from './bindings/CategoryLimits';
import type { Problem } from './bindings/Problem';
import { formatCount, formatSize, formatWhen } from './format';
import { t, type TextKey } from './i18n/index.svelte';

/** The step when nothing better is known: again, then a restart. */
export const restart = () => t('error.restart');

export interface Facts {
  error: CommandError;
  env: string | null;
  envId: EnvironmentId | null;
  now: number;
  /** Shown in Settings below the environment's address and key: the next step says "above". */
  inSettings?: boolean;
}

export type Parts = { what: string; next: string };
export type Describe = (facts: Facts) => Parts;

function position(error: CommandError): string {
  if (error.line !== null && error.column !== null) return t('error.atLineColumn', { line: error.line, column: error.column });
  if (error.line !== null) return t('error.atLine', { line: error.line });
  return '';
}

// The backend's reason, after a colon (not a word of its own: the reason comes from the backend).
export function because(error: CommandError): string {
  return error.reason ? `: ${trimStop(describeReason(error.reason))}` : '';
}

/** `at` with the time `retryAt` names (local, with a countdown); "now" once it has passed. */
export function whenAgain({ error, now }: Facts, at: TextKey): string {
  const time = error.retryAt ? Date.parse(error.retryAt) : NaN;
  if (Number.isNaN(time)) return t('error.againSoon');
  if (time <= now) return t('error.againNow');
  return t(at, { time: formatWhen(error.retryAt as string, now) });
}

/** A sentence about a file: one naming it (`{file}`) when the backend said which, else "the file". */
function aboutFile(error: CommandError, max: number, named: TextKey, unnamed: TextKey): string {
  const args = { because: because(error) };
  return error.detail ? t(named, { ...args, file: bounded(error.detail, max) }) : t(unnamed, args);
}

export const PROBLEM = {
  missingBaseUrl: ({ env }) => ({
    what: env ? t('error.problem.missingBaseUrlEnv', { env }) : t('error.problem.missingBaseUrl'),
    next: t('error.problem.missingBaseUrlNext'),
  }),
  invalidBaseUrl: ({ error }) => ({
    what: t('error.problem.invalidBaseUrl', { address: bounded(error.detail ?? '', 80), because: because(error) }),
    next: t('error.problem.invalidBaseUrlNext'),
  }),
  insecureBaseUrl: ({ error }) => ({
    what: t('error.problem.insecureBaseUrl', { address: bounded(error.detail ?? '', 80) }),
    next: t('error.problem.insecureBaseUrlNext'),
  }),
  missingApiKey: ({ env }) => ({
    what: env ? t('error.problem.missingApiKeyEnv', { env }) : t('error.problem.missingApiKey'),
    next: t('error.problem.missingApiKeyNext'),
  }),
  foreignLink: () => ({ what: t('error.problem.foreignLink'), next: t('error.input.refresh') }),
  keyWouldMove: ({ error }) => ({
    what: error.detail
      ? t('error.problem.keyWouldMove', { address: bounded(error.detail, 80) })
      : t('error.problem.keyWouldMoveAddress'),
    next: t('error.problem.keyWouldMoveNext'),
  }),
  httpClient: () => ({ what: t('error.problem.httpClient'), next: t('error.problem.httpClientNext') }),
  waitStore: () => ({ what: t('error.problem.waitStore'), next: t('error.problem.waitStoreNext') }),
  serviceWait: (facts) => ({
    what: t('error.problem.serviceWait'),
    next: whenAgain(facts, 'error.problem.serviceWaitNext'),
  }),
  waitClearedRecently: (facts) => ({
    what: t('error.problem.waitClearedRecently'),
    next: whenAgain(facts, 'error.problem.waitClearedRecentlyNext'),
  }),
  settingsUnreadable: ({ error }) => ({
    what: error.detail
      ? t('error.problem.settingsUnreadable', { path: error.detail, at: position(error), because: because(error) })
      : t('error.problem.settingsUnreadableFile', { at: position(error), because: because(error) }),
    next: t('error.problem.settingsUnreadableNext'),
  }),
  settingsUnwritable: ({ error }) => ({
    what: error.detail
      ? t('error.problem.settingsUnwritable', { path: error.detail, because: because(error) })
      : t('error.problem.settingsUnwritableFile', { because: because(error) }),
    next: t('error.problem.settingsUnwritableNext'),
  }),
  noSettingsFile: () => ({ what: t('error.problem.noSettingsFile'), next: t('error.problem.noSettingsFileNext') }),
  folderNotOpened: ({ error }) => ({
    what: t('error.problem.folderNotOpened'),
    next: error.detail
      ? t('error.problem.folderNotOpenedNext', { path: error.detail })
      : t('error.problem.folderNotOpenedSettings'),
  }),
  keychainUnavailable: ({ error }) => ({
    what: t('error.problem.keychainUnavailable'),
    next: error.field === 'key' ? t('error.problem.keychainUnavailableKey') : t('error.problem.keychainUnavailableNext'),
  }),
  keychainLocked: ({ error }) => ({
    what: t('error.problem.keychainLocked'),
    next: error.field === 'key' ? t('error.problem.keychainLockedKey') : t('error.problem.keychainLockedNext'),
  }),
  keyTooLong: ({ error }) => ({
    what:
      error.sizeLimit
        ? t('error.problem.keyTooLongLimit', { limit: formatSize(error.sizeLimit) })
        : t('error.problem.keyTooLong'),
    next: t('error.problem.keyTooLongNext'),
  }),
  keyCorrupt: ({ env }) => ({
    what: env ? t('error.problem.keyCorruptEnv', { env }) : t('error.problem.keyCorrupt'),
    next: t('error.problem.keyCorruptNext'),
  }),
  keychainFailed: () => ({ what: t('error.problem.keychainFailed'), next: restart() }),
  // `reason` is the setting's own sentence (what is wrong and what to change; never a password).
  networkSettings: ({ error }) => ({
    // A certificate file names itself (`detail`), so the person knows which entry to fix.
    what: !error.network
      ? t('error.problem.networkSettings')
      : error.detail
        ? t('error.problem.networkCertificate', {
            file: bounded(error.detail, 80),
            refusal: describeNetworkRefusal(error.network),
          })
        : describeNetworkRefusal(error.network),
    next: t('error.problem.networkSettingsNext'),
  }),
  sandboxNotStarted: () => ({
    what: t('error.problem.sandboxNotStarted'),
    next: t('error.problem.sandboxNotStartedNext'),
  }),
  noDataFolder: () => ({ what: t('error.problem.noDataFolder'), next: t('error.problem.noDataFolderNext') }),
  noImportFile: () => ({ what: t('error.problem.noImportFile'), next: t('error.problem.noImportFileNext') }),
  importFileInvalid: ({ error }) => ({
    what: aboutFile(error, 60, 'error.problem.importFileInvalidNamed', 'error.problem.importFileInvalid'),
    next: t('error.problem.importFileInvalidNext'),
  }),
  importRowMissing: () => ({ what: t('error.problem.importRowMissing'), next: t('error.problem.chooseAgain') }),
  importTargetChanged: ({ env }) => ({
    what: env ? t('error.problem.importTargetChangedEnv', { env }) : t('error.problem.importTargetChanged'),
    next: t('error.problem.importTargetChangedNext'),
  }),
  importRunning: () => ({ what: t('error.problem.importRunning'), next: t('error.problem.importRunningNext') }),
  importElsewhere: () => ({ what: t('error.problem.importElsewhere'), next: t('error.problem.importElsewhereNext') }),
  noImportReport: () => ({ what: t('error.problem.noImportReport'), next: t('error.problem.noImportReportNext') }),
  importJournal: ({ error }) => ({
    what: t('error.problem.importJournal', { because: because(error) }),
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
  categoryRefused: ({ error }) =>
    error.category
      ? describeCategoryRefusal(error.category)
      : { what: t('error.problem.categoryRefused'), next: t('error.problem.categoryRefusedNext') },
  categoryListInvalid: ({ error }) => ({
    what: aboutFile(error, 60, 'error.problem.categoryListInvalidNamed', 'error.problem.categoryListInvalid'),
    next: t('error.problem.categoryListInvalidNext'),
  }),
} satisfies Record<Problem, Describe>;

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

export function byProblem(facts: Facts, otherwise: () => Parts): Parts {
  const problem = facts.error.problem;
  return problem ? PROBLEM[problem](facts) : otherwise();
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
