import type { ActionAnswer } from "~/lib/action-answer";
import type { CsvRow } from "~/lib/results-csv";

/** What the Results page's action answers: a message to show, or a refusal (with a CSV's row errors). */
export type ResultAnswer = ActionAnswer<
  { message: string },
  { csvError: string | null; rowErrors: Pick<CsvRow, "line" | "errors">[] }
>;
