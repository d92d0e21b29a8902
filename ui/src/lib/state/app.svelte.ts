import { untrack } from 'svelte';
import { environmentName } from '../environment';
import { t } from '../i18n/index.svelte';
import { describeError } from '../messages';
import type {
  ActivityEntry,
  CommandError,
  EnvironmentId,
  EnvironmentInfo,
  ImportResult,
  NewPetInput,
  OutboxItem,
  OutboxRecord,
  Pet,
  PetStatusValue,
  UnfinishedImport,
} from '../types';
import { ActivityHub } from './activity-hub.svelte';
import { CategoryNames } from './categories.svelte';
import { Creates, inputFrom, sameInput, type CreateOutcome } from './creates.svelte';
import { PetDraft } from './draft.svelte';
import { Environments } from './environments.svelte';
import { originOf, sourceOf } from './highlight';
import { ImportSession } from './imports.svelte';
import { loadLanguage } from './language';
import { stopAll, type Stop } from './listening';
import { PetLookup } from './lookup.svelte';
import { mayQueue, OutboxState } from './outbox.svelte';
import { PetList } from './pets.svelte';
import { AppProblems } from './problems.svelte';
import { QuotaState } from './quota.svelte';
import { Sharing } from './sharing.svelte';

/**
 * The window's state: its pieces, each with its own calls and events, and what one piece's news
 * means for the others (a switch reloads the table and the gauge; a create or an import that ends
 * highlights its pets; an add settled anywhere clears everywhere). What it did is told to screen
 * readers in `announcement`. App.svelte makes one, starts it and lays the components out on it.
 */
