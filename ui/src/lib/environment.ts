import type { EnvironmentId, EnvironmentInfo } from './types';

// Checked against the generated `EnvironmentId`: an environment added in Rust fails
// `npm run check` until it is listed here.
const ENVIRONMENTS = { production: true, staging: true, sandbox: true } satisfies Record<EnvironmentId, true>;

/**
 * The environments' names, for messages about one that is not the one on screen (the backend's
 * `EnvironmentInfo.label` says the same for the one listed). Checked against `EnvironmentId` too.
 */
export const ENVIRONMENT_LABELS = {
  production: 'Production',
  staging: 'Staging',
  sandbox: 'Sandbox',
} satisfies Record<EnvironmentId, string>;

/** Every environment, in the order the app shows them. */
export const ENVIRONMENT_IDS = Object.keys(ENVIRONMENTS) as EnvironmentId[];

const SET_UP = 'add its address and API key in Settings';

/**
 * The one short word under an environment's name in the header switch. "Not set up" wins over
 * "live data": an unconfigured Production holds no data to warn about yet, and the header has
 * room for one tag per environment, not two.
 */
export function environmentTag(env: EnvironmentInfo): string | null {
  if (!env.configured) return 'not set up';
  if (env.production) return 'live data';
  if (env.localDemo) return 'local demo data';
  return null;
}

/** The longer story behind the tag, for the tooltip and for screen readers. */
export function environmentHint(env: EnvironmentInfo): string {
  const kind = env.production ? 'Live data: changes are real.' : env.localDemo ? 'Local demo data on this computer.' : '';
  const where = env.configured ? (env.baseUrl ?? '') : `Not set up yet: ${SET_UP}.`;
  return [kind, where].filter((part) => part !== '').join(' ');
}
