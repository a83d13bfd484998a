import type { ReactNode } from "react";

/** Props shared by the legal page components. */
export interface LegalContentProps {
  contactEmail?: string;
  lastUpdated: string;
}

/** A single block of body content inside a legal section. */
export type LegalBlock = { type: "p"; content: ReactNode; muted?: boolean } | { type: "ul"; items: ReactNode[] };

/** One numbered section of a legal document. */
export interface LegalSection {
  /** Anchor id, used by the table of contents (`#id`). */
  id: string;
  /** Heading text without the number; numbering is added automatically. */
  title: string;
  blocks: LegalBlock[];
}

/**
 * How to reach the operator: a mailto link when an address is configured,
 * otherwise a reference to the contact form. Reads naturally after "via".
 */
export function ContactReference({ contactEmail }: { contactEmail?: string }) {
  if (contactEmail) {
    return (
      <a href={`mailto:${contactEmail}`} className="font-medium underline underline-offset-4">
        {contactEmail}
      </a>
    );
  }
  return <>the contact form on this site</>;
}

export function p(content: ReactNode, muted = false): LegalBlock {
  return { type: "p", content, muted };
}

export function ul(...items: ReactNode[]): LegalBlock {
  return { type: "ul", items };
}

interface LegalDocumentProps {
  title: string;
  lastUpdated: string;
  intro?: ReactNode;
  sections: LegalSection[];
}

/** Renders a titled legal document with a table of contents and numbered sections. */
export function LegalDocument({ title, lastUpdated, intro, sections }: LegalDocumentProps) {
  return (
    <article className="mx-auto max-w-3xl space-y-4 leading-relaxed">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">Last updated: {lastUpdated}</p>
      </header>

      {intro ? <div className="space-y-4">{intro}</div> : null}

      <nav aria-label="Table of contents" className="rounded-lg border p-4 text-sm">
        <p className="mb-2 font-semibold">Contents</p>
        <ol className="space-y-1">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-heading`}
          className="scroll-mt-24 space-y-4"
        >
          <h2 id={`${section.id}-heading`} className="mt-8 text-xl font-semibold">
            {index + 1}. {section.title}
          </h2>
          {section.blocks.map((block, blockIndex) =>
            block.type === "p" ? (
              <p key={blockIndex} className={block.muted ? "text-muted-foreground" : undefined}>
                {block.content}
              </p>
            ) : (
              <ul key={blockIndex} className="list-disc space-y-2 pl-6">
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </article>
  );
}
