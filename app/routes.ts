import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Every route of spec §2, listed explicitly. Screens built by later work join this list.
export default [
  route("api/contact", "routes/api.contact.ts"),
  route("api/newsletter", "routes/api.newsletter.ts"),
  route("logout", "routes/logout.ts"),
  route("dashboard", "routes/dashboard.tsx"),
  route("api/dashboard/profile", "routes/api.dashboard.profile.ts"),
  route("api/dashboard/password", "routes/api.dashboard.password.ts"),
  route("api/dashboard/telegram-code", "routes/api.dashboard.telegram-code.ts"),
  route("api/dashboard/purchase", "routes/api.dashboard.purchase.ts"),
  route("api/dashboard/autorenew", "routes/api.dashboard.autorenew.ts"),
  route("api/dashboard/two-factor/enable", "routes/api.dashboard.two-factor.enable.ts"),
  route("api/dashboard/two-factor/confirm", "routes/api.dashboard.two-factor.confirm.ts"),
  route("api/dashboard/two-factor/backup-codes", "routes/api.dashboard.two-factor.backup-codes.ts"),
  route("api/dashboard/two-factor/disable", "routes/api.dashboard.two-factor.disable.ts"),
  route("api/dashboard/sessions", "routes/api.dashboard.sessions.ts"),
  route("api/session", "routes/api.session.ts"),
  // The back office (issue #16): its own layout, staff only (members get 404).
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("staff", "routes/admin.staff.tsx"),
    route("audit-log", "routes/admin.audit-log.tsx"),
    route("*", "routes/admin.not-found.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("blog/rss.xml", "routes/rss.ts"),
  // DESIGN.md §5: paths the original linked to but never declared answer 301.
  route("sign-in", "routes/redirects.ts", { id: "redirect-sign-in" }),
  route("terms", "routes/redirects.ts", { id: "redirect-terms" }),
  route("privacy", "routes/redirects.ts", { id: "redirect-privacy" }),
  layout("routes/_site.tsx", [
    index("routes/home.tsx"),
    route("signals", "routes/signals.tsx"),
    route("indicator", "routes/indicator.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("results", "routes/results.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog-post.tsx"),
    route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
    route("join/details", "routes/join-details.tsx"),
    route("signin", "routes/signin.tsx"),
    route("signin/two-factor", "routes/signin.two-factor.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    // /why-{product}: the slug comes from configuration at run time, so one dynamic segment
    // serves it and answers 404 (the same page as below) for every other single segment.
    route(":page", "routes/why.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("terms-of-service", "routes/terms-of-service.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
