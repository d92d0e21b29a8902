// The demo fake's import and export: a small CSV reader, the preview with fixes in
// place and repeats marked, and an import that "sends" one row per step with progress
// events, pause, resume and cancel. Like the app, it never resends a row without the person's yes,
// and sends a repeat only when the person chose to.
import { emit } from '@tauri-apps/api/event';
import type { CreatedHere } from './fake';
import type { Offer } from './fake-categories';
import type {
  CategoryMerge,
  CreateSource,
  EnvironmentId,
  ImportEstimate,
  ImportPreview,
  ImportProgress,
  ImportResult,
  ImportStatus,
  Pet,
  PetStatusValue,
  PreviewRow,
  ReportRow,
  RowCells,
  RowProblem,
  SavedFile,
} from '../lib/types';

/** The file the demo's picker "chooses": a new branch's animals, one line with a problem. */
export const DEMO_IMPORT_CSV = [
  'name,categoryId,status,colour',
  'Pepper,3,available,black',
  'Juniper,,pending,grey',
  'Toffee,4,,brown',
  'Basil,2,available,white',
  'Clover,5,sold,tabby',
].join('\n');

export interface ImportFakeOptions {
  /** The CSV text behind every path (DEMO_IMPORT_CSV when not given). */
  importCsv?: string;
  /** Milliseconds between two rows "sent" (300 when not given). */
  importStepMs?: number;
}

interface Context {
  selected: () => EnvironmentId;
  baseUrl: (environment: EnvironmentId) => string | null;
  create: (name: string, categoryId: string, status: string | null, source: CreateSource, environment: EnvironmentId) => Pet;
  /** Merges category names into an environment's list (or only says what it would do). */
  learn: (environment: EnvironmentId, offers: Offer[], apply: boolean) => CategoryMerge;
  /** The pets this computer created, to tell repeats. */
  createdHere: CreatedHere;
  /** What an export can read of a list, and whether that is every pet. */
  readable: (status: PetStatusValue | null) => { pets: Pet[]; complete: boolean };
}

/** Valid rows after the invalid and the repeated ones that the preview lists, like the app. */
const PREVIEW_VALID_ROWS = 200;

/** The Free plan's rates, with what is left of the window enough for any file the fake reads. */
const FAKE_ESTIMATE: ImportEstimate = {
  requests: 0,
  time: { unit: 'underAMinute' },
  dayLimited: false,
  plan: 'free',
  perMinute: 60,
  perDay: 1000,
};

const STATUSES = ['available', 'pending', 'sold'];

/** Each fake installed ends the "imports" of the one before (a test's leftovers emit nothing). */
let generation = 0;

/** The row's problems as codes, as the app's CSV contract (petstore-bulk) reports them. */
function problemsOf(cells: RowCells): RowProblem[] {
  const problems: RowProblem[] = [];
  const name = cells.name.trim();
  if (name === '') problems.push({ column: 'name', problem: { code: 'nameEmpty' } });
  else if ([...name].length > 1000) {
    problems.push({ column: 'name', problem: { code: 'nameTooLong', chars: [...name].length, max: 1000 } });
  }
  const category = cells.categoryId.trim();
  if (category === '') problems.push({ column: 'categoryId', problem: { code: 'categoryIdEmpty' } });
  else if (!/^[+-]?\d+$/.test(category) || BigInt(category) > 9223372036854775807n) {
    problems.push({ column: 'categoryId', problem: { code: 'categoryIdNotANumber', given: category } });
  } else if (BigInt(category) < 1n) {
    problems.push({ column: 'categoryId', problem: { code: 'categoryIdNotPositive', given: String(BigInt(category)) } });
  }
  const status = cells.status.trim().toLowerCase();
  if (status !== '' && !STATUSES.includes(status)) {
    problems.push({ column: 'status', problem: { code: 'statusUnknown', given: cells.status.trim() } });
  }
  return problems;
}

