import fs from "node:fs";
import path from "node:path";
import { projectRoot } from "../lib/paths.ts";

/** Where the build wrote the portal's script (scripts/build-portal.mjs); absent in development. */
const MANIFEST = path.join("build", "portal-script.json");

let built: string | null | undefined;

/**
 * The portal's one script: the build's hashed, precompressed file under /assets, or in
 * development the source itself, which Vite's middleware compiles when asked for it.
 */
function portalScript(): { src: string; module: boolean } {
  if (built === undefined) {
    try {
      built = (JSON.parse(fs.readFileSync(path.join(projectRoot(), MANIFEST), "utf8")) as { src: string }).src;
    } catch {
      built = null;
    }
  }
  return built ? { src: built, module: false } : { src: "/app/portal/portal.ts", module: true };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The portal's page: a shell with no member data (Telegram hands the signed init data to the
 * page in the address's fragment, which never reaches the server), its styles inline, and the
 * script that exchanges the init data and draws what the server renders. Telegram's theme
 * colours arrive as --tg-theme-* variables, set by the script; the values here are for a
 * desktop browser outside Telegram.
 */
export function portalPageHtml(options: { brandName: string }): string {
  const script = portalScript();
  const title = escapeHtml(`${options.brandName} · Members`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${PORTAL_CSS}</style>
<script ${script.module ? 'type="module"' : "defer"} src="${escapeHtml(script.src)}"></script>
</head>
<body>
<div id="portal-back-bar" hidden><button type="button" id="portal-back" class="link">&larr; Back</button></div>
<main id="portal" tabindex="-1"><p class="hint">Loading&hellip;</p></main>
<div id="portal-status" role="status" aria-live="polite"></div>
<div id="portal-main-bar" hidden><button type="button" id="portal-main"></button></div>
<noscript><p>The members' portal needs JavaScript.</p></noscript>
</body>
</html>`;
}

const PORTAL_CSS = `
:root{color-scheme:light dark;--bg:var(--tg-theme-bg-color,#fff);--text:var(--tg-theme-text-color,#111);
--hint:var(--tg-theme-hint-color,#5f6368);--link:var(--tg-theme-link-color,#1a5fb4);
--button:var(--tg-theme-button-color,#1a5fb4);--button-text:var(--tg-theme-button-text-color,#fff);
--section:var(--tg-theme-section-bg-color,var(--tg-theme-secondary-bg-color,#f1f3f4));
--danger:var(--tg-theme-destructive-text-color,#b3261e)}
*{box-sizing:border-box}
html,body{margin:0;background:var(--bg);color:var(--text);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{min-width:320px;overflow-wrap:anywhere}
main{max-width:430px;margin:0 auto;padding:12px 12px 88px;outline:none}
h1{font-size:1.35rem;margin:4px 0 12px}h2{font-size:1.05rem;margin:0 0 8px}h3{font-size:1rem;margin:0 0 2px}
p{margin:0 0 8px}.hint{color:var(--hint);font-size:.9rem}
.card{background:var(--section);border-radius:12px;padding:12px;margin:0 0 12px}
.figure{font-size:1.6rem;font-weight:600;margin:0}
.rows{list-style:none;margin:0;padding:0}.rows li{padding:8px 0;border-top:1px solid color-mix(in srgb,var(--hint) 30%,transparent)}
.rows li:first-child{border-top:0}
.choices{display:flex;flex-wrap:wrap;gap:6px;margin-top:6px}
button{font:inherit;min-height:44px;border:0;border-radius:10px;padding:8px 14px;cursor:pointer;
background:var(--button);color:var(--button-text);max-width:100%}
button.secondary,button.switch{background:transparent;color:var(--link);border:1px solid var(--link)}
button.switch[aria-checked=true]{background:var(--button);color:var(--button-text);border-color:var(--button)}
button.link{background:none;color:var(--link);padding:8px 4px}
button[aria-busy=true]{opacity:.6}
label{display:block;font-weight:600;margin:8px 0 4px}
input{font:inherit;width:100%;min-height:44px;padding:8px 10px;border-radius:10px;border:1px solid var(--hint);
background:var(--bg);color:var(--text);margin-bottom:8px}
dl.figures{display:grid;grid-template-columns:auto 1fr;gap:2px 12px;margin:8px 0}dl.figures dd{margin:0;text-align:right;font-weight:600}
.qr{display:block;width:176px;height:176px;margin:8px auto;background:#fff;padding:4px;border-radius:8px}
.address{font-family:ui-monospace,monospace;font-size:.85rem}
[role=alert],.error{color:var(--danger)}
#portal-back-bar{max-width:430px;margin:0 auto;padding:4px 8px 0}
#portal-status{position:fixed;left:8px;right:8px;bottom:72px;max-width:414px;margin:0 auto;text-align:center}
#portal-status:not(:empty){background:var(--text);color:var(--bg);border-radius:10px;padding:10px}
#portal-main-bar{position:fixed;left:0;right:0;bottom:0;padding:8px 12px;background:var(--bg)}
#portal-main-bar button{display:block;width:100%;max-width:406px;margin:0 auto}
`.replace(/\n/g, "");
