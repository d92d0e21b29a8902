import * as backend from '../backend';
import type { CommandError, EnvironmentId, EnvironmentInfo } from '../types';
import { stopAll, type Stop } from './listening';

/** The environments the app knows, and the one on screen: switched here or by the backend. */
export class Environments {
  all = $state<EnvironmentInfo[]>([]);
  /** A switch is on its way, until the new environment's table is in. */
  switching = $state(false);
  /** Why the environments could not be read, or the switch failed. */
  error = $state<CommandError | null>(null);

  active = $derived(this.all.find((e) => e.selected) ?? null);
  /** The selected environment lacks an address or a key: a set-up state, and nothing is asked of it. */
  notSetUp = $derived(this.active !== null && !this.active.configured);

  /**
   * `selected`: the backend selected an environment without being asked here; `updated`: an
   * environment's address or key changed (the backend cancelled its reads).
   */
  listen(on: { selected: (info: EnvironmentInfo) => void; updated: (environment: EnvironmentId) => void }): Stop {
    return stopAll([
      backend.onEvent('environment-changed', (info) => on.selected(info)),
      backend.onEvent('environment-updated', (updated) => on.updated(updated.environment)),
    ]);
  }

  /** Reads them again (else `error` says why); `selected` hears which one is on screen at once. */
  async load(selected: (info: EnvironmentInfo) => void): Promise<void> {
    try {
      this.all = await backend.listEnvironments();
      if (this.active) selected(this.active);
    } catch (e) {
      this.error = e as CommandError;
    }
  }

  /** `info` is the selected one now (with what it says of itself); the others are not. */
  mark(info: EnvironmentInfo): void {
    this.all = this.all.map((e) => ({ ...e, ...(e.id === info.id ? info : {}), selected: e.id === info.id }));
  }

  /**
   * Asks the backend to switch to `id`, unless it is on screen or another switch is on its way.
   * `then` is part of the switch (the new environment's table): `switching` lasts until it is done,
   * and its failure is the switch's.
   */
  async select(id: EnvironmentId, then: (info: EnvironmentInfo) => Promise<void>): Promise<void> {
    if (id === this.active?.id || this.switching) return;
    this.switching = true;
    this.error = null;
    try {
      await then(await backend.selectEnvironment(id));
    } catch (e) {
      this.error = e as CommandError;
    } finally {
      this.switching = false;
    }
  }
}
