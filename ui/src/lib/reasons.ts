// Words for the codes the Rust side sends instead of sentences: a `Reason` (why a
// file, an address, a setting or a create went wrong) and an import row's problem (the estimate
// is `import-words.ts`'s). Reasons are lower-case clauses without a final stop, to follow a colon
// (`messages.ts`). The catalog area is `i18n/reasons.en.ts` / `reasons.de.ts`.
import { t, type TextKey } from './i18n/index.svelte';
import { formatCount, formatSize } from './format';
import { INT64_MAX } from './int64';
import type { ByteSize, IoProblem, Reason, RowProblemCode } from './types';

const size = (bytes: ByteSize) => formatSize(bytes, 'reasons.bytes');

const IO = {
  notFound: 'reasons.io.notFound',
  permissionDenied: 'reasons.io.permissionDenied',
  alreadyExists: 'reasons.io.alreadyExists',
  diskFull: 'reasons.io.diskFull',
  readOnly: 'reasons.io.readOnly',
  isAFolder: 'reasons.io.isAFolder',
  notText: 'reasons.io.notText',
  other: 'reasons.io.other',
} as const satisfies Record<IoProblem, TextKey>;

export function describeIo(io: IoProblem): string {
  return t(IO[io]);
}

type Code = Reason['code'];
type Of<C extends Code> = Extract<Reason, { code: C }>;

// One entry per code: `npm run check` fails until a code the Rust side adds is worded here.
const REASONS: { [C in Code]: (reason: Of<C>) => string } = {
  io: (r) => describeIo(r.io),
  settingsSyntax: () => t('reasons.settingsSyntax'),
  settingsEndOfFile: () => t('reasons.settingsEndOfFile'),
  settingsWrongValue: () => t('reasons.settingsWrongValue'),
  settingsTooLarge: (r) => t('reasons.settingsTooLarge', { limit: size(r.limit) }),
  addressNotAnAddress: () => t('reasons.addressNotAnAddress'),
  addressScheme: () => t('reasons.addressScheme'),
  addressNoHost: () => t('reasons.addressNoHost'),
  addressCredentials: () => t('reasons.addressCredentials'),
  addressQuery: () => t('reasons.addressQuery'),
  addressPath: () => t('reasons.addressPath'),
  addressSandboxFixed: () => t('reasons.addressSandboxFixed'),
  noAnswerInTime: () => t('reasons.noAnswerInTime'),
  connectionLost: () => t('reasons.connectionLost'),
  answerTooLarge: (r) => t('reasons.answerTooLarge', { status: r.status, limit: size(r.limit) }),
  redirected: (r) => t('reasons.redirected', { status: r.status }),
  serverError: (r) => t('reasons.serverError', { status: r.status }),
  notAPet: (r) => t('reasons.notAPet', { status: r.status }),
  importTooLarge: (r) =>
    r.size
      ? t('reasons.importTooLarge', { size: size(r.size), limit: size(r.limit) })
      : t('reasons.importTooLargeUnknown', { limit: size(r.limit) }),
  importTooManyRows: (r) => t('reasons.importTooManyRows', { limit: formatCount(r.limit) }),
  notUtf8: (r) => t('reasons.notUtf8', { line: r.line }),
  importEmpty: () => t('reasons.importEmpty'),
  missingColumn: (r) =>
    t('reasons.missingColumn', {
      column: r.column,
      found: r.found.length > 0 ? r.found.map((name) => `"${name}"`).join(', ') : t('reasons.noColumns'),
    }),
  duplicateColumn: (r) => t('reasons.duplicateColumn', { column: r.column, first: r.first, second: r.second }),
  malformedCsv: (r) => t('reasons.malformedCsv', { line: r.line }),
  listTooLarge: (r) => t('reasons.listTooLarge', { size: size(r.size), limit: size(r.limit) }),
  listTooLong: (r) => t('reasons.listTooLong', { limit: formatCount(r.limit) }),
  listEmpty: () => t('reasons.listEmpty'),
  journalFile: (r) => t('reasons.journalFile', { path: r.path, io: describeIo(r.io) }),
  journalDamaged: (r) => t('reasons.journalDamaged', { path: r.path, line: r.line }),
};

/** Every code the Rust side may send (for tests). */
export const REASON_CODES = Object.keys(REASONS) as Code[];

/** A reason as a lower-case clause without a final stop ("the disk is full"). */
export function describeReason(reason: Reason): string {
  const words = REASONS[reason.code] as (reason: Reason) => string;
  return words(reason);
}

const ROW: { [C in RowProblemCode['code']]: (problem: Extract<RowProblemCode, { code: C }>) => string } = {
  nameEmpty: () => t('reasons.row.nameEmpty'),
  nameTooLong: (p) => t('reasons.row.nameTooLong', { chars: formatCount(p.chars), max: formatCount(p.max) }),
  categoryIdEmpty: () => t('reasons.row.categoryIdEmpty'),
  categoryIdNotANumber: (p) => t('reasons.row.categoryIdNotANumber', { given: p.given, max: formatCount(INT64_MAX) }),
  categoryIdNotPositive: (p) => t('reasons.row.categoryIdNotPositive', { given: p.given }),
  statusUnknown: (p) => t('reasons.row.statusUnknown', { given: p.given }),
};

/** Every code of an import row's problem (for tests). */
export const ROW_PROBLEM_CODES = Object.keys(ROW) as RowProblemCode['code'][];

/** What is wrong with one cell of an import row, as a sentence ("The name is empty: enter a name."). */
export function describeRowProblem(problem: RowProblemCode): string {
  const words = (ROW[problem.code] as (problem: RowProblemCode) => string)(problem);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
