import * as React from "react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { FormField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Textarea } from "~/components/ui/textarea";
import { CSV_COLUMNS, parseResultsCsv, type CsvPreview, type CsvRow } from "~/lib/results-csv";
import { MAX_CSV_CHARS, MAX_CSV_ROWS } from "~/lib/validation/admin/results";
import type { ResultAnswer } from "./use-result-action";

const EXAMPLE =
  "type,title,signals,wins,losses,total_percentage,win_rate,published\nforex,November 2026,40,27,12,38.5,69.23,false";

/**
 * CSV import: paste or choose a file, see every row checked, import only when all
 * rows are valid — in one transaction, so an import is never half done.
 */
export function ResultsCsvImport() {
  const [csv, setCsv] = React.useState("");
  const [preview, setPreview] = React.useState<CsvPreview | null>(null);
  const [fileError, setFileError] = React.useState<string | undefined>(undefined);

  const { submit, busy } = useStaffAction<ResultAnswer>((answer) => {
    if (answer.ok) {
      toast.success(answer.message);
      setCsv("");
      setPreview(null);
      return;
    }
    toast.error("Nothing imported", { description: answer.error });
    // The server read the file again and found what the preview did not (it changed meanwhile).
    if (answer.rowErrors?.length || answer.csvError) setPreview(parseResultsCsv(csv));
  });

  const change = (text: string) => {
    setCsv(text);
    setPreview(null);
  };

  const readFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_CSV_CHARS) {
      setFileError(`${file.name} is too large: at most ${MAX_CSV_CHARS / 1000} KB per import.`);
      return;
    }
    setFileError(undefined);
    const text = await file.text();
    setCsv(text);
    setPreview(parseResultsCsv(text));
  };

  const tooLong =
    csv.length > MAX_CSV_CHARS ? `The CSV is too long: at most ${MAX_CSV_CHARS / 1000} KB per import.` : undefined;
  const bad = preview?.rows.filter((r) => r.input === null).length ?? 0;
  const ready = preview !== null && preview.error === null && bad === 0 && !tooLong;

  return (
    <section aria-labelledby="csv-import-heading" className="grid gap-4 rounded-xl border p-4">
      <div>
        <h2 id="csv-import-heading" className="text-lg font-semibold">
          Import from CSV
        </h2>
        <p className="text-sm text-muted-foreground">
          Columns: <code className="text-xs break-all">{CSV_COLUMNS.join(",")}</code> (published is optional: true or
          false, empty is a draft). Up to {MAX_CSV_ROWS} rows and {MAX_CSV_CHARS / 1000} KB per import. Nothing is
          written while any row has an error; new rows go to the end of their tab.
        </p>
      </div>
      <FormField id="csv-file" label="CSV file" error={fileError}>
        <input id="csv-file" type="file" accept=".csv,text/csv,text/plain" onChange={readFile} className="text-sm" />
      </FormField>
      <FormField id="csv-text" label="Or paste CSV" error={tooLong}>
        <Textarea
          id="csv-text"
          value={csv}
          onChange={(e) => change(e.target.value)}
          rows={6}
          className="font-mono text-xs"
          placeholder={EXAMPLE}
          spellCheck={false}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={csv.trim() === "" || Boolean(tooLong)}
          onClick={() => setPreview(parseResultsCsv(csv))}
        >
          Preview
        </Button>
        <Button type="button" disabled={!ready || busy} onClick={() => submit({ intent: "import", csv })}>
          {busy
            ? "Importing..."
            : preview && ready
              ? `Import ${preview.rows.length} result${preview.rows.length === 1 ? "" : "s"}`
              : "Import"}
        </Button>
      </div>
      {preview ? <CsvPreviewTable preview={preview} bad={bad} /> : null}
    </section>
  );
}

function CsvPreviewTable({ preview, bad }: { preview: CsvPreview; bad: number }) {
  if (preview.error) {
    return <FieldError>{preview.error}</FieldError>;
  }
  return (
    <div className="grid gap-2">
      <p role="status" className={bad > 0 ? "text-sm text-destructive" : "text-sm"}>
        {bad > 0
          ? `${bad} of ${preview.rows.length} rows have errors. Fix them and preview again: nothing is imported until every row is valid.`
          : `${preview.rows.length === 1 ? "1 row" : `${preview.rows.length} rows`} ready to import.`}
      </p>
      <Table aria-label="CSV preview">
        <TableHeader>
          <TableRow>
            <TableHead>Line</TableHead>
            {CSV_COLUMNS.map((c) => (
              <TableHead key={c}>{c}</TableHead>
            ))}
            <TableHead>Check</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.rows.map((row) => (
            <PreviewRow key={row.line} row={row} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function PreviewRow({ row }: { row: CsvRow }) {
  const problems = Object.entries(row.errors);
  return (
    <TableRow data-state={problems.length > 0 ? "invalid" : "valid"}>
      {/* A bar, not a tinted row: red text on a red tint falls below the contrast ratio. */}
      <TableCell
        className={
          problems.length > 0
            ? "border-l-4 border-l-destructive tabular-nums"
            : "border-l-4 border-l-transparent tabular-nums"
        }
      >
        {row.line}
      </TableCell>
      {CSV_COLUMNS.map((c) => (
        <TableCell key={c} label={c} className={row.errors[c] ? "font-medium text-destructive" : undefined}>
          {row.cells[c] ?? ""}
        </TableCell>
      ))}
      <TableCell className="min-w-56 whitespace-normal">
        {problems.length === 0 ? (
          <Badge variant="success">OK</Badge>
        ) : (
          <ul className="grid gap-1 text-xs text-destructive">
            {problems.map(([column, message]) => (
              <li key={column}>{column === "row" ? message : `${column}: ${message}`}</li>
            ))}
          </ul>
        )}
      </TableCell>
    </TableRow>
  );
}
