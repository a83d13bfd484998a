import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * One figure: its label (the group's accessible name), the value, an optional note (counts,
 * a second value) and the definition it is counted by, always visible so nobody has to hover.
 */
export function Figure({
  label,
  value,
  note,
  definition,
}: {
  label: string;
  value: string;
  /** One line, or several (a figure split by method). */
  note?: string | string[];
  definition?: string;
}) {
  const notes = note === undefined ? [] : Array.isArray(note) ? note : [note];
  return (
    <Card role="group" aria-label={label} className="gap-2">
      <CardHeader>
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-2xl font-semibold tabular-nums break-words">{value}</p>
        {notes.map((line) => (
          <p key={line} className="text-xs text-muted-foreground">
            {line}
          </p>
        ))}
        {definition ? <CardDescription className="text-xs">{definition}</CardDescription> : null}
      </CardContent>
    </Card>
  );
}

export function FigureSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-sm font-medium text-muted-foreground">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
    </section>
  );
}
