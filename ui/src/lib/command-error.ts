import type { CommandError, EnvironmentId, Field } from './types';

/** Every kind of failure a command reports. */
export type ErrorKind = CommandError['kind'];
/** The errors of one kind, with exactly the facts that kind carries. */
export type ErrorOf<K extends ErrorKind> = Extract<CommandError, { kind: K }>;
/** The errors that name an exact problem (configuration, keychain, file, import…). */
export type WithProblem = Extract<CommandError, { problem: string }>;
/** Every exact problem of every kind. */
export type Problem = WithProblem['problem'];

// Omit over each member of a union, so a kind's problems stay apart (plain Omit would merge them).
type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A kind's facts: all but the kind itself. */
export type FactsOf<K extends ErrorKind> = Without<ErrorOf<K>, 'kind'>;
// The facts may be left out only where the kind has none it always carries; a kind with no facts
// takes none (an empty type would take any).
type FactsArgument<K extends ErrorKind> = [keyof FactsOf<K>] extends [never]
  ? [facts?: Record<string, never>]
  : object extends FactsOf<K>
    ? [facts?: FactsOf<K>]
    : [facts: FactsOf<K>];

/**
 * A `CommandError` of `kind` with the facts given: the shape every command rejects with. Used where
 * the UI must make one itself (a bare rejection from Tauri, the demo backend, tests).
 */
export function commandError<K extends ErrorKind>(kind: K, ...[facts]: FactsArgument<K>): ErrorOf<K> {
  return { kind, ...facts } as ErrorOf<K>;
}

/**
 * The input field or setting an error is about, so it can be shown beside that field; null when
 * it names none. A missing API key is about the key field.
 */
export function fieldOf(error: CommandError): Field | null {
  if (error.kind === 'configuration' && error.problem === 'missingApiKey') return 'key';
  return 'field' in error ? (error.field ?? null) : null;
}

/** When asking again makes sense (RFC 3339): a rate limit's, or a wait that was kept; else null. */
export function retryAtOf(error: CommandError): string | null {
  return error.kind === 'rateLimited' || error.kind === 'waitKept' ? (error.retryAt ?? null) : null;
}

/** The environment the error names itself, when it names one. */
export function environmentOf(error: CommandError): EnvironmentId | null {
  return 'environment' in error ? (error.environment ?? null) : null;
}
