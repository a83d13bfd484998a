import { Area, AreaChart, Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { plural } from "~/lib/plural";
import type { AdminOverview } from "~/lib/view-types/admin/overview";
import { definitions } from "./definitions";

// recharts is imported here and nowhere else: only the /admin route reaches this file, so the
// library lands in the back office's chunks and never in a public page's first load.

type Point = { day: string; value: number; label: string };

const shortDay = (day: string) => day.slice(5);
const axis = { fontSize: 11, fill: "var(--muted-foreground)" };

/** The three daily charts, each with its numbers as a table for screen readers. */
export function OverviewCharts({ series }: { series: AdminOverview["series"] }) {
  const revenue = series.revenue?.map((p) => ({
    day: p.day,
    value: Number(BigInt(p.amount)) / 1_000_000,
    label: formatUsdt(BigInt(p.amount), { suffix: true }),
  }));
  const total = series.revenue?.reduce((sum, p) => sum + BigInt(p.amount), 0n);
  const signUps = series.signUps.map((p) => ({ day: p.day, value: p.count, label: String(p.count) }));
  const active = series.activeMembers.map((p) => ({ day: p.day, value: p.count, label: String(p.count) }));
  const last = active.at(-1)?.value ?? 0;
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2">
      {revenue ? (
        <ChartCard
          id="revenue-chart"
          title="Revenue per day"
          description={definitions.revenue}
          summary={`${formatUsdt(total!, { suffix: true })} in ${plural(revenue.length, "day")}.`}
          points={revenue}
          column="Revenue"
          kind="bar"
        />
      ) : null}
      <ChartCard
        id="sign-ups-chart"
        title="Sign-ups per day"
        description={definitions.signUpSeries}
        summary={`${plural(
          signUps.reduce((sum, p) => sum + p.value, 0),
          "sign-up",
        )} in ${plural(signUps.length, "day")}.`}
        points={signUps}
        column="Sign-ups"
        kind="bar"
      />
      <ChartCard
        id="active-chart"
        title="Active members"
        description={definitions.activeSeries}
        summary={`${active[0]?.value ?? 0} on ${active[0]?.day ?? "—"}, ${last} today.`}
        points={active}
        column="Active members"
        kind="area"
      />
    </div>
  );
}

function ChartCard(props: {
  id: string;
  title: string;
  description: string;
  summary: string;
  points: Point[];
  column: string;
  kind: "bar" | "area";
}) {
  const { id, title, description, summary, points, column, kind } = props;
  return (
    <Card role="figure" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="min-w-0 gap-3">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-base">
          {title}
        </CardTitle>
        <CardDescription className="text-xs">{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-2">
        <p id={`${id}-summary`} className="text-sm tabular-nums">
          {summary}
        </p>
        {/* The picture is for sighted readers; the table below carries the same numbers. */}
        <div aria-hidden="true" data-chart={id} className="h-52 min-w-0">
          {kind === "bar" ? (
            <BarChart responsive accessibilityLayer={false} data={points} style={{ width: "100%", height: "100%" }}>
              <CartesianGrid vertical={false} stroke="var(--border)" />
              <XAxis dataKey="day" tickFormatter={shortDay} tick={axis} minTickGap={16} />
              <YAxis width={48} tick={axis} allowDecimals={false} />
              <Tooltip formatter={(_, __, item) => [(item.payload as Point).label, column]} />
              <Bar dataKey="value" fill="var(--chart-1)" isAnimationActive={false} />
            </BarChart>
          ) : (
            <AreaChart responsive accessibilityLayer={false} data={points} style={{ width: "100%", height: "100%" }}>
              <CartesianGrid vertical={false} stroke="var(--border)" />
              <XAxis dataKey="day" tickFormatter={shortDay} tick={axis} minTickGap={16} />
              <YAxis width={48} tick={axis} allowDecimals={false} />
              <Tooltip formatter={(_, __, item) => [(item.payload as Point).label, column]} />
              <Area dataKey="value" stroke="var(--chart-2)" fill="var(--chart-2)" isAnimationActive={false} />
            </AreaChart>
          )}
        </div>
        <table className="sr-only">
          <caption>{title}, by UTC day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{column}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <th scope="row">{formatDate(p.day)}</th>
                <td>{p.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