export function importHandlers(ctx: Context, options: ImportFakeOptions) {
  const step = options.importStepMs ?? 300;
  const mine = ++generation;
  let preview: ImportPreview | null = null;
  let status: ImportStatus | null = null;
  let paused = false;
  let cancelled = false;
  let rows: PreviewRow[] = [];
  /** The file has a names column. */
  let named = false;

  function read(path: string): ImportPreview {
    const lines = (options.importCsv ?? DEMO_IMPORT_CSV).split('\n');
    const header = lines[0].split(',').map((h) => h.trim());
    const at = (name: string) => header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
    const [n, c, s, k] = [at('name'), at('categoryId'), at('status'), at('categoryName')];
    rows = lines.slice(1).flatMap((line, i) => {
      if (line.trim() === '') return [];
      const cellsOf = line.split(',');
      const cells = { name: cellsOf[n] ?? '', categoryId: cellsOf[c] ?? '', status: s >= 0 ? (cellsOf[s] ?? '') : '' };
      const categoryName = k >= 0 ? (cellsOf[k] ?? '').trim() : '';
      const row: PreviewRow = { index: 0, line: i + 2, ...cells, categoryName, problems: problemsOf(cells), repeat: null, formulaName: /^\s*[=+\-@＝＋－＠]/.test(cells.name) };
      return [row];
    });
    rows.forEach((row, index) => (row.index = index));
    named = k >= 0;
    const environment = ctx.selected();
    return shown(path, header.filter((_, i) => ![n, c, s, k].includes(i)), environment);
  }

  /** The names beside valid rows' numbers, as the contract gives them. */
  function offers(): Offer[] {
    return rows
      .filter((r) => r.problems.length === 0 && r.categoryName !== '' && !/^[+-]?\d+$/.test(r.categoryName))
      .map((r): Offer => [r.line, r.categoryId.trim(), r.categoryName]);
  }

  /** Marks the valid rows whose pet this computer created there already, or an earlier line has. */
  function markRepeats(environment: EnvironmentId): void {
    const first = new Map<string, number>();
    for (const row of rows) {
      row.repeat = null;
      if (row.problems.length > 0) continue;
      const key = [row.name.trim(), row.categoryId.trim(), row.status.trim().toLowerCase()].join('\u0000');
      const earlier = ctx.createdHere.find(environment, row.name, row.categoryId, row.status);
      const line = first.get(key);
      if (earlier) row.repeat = { kind: 'earlier', at: earlier.at, source: earlier.source, petId: earlier.petId };
      else if (line !== undefined) row.repeat = { kind: 'inFile', line };
      if (line === undefined) first.set(key, row.line);
    }
  }

  function shown(path: string, ignoredColumns: string[], environment: EnvironmentId): ImportPreview {
    markRepeats(environment);
    const invalid = rows.filter((r) => r.problems.length > 0);
    const valid = rows.filter((r) => r.problems.length === 0);
    const repeated = valid.filter((r) => r.repeat !== null);
    const others = valid.filter((r) => r.repeat === null);
    return {
      path,
      fileName: path.split('/').pop() ?? path,
      environment,
      production: environment === 'production',
      baseUrl: ctx.baseUrl(environment) ?? '',
      totalRows: rows.length,
      validRows: valid.length,
      invalidRows: invalid.length,
      repeats: repeated.length,
      rows: [...invalid, ...repeated, ...others.slice(0, PREVIEW_VALID_ROWS)],
      ignoredColumns,
      // What Import sends unless the person also asks for the repeats; the fake's rows go out at once.
      estimate: { ...FAKE_ESTIMATE, requests: others.length },
      estimateWithRepeats: { ...FAKE_ESTIMATE, requests: valid.length },
      edited: false,
      resumable: null,
      categoryNames: named ? ctx.learn(environment, offers(), false) : null,
    };
  }

  function run(environment: EnvironmentId, fileName: string, todo: PreviewRow[], repeated: PreviewRow[]): ImportProgress {
    paused = false;
    cancelled = false;
    const progress: ImportProgress = {
      environment,
      fileName,
      phase: 'sending',
      total: todo.length,
      created: 0,
      skipped: 0,
      failed: 0,
      unknown: 0,
      paused: false,
      cancelling: false,
      secondsLeft: Math.ceil((todo.length * step) / 1000),
    };
    status = { progress, running: true, result: null };
    const newIds: string[] = [];
    let next = 0;
    const tick = () => {
      if (!status || mine !== generation) return;
      if (paused && !cancelled) {
        setTimeout(tick, step);
        return;
      }
      if (next < todo.length && !cancelled) {
        const row = todo[next++];
        const source: CreateSource = { kind: 'import', fileName, line: row.line };
        newIds.push(ctx.create(row.name.trim(), row.categoryId.trim(), row.status.trim().toLowerCase() || null, source, environment).id);
        progress.created += 1;
        progress.secondsLeft = Math.ceil(((todo.length - next) * step) / 1000);
        void emit('import-progress', { ...progress });
        setTimeout(tick, step);
        return;
      }
      const result: ImportResult = {
        environment,
        baseUrl: ctx.baseUrl(environment) ?? '',
        fileName,
        counts: {
          created: progress.created,
          skipped: 0,
          invalid: 0,
          failed: 0,
          unknown: 0,
          notSent: todo.length - next,
          repeated: repeated.length,
        },
        resumed: false,
        cancelled,
        stopped: null,
        stoppedReconciling: false,
        newIds,
        unknownRows: [],
        failedRows: [],
        repeatedRows: repeated.map(
          (r): ReportRow => ({
            line: r.line,
            name: r.name.trim(),
            categoryId: r.categoryId.trim(),
            status: r.status.trim() || null,
            detail: r.repeat?.kind ?? 'earlier',
          }),
        ),
        keptFailing: false,
      };
      status = { progress: { ...progress, phase: 'finished', secondsLeft: 0 }, running: false, result };
      void emit('import-finished', result);
    };
    setTimeout(tick, step);
    return { ...progress };
  }

  const control = (act: () => void) => () => {
    if (status?.running) act();
    if (status) status = { ...status, progress: { ...status.progress, paused, cancelling: cancelled } };
    return status;
  };

  return {
    pick_import_file: () => '/home/demo/new-branch.csv',
    preview_import: (a: Record<string, unknown>) => (preview = read(a.path as string)),
    fix_import_row: (a: Record<string, unknown>) => {
      if (!preview) throw new Error('no preview');
      const row = rows[a.index as number];
      const cells = a.cells as RowCells;
      Object.assign(row, cells, { problems: problemsOf(cells) });
      preview = { ...shown(preview.path, preview.ignoredColumns, preview.environment), edited: true };
      return preview;
    },
    // Like the app: repeats are skipped (and reported) unless the person chose to add them too.
    start_import: (a: Record<string, unknown>) => {
      if (!preview) throw new Error('no preview');
      const valid = rows.filter((r) => r.problems.length === 0);
      const allowRepeats = a.allowRepeats === true;
      const todo = valid.filter((r) => allowRepeats || r.repeat === null);
      const repeated = allowRepeats ? [] : valid.filter((r) => r.repeat !== null);
      if (named) ctx.learn(a.environment as EnvironmentId, offers(), true);
      return run(a.environment as EnvironmentId, preview.fileName, todo, repeated);
    },
    pause_import: control(() => (paused = true)),
    resume_import: control(() => (paused = false)),
    cancel_import: control(() => (cancelled = true)),
    import_status: () => status,
    resend_unknown_rows: () => {
      throw new Error('the demo import never loses an answer');
    },
    save_import_report: (): SavedFile => ({ path: '/home/demo/import-report.csv', keptAs: null, pets: null, incomplete: false }),
    // Like the app: every page it can read; a list that ends on a full page with no way on (also
    // read by status) may lack pets, and the file says so.
    export_pets: (a: Record<string, unknown>): SavedFile => {
      const { pets, complete } = ctx.readable((a.status as PetStatusValue | null) ?? null);
      // Told after each page of 100, as the app's channel tells it.
      const progress = a.onProgress as { onmessage?: (message: { pets: number }) => void } | undefined;
      for (let written = Math.min(100, pets.length); written > 0; written = Math.min(written + 100, pets.length)) {
        progress?.onmessage?.({ pets: written });
        if (written === pets.length) break;
      }
      return {
        path: a.format === 'json' ? '/home/demo/pets.json' : '/home/demo/pets.csv',
        keptAs: null,
        pets: pets.length,
        incomplete: !complete,
      };
    },
    unfinished_imports: () => [],
  };
}
