// The only module that talks to Tauri. Everything else calls these typed functions, so the
// IPC names and argument shapes of the contract live in one place. The names are checked against
// `CommandName` and `EventName`, generated from the Rust side's one list of each.
import { invoke } from '@tauri-apps/api/core';
import { listen, type UnlistenFn } from '@tauri-apps/api/event';
import { commandError } from './command-error';
import type {
  ActivityEntry,
  ActivityFilter,
  ActivityPage,
  ActivityRecorded,
  ActivitySettings,
  ActivityStatus,
  CategoryImport,
  CategoryList,
  CheckResult,
  CommandError,
  CommandName,
  ConnectionTest,
  CrashNotice,
  CreatedPet,
  Deprecation,
  EnvironmentId,
  EnvironmentInfo,
  EnvironmentUpdated,
  ErrorKind,
  EventName,
  LanguageChoice,
  LanguagePreference,
  NetworkInput,
  NetworkSettings,
  ExportFormat,
  ImportPreview,
  ImportProgress,
  ImportResult,
  ImportStatus,
  KeyMove,
  KeyStatus,
  Lookup,
  NewPetInput,
  PetPage,
  PetStatusValue,
  Quota,
  QuotaAlert,
  QuotaHistory,
  QuotaRange,
  RememberedWait,
  Resumed,
  RowCells,
  SavedFile,
  Settings,
  SettingsProblem,
  StartedOver,
  UnfinishedImport,
  UpdateCheck,
  UpdateFailure,
  UpdateSettings,
  Waiting,
} from './types';

// Checked against the generated `ErrorKind` (the client's kinds and the app's): a kind added in
// Rust fails `npm run check` until it is listed here.
const ERROR_KINDS = {
  unauthorized: true,
  notFound: true,
  gone: true,
  badRequest: true,
  rateLimited: true,
  server: true,
  unexpectedResponse: true,
  decode: true,
  timeout: true,
  network: true,
  outcomeUnknown: true,
  invalidInput: true,
  configuration: true,
  responseTooLarge: true,
  keychain: true,
  createInFlight: true,
  cancelled: true,
  file: true,
  activityUnavailable: true,
  waitKept: true,
} satisfies Record<ErrorKind, true>;

function isErrorKind(value: unknown): value is ErrorKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_KINDS, value);
}

export function isCommandError(value: unknown): value is CommandError {
  return (
    typeof value === 'object' &&
    value !== null &&
    isErrorKind((value as { kind?: unknown }).kind)
  );
}

/**
 * Tauri itself can reject with a bare string (unknown command, bad arguments): give it the same
 * shape. Its text is for developers, not the service's words: it is not shown.
 */
export function toCommandError(value: unknown): CommandError {
  if (isCommandError(value)) return value;
  return commandError('unexpectedResponse');
}

async function call<T>(command: CommandName, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(command, args);
  } catch (error) {
    throw toCommandError(error);
  }
}

/** `limit: null` asks for the rows per page remembered from last time (the first page at start-up). */
export const listPets = (status: PetStatusValue | null, limit: number | null) =>
  call<PetPage>('list_pets', { status, limit });
export const nextPage = (next: string) => call<PetPage>('next_page', { next });
/**
 * Creates in `environment` (the one the form showed), whichever is selected meanwhile. Rejects with
 * `createInFlight`, sending nothing, while another create for that environment is on its way.
 */
export const createPet = (environment: EnvironmentId, input: NewPetInput) =>
  call<CreatedPet>('create_pet', { environment, input });
export const getPet = (id: string) => call<Lookup>('get_pet', { id });
export const currentQuota = () => call<Quota | null>('current_quota');
export const listEnvironments = () => call<EnvironmentInfo[]>('list_environments');
export const selectEnvironment = (environment: EnvironmentId) =>
  call<EnvironmentInfo>('select_environment', { environment });
export const getSettings = () => call<Settings>('get_settings');
/** `keyMove`: the person's answer when an address moves to another server with a key stored
 * (the backend refuses with `keyWouldMove` without one). */
export const saveSettings = (settings: Settings, keyMove: KeyMove | null = null) =>
  call<Settings>('save_settings', { settings, keyMove });
export const setApiKey = (environment: EnvironmentId, key: string, sessionOnly: boolean) =>
  call<KeyStatus>('set_api_key', { environment, key, sessionOnly });
export const clearApiKey = (environment: EnvironmentId) =>
  call<KeyStatus>('clear_api_key', { environment });
export const keyStatus = (environment: EnvironmentId) => call<KeyStatus>('key_status', { environment });
/** Tries `baseUrl` (an address typed in Settings, not saved yet) when given, else the saved one. */
/** `keyToNewServer`: the person said the stored key may go to a typed address on another server
 * (refused with `keyWouldMove` otherwise, before anything is sent). */
