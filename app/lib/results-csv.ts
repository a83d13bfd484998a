import Papa from "papaparse";
import { MAX_CSV_ROWS, resultSchema, type ResultInput } from "./validation/admin/results";

/*
 * The results CSV: `type,title,signals,wins,losses,total_percentage,win_rate[,published]`,
 * a header line first, in any column order. The back office previews it in the browser and the
 * server reads it again before importing: the same parser and the same schema on both sides.
 */

export const CSV_COLUMNS = [
  "type",
  "title",
  "signals",
  "wins",
  "losses",
  "total_percentage",
  "win_rate",
  "published",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
const REQUIRED: readonly CsvColumn[] = CSV_COLUMNS.filter((c) => c !== "published");

const FIELD_OF: Record<CsvColumn, keyof ResultInput> = {
  type: "type",
  title: "title",
  signals: "signals",
  wins: "wins",
  losses: "losses",
  total_percentage: "totalPercentage",
  win_rate: "winRate",
  published: "published",
};
const COLUMN_OF = Object.fromEntries(Object.entries(FIELD_OF).map(([column, field]) => [field, column])) as Record<
  string,
  CsvColumn
>;

export type CsvRow = {
  /** The line number in the file (the header is line 1). */
  line: number;
  cells: Partial<Record<CsvColumn, string>>;
  /** The row as it will be saved; null while it has errors. */
  input: ResultInput | null;
  /** Per column (or `row`), the first problem. */
  errors: Partial<Record<CsvColumn | "row", string>>;
};

export type CsvPreview = { error: string | null; rows: CsvRow[] };

export const csvMessages = {
  empty: "The CSV is empty: put the header line first, then one line per result.",
  unterminated: "A quoted value is never closed: check the quotes in the file.",
  missing: (columns: string[]) =>
    `The header line lacks ${columns.join(", ")}. Expected: ${CSV_COLUMNS.join(",")} (published is optional).`,
  unknown: (columns: string[]) =>
    `Unknown column ${columns.join(", ")}. Expected: ${CSV_COLUMNS.join(",")} (published is optional).`,
  duplicate: (column: string) => `The column ${column} appears twice in the header line.`,
  noRows: "The CSV has a header line but no results.",
  tooManyRows: `At most ${MAX_CSV_ROWS} results per import: split the file.`,
  cellCount: (found: number, expected: number) => `This line has ${found} values; the header has ${expected}.`,
} as const;

const LINE_BREAK = /\r\n|\r|\n/g;

/**
 * RFC 4180 records, read by Papa Parse (commas, double quotes with "" inside them, CRLF, LF or
 * CR), each with the line it starts on: Papa Parse gives where a record ends, so the line
 * breaks before that are counted here. Blank records say nothing and are left out.
 */
function records(text: string): { records: { line: number; cells: string[] }[]; unterminated: boolean } {
  const out: { line: number; cells: string[] }[] = [];
  let unterminated = false;
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter: ",",
    step: ({ data, errors, meta }) => {
      if (errors.some((e) => e.type === "Quotes")) unterminated = true;
      if (data.some((cell) => cell.trim() !== "")) out.push({ line, cells: data });
      line += text.slice(start, meta.cursor).match(LINE_BREAK)?.length ?? 0;
      start = meta.cursor;
    },
  });
  return { records: out, unterminated };
}

/** Reads the whole CSV: a file-level problem in `error`, or every row with its own errors. */
export function parseResultsCsv(text: string): CsvPreview {
  const parsed = records(text.replace(/^\uFEFF/, ""));
  if (parsed.unterminated) return { error: csvMessages.unterminated, rows: [] };
  const [header, ...lines] = parsed.records;
  if (!header) return { error: csvMessages.empty, rows: [] };
  const columns = header.cells.map((c) => c.trim().toLowerCase());
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0)
    return { error: csvMessages.unknown(unknown.map((c) => (c === "" ? "(empty)" : c))), rows: [] };
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice) return { error: csvMessages.duplicate(twice), rows: [] };
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0) return { error: csvMessages.missing(missing), rows: [] };
  if (lines.length === 0) return { error: csvMessages.noRows, rows: [] };
  if (lines.length > MAX_CSV_ROWS) return { error: csvMessages.tooManyRows, rows: [] };

  const rows = lines.map(({ line, cells: values }): CsvRow => {
    const cells: CsvRow["cells"] = {};
    columns.forEach((column, i) => (cells[column as CsvColumn] = (values[i] ?? "").trim()));
    if (values.length !== columns.length)
      return { line, cells, input: null, errors: { row: csvMessages.cellCount(values.length, columns.length) } };
    const candidate = Object.fromEntries(
      Object.entries(cells).map(([column, value]) => [FIELD_OF[column as CsvColumn], value]),
    );
    // A type is written as in the database; capitals are forgiven.
    if (typeof candidate.type === "string") candidate.type = candidate.type.toLowerCase();
    const result = resultSchema.safeParse(candidate);
    if (result.success) return { line, cells, input: result.data, errors: {} };
    const errors: CsvRow["errors"] = {};
    for (const issue of result.error.issues) {
      const column = COLUMN_OF[String(issue.path[0])] ?? "row";
      errors[column] ??= issue.message;
    }
    return { line, cells, input: null, errors };
  });
  return { error: null, rows };
}

/** The rows to import, only when the file and every row are valid. */
export function validCsvRows(preview: CsvPreview): ResultInput[] | null {
  if (preview.error !== null || preview.rows.some((r) => r.input === null)) return null;
  return preview.rows.map((r) => r.input!);
}
