import { ArrowRightIcon } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { parseResultType } from "~/components/results/result-types";
import { ResultsTabs } from "~/components/results/results-tabs";
import { Button } from "~/components/ui/button";
import { seoMeta } from "~/lib/meta";
import { listResults } from "#server/content/list-results";
import { getDb } from "#server/db/client";
import { loadOrUnavailable } from "#server/http/load-or-unavailable";
import type { Route } from "./+types/results";

export async function loader({ request }: Route.LoaderArgs) {
  // An unknown or missing ?type= shows the default tab rather than an error.
  const type = parseResultType(new URL(request.url).searchParams.get("type"));
  return loadOrUnavailable({
    load: async () => ({ type, results: await listResults({ db: getDb(), type }), failed: false }),
    fallback: { type, results: [], failed: true },
    failure: "results failed to load",
    context: { type },
  });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    matches,
    location,
    title: "Results",
    description:
      "Month-by-month results of our signals: signals sent, wins, losses, total return and win rate for every product.",
  });

export default function Results({ loaderData }: Route.ComponentProps) {
  const { type, results, failed } = loaderData;
  const navigation = useNavigation();
  // While another tab's data loads, that tab is already selected and shows skeleton cards.
  const pendingType =
    navigation.state === "loading" && navigation.location.pathname === "/results"
      ? parseResultType(new URLSearchParams(navigation.location.search).get("type"))
      : null;
  const activeType = pendingType ?? type;

  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <header className="mx-auto mb-12 max-w-3xl text-center">
        <p className="text-sm font-semibold tracking-widest text-primary uppercase">Results</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Every month, every signal, on the record
        </h1>
        <p className="mt-4 text-lg text-muted-foreground text-pretty">
          Signals sent, wins, losses and total return for each of our products. Choose a product to see its track
          record.
        </p>
      </header>

      <ResultsTabs activeType={activeType} items={results} loading={activeType !== type} failed={failed} />

      <p className="mx-auto mt-10 max-w-3xl text-center text-xs text-muted-foreground">
        Total is the sum of per-signal returns on margin; the win rate counts closed signals. Past results do not
        guarantee future performance. Trade only with money you can afford to lose.
      </p>

      <section
        className={
          "mx-auto mt-16 flex max-w-3xl flex-col items-center gap-5 rounded-2xl border bg-card px-6 " +
          "py-12 text-center shadow-sm"
        }
      >
        <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Get the next signal as it happens</h2>
        <p className="text-muted-foreground">Pick a plan and receive every signal in Telegram within seconds.</p>
        <Button asChild size="lg">
          <Link to="/pricing">
            Join Today
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </section>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
