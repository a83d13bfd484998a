import { THEME_COLORS } from "~/lib/meta";
import { getConfig } from "#server/config";

/**
 * The web app manifest: the name and icons a phone shows when the site is added to the home
 * screen. Named after the configured brand, so it is served by the app, not a static file.
 */
export function loader() {
  const name = getConfig().brandName;
  const manifest = {
    name,
    short_name: name,
    start_url: "/",
    display: "standalone",
    background_color: THEME_COLORS.dark,
    theme_color: THEME_COLORS.dark,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
