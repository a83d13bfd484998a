import { Badge } from "~/components/ui/badge";
import { INBOX_STATUS_LABELS, type InboxStatus } from "~/lib/view-types/admin/inbox";

const VARIANTS = { new: "default", open: "warning", answered: "success", closed: "outline" } as const;

export function InboxStatusBadge({ status }: { status: InboxStatus }) {
  return <Badge variant={VARIANTS[status]}>{INBOX_STATUS_LABELS[status]}</Badge>;
}
