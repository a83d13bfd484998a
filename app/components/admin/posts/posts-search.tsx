import { SearchIcon } from "lucide-react";
import { FilterForm } from "~/components/admin/list/filter-form";
import { NativeSelect } from "~/components/admin/list/native-select";
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
    <FilterForm role="search" aria-label="Posts" className="flex flex-wrap items-end gap-3">
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
        <NativeSelect id="posts-status" name="status" defaultValue={status ?? ""} className="w-auto">
          <option value="">Every status</option>
          {POST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
    </FilterForm>
  );
}
