import type * as React from "react";
import { LoadError } from "~/components/ui/load-error";
import { cn } from "~/lib/utils";
import type { SectionData } from "~/lib/view-types/member";

/**
 * The frame of every dashboard section: a region named by its heading (the page's h1, id
 * `{id}-title`), an optional description under it, then the section's content.
 */
function DashboardSection({
  id,
  title,
  description,
  className,
  children,
  ...props
}: { id: string; title: React.ReactNode; description?: React.ReactNode } & Omit<
  React.ComponentProps<"section">,
  "id" | "title"
>) {
  const titleId = `${id}-title`;
  const heading = (
    <h1 id={titleId} className="text-2xl font-bold tracking-tight sm:text-3xl">
      {title}
    </h1>
  );
  return (
    <section
      aria-labelledby={titleId}
      data-slot="dashboard-section-frame"
      className={cn("grid grid-cols-1 gap-6", className)}
      {...props}
    >
      {description ? (
        <div>
          {heading}
          <p className="mt-2 text-muted-foreground">{description}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

/**
 * A section's data as the loader hands it over: `loading` while there is none yet (another
 * section's data is on screen until the loader answers), the section's message when it failed
 * to load, else `children` with the data.
 */
function SectionContent<T extends object>({
  data,
  loading,
  children,
}: {
  data: SectionData<T> | undefined;
  loading: React.ReactNode;
  children: (data: T) => React.ReactNode;
}) {
  if (!data) return loading;
  if ("error" in data && typeof data.error === "string") return <LoadError>{data.error}</LoadError>;
  return children(data as T);
}

export { DashboardSection, SectionContent };
