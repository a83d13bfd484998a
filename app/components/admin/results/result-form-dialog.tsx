import * as React from "react";
import { NativeSelect } from "~/components/admin/list/native-select";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { RESULT_TYPE_LABELS } from "~/components/results/result-types";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import { expectedWinRate, resultSchema } from "~/lib/validation/admin/results";
import type { StaffResult } from "~/lib/view-types/admin/results";
import { RESULT_TYPES, type ResultType } from "~/lib/view-types/content";
import type { ResultAnswer } from "./use-result-action";

type Values = {
  type: ResultType;
  title: string;
  signals: string;
  wins: string;
  losses: string;
  totalPercentage: string;
  winRate: string;
  published: boolean;
};

const blank = (type: ResultType): Values => ({
  type,
  title: "",
  signals: "",
  wins: "",
  losses: "",
  totalPercentage: "",
  winRate: "",
  published: false,
});
const fromRow = (row: StaffResult): Values => ({
  type: row.type,
  title: row.title,
  signals: String(row.signals),
  wins: String(row.wins),
  losses: String(row.losses),
  totalPercentage: String(row.totalPercentage),
  winRate: String(row.winRate),
  published: row.published,
});

const NUMBER_FIELDS = [
  { key: "signals", label: "Signals", inputMode: "numeric" },
  { key: "wins", label: "Wins", inputMode: "numeric" },
  { key: "losses", label: "Losses", inputMode: "numeric" },
  { key: "totalPercentage", label: "Total percentage", inputMode: "decimal" },
  { key: "winRate", label: "Win rate (%)", inputMode: "decimal" },
] as const;

/**
 * Add or edit one result: the shared schema checks it in the browser first (wins +
 * losses ≤ signals, the win rate against wins and losses), the server again.
 */
export function ResultFormDialog({
  open,
  onOpenChange,
  row,
  defaultType,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row to edit; none to add one. */
  row: StaffResult | null;
  defaultType: ResultType;
}) {
  const form = useForm<Values>({
    initial: row ? fromRow(row) : blank(defaultType),
    // Mistakes the browser finds show under their fields only; the server's refusal is a toast as well.
    refusal: ({ error }) =>
      error !== undefined && toast.error(row ? "Result not saved" : "Result not added", { description: error }),
  });
  const { values, setValues, errors, reset } = form;

  // Every opening starts from what is saved.
  React.useEffect(() => {
    if (open) reset(row ? fromRow(row) : blank(defaultType));
  }, [open, row, defaultType, reset]);

  const { submit, busy } = useStaffAction<ResultAnswer>((answer) => {
    if (answer.ok) {
      toast.success(answer.message);
      onOpenChange(false);
    } else {
      form.refuse(answer);
    }
  });

  // The page's action reads the form as typed (its schema converts it), so the raw values are sent.
  const save = form.submit(resultSchema, () => {
    const body: Record<string, string> = {
      ...values,
      published: values.published ? "true" : "false",
      intent: row ? "update" : "create",
    };
    if (row) body.id = String(row.id);
    submit(body);
  });

  const wins = Number(values.wins);
  const losses = Number(values.losses);
  const hint =
    /^\d+$/.test(values.wins.trim()) && /^\d+$/.test(values.losses.trim())
      ? `From wins and losses: ${expectedWinRate(wins, losses)}%`
      : undefined;
  const set = (key: keyof Values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const invalid = (key: string) => Boolean(errors[key]) || undefined;
  const describedBy = (key: string) => (errors[key] ? `result-${key}-error` : undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{row ? "Edit result" : "New result"}</DialogTitle>
          <DialogDescription>One period of the results tracker, as /results shows it.</DialogDescription>
        </DialogHeader>
        <form onSubmit={save} className="grid gap-4" noValidate aria-label={row ? "Edit result" : "New result"}>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="result-type" label="Market type" error={errors.type}>
              <NativeSelect id="result-type" value={values.type} onChange={set("type")} aria-invalid={invalid("type")}>
                {RESULT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {RESULT_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="result-title" label="Title" error={errors.title}>
              <Input
                id="result-title"
                value={values.title}
                onChange={set("title")}
                maxLength={120}
                placeholder="November 2026"
                aria-invalid={invalid("title")}
                aria-describedby={describedBy("title")}
              />
            </FormField>
            {NUMBER_FIELDS.map(({ key, label, inputMode }) => (
              <FormField
                key={key}
                id={`result-${key}`}
                label={label}
                error={errors[key]}
                hint={key === "winRate" ? hint : undefined}
              >
                <Input
                  id={`result-${key}`}
                  inputMode={inputMode}
                  value={values[key]}
                  onChange={set(key)}
                  aria-invalid={invalid(key)}
                  aria-describedby={describedBy(key)}
                />
              </FormField>
            ))}
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={values.published}
              onChange={(event) => setValues((v) => ({ ...v, published: event.target.checked }))}
              className="size-4"
            />
            Published on /results
          </label>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : row ? "Save result" : "Add result"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
