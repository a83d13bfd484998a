import { SearchIcon } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { POST_STATUSES, type PostStatus } from "~/lib/validation/admin/posts";

const STATUS_LABELS = {
  draft: "Drafts",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
} as const;

/** Search posts by title and status: a GET form, so the search lives in the address. */
export function PostsSearch({ q, status }: { q: string; status: PostStatus | null }) {
  return (
    <Form method="get" role="search" aria-label="Posts" className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <label htmlFor="posts-search" className="text-sm font-medium">
          Title
        </label>
        <Input
          id="posts-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search by title"
          className="w-64"
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor="posts-status" className="text-sm font-medium">
          Status
        </label>
        <select
          id="posts-status"
          name="status"
          defaultValue={status ?? ""}
          className="h-9 rounded-md border bg-background px-3 text-sm shadow-xs focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <option value="">Every status</option>
          {POST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}
