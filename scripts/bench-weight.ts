// The pages bench's static part, for reference: the JavaScript and CSS a first visit's HTML names
// (module scripts, modulepreloads, stylesheets) plus every module those import statically, each
// file's body gzipped once (no headers, no parts loaded later). What a phone really downloads is
// measured by ./bench-lighthouse.ts.
import zlib from "node:zlib";
import { kb } from "./bench-server.ts";
import { bootstrapModules } from "./bootstrap-modules.ts";

/** The scripts and stylesheets a browser fetches on first load, as named in the HTML. */
function firstLoadAssets(html: string) {
  const js = new Set<string>();
  const css = new Set<string>();
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    // Module scripts, and the classic deferred one of the Telegram portal (/tg), which loads no React.
    const src = attr(tag, "src");
    if (src) js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") js.add(href);
    if (rel === "stylesheet") css.add(href);
  }
  // React Router's inline bootstrap imports the entry and route modules, and (patched) lists every
  // module it preloads once the page has painted: count those too.
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, spec] of body!.matchAll(/import\s*(?:[^"';]*?from\s*|\(\s*)?["']([^"']+\.js)["']/g)) js.add(spec!);
    for (const href of bootstrapModules(body!)) js.add(href);
  }
  return { js: [...js], css: [...css] };
}

const assetCache = new Map<string, Buffer>();
async function fetchAsset(baseUrl: string, href: string): Promise<Buffer> {
  const url = new URL(href, baseUrl).toString();
  const cached = assetCache.get(url);
  if (cached) return cached;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${href} answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  assetCache.set(url, bytes);
  return bytes;
}

/**
 * The named scripts plus everything they import statically, recursively: the browser fetches
 * those before the page can run, preloaded or not. Dynamic `import()`s (lazy parts) are not
 * followed: they are not part of the first load.
 */
async function withStaticImports(baseUrl: string, named: string[]) {
  const all = new Set(named);
  const queue = [...named];
  while (queue.length > 0) {
    const href = queue.pop()!;
    const source = (await fetchAsset(baseUrl, href)).toString("utf8");
    for (const [, spec] of source.matchAll(
      /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    )) {
      const imported = new URL(spec!, new URL(href, baseUrl)).pathname;
      if (!all.has(imported)) {
        all.add(imported);
        queue.push(imported);
      }
    }
  }
  return [...all];
}

type Weight = {
  path: string;
  status: number;
  js: number;
  jsFiles: number;
  css: number;
  cssFiles: number;
  html: number;
};

async function measureWeight(baseUrl: string, pathname: string): Promise<Weight> {
  const response = await fetch(`${baseUrl}${pathname}`);
  const html = await response.text();
  const assets = firstLoadAssets(html);
  const js = await withStaticImports(baseUrl, assets.js);
  const gzipped = async (list: string[]) =>
    (await Promise.all(list.map(async (href) => zlib.gzipSync(await fetchAsset(baseUrl, href)).length))).reduce(
      (a, b) => a + b,
      0,
    );
  return {
    path: pathname,
    status: response.status,
    js: await gzipped(js),
    jsFiles: js.length,
    css: await gzipped(assets.css),
    cssFiles: assets.css.length,
    html: zlib.gzipSync(html).length,
  };
}

/** The static first-load weight table, for reference (what the HTML names and imports, gzip). */
export async function runWeights(url: string, routes: string[]) {
  console.log(`\nFirst-load weight (gzip, zlib default level; 1 KB = 1000 bytes)`);
  console.log(
    `${"route".padEnd(48)} ${"status".padStart(6)} ${"JS".padStart(10)} ${"files".padStart(5)} ${"CSS".padStart(9)} ${"HTML".padStart(9)}`,
  );
  const weights: Weight[] = [];
  for (const route of routes) {
    const w = await measureWeight(url, route);
    weights.push(w);
    console.log(
      `${route.padEnd(48)} ${String(w.status).padStart(6)} ${kb(w.js).padStart(10)} ${String(w.jsFiles).padStart(5)} ${kb(w.css).padStart(9)} ${kb(w.html).padStart(9)}`,
    );
  }
  // Not a target any more: the browser part below measures what a phone actually downloads.
  console.log(`static first-load JS of / (gzip bodies, no headers, no lazy parts): ${kb(weights[0]!.js)}`);
}
