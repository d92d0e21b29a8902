import type { CommandError } from './types';

/**
 * A `CommandError` with only the facts given: the shape every command rejects with. Used where the
 * UI must make one itself (a bare rejection from Tauri, the demo backend, tests).
 */
export function commandError(kind: CommandError['kind'], more: Partial<CommandError> = {}): CommandError {
  return {
    kind,
    problem: null,
    status: null,
    code: null,
    serverMessage: null,
    field: null,
    retryAt: null,
    waitReason: null,
    environment: null,
    cause: null,
    sizeLimit: null,
    detail: null,
    reason: null,
    line: null,
    column: null,
    category: null,
    network: null,
    ...more,
  };
}
