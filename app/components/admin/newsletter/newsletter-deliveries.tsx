import { RotateCcwIcon } from "lucide-react";
import { EmptyState } from "~/components/admin/list/empty-state";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { NewsletterPostDelivery } from "~/lib/view-types/admin/newsletter";

const n = (value: number) => value.toLocaleString("en-US");

/** Each announced post's emails: sent, still queued (some retrying), failed for good, skipped. */
export function NewsletterDeliveries({
  deliveries,
  canWrite,
  busy,
  onRetry,
}: {
  deliveries: NewsletterPostDelivery[];
  canWrite: boolean;
  busy: boolean;
  onRetry: (postId: number) => void;
}) {
  return (
    <section aria-labelledby="newsletter-deliveries" className="grid gap-3">
      <div>
        <h2 id="newsletter-deliveries" className="text-lg font-semibold">
          Emails by post
        </h2>
        <p className="text-sm text-muted-foreground">
          Each email is tried up to 12 times over about a day and a half; after that it counts as failed.
        </p>
      </div>
      {deliveries.length === 0 ? (
        <EmptyState>No post has been emailed yet.</EmptyState>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Post</TableHead>
              <TableHead className="text-right">Sent</TableHead>
              <TableHead className="text-right">Queued</TableHead>
              <TableHead className="text-right">Failed</TableHead>
              <TableHead className="text-right">Skipped</TableHead>
              {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {deliveries.map((post) => (
              <TableRow key={post.postId} aria-label={post.title}>
                <TableCell className="max-w-72 whitespace-normal">
                  <span className="block font-medium">{post.title}</span>
                  {post.lastError && (post.failed > 0 || post.retrying > 0) ? (
                    <span className="block text-xs break-words text-muted-foreground">
                      Last error: {post.lastError}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell label="Sent" className="text-right tabular-nums">
                  {n(post.sent)}
                </TableCell>
                <TableCell label="Queued" className="text-right tabular-nums">
                  {n(post.queued)}
                  {post.retrying > 0 ? (
                    <span className="block text-xs text-muted-foreground">{n(post.retrying)} retrying</span>
                  ) : null}
                </TableCell>
                <TableCell
                  label="Failed"
                  className={
                    post.failed > 0
                      ? "text-right font-semibold text-destructive tabular-nums"
                      : "text-right tabular-nums"
                  }
                >
                  {n(post.failed)}
                </TableCell>
                <TableCell label="Skipped" className="text-right tabular-nums">
                  {n(post.skipped)}
                </TableCell>
                {canWrite ? (
                  <TableCell className="text-right">
                    {post.failed > 0 ? (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        aria-label={`Send the failed emails of “${post.title}” again`}
                        onClick={() => onRetry(post.postId)}
                      >
                        <RotateCcwIcon aria-hidden="true" />
                        Send again
                      </Button>
                    ) : null}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
