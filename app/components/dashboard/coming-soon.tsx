import { ConstructionIcon } from "lucide-react";

/** Disabled and unknown sections: '{title} - Coming soon'. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="grid max-w-xl justify-items-start gap-3">
      <ConstructionIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{`${title} - Coming soon`}</h1>
      <p className="text-muted-foreground">This part of the dashboard is not available yet.</p>
    </section>
  );
}
