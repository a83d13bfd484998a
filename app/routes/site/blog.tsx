import type * as React from "react";
import { useNavigation } from "react-router";
import { BlogPostList } from "~/components/blog/blog-post-list";
import { BlogSearch } from "~/components/blog/blog-search";
import { FeedLink } from "~/components/blog/feed-link";
import type { NewsletterSignup as NewsletterSignupForm } from "~/components/blog/newsletter-signup";
import { lazyBelowTheFold } from "~/components/site/below-the-fold";
import { feedLink, seoMeta } from "~/lib/meta";
import { normalizeSearch } from "~/lib/search-term";
import { listBlogPosts } from "#server/content/list-blog-posts";
import { getDb } from "#server/db/client";
import { loadOrUnavailable } from "#server/http/load-or-unavailable";
import { newsletterNotice } from "#server/newsletter/messages";
import type { Route } from "./+types/blog";

const PAGE_SIZE = 6;
/** `?page=N` shows the first N pages; bounded so one request never reads an unbounded list. */
const MAX_PAGE = 100;

// At the foot of the page: its script (and the form's shared validation) loads as the reader
// scrolls to it; the server-rendered form works without it.
const NewsletterSignup = lazyBelowTheFold<React.ComponentProps<typeof NewsletterSignupForm>>(() =>
  import("~/components/blog/newsletter-signup").then((m) => ({ default: m.NewsletterSignup })),
);

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = normalizeSearch(url.searchParams.get("q"));
  const page = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "", 10) || 1));
  const notice = newsletterNotice(url.searchParams.get("newsletter"));
  return loadOrUnavailable({
    load: async () => ({
      query,
      page,
      ...(await listBlogPosts({ db: getDb(), search: query, limit: page * PAGE_SIZE })),
      failed: false,
      notice,
    }),
    fallback: { query, page, posts: [], total: 0, failed: true, notice },
    failure: "blog list failed to load",
  });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => [
  ...seoMeta({
    matches,
    location,
    title: loaderData?.query ? `Search: ${loaderData.query}` : "Blog",
    description: "Risk management, trading education, market analysis and product news from our research team.",
    // Search result pages are for people, not for the index.
    noindex: Boolean(loaderData?.query),
  }),
  feedLink(matches),
];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { query, page, posts, total, failed, notice } = loaderData;
  const navigation = useNavigation();
  const pending =
    navigation.state === "loading" && navigation.location.pathname === "/blog" ? navigation.location : null;
  const searching = pending !== null && normalizeSearch(new URLSearchParams(pending.search).get("q")) !== query;

  return (
    <div>
      <section
        className={
          "relative overflow-hidden border-b bg-gradient-to-b from-primary/10 via-background " + "to-background"
        }
      >
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center sm:px-6">
          <p className="text-sm font-semibold tracking-widest text-primary uppercase">Blog</p>
          <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Insights for calmer, smarter trading
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground text-pretty">
            Risk management, trading education, market analysis and product news from the team behind the signals.
          </p>
          <BlogSearch query={query} className="mt-2" />
          <FeedLink />
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-16 px-4 py-14 sm:px-6">
        <BlogPostList
          query={query}
          posts={posts}
          total={total}
          page={page}
          failed={failed}
          searching={searching}
          loadingMore={pending !== null && !searching}
        />
        <NewsletterSignup notice={notice} className="mx-auto w-full max-w-3xl" />
      </div>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