export const testConnection = (environment: EnvironmentId, baseUrl: string | null = null, keyToNewServer = false) =>
  call<ConnectionTest>('test_connection', { environment, baseUrl, keyToNewServer });
/** Rows per page, remembered across restarts (1–100; 20 until the person picks another). */
export const getPageSize = () => call<number>('get_page_size');
export const savePageSize = (pageSize: number) => call<number>('save_page_size', { pageSize });
/** The language chosen in Settings ('system' until one is) and the computer's locale. */
export const getLanguage = () => call<LanguagePreference>('get_language');
export const saveLanguage = (choice: LanguageChoice) => call<LanguagePreference>('save_language', { choice });
/** Once the first table with data is on screen: the app prints a line people and benchmarks read. */
export const reportFirstTable = (rows: number) => call<null>('report_first_table', { rows });
/** The settings file's problem while it cannot be read (nothing is saved meanwhile), else null. */
export const settingsProblem = () => call<SettingsProblem | null>('settings_problem');
/** The last run stopped on a bug: when, and the log file that says what happened; else null. */
export const lastCrash = () => call<CrashNotice | null>('last_crash');
/** Shows the app's own settings file in the OS file manager (the app knows which file). */
export const openSettingsFolder = () => call<null>('open_settings_folder');
/** Keeps the unreadable settings file as settings.json.broken-<time> and starts a new one. */
export const startSettingsOver = () => call<StartedOver>('start_settings_over');
/** A rate-limit wait the selected environment's key must honour, remembered by this app or the CLI. */
export const rememberedWait = () => call<RememberedWait | null>('remembered_wait');
/** Clears the selected environment's remembered wait; true when there was one. */
export const forgetWait = () => call<boolean>('forget_wait');
/**
 * Ends the environment's reads on their way now (a list waiting out a 429): they reject with
 * `cancelled`. A create is never cancelled.
 */
export const cancelRequests = (environment: EnvironmentId) => call<null>('cancel_requests', { environment });

/** The native open picker (the e2e answers it through a test hook in the app): a path, or null when closed. */
export const pickImportFile = () => call<string | null>('pick_import_file');
/** Reads and validates a file for the import dialog, for the selected environment; sends nothing. */
export const previewImport = (path: string) => call<ImportPreview>('preview_import', { path });
/** Fixes one row of the preview in place (validated again); the import sends the fixed rows. */
export const fixImportRow = (index: number, cells: RowCells) => call<ImportPreview>('fix_import_row', { index, cells });
/**
 * Starts (or resumes) the previewed import to the environment the preview showed. Rows that are
 * repeats (a pet this computer already created there, or an earlier row of the file) are skipped
 * unless `allowRepeats`: the person's explicit, counted choice.
 */
export const startImport = (environment: EnvironmentId, allowRepeats: boolean) =>
  call<ImportProgress>('start_import', { environment, allowRepeats });
export const pauseImport = () => call<ImportStatus | null>('pause_import');
export const resumeImport = () => call<ImportStatus | null>('resume_import');
/** Stops sending after the row in flight; what was created stays created. */
export const cancelImport = () => call<ImportStatus | null>('cancel_import');
/** This session's import, running or ended (a reopened dialog, a reloaded web view). */
export const importStatus = () => call<ImportStatus | null>('import_status');
/** The person's yes to "Resend these N rows?": never called without it. */
export const resendUnknownRows = () => call<ImportProgress>('resend_unknown_rows');
/** The save picker, then the report; null when the person closed the picker. */
export const saveImportReport = () => call<SavedFile | null>('save_import_report');
/**
 * The save picker, then the selected environment's pets of `status` (all when null); with
 * `categoryNames`, each pet's category name from this computer's list too.
 */
export const exportPets = (status: PetStatusValue | null, format: ExportFormat, categoryNames = false) =>
  call<SavedFile | null>('export_pets', { status, format, categoryNames });
/** Imports an earlier session began and did not finish (offered, asking first). */
export const unfinishedImports = () => call<UnfinishedImport[]>('unfinished_imports');

/**
 * The activity history (newest first) matching `filter`, `limit` (at most 500) entries from
 * `offset`, with the count of all that match.
 */
export const listActivity = (filter: ActivityFilter, offset: number, limit: number) =>
  call<ActivityPage>('list_activity', { filter, offset, limit });
/** Whether the history can be kept on this computer, and how many adds are still unconfirmed. */
export const activityStatus = () => call<ActivityStatus>('activity_status');
/** Adds whose outcome stayed unknown and that nobody has resolved yet, newest first. */
export const unconfirmedCreates = () => call<ActivityEntry[]>('unconfirmed_creates');
/** Lists every page of the entry's environment for a pet of that name and category; found resolves it. */
export const checkUnconfirmed = (id: string) => call<CheckResult>('check_unconfirmed', { id });
/** The person's yes to "Add it again?": an explicit new create of the same pet. Never called without it. */
export const retryUnconfirmed = (id: string) => call<CreatedPet>('retry_unconfirmed', { id });
export const dismissUnconfirmed = (id: string) => call<ActivityEntry>('dismiss_unconfirmed', { id });
/** The environment's remaining requests over the last hour or day, its resets and 429s, today's use. */
export const quotaHistory = (environment: EnvironmentId, range: QuotaRange) =>
  call<QuotaHistory>('quota_history', { environment, range });
