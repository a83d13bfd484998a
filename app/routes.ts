import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Every route of spec §2, listed explicitly. Screens built by later work join this list.
export default [
  route("api/contact", "routes/api.contact.ts"),
  // DESIGN.md §5: paths the original linked to but never declared answer 301.
  route("sign-in", "routes/redirects.ts", { id: "redirect-sign-in" }),
  route("terms", "routes/redirects.ts", { id: "redirect-terms" }),
  route("privacy", "routes/redirects.ts", { id: "redirect-privacy" }),
  layout("routes/_site.tsx", [
    index("routes/home.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("terms-of-service", "routes/terms-of-service.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