export class AppState {
  readonly list = new PetList();
  readonly quota = new QuotaState();
  readonly draft = new PetDraft();
  readonly creates = new Creates(this.draft, (outcome) => this.#settled(outcome));
  readonly imports = new ImportSession((result) => this.#importEnded(result));
  // One source of truth for an add whose answer was lost: settled in the Activity view or from
  // the notice above the table, its notice, its badge and the form's entry all clear at once.
  readonly hub = new ActivityHub((entry) => this.#settledEntry(entry));
  readonly categories = new CategoryNames();
  readonly environments = new Environments();
  readonly problems = new AppProblems();
  readonly lookup = new PetLookup();
  readonly outbox = new OutboxState((record) => this.#outboxOutcome(record));
  /** Whether this desk shares its store now (the header's "Not sharing"). */
  readonly sharing = new Sharing();

  /** What just happened, for screen readers (the window's live region). */
  announcement = $state('');
  /** The environment the open create form adds to (fixed when it opened); null: no form. */
  createIn = $state<EnvironmentInfo | null>(null);
  /** The waiting pet the open form edits (issue 39); null: the form adds. */
  editing = $state.raw<OutboxItem | null>(null);
  /** What the person's last outbox action did, shown above the waiting rows. */
  outboxNote = $state('');
  /** The form's own entry while it edits a waiting pet, given back when that form closes. */
  #draftBefore: NewPetInput | null = null;

  get active(): EnvironmentInfo | null {
    return this.environments.active;
  }

  get notSetUp(): boolean {
    return this.environments.notSetUp;
  }

  notSetUpText = $derived(this.active ? t('app.notSetUp', { env: environmentName(this.active.id) }) : '');

  /**
   * Called once while App is set up, so the effects below are App's. The listeners come first, so
   * a wait the first request runs into reaches the gauge; then the first page, asked for now (not
   * on mount): it is what the person waits for, fetched while the page lays itself out and paints.
   * Answers what ends the listeners.
   */
  start(): Stop {
    const stop = stopAll([
      // Every environment's answers and waits reach the banners; the gauge keeps the active one's.
      this.quota.listen(),
      this.hub.listen(),
      this.lookup.listen(),
      this.environments.listen({
        selected: (info) => this.#markSelected(info),
        updated: (environment) => void this.#connectionChanged(environment),
      }),
      this.problems.listen(),
      this.imports.listen(),
      this.categories.listen(),
      this.outbox.listen(),
    ]);
    void this.list
      .start()
      .then(() => this.quota.loadIfUnknown())
      .then(() => this.quota.loadRemembered());
    loadLanguage();
    this.#tieTogether();
    return () => {
      this.sharing.stop();
      stop();
    };
  }

  /** Once the window is on screen: the rest of what the first screen shows. */
  loadRest(): void {
    void this.loadEnvironments();
    void this.quota.load();
    this.problems.load();
    void this.imports.load();
    void this.hub.start();
    void this.outbox.load();
    void this.sharing.check();
  }

  #tieTogether(): void {
    // The names of the environment on screen, read once it is known (not before the first page).
    $effect(() => {
      if (this.active) void this.categories.load(this.active.id);
    });

    // Set up at last (an address or a key saved in Settings): its first page, from the new address.
    $effect(() => {
      const now = this.active ? { id: this.active.id, configured: this.active.configured } : null;
      const before = this.#wasSetUp;
      this.#wasSetUp = now;
      if (now?.configured && before?.id === now.id && !before.configured) untrack(() => void this.#refreshListAndQuota());
    });

    // A refusal for a rate limit may come from a wait remembered on disk: show it with its "Clear".
    $effect(() => {
      if (this.list.error?.kind === 'rateLimited') void this.quota.loadRemembered();
    });

    // The table's rows are the selected environment's, from the address it has now: a switch or a
    // new address (from Settings, or from elsewhere through an event) ends a highlight made there.
    $effect(() => {
      const source = sourceOf(this.active);
      untrack(() => this.list.showFrom(source));
    });

    // A pet added to the environment on screen is highlighted in its table, once that table has
    // loaded: at once, or when the person comes back to the environment it was added to, and only
    // while that environment still has the address the pet was created at.
    $effect(() => {
      const environment = this.active?.id;
      if (!environment || this.environments.switching || this.list.loading || this.list.source?.environment !== environment) return;
      const outcome = this.creates.outcomeFor(environment);
      if (outcome?.kind !== 'created' || outcome.shown) return;
      untrack(() => {
        if (this.list.added(outcome.pet, { environment, origin: originOf(outcome.baseUrl) })) this.creates.markShown(environment);
      });
    });

    // A cancelled load retries nothing: the gauge shows a wait still in force as a pause, if any.
    $effect(() => {
      if (!this.list.cancelled) return;
      untrack(() => {
        if (this.active) this.quota.resumed(this.active.id);
        void this.quota.loadRemembered();
      });
    });
  }

  #wasSetUp: { id: EnvironmentId; configured: boolean } | null = null;

  loadEnvironments(): Promise<void> {
    return this.environments.load((selected) => this.quota.switchTo(selected.id));
  }

  #markSelected(info: EnvironmentInfo): void {
    this.quota.clearRefused = null;
    this.environments.mark(info);
    this.quota.switchTo(info.id);
  }

  /** The page, then the quota if the gauge has none yet. */
  async #refreshListAndQuota(): Promise<void> {
    await this.list.refresh();
    await this.quota.loadIfUnknown();
  }

  /** The header's switch, or a button that goes to another environment. */
  select(id: EnvironmentId): Promise<void> {
    return this.environments.select(id, async (info) => {
      this.#markSelected(info);
      const env = environmentName(info.id);
      this.announcement = info.configured ? t('app.switched', { env }) : t('app.switchedNotSetUp', { env });
      // Not set up: nothing to ask it (the set-up state says what is missing).
      if (!info.configured) return;
      // The remembered wait is for the gauge only: the switch is over once the table is.
      void this.quota.loadRemembered();
      await this.#refreshListAndQuota();
    });
  }

  /**
   * An environment's address or key changed (the backend cancelled its reads): its gauge starts
   * again from "not known yet" and, when it is on screen, the table reloads from the new server.
   */
  async #connectionChanged(environment: EnvironmentId): Promise<void> {
    this.quota.reset(environment);
    await this.loadEnvironments();
    if (environment === this.active?.id) await this.#refreshListAndQuota();
  }

  /** Settings started the sandbox afresh: its pets and quota are a new server's. */
  sandboxStartedAfresh(): Promise<void> {
    return this.#connectionChanged('sandbox');
  }

  /** The gauge's "Clear" of a wait remembered on this computer. */
  async clearWait(): Promise<void> {
    this.quota.clearing = true;
    this.quota.clearRefused = null;
    try {
      await this.quota.forgetWait();
      this.quota.remember(null);
      this.announcement = t('app.waitCleared');
      // The table may be showing the refusal this wait caused.
      if (this.list.error?.kind === 'rateLimited') await this.list.refresh();
    } catch (e) {
      const error = e as CommandError;
      // A refusal to spare the key is the Clear's own answer, not the environment's failure.
      if (error.kind === 'waitKept') this.quota.clearRefused = error;
      else this.environments.error = error;
    } finally {
      this.quota.clearing = false;
    }
  }

  /** "Start over" replaced the unreadable settings file (kept at `kept`): the environments again. */
  startedOver(kept: string | null): void {
    this.problems.startedOver(kept);
    this.announcement = kept ? t('app.startedOverKept', { path: kept }) : t('app.settingsReadable');
    void this.loadEnvironments();
  }

  /** Settings closed: a new address or key may be exactly what the failed list was missing. */
  settingsClosed(): void {
    if (this.list.error && !this.notSetUp) void this.list.refresh();
  }

  /** The create form, for the environment on screen; else why not. */
  openCreate(): void {
    if (this.notSetUp) this.announcement = this.notSetUpText;
    else if (this.active) this.createIn = this.active;
    else this.announcement = t('app.stillLoading');
  }

  /** Every outcome is told, wherever the person is now; an effect above highlights a new pet. */
  #settled(outcome: CreateOutcome): void {
    const { name } = outcome.input;
    const where = environmentName(outcome.target.id);
    if (outcome.kind === 'created') {
      // Added again from the form: the history's entries of the lost adds are settled too, so the
      // badge goes and the Activity view offers no second add.
      for (const add of outcome.addsAgain) void this.hub.unconfirmed.dismissAdd(add);
      if (this.createIn?.id === outcome.target.id) this.createIn = null;
      this.announcement =
        outcome.target.id === this.active?.id
          ? t('app.added', { name, env: where })
          : t('app.addedElsewhere', { name, env: where });
    } else if (outcome.kind === 'unknown') {
      this.announcement = t('app.addUnknown', { name, env: where });
    } else if (mayQueue(outcome.error) && this.outbox.addsWithoutAsking(outcome.target.id)) {
      // Settings: a create that cannot be sent now joins the outbox without asking.
      void this.addWhenPossible(outcome.target.id, outcome.input, true);
    } else {
      this.announcement = t('app.addFailed', {
        name,
        env: where,
        error: describeError(outcome.error, { environment: outcome.target.id }).text,
      });
    }
  }

