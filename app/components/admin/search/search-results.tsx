import { SearchIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { listQuery } from "~/components/admin/list/list-query";
import { Pager } from "~/components/admin/list/pager";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { SEARCH_MAX, type SearchKind } from "~/lib/validation/admin/search";
import type { BackOfficeSearch, SearchGroup } from "~/lib/view-types/admin/search";
import { MemberDetails, memberPath, PostDetails, postPath } from "./search-hits";

const KIND_TITLES: Record<SearchKind, string> = { members: "Members", posts: "Posts" };
const KIND_HINTS: Record<SearchKind, string> = { members: "email, name or Telegram username", posts: "post title" };

/** The full results page of the back office's search: every kind the role may read, or one kind paged. */
export function SearchResults({
  kinds,
  error,
  search,
  page,
  pageSize,
}: {
  kinds: SearchKind[];
  error: string | null;
  search: BackOfficeSearch | null;
  page: number;
  pageSize: number;
}) {
  const query = search?.query ?? "";
  const shown = kinds.filter((k) => search?.[k]);
  const single = shown.length === 1 && search ? shown[0] : undefined;
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold">Search</h1>
      <Form method="get" role="search" aria-label="Back office" className="flex max-w-xl gap-2">
        <Input
          name="q"
          type="search"
          aria-label={`Search ${kinds.map((k) => KIND_HINTS[k]).join(", or ")}`}
          placeholder={`Search ${kinds.map((k) => KIND_TITLES[k].toLowerCase()).join(" and ")}`}
          defaultValue={query}
          maxLength={SEARCH_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "search-error" : undefined}
        />
        <Button type="submit">
          <SearchIcon aria-hidden="true" />
          Search
        </Button>
      </Form>
      <FieldError id="search-error">{error}</FieldError>
      {search && shown.every((k) => search[k]!.total === 0) ? (
        <EmptyState>Nothing matches “{query}”.</EmptyState>
      ) : null}
      {search?.members && search.members.total > 0 ? (
        <ResultGroup
          kind="members"
          query={query}
          group={search.members}
          page={page}
          pageSize={pageSize}
          paged={single === "members"}
        >
          {search.members.rows.map((member) => (
            <li key={member.userId}>
              <Link to={memberPath(member)} className="block rounded-md border p-3 hover:bg-accent">
                <MemberDetails member={member} />
              </Link>
            </li>
          ))}
        </ResultGroup>
      ) : null}
      {search?.posts && search.posts.total > 0 ? (
        <ResultGroup
          kind="posts"
          query={query}
          group={search.posts}
          page={page}
          pageSize={pageSize}
          paged={single === "posts"}
        >
          {search.posts.rows.map((post) => (
            <li key={post.id}>
              <Link to={postPath(post)} className="block rounded-md border p-3 hover:bg-accent">
                <PostDetails post={post} />
              </Link>
            </li>
          ))}
        </ResultGroup>
      ) : null}
    </div>
  );
}

function ResultGroup({
  kind,
  query,
  group,
  page,
  pageSize,
  paged,
  children,
}: {
  kind: SearchKind;
  query: string;
  group: SearchGroup<unknown>;
  page: number;
  pageSize: number;
  paged: boolean;
  children: ReactNode;
}) {
  const pageCount = Math.max(1, Math.ceil(group.total / pageSize));
  const link = (to: number) => `/admin/search${listQuery({ q: query, kind, page: to > 1 && to })}`;
  return (
    <section aria-labelledby={`results-${kind}`} className="grid gap-3">
      <h2 id={`results-${kind}`} className="text-lg font-semibold">
        {KIND_TITLES[kind]}{" "}
        <span className="text-sm font-normal text-muted-foreground">({group.total.toLocaleString("en-US")})</span>
      </h2>
      <ul className="grid gap-2">{children}</ul>
      {paged ? <Pager aria-label={`${KIND_TITLES[kind]} pages`} page={page} pageCount={pageCount} href={link} /> : null}
      {!paged && group.total > group.rows.length ? (
        <p className="text-sm">
          <Link to={link(1)}>
            All {group.total.toLocaleString("en-US")} {KIND_TITLES[kind].toLowerCase()}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
