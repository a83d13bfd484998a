import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Skeleton } from "~/components/ui/skeleton";
import type { KnowledgebaseArticle, KnowledgebaseData } from "~/lib/view-types/member";
import { DashboardSection, SectionContent } from "./dashboard-section";

/** Skeleton rows shown while the articles load. */
const SKELETON_ROWS = 4;

/**
 * Knowledgebase: published articles as an accordion, one open at a time, collapsible.
 * Without `data` (the section is being loaded) it shows the skeleton rows.
 */
export function KnowledgebaseSection({ data }: { data?: KnowledgebaseData }) {
  return (
    <DashboardSection id="knowledgebase" title="Knowledgebase" className="max-w-4xl">
      <SectionContent data={data} loading={<KnowledgebaseSkeleton />}>
        {({ articles }) => <Articles articles={articles} />}
      </SectionContent>
    </DashboardSection>
  );
}

function Articles({ articles }: { articles: KnowledgebaseArticle[] }) {
  if (articles.length === 0) return <p className="text-muted-foreground">No articles yet.</p>;
  return (
    <Accordion type="single" collapsible className="rounded-lg border px-4">
      {articles.map((article) => (
        <AccordionItem key={article.id} value={String(article.id)}>
          <AccordionTrigger className="text-base">{article.title}</AccordionTrigger>
          {/* Sanitized when written; rendered only from that storage. */}
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
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading articles"
      data-slot="knowledgebase-skeleton"
      className="grid gap-3 rounded-lg border p-4"
    >
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
