import { Badge } from "~/components/ui/badge";
import type { PostStatus } from "~/lib/validation/admin/posts";

const LOOK: Record<PostStatus, { label: string; variant: "success" | "warning" | "outline" | "secondary" }> = {
  draft: { label: "Draft", variant: "outline" },
  scheduled: { label: "Scheduled", variant: "warning" },
  published: { label: "Published", variant: "success" },
  archived: { label: "Archived", variant: "secondary" },
};

/** A post's status as a badge, the same in the list and the editor. */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  const look = LOOK[status];
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
