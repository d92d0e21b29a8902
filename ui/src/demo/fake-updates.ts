// The demo fake's updates: the settings in force (managed when an administrator's
// file decides), a check that finds `updateOffer` when given, and an install that fails as told
// (the real one restarts the app, which a fake cannot).
import type { UpdateCheck, UpdateFailure, UpdateOffer, UpdateSettings } from '../lib/types';

export interface UpdateFakeOptions {
  /** The update settings in force at start (checking on, not managed, when not given). */
  updateSettings?: Partial<UpdateSettings>;
  /** What a check finds: this offer, else "up to date". */
  updateOffer?: UpdateOffer | null;
  /** Why the install fails (it never restarts the fake). */
  installFailure?: UpdateFailure;
}

export function updateHandlers(options: UpdateFakeOptions) {
  let settings: UpdateSettings = {
    check: true,
    managed: false,
    url: 'https://example.invalid/petstore-admin/releases/latest/download/latest.json',
    currentVersion: '0.1.0',
    ...options.updateSettings,
  };
  return {
    update_settings: () => settings,
    save_update_check: (a: Record<string, unknown>) => {
      if (!settings.managed) settings = { ...settings, check: a.check === true };
      return settings;
    },
    check_for_update: (a: Record<string, unknown>): UpdateCheck => {
      if (a.atStart === true && !settings.check) return { outcome: 'skipped' };
      if (settings.managed && !settings.check) return { outcome: 'failed', failure: 'managed' };
      return options.updateOffer
        ? { outcome: 'available', ...options.updateOffer }
        : { outcome: 'upToDate', currentVersion: settings.currentVersion };
    },
    install_update: (): UpdateFailure => options.installFailure ?? 'installFailed',
  };
}
