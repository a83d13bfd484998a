import crypto from "node:crypto";
import routes from "~/routes";
import type { Db } from "#server/db/client";
import {
  blogPosts,
  blogPreviews,
  broadcasts,
  contactSubmissions,
  coupons,
  knowledgebaseArticles,
  pricing,
  profiles,
  user,
} from "#server/db/schema";

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/** A route of app/routes.ts with its full path ("/admin/plans/:planId") and where it sits. */
export type DeclaredRoute = {
  /** Relative to app/, as routes.ts names it: "routes/admin/plans/admin.plans.$planId.tsx". */
  file: string;
  path: string;
  /** The /admin layout itself. */
  isAdminLayout: boolean;
  /** A page under the /admin layout (its loader runs its own guard: the layout's loader runs beside it, not first). */
  inAdmin: boolean;
  /** A catch-all ("*"): the back office's 404 page. */
  isSplat: boolean;
  /** An index route: it serves its parent's path. */
  isIndex: boolean;
  /** A layout with no path of its own (it only wraps its children). */
  isPathlessLayout: boolean;
};

/** Every route in app/routes.ts, walked, so a route added there is seen by the tests that use this. */
export function declaredRoutes(): DeclaredRoute[] {
  const found: DeclaredRoute[] = [];
  const walk = (entries: readonly RouteEntry[], parentPath: string, inAdmin: boolean) => {
    for (const entry of entries) {
      const path = entry.path ? `${parentPath.replace(/\/$/, "")}/${entry.path}` : parentPath;
      const isAdminLayout = !inAdmin && path === "/admin" && !!entry.children;
      const isPathlessLayout = !entry.path && !entry.index && !!entry.children;
      found.push({
        file: entry.file,
        path,
        isAdminLayout,
        inAdmin,
        isSplat: entry.path === "*",
        isIndex: !!entry.index,
        isPathlessLayout,
      });
      if (entry.children) walk(entry.children, path, inAdmin || isAdminLayout);
    }
  };
  walk(routes as readonly RouteEntry[], "/", false);
  return found;
}

/** The pages under /admin (the layout and the catch-all left out). */
export function adminPages(): DeclaredRoute[] {
  return declaredRoutes().filter((r) => r.inAdmin && !r.isSplat);
}

/** An existing row for each route parameter, so a route answers its page or reads its body, not "no such plan". */
const PARAM_ROWS: Record<string, (db: Db, label: string) => Promise<string>> = {
  planId: async (db, label) => {
    const [row] = await db
      .insert(pricing)
      .values({ planId: `${label.toLowerCase()}-${Date.now()}`, name: label, price: 10_000_000n })
      .returning({ id: pricing.id });
    return String(row!.id);
  },
  articleId: async (db, label) => {
    const [row] = await db
      .insert(knowledgebaseArticles)
      .values({ title: label, content: `<p>${label}</p>` })
      .returning({ id: knowledgebaseArticles.id });
    return String(row!.id);
  },
  postId: async (db, label) => {
    const [row] = await db
      .insert(blogPosts)
      .values({
        slug: `${label.toLowerCase()}-${Date.now()}`,
        title: label,
        content: `<p>${label}</p>`,
        category: "News",
        date: "2026-11-23",
        image: "/images/blog/placeholder.jpg",
        author: label,
      })
      .returning({ id: blogPosts.id });
    return String(row!.id);
  },
  // A member (an account with a profile), for the member page and its writes.
  memberId: async (db, label) => {
    const id = crypto.randomUUID();
    await db.insert(user).values({ id, name: label, email: `${label.toLowerCase()}-${id.slice(0, 8)}@example.com` });
    await db.insert(profiles).values({ id, firstName: label, lastName: "Member" });
    return id;
  },
  messageId: async (db, label) => {
    const [row] = await db
      .insert(contactSubmissions)
      .values({ name: label, email: `${label.toLowerCase()}@example.com`, message: `Hello from ${label}` })
      .returning({ id: contactSubmissions.id });
    return String(row!.id);
  },
  // A draft, as Save draft leaves it.
  broadcastId: async (db, label) => {
    const [row] = await db
      .insert(broadcasts)
      .values({
        subject: `Broadcast ${label}`,
        body: "<p>Hello</p>",
        channel: "bot",
        audience: { statuses: ["active"], planIds: [], endedWithinDays: 30 },
      })
      .returning({ id: broadcasts.id });
    return row!.id;
  },
  couponId: async (db, label) => {
    const [row] = await db
      .insert(coupons)
      .values({
        code: `${label.replace(/[^A-Za-z0-9]/g, "")}${Date.now()}`.toUpperCase(),
        kind: "percent",
        percentOff: 10,
      })
      .returning({ id: coupons.id });
    return String(row!.id);
  },
  // The post editor's preview, as its Preview button leaves it.
  previewId: async (db, label) => {
    const id = crypto.randomBytes(16).toString("hex");
    await db.insert(blogPreviews).values({
      id,
      createdBy: label.toLowerCase(),
      post: { title: label, slug: `${label.toLowerCase()}-${id.slice(0, 8)}`, content: `<p>${label}</p>` },
    });
    return id;
  },
};

/** The route parameters createRouteParams can make a row for. */
export const PARAM_NAMES: ReadonlySet<string> = new Set(Object.keys(PARAM_ROWS));

/**
 * A value for every `:parameter` of these route paths, each an existing row made for it (named
 * `label`). A route with a new parameter fails here until PARAM_ROWS is taught one.
 */
export async function createRouteParams(options: {
  db: Db;
  paths: string[];
  label: string;
}): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  for (const name of new Set(options.paths.flatMap((path) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!)))) {
    const make = PARAM_ROWS[name];
    if (!make) throw new Error(`A route has :${name}: add a row for it to PARAM_ROWS in tests/helpers/admin-routes.ts`);
    params[name] = await make(options.db, options.label);
  }
  return params;
}