  /** An unconfirmed add was settled (found, added again, dismissed): its notice and the form's entry go. */
  #settledEntry(entry: ActivityEntry): void {
    const pet = entry.pet;
    if (entry.resolution && pet?.name && pet.categoryId) this.creates.settle(entry.environment, { name: pet.name, categoryId: pet.categoryId });
  }

  /**
   * The × of a notice above the table. An add whose answer was lost is settled everywhere: its
   * notice, the form's entry that would add it again, and the history's entry (the badge).
   */
  dismissOutcome(outcome: CreateOutcome): void {
    if (outcome.kind !== 'unknown') return this.creates.dismiss(outcome.target.id);
    const environment = outcome.target.id;
    const lost = this.creates.lostAdds(environment, outcome.input);
    this.creates.settle(environment, outcome.input);
    for (const add of lost) void this.hub.unconfirmed.dismissAdd(add);
  }

  /** A notice's "Check the list": the form closes and the environment's table reloads (there). */
  checkList(environment: EnvironmentId): void {
    this.createIn = null;
    this.creates.markChecked(environment);
    if (environment === this.active?.id) void this.list.refresh();
    else void this.select(environment);
  }

  /** A notice's "Open the form" in its environment. */
  async openFormIn(environment: EnvironmentId): Promise<void> {
    if (environment !== this.active?.id) await this.select(environment);
    if (environment === this.active?.id) this.openCreate();
  }

  /** "Import…": a new import for the environment on screen (the last report stays at the header's chip). */
  openImport(): void {
    void this.imports.begin(this.active?.id ?? null);
  }

  /** The new pets highlighted in their table (they show when the person is there). */
  #importEnded(result: ImportResult): void {
    const where = { environment: result.environment, origin: originOf(result.baseUrl) };
    void this.list.importedAt(result.newIds, where);
    this.announcement = t('app.importEnded', {
      created: result.counts.created,
      unknown: result.counts.unknown,
      failed: result.counts.failed,
    });
  }

  /** Opens the unfinished import's preview (in its environment); nothing is sent before Import there. */
  async reviewUnfinished(offer: UnfinishedImport): Promise<void> {
    this.imports.dropUnfinished(offer);
    if (offer.environment && offer.environment !== this.active?.id) await this.select(offer.environment);
    if (offer.environment !== this.active?.id) return;
    this.imports.show();
    await this.imports.read(offer.source);
  }

  /** A pet an unconfirmed add turned out to be (or its new add): shown in its environment's table. */
  async showPet(environment: EnvironmentId, pet: Pet): Promise<void> {
    if (environment !== this.active?.id) await this.select(environment);
    const source = environment === this.active?.id ? sourceOf(this.active) : null;
    if (source && this.list.added(pet, source)) {
      this.announcement = t('app.petIs', { name: pet.name, id: pet.id, env: this.active ? environmentName(this.active.id) : '' });
    }
  }

  /**
   * "Add when possible" beside a create that could not be sent (or at once, by the setting): the
   * pet joins the environment's outbox, the form closes and says so where the waiting rows are.
   */
  async addWhenPossible(environment: EnvironmentId, input: NewPetInput, atOnce = false): Promise<boolean> {
    const view = await this.outbox.queue(environment, input);
    if (!view) return false;
    this.creates.dismiss(environment);
    if (sameInput(inputFrom(this.draft), input)) this.draft.clear();
    if (this.createIn?.id === environment && !this.editing) this.createIn = null;
    const text = t(atOnce ? 'outbox.queuedAtOnce' : 'outbox.queued', { name: input.name, env: environmentName(environment) });
    this.outboxNote = text;
    this.announcement = text;
    return true;
  }

  /** Opens the form on a waiting pet of the environment on screen: saving edits the entry. */
  editQueued(item: OutboxItem): void {
    if (!this.active || this.createIn) return;
    this.#draftBefore = inputFrom(this.draft);
    this.draft.name = item.name;
    this.draft.categoryId = item.categoryId;
    this.draft.status = (item.status ?? '') as PetStatusValue | '';
    this.editing = item;
    this.createIn = this.active;
  }

  /** The form closes; after an edit, the form's own entry comes back. */
  closeCreate(): void {
    if (this.editing && this.#draftBefore) {
      this.draft.name = this.#draftBefore.name;
      this.draft.categoryId = this.#draftBefore.categoryId;
      this.draft.status = this.#draftBefore.status ?? '';
    }
    this.#draftBefore = null;
    this.editing = null;
    this.createIn = null;
  }

  async saveQueued(input: NewPetInput): Promise<void> {
    const item = this.editing;
    const environment = this.createIn?.id;
    if (!item || !environment) return;
    if (await this.outbox.edit(environment, item.id, input)) {
      this.closeCreate();
      this.outboxNote = this.announcement = t('outbox.edited', { name: input.name });
    }
  }

  /** After the person's yes to "Drop X? It will not be added." */
  async dropQueued(environment: EnvironmentId, item: OutboxItem): Promise<void> {
    if (await this.outbox.drop(environment, item.id)) this.outboxNote = this.announcement = t('outbox.dropped', { name: item.name });
  }

  /** A pet left the outbox: added (its row comes from the list), or not. */
  #outboxOutcome(record: OutboxRecord): void {
    if (record.outcome.kind !== 'sent' && record.outcome.kind !== 'alreadyAdded') return;
    if (record.outcome.kind === 'sent') {
      this.announcement = t('outbox.sent', { name: record.outcome.name, env: environmentName(record.environment) });
    }
    // A load on its way may have been asked before the pet was made: the table asks again (not
    // during a wait the key must honour).
    if (record.environment === this.active?.id && this.list.waitEnds === null) void this.list.refresh();
  }
}