/** The save picker, then the entries matching `filter` as CSV; null when the person closed the picker. */
export const exportActivity = (filter: ActivityFilter) => call<SavedFile | null>('export_activity', { filter });
export const getActivitySettings = () => call<ActivitySettings>('get_activity_settings');
export const saveActivitySettings = (settings: ActivitySettings) =>
  call<ActivitySettings>('save_activity_settings', { settings });

/** The environment's category names (this computer's list; names never go to the service). */
export const categoryNames = (environment: EnvironmentId) => call<CategoryList>('category_names', { environment });
/** Names a category with no name yet; rejects `categoryRefused` (a name taken, an id named, bad input). */
export const addCategoryName = (environment: EnvironmentId, id: string, name: string) =>
  call<CategoryList>('add_category_name', { environment, id, name });
export const renameCategory = (environment: EnvironmentId, id: string, name: string) =>
  call<CategoryList>('rename_category', { environment, id, name });
export const removeCategoryName = (environment: EnvironmentId, id: string) =>
  call<CategoryList>('remove_category_name', { environment, id });
/** The save picker, then the list as `categoryId,name`; null when the person closed the picker. */
export const exportCategoryNames = (environment: EnvironmentId) =>
  call<SavedFile | null>('export_category_names', { environment });
/** The open picker, then the list merged in (added, never replacing a name); null when closed. */
export const importCategoryNames = (environment: EnvironmentId) =>
  call<CategoryImport | null>('import_category_names', { environment });

/** Checks a payload map: a key for every event the app emits, and no other. */
type EventPayloads<T extends Record<EventName, unknown> & Record<Exclude<keyof T, EventName>, never>> = T;

export type BackendEvents = EventPayloads<{
  quota: Quota;
  waiting: Waiting;
  resumed: Resumed;
  deprecation: Deprecation;
  'environment-changed': EnvironmentInfo;
  /** null: the settings file can be read again. */
  'settings-problem': SettingsProblem | null;
  /** The environment's address or key changed: its reads in flight were cancelled. */
  'environment-updated': EnvironmentUpdated;
  'import-progress': ImportProgress;
  'import-finished': ImportResult;
  /** New entries in the activity history (at most every 250 ms), with the unconfirmed adds now. */
  'activity-recorded': ActivityRecorded;
  /** An environment's quota is low, used up, or it answered 429 (at most once per window). */
  'quota-alert': QuotaAlert;
  /** An environment's category names changed (Settings, a shared list, an import): its whole list. */
  'category-names': CategoryList;
}>;

export function onEvent<K extends keyof BackendEvents>(
  name: K,
  handler: (payload: BackendEvents[K]) => void,
): Promise<UnlistenFn> {
  return listen<BackendEvents[K]>(name, (event) => handler(event.payload));
}

/** The update settings in force (an administrator's file wins: `managed`). */
export const updateSettings = () => call<UpdateSettings>('update_settings');
/** Turns the start-up check on or off; unchanged (and `managed`) when an administrator decides. */
export const saveUpdateCheck = (check: boolean) => call<UpdateSettings>('save_update_check', { check });
/** `atStart`: the quiet check after the first table (on and due only); else the person asked. */
export const checkForUpdate = (atStart: boolean) => call<UpdateCheck>('check_for_update', { atStart });
/** The person's yes: installs the offer and restarts; answers only why it failed. */
export const installUpdate = () => call<UpdateFailure>('install_update');

/** Settings → Network: the proxy as saved (never its password: only whether one is stored) and the trusted certificates. */
export const networkSettings = () => call<NetworkSettings>('network_settings');
/** Saves the proxy; rejects `networkSettings` with the facts in `network` (nothing saved then). */
export const saveNetworkSettings = (input: NetworkInput) => call<NetworkSettings>('save_network_settings', { input });
/** Keeps the proxy's password in the keychain; it is never read back. */
export const setProxyPassword = (password: string) => call<NetworkSettings>('set_proxy_password', { password });
export const clearProxyPassword = () => call<NetworkSettings>('clear_proxy_password');
/** The open picker, then the certificate checked and trusted; null when the person closed the picker. */
export const trustCompanyCertificate = () => call<NetworkSettings | null>('trust_company_certificate');
export const removeCompanyCertificate = (file: string) => call<NetworkSettings>('remove_company_certificate', { file });
