import * as backend from '../backend';
import { t, type TextKey } from '../i18n/index.svelte';
import { formatCount, formatCountdown } from '../format';
import type {
  CommandError,
  EnvironmentId,
  ImportPreview,
  ImportProgress,
  ImportResult,
  ImportStatus,
  PreviewRow,
  RowCells,
  SavedFile,
  UnfinishedImport,
} from '../types';
import { stopAll, type Stop } from './listening';

/**
 * Where the import dialog is: choosing a file, reading it, the preview (rows fixable in place),
 * running (progress, pause, resume, cancel) and ended (the counts, the rows to look at, the report).
 */
export type ImportStage = 'choose' | 'reading' | 'preview' | 'running' | 'ended';

/** What the dialog says about where the run is, for a person (read when shown: the language may change). */
const PHASE_TEXT: Record<ImportProgress['phase'], TextKey> = {
  listingBefore: 'import.phaseListing',
  sending: 'import.phaseSending',
  reconciling: 'import.phaseReconciling',
  resending: 'import.phaseResending',
  finished: 'import.phaseFinished',
};

function cellsOf(row: PreviewRow): RowCells {
  return { name: row.name, categoryId: row.categoryId, status: row.status };
}

/**
 * The app's import, without the UI: one per window. The backend runs the import on its own (it
 * goes on when the dialog is closed); this follows it through its events and answers.
 */
/**
 * How long the chip of a clean import stays in the header once the person has seen it (the
 * window showing it, the dialog closed): long enough to read and click, short enough not to
 * linger for the rest of the day. Seen again (the dialog opened and closed), it starts over.
 */
export const CHIP_LINGERS_MS = 2 * 60_000;

export class ImportSession {
  /** The dialog is open. The import itself does not depend on it. */
  open = $state(false);
  stage = $state<ImportStage>('choose');
  preview = $state.raw<ImportPreview | null>(null);
  /** The cells of each invalid row as the person is editing them, by row index. */
  drafts = $state<Record<number, RowCells>>({});
  /** The Production confirmation is showing (it names Production, in its warning colour). */
  confirming = $state(false);
  progress = $state.raw<ImportProgress | null>(null);
  /**
   * The last import's report: the end screen, and the header's chip while the dialog is closed. It
   * outlives the end screen (the person may start another file) until the next import starts.
   */
  result = $state.raw<ImportResult | null>(null);
  /**
   * The person dismissed the header's chip of the last report (×), or it went by itself a while
   * after a clean import was seen (`CHIP_LINGERS_MS`): until the next import starts.
   */
  chipDismissed = $state(false);
  /** Where "Save report…" wrote, until the next import. */
  saved = $state.raw<SavedFile | null>(null);
  error = $state.raw<CommandError | null>(null);
  busy = $state(false);
  /**
   * The person chose to add the repeated rows too (a pet this computer already created there, or
   * an earlier line of the file): unchecked for every file read, an explicit and counted choice.
   */
  allowRepeats = $state(false);

  /** An import is on its way (the header shows it while the dialog is closed). */
  running = $derived(this.stage === 'running');

  /**
   * The last import ended with something to look at (cancelled, stopped, rows failed or of
   * unknown outcome): its chip stays until the person dismisses it.
   */
  needsLook = $derived.by(() => {
    const r = this.result;
    return r !== null && (r.cancelled || r.stopped !== null || r.counts.failed > 0 || r.counts.unknown > 0);
  });

  /** The header shows the chip: an import on its way, or the last report not dismissed. */
  chipShown = $derived(!this.open && (this.running || (this.result !== null && !this.chipDismissed)));

  /** × on the chip of a finished import (a running one has no ×). */
  dismissChip(): void {
    if (!this.running) this.chipDismissed = true;
  }

  /** Valid rows that are repeats: skipped unless `allowRepeats`. */
  repeats = $derived(this.preview?.repeats ?? 0);

  /** Repeats are sent too: the person chose it, and there are some. */
  sendsRepeats = $derived(this.allowRepeats && this.repeats > 0);

  /** How long what Import sends now takes: the backend's estimate, with the repeats when chosen. */
  estimate = $derived(
    this.preview ? (this.sendsRepeats ? this.preview.estimateWithRepeats : this.preview.estimate) : null,
  );

  /**
   * The rows the import would send now: valid, not created by an earlier run, not repeats, plus
   * the repeats when the person chose to add them too.
   */
  toSend = $derived(this.estimate?.requests ?? 0);

