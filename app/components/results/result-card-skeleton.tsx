import type * as React from "react";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/utils";

// Six skeleton cards while results load.
export const SKELETON_CARDS = 6;

export function ResultCardSkeleton({ className, ...props }: React.ComponentProps<typeof Card>) {
  return (
    <Card data-slot="result-card-skeleton" aria-hidden="true" className={cn("gap-5", className)} {...props}>
      <CardHeader>
        <Skeleton className="h-5 w-2/3" />
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="grid grid-cols-3 gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
        <Skeleton className="h-8 w-1/2 justify-self-end" />
        <Skeleton className="h-2.5 w-full" />
      </CardContent>
    </Card>
  );
}

/** The grid of skeleton cards shown while results load (a tab switch, or the page opened by a click). */
export function ResultsSkeletonGrid({ label, className, ...props }: { label: string } & React.ComponentProps<"div">) {
  return (
    <div
      role="status"
      aria-label={label}
      className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-3", className)}
      {...props}
    >
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <ResultCardSkeleton key={i} />
      ))}
    </div>
  );
}
