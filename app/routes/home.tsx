import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/root";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "AI-powered crypto and forex signals", "AI-powered crypto and forex trading signals delivered in Telegram since 2017.");

// The hero of the home page; the rest of spec §1's home sections arrive with the public-site work.
export default function Home() {
  const brand = useRootData()?.config.brandName ?? "";
  return (
    <section className="relative overflow-hidden">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-8 px-6 py-24 text-center sm:py-32">
        <span className="rounded-full border px-4 py-1 text-sm text-muted-foreground">Trusted by 50,000+ traders since 2017</span>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">
          AI-powered trading signals, <span className="text-primary">delivered in Telegram</span>
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          {brand} scans crypto and forex markets around the clock and sends clear entries, targets and stop losses for
          futures, forex and spot straight to your Telegram — with a bot that can copy the trades for you.
        </p>
        <Button asChild size="lg" className="text-base">
          <Link to="/pricing">Join Today</Link>
        </Button>
      </div>
    </section>
  );
}
