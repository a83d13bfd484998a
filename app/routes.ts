import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Every route, listed explicitly; each file is named for its path (docs/architecture.md, "Route files").
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
  // Passkeys: the card's list, adding (options, then the answer), rename, remove; sign-in.
  route("api/dashboard/passkeys", "routes/api.dashboard.passkeys.ts"),
  route("api/dashboard/passkeys/options", "routes/api.dashboard.passkeys.options.ts"),
  route("api/dashboard/passkeys/add", "routes/api.dashboard.passkeys.add.ts"),
  route("api/dashboard/passkeys/rename", "routes/api.dashboard.passkeys.rename.ts"),
  route("api/dashboard/passkeys/remove", "routes/api.dashboard.passkeys.remove.ts"),
  route("api/signin/passkey/options", "routes/api.signin.passkey.options.ts"),
  route("api/signin/passkey", "routes/api.signin.passkey.ts"),
  route("api/dashboard/email", "routes/api.dashboard.email.ts"),
  route("api/dashboard/email-verification", "routes/api.dashboard.email-verification.ts"),
  route("api/dashboard/two-factor/enable", "routes/api.dashboard.two-factor.enable.ts"),
  route("api/dashboard/two-factor/confirm", "routes/api.dashboard.two-factor.confirm.ts"),
  route("api/dashboard/two-factor/backup-codes", "routes/api.dashboard.two-factor.backup-codes.ts"),
  route("api/dashboard/two-factor/disable", "routes/api.dashboard.two-factor.disable.ts"),
  route("api/dashboard/sessions", "routes/api.dashboard.sessions.ts"),
  route("api/session", "routes/api.session.ts"),
  // The back office's image upload: staff only, like /admin.
  route("api/admin/images", "routes/api.admin.images.ts"),
  // What members pay (prices, publishing): its own action, behind prices.write.
  route("api/admin/plan-prices", "routes/api.admin.plan-prices.ts"),
  // The member page's writes, one route per permission.
  route("api/admin/members/:memberId/subscriptions", "routes/api.admin.members.$memberId.subscriptions.ts"),
  route("api/admin/members/:memberId/balance", "routes/api.admin.members.$memberId.balance.ts"),
  // The member page's writes that need their own permission (the page's action has members.assist).
  route("api/admin/members/:memberId/telegram", "routes/api.admin.members.$memberId.telegram.ts"),
  route("api/admin/members/:memberId/account", "routes/api.admin.members.$memberId.account.ts"),
  // The member list's CSV export: a download, so outside the layout (no page around it).
  route("admin/members.csv", "routes/admin.members[.]csv.ts"),
  // The back office: its own layout, staff only (members get 404).
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("search", "routes/admin.search.tsx"),
    route("members", "routes/admin.members.tsx"),
    route("members/:memberId", "routes/admin.members.$memberId.tsx"),
    route("inbox", "routes/admin.inbox.tsx"),
    route("inbox/:messageId", "routes/admin.inbox.$messageId.tsx"),
    route("posts", "routes/admin.posts.tsx"),
    route("posts/:postId", "routes/admin.posts.$postId.tsx"),
    route("results", "routes/admin.results.tsx"),
    route("plans", "routes/admin.plans.tsx"),
    route("plans/:planId", "routes/admin.plans.$planId.tsx"),
    route("knowledgebase", "routes/admin.knowledgebase.tsx"),
    route("knowledgebase/:articleId", "routes/admin.knowledgebase.$articleId.tsx"),
    route("newsletter", "routes/admin.newsletter.tsx"),
    route("money", "routes/admin.money.tsx"),
    route("money/reconciliation", "routes/admin.money.reconciliation.tsx"),
    route("staff", "routes/admin.staff.tsx"),
    route("audit-log", "routes/admin.audit-log.tsx"),
    route("*", "routes/admin.$.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("blog/rss.xml", "routes/blog.rss[.]xml.ts"),
  // Paths the original site linked to but never declared answer 301.
  route("sign-in", "routes/sign-in.ts"),
  route("terms", "routes/terms.ts"),
  route("privacy", "routes/privacy.ts"),
  layout("routes/_site.tsx", [
    index("routes/_index.tsx"),
    route("signals", "routes/signals.tsx"),
    route("indicator", "routes/indicator.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("results", "routes/results.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:slug", "routes/blog.$slug.tsx"),
    // The back office's post preview: staff only, but in the public frame, so it is the page.
    route("admin/posts/preview/:previewId", "routes/admin.posts.preview.$previewId.tsx"),
    route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
    route("join/details", "routes/join.details.tsx"),
    route("signin", "routes/signin.tsx"),
    route("signin/code", "routes/signin.code.tsx"),
    route("verify-email", "routes/verify-email.tsx"),
    route("signin/two-factor", "routes/signin.two-factor.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    // Staff invitations: public, since /admin answers 404 to whoever is not staff yet.
    route("staff-invitation", "routes/staff-invitation.tsx"),
    // /why-{product}: the slug comes from configuration at run time, so one dynamic segment
    // serves it and answers 404 (the same page as below) for every other single segment.
    route(":page", "routes/$page.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("terms-of-service", "routes/terms-of-service.tsx"),
    route("*", "routes/$.tsx"),
  ]),
] satisfies RouteConfig;
