import { t } from './i18n/index.svelte';
import type { EnvironmentId, EnvironmentInfo } from './types';

// Checked against the generated `EnvironmentId`: an environment added in Rust fails
// `npm run check` until it is listed here.
const ENVIRONMENTS = { production: true, staging: true, sandbox: true } satisfies Record<EnvironmentId, true>;

/**
 * The environments' names in the language on screen (the backend sends only the id). Checked
 * against `EnvironmentId` too.
 */
export const ENVIRONMENT_LABELS = {
  get production() { return t('environment.production'); },
  get staging() { return t('environment.staging'); },
  get sandbox() { return t('environment.sandbox'); },
} satisfies Record<EnvironmentId, string>;

/** An environment's name in the language on screen. */
export function environmentName(id: EnvironmentId): string {
  return ENVIRONMENT_LABELS[id];
}

/** Every environment, in the order the app shows them. */
export const ENVIRONMENT_IDS = Object.keys(ENVIRONMENTS) as EnvironmentId[];

/**
 * The one short word under an environment's name in the header switch. "Not set up" wins over
 * "live data": an unconfigured Production holds no data to warn about yet, and the header has
 * room for one tag per environment, not two.
 */
export function environmentTag(env: EnvironmentInfo): string {
  if (!env.configured) return t('environment.tagNotSetUp');
  if (env.production) return t('environment.tagLive');
  if (env.localDemo) return t('environment.tagDemo');
  // Staging: every option says what it holds, so none reads as missing its line.
  return t('environment.tagTest');
}

/** The longer story behind the tag, for the tooltip and for screen readers. */
export function environmentHint(env: EnvironmentInfo): string {
  const kind = env.production ? t('environment.hintLive') : env.localDemo ? t('environment.hintDemo') : '';
  const where = env.configured ? (env.baseUrl ?? '') : t('environment.hintNotSetUp');
  return [kind, where].filter((part) => part !== '').join(' ');
}
