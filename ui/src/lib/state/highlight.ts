import type { EnvironmentId, EnvironmentInfo } from '../types';

/**
 * Where rows come from: an environment at one origin (scheme, host and port of its base
 * address). Two servers can both have a pet 77; only the one a create went to is new.
 */
export interface RowSource {
  environment: EnvironmentId;
  /** `null` when the address is not set or cannot be read: such a source matches nothing. */
  origin: string | null;
}

/** A pet just created, named by where it was created as well as by its id. */
export interface Highlight extends RowSource {
  id: string;
}

/** Scheme, host and port of a base address (a default port is left out, so it compares equal). */
export function originOf(baseUrl: string | null | undefined): string | null {
  if (!baseUrl) return null;
  try {
    const origin = new URL(baseUrl).origin;
    // Non-hierarchical schemes have no origin ("null"): nothing to compare.
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The source of the rows of an environment, as its info says now. */
export function sourceOf(info: EnvironmentInfo | null | undefined): RowSource | null {
  return info ? { environment: info.id, origin: originOf(info.baseUrl) } : null;
}

/** The same environment at the same, known origin. */
export function sameSource(a: RowSource | null, b: RowSource | null): boolean {
  return a !== null && b !== null && a.origin !== null && a.environment === b.environment && a.origin === b.origin;
}
