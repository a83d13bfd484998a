import { BellRingIcon, BotIcon, LineChartIcon, ShieldCheckIcon } from "lucide-react";
import type * as React from "react";

/**
 * The account screens' frame: the form on the left and, beside it from 1024 px, `side`
 * (by default the decorative marketing panel of the sign-in screen).
 */
export function AuthShell({
  title,
  description,
  children,
  side = <MarketingPanel />,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  side?: React.ReactNode;
}) {
  return (
    <section className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:py-20">
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-2 text-muted-foreground">{description}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
      {side}
    </section>
  );
}

function MarketingPanel() {
  const points = [
    { icon: BellRingIcon, text: "Real-time signals straight to your Telegram" },
    { icon: BotIcon, text: "A bot that can copy the trades for you" },
    { icon: LineChartIcon, text: "Every result published on our tracker" },
    { icon: ShieldCheckIcon, text: "Entries, targets and stop losses on every call" },
  ];
  return (
    <aside
      aria-hidden="true"
      className="hidden rounded-2xl border bg-gradient-to-br from-primary/15 via-background to-background p-10 lg:block"
    >
      <p className="text-sm font-medium text-primary">Every result published</p>
      <p className="mt-3 text-3xl font-bold leading-tight">Trade with signals built by AI and checked by people.</p>
      <ul className="mt-8 space-y-4">
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-muted-foreground">
            <Icon className="size-5 text-primary" />
            {text}
          </li>
        ))}
      </ul>
    </aside>
  );
}