  /** Rows with no answer that "Resend" sends again: those looked for everywhere and not found. */
  resendable = $derived(this.result?.unknownRows.filter((r) => r.detail === 'notFound') ?? []);

  /** Rows with an outcome so far, of the valid rows. */
  done = $derived.by(() => {
    const p = this.progress;
    return p ? p.created + p.skipped + p.failed + p.unknown : 0;
  });

  fraction = $derived(this.progress && this.progress.total > 0 ? this.done / this.progress.total : 0);

  phaseText = $derived(this.progress ? t(PHASE_TEXT[this.progress.phase]) : '');

  timeLeft = $derived.by(() => {
    const seconds = this.progress?.secondsLeft;
    if (seconds === null || seconds === undefined) return t('import.timeUnknown');
    // The quota allows the rest at once: what is left is the service's own answering time.
    if (seconds < 60) return t('import.underAMinuteLeft');
    return t('import.aboutLeft', { time: formatCountdown(seconds * 1000) });
  });

  /** "12 of 40" */
  countText = $derived(
    this.progress ? t('indicator.countOf', { done: formatCount(this.done), total: formatCount(this.progress.total) }) : '',
  );

  /** Imports an earlier session left unfinished, offered until reviewed or dismissed. */
  unfinished = $state<UnfinishedImport[]>([]);

  constructor(private readonly onended: (result: ImportResult) => void = () => {}) {}

  /** The run's progress and its end, whether or not the dialog is open. */
  listen(): Stop {
    return stopAll([
      backend.onEvent('import-progress', (progress) => this.progressed(progress)),
      backend.onEvent('import-finished', (result) => this.finished(result)),
    ]);
  }

  /** At start-up: this session's import (a reloaded web view), then what earlier sessions left unfinished. */
  async load(): Promise<void> {
    try {
      const status = await backend.importStatus();
      if (status) this.follow(status);
      this.unfinished = (await backend.unfinishedImports()).filter((u) => u.environment !== null);
    } catch {
      // Nothing to offer: importing still works from the toolbar.
    }
  }

  /** An offer of an unfinished import is reviewed or dismissed: it goes. */
  dropUnfinished(offer: UnfinishedImport): void {
    this.unfinished = this.unfinished.filter((u) => u !== offer);
  }

  show(): void {
    this.open = true;
  }

  /**
   * "Import…" in `environment` (the one on screen): a new import there, with the picker at once.
   * One import runs at a time, so a running one is shown instead; a file read for that environment
   * and not sent yet is shown as it was left. Never the last report: that is the chip's (`showLast`).
   */
  async begin(environment: EnvironmentId | null): Promise<void> {
    this.open = true;
    if (this.running || this.busy || this.stage === 'reading') return;
    this.confirming = false;
    if (this.preview !== null && this.preview.environment === environment) {
      this.stage = 'preview';
      return;
    }
    this.#startOver();
    await this.choose();
  }

  /** The header's chip: the import on its way, or the last one's report. */
  showLast(): void {
    if (!this.running && this.result) this.stage = 'ended';
    this.open = true;
  }

  close(): void {
    this.open = false;
    this.confirming = false;
  }

  /** "Import…": the native picker, then the preview. Closing the picker changes nothing. */
  async choose(): Promise<void> {
    if (this.running || this.busy) return;
    this.error = null;
    this.busy = true;
    let path: string | null = null;
    try {
      path = await backend.pickImportFile();
    } catch (e) {
      this.error = e as CommandError;
    } finally {
      this.busy = false;
    }
    if (path !== null) await this.read(path);
  }

  /** Reads `path` into the preview (also how an unfinished import from before a restart is offered). */
  async read(path: string): Promise<void> {
    if (this.running) return;
    const before = this.stage;
    this.stage = 'reading';
    this.error = null;
    this.confirming = false;
    // Another file (or the same one read again): repeats are skipped until the person says otherwise.
    this.allowRepeats = false;
    try {
      this.showPreview(await backend.previewImport(path));
    } catch (e) {
      this.error = e as CommandError;
      this.stage = before === 'reading' ? 'choose' : before;
    }
  }

  private showPreview(preview: ImportPreview): void {
    this.preview = preview;
    this.stage = 'preview';
    const drafts: Record<number, RowCells> = {};
    for (const row of preview.rows) if (row.problems.length > 0) drafts[row.index] = this.drafts[row.index] ?? cellsOf(row);
    this.drafts = drafts;
  }

