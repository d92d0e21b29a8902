import * as backend from '../backend';
import type { CrashNotice, SettingsProblem } from '../types';
import { stopAll, type Stop } from './listening';

/**
 * What the window says about the app itself rather than a service: a settings file it cannot
 * read (and where "Start over" kept it), and a last run that stopped on a bug.
 */
export class AppProblems {
  /** The settings file's problem while it cannot be read (nothing is saved meanwhile); null: none. */
  settings = $state<SettingsProblem | null>(null);
  /** Where "Start over" kept the unreadable settings file, until the person dismisses the note. */
  keptAs = $state<string | null>(null);
  /** The last run stopped on a bug, until the person dismisses the note. */
  crash = $state<CrashNotice | null>(null);

  /** The file became unreadable, or readable again (null), while the app runs. */
  listen(): Stop {
    return stopAll([backend.onEvent('settings-problem', (problem) => (this.settings = problem))]);
  }

  /** At start-up: both are asked at once. */
  load(): void {
    void this.#loadSettingsProblem();
    void this.#loadCrash();
  }

  async #loadSettingsProblem(): Promise<void> {
    try {
      this.settings = await backend.settingsProblem();
    } catch {
      // Nothing to show: the app works on what it has.
    }
  }

  async #loadCrash(): Promise<void> {
    try {
      this.crash = await backend.lastCrash();
    } catch {
      // Nothing to tell: the log file still has what happened.
    }
  }

  /** Shows the app's own settings file in the OS file manager (the app knows which file). */
  openFolder(): Promise<null> {
    return backend.openSettingsFolder();
  }

  /**
   * Keeps the unreadable file as settings.json.broken-<time> and starts a new one. Answers where
   * the old one was kept (null when it could be read again by then); `startedOver` says so.
   */
  async startOver(): Promise<string | null> {
    return (await backend.startSettingsOver()).keptAs;
  }

  /** The file is readable now; the note says where the old one is kept, if it was. */
  startedOver(keptAs: string | null): void {
    this.settings = null;
    this.keptAs = keptAs;
  }
}
