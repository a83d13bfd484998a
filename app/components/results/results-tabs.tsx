import type * as React from "react";
import { Link, useNavigate } from "react-router";
import { LoadError } from "~/components/ui/load-error";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { cn } from "~/lib/utils";
import { RESULT_TYPES, type PublicResult, type ResultType } from "~/lib/view-types/content";
import { ResultCard } from "./result-card";
import { ResultsSkeletonGrid } from "./result-card-skeleton";
import { RESULT_TYPE_LABELS } from "./result-types";

// Worded like the blog's and the pricing page's load failures.
const RESULTS_ERROR = "Error loading results. Please try again later.";

const hrefFor = (type: ResultType) => `/results?type=${type}`;

/**
 * The five result tabs. Each tab is a real link to `?type=…` (shareable, works without
 * JavaScript); with JavaScript the tab set navigates itself, keeping the scroll position.
 */
export function ResultsTabs({
  activeType,
  items,
  loading,
  failed = false,
  className,
  ...props
}: {
  /** The tab shown as selected: the one being loaded while a switch is under way. */
  activeType: ResultType;
  /** The published rows of the loaded type (a prop named `results` would clash with a DOM attribute). */
  items: PublicResult[];
  loading: boolean;
  /** The rows could not be read: say so instead of "none published". */
  failed?: boolean;
} & Omit<React.ComponentProps<typeof Tabs>, "value" | "onValueChange">) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={activeType}
      onValueChange={(value) => navigate(hrefFor(value as ResultType), { preventScrollReset: true })}
      className={cn("gap-8", className)}
      {...props}
    >
      <TabsList aria-label="Result type" className="mx-auto h-auto flex-wrap justify-center gap-1">
        {RESULT_TYPES.map((type) => (
          <TabsTrigger key={type} value={type} asChild className="flex-none px-3 py-1.5">
            <Link
              to={hrefFor(type)}
              preventScrollReset
              // Radix already switched the tab on mouse down or key press; a plain click must not
              // navigate twice. Modified clicks (new tab, new window) keep the browser's behaviour.
              onClick={(event) => {
                if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey)
                  event.preventDefault();
              }}
            >
              {RESULT_TYPE_LABELS[type]}
            </Link>
          </TabsTrigger>
        ))}
      </TabsList>
      {RESULT_TYPES.map((type) => (
        <TabsContent key={type} value={type} tabIndex={-1}>
          {type === activeType ? (
            <ResultsGrid results={items} loading={loading} failed={failed} label={RESULT_TYPE_LABELS[type]} />
          ) : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}

function ResultsGrid({
  results,
  loading,
  failed,
  label,
}: {
  results: PublicResult[];
  loading: boolean;
  failed: boolean;
  label: string;
}) {
  if (loading) return <ResultsSkeletonGrid label={`Loading ${label} results`} />;
  if (failed) return <LoadError className="mx-auto max-w-xl rounded-xl">{RESULTS_ERROR}</LoadError>;
  if (results.length === 0) {
    return <p className="py-12 text-center text-muted-foreground">No {label} results have been published yet.</p>;
  }
  return (
    <ul aria-label={`${label} results`} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {results.map((result) => (
        <li key={result.id}>
          <ResultCard result={result} className="h-full" />
        </li>
      ))}
    </ul>
  );
}