  /** Checks the person's fix of one row; valid, it joins the rows to import. */
  async fix(index: number): Promise<void> {
    const cells = this.drafts[index];
    if (!cells || this.busy) return;
    this.busy = true;
    this.error = null;
    try {
      const preview = await backend.fixImportRow(index, cells);
      const drafts = { ...this.drafts };
      delete drafts[index];
      this.drafts = drafts;
      this.showPreview(preview);
    } catch (e) {
      this.error = e as CommandError;
    } finally {
      this.busy = false;
    }
  }

  /**
   * **Import N pets**. To Production it asks first, naming it; `confirmed` is that yes.
   * `unchecked`: the person's yes to importing while the shared store cannot be reached, after
   * the app said other desks' rows cannot be checked (issue 41).
   */
  async start(confirmed = false, unchecked = false): Promise<void> {
    const preview = this.preview;
    if (!preview || this.busy || this.toSend === 0) return;
    if (preview.production && !confirmed) {
      this.confirming = true;
      return;
    }
    this.confirming = false;
    const allowRepeats = this.sendsRepeats;
    await this.#launch(() => backend.startImport(preview.environment, allowRepeats, unchecked));
  }

  /** The shared store is out of reach: the app asks before importing without it. */
  get asksUnchecked(): boolean {
    const error = this.error;
    return error?.kind === 'sharedStore' && error.problem === 'storeUnchecked';
  }

  /**
   * "Resend these N rows?": the person's explicit yes, never automatic. Only rows looked for
   * everywhere and not found are resent; a row that could not be checked (the list could not be
   * read to the end) may have been created, and is left to the person.
   */
  async resend(): Promise<void> {
    if (this.resendable.length === 0) return;
    await this.#launch(() => backend.resendUnknownRows());
  }

  async #launch(begin: () => Promise<ImportProgress>): Promise<void> {
    this.busy = true;
    this.error = null;
    const previous = this.result;
    this.result = null;
    this.saved = null;
    try {
      const progress = await begin();
      // Sent: the file's preview is done with (Import… reads the next file).
      this.preview = null;
      this.drafts = {};
      // A fast import may have ended (its event already here) before this answer.
      if (this.result === null) {
        this.progress = progress;
        this.stage = 'running';
      }
    } catch (e) {
      this.error = e as CommandError;
      this.result = previous;
    } finally {
      this.busy = false;
    }
  }

  async pause(): Promise<void> {
    await this.#control(backend.pauseImport);
  }

  async resume(): Promise<void> {
    await this.#control(backend.resumeImport);
  }

  /** Stops sending after the row in flight; what was created stays created (and is listed). */
  async cancel(): Promise<void> {
    await this.#control(backend.cancelImport);
  }

  async #control(act: () => Promise<ImportStatus | null>): Promise<void> {
    try {
      const status = await act();
      if (status) this.follow(status);
    } catch (e) {
      this.error = e as CommandError;
    }
  }

  /** From the `import-progress` event. */
  progressed(progress: ImportProgress): void {
    // A report is kept until the next import starts (which clears it): a late event of the
    // finished one changes nothing.
    if (this.result) return;
    this.progress = progress;
    this.stage = 'running';
    this.chipDismissed = false;
  }

  /** From the `import-finished` event: the end screen, and the new pets highlighted. */
  finished(result: ImportResult): void {
    this.result = result;
    this.chipDismissed = false;
    this.stage = 'ended';
    if (this.progress) this.progress = { ...this.progress, phase: 'finished', paused: false, cancelling: false };
    this.onended(result);
  }

  /** The backend's picture (at start-up, after a reload of the web view, after a button). */
  follow(status: ImportStatus): void {
    this.progress = status.progress;
    if (status.running) {
      this.stage = 'running';
    } else if (status.result && this.result === null) {
      this.finished(status.result);
    }
  }

  /** After the end screen: choose another file (the report stays at the chip until it is sent). */
  again(): void {
    if (this.running) return;
    this.#startOver();
  }

  #startOver(): void {
    this.stage = 'choose';
    this.preview = null;
    this.error = null;
    this.drafts = {};
    this.allowRepeats = false;
  }

  /** "Save report…": the save picker, then the report. Closing the picker changes nothing. */
  async saveReport(): Promise<void> {
    this.error = null;
    try {
      const saved = await backend.saveImportReport();
      if (saved) this.saved = saved;
    } catch (e) {
      this.error = e as CommandError;
    }
  }
}
