import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { NewsletterCounts } from "~/lib/view-types/admin/newsletter";

const FIGURES = [
  { key: "confirmed", label: "Confirmed", note: "Receive new posts" },
  { key: "pending", label: "Pending", note: "Have not used the confirmation link" },
  { key: "unsubscribed", label: "Unsubscribed", note: "Left; receive nothing" },
] as const;

/** The three counts of the newsletter's addresses. */
export function NewsletterCountsView({ counts }: { counts: NewsletterCounts }) {
  return (
    <section aria-labelledby="newsletter-counts" className="grid gap-3">
      <h2 id="newsletter-counts" className="sr-only">
        Subscribers by status
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {FIGURES.map(({ key, label, note }) => (
          <Card key={key} role="group" aria-label={label} className="gap-2">
            <CardHeader>
              <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-2xl font-semibold tabular-nums">{counts[key].toLocaleString("en-US")}</p>
              <p className="text-xs text-muted-foreground">{note}</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
