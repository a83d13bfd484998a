/* What the back office's Knowledgebase pages hand their components. */

/** One row of the list: members see the published ones in this order. */
export type AdminKnowledgebaseRow = {
  id: number;
  title: string;
  published: boolean;
  displayOrder: number;
  createdAt: string;
};

/** One article in the editor; `content` is the stored, sanitized HTML. */
export type AdminKnowledgebaseArticle = { id: number; title: string; content: string; published: boolean };
