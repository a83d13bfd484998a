import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Skeleton } from "~/components/ui/skeleton";
import { LoadError } from "~/components/ui/load-error";
import type { KnowledgebaseData } from "~/lib/view-types/member";

/** spec §9: 4 skeleton rows while loading. */
const SKELETON_ROWS = 4;

/**
 * Knowledgebase (spec §2): published articles as an accordion, one open at a time, collapsible.
 * Without `data` (the section is being loaded) it shows the skeleton rows.
 */
export function KnowledgebaseSection({ data }: { data?: KnowledgebaseData }) {
  return (
    <section aria-labelledby="knowledgebase-title" className="grid max-w-4xl grid-cols-1 gap-6">
      <h1 id="knowledgebase-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Knowledgebase
      </h1>
      {data ? <Articles data={data} /> : <KnowledgebaseSkeleton />}
    </section>
  );
}

function Articles({ data }: { data: KnowledgebaseData }) {
  if ("error" in data) {
    return (
      <LoadError>
        {data.error}
      </LoadError>
    );
  }
  if (data.articles.length === 0) return <p className="text-muted-foreground">No articles yet.</p>;
  return (
    <Accordion type="single" collapsible className="rounded-lg border px-4">
      {data.articles.map((article) => (
        <AccordionItem key={article.id} value={String(article.id)}>
          <AccordionTrigger className="text-base">{article.title}</AccordionTrigger>
          {/* Sanitized when written (DESIGN.md §6); rendered only from that storage. */}
          <AccordionContent>
            <div className="prose-content" dangerouslySetInnerHTML={{ __html: article.content }} />
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

function KnowledgebaseSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading articles" data-slot="knowledgebase-skeleton" className="grid gap-3 rounded-lg border p-4">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
