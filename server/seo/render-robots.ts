/** Paths that are private (member area, API) or one-time (sign-up steps, reset links). */
export const DISALLOWED_PATHS = ["/dashboard", "/api/", "/join/", "/reset-password"] as const;

/** robots.txt: everything else may be crawled; the sitemap is announced with its absolute URL. */
export function renderRobots(options: { siteUrl: string }): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${options.siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
