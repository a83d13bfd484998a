import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const appDir = fileURLToPath(new URL("./app", import.meta.url));
// Route modules and the client entry stay files of their own: React Router loads them by name.
const isEntry = (id: string) => /[\\/]app[\\/](routes[\\/]|root\.tsx|entry\.client\.tsx)/.test(id);
const SITE_ROOTS = [/[\\/]app[\\/]root\.tsx$/, /[\\/]app[\\/]routes[\\/]site[\\/]_site\.tsx$/];

/**
 * Every module the root and the public layout import statically: every public page loads all of
 * them, so they travel as one file ("site") instead of a dozen small ones (an icon, the button,
 * the menu...), each of which costs a request and its headers. Computed once the module graph is
 * complete, before the chunks are made.
 */
function siteModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: "site-modules",
    apply: "build",
    buildEnd() {
      if (this.environment?.name !== "client") return;
      modules.clear();
      const queue = [...this.getModuleIds()].filter((id) => SITE_ROOTS.some((root) => root.test(id)));
      while (queue.length > 0) {
        const id = queue.pop()!;
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
          if (!modules.has(next)) {
            modules.add(next);
            queue.push(next);
          }
        }
      }
    },
  };
  // Our own modules only: a package's index (radix-ui, lucide-react) imports every part of it,
  // and what a page does not use must stay out of the file every page loads.
  return { plugin, has: (id) => modules.has(id) && id.startsWith(appDir) && !isEntry(id) };
}

const site = siteModules();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), site.plugin],
  resolve: {
    alias: {
      "~": appDir,
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  build: {
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and the router load on every page: one file compresses better
                // than the three the automatic split makes (docs/performance.md).
                {
                  name: "react",
                  priority: 2,
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                },
                // The public layout's own modules, as one file (decision 092).
                { name: "site", priority: 1, test: site.has },
              ],
            },
          },
        },
  },
  ssr: {
    // Native/wasm database drivers and mailers stay as runtime imports in the server bundle.
    external: ["@electric-sql/pglite", "pg", "nodemailer", "pino", "sanitize-html"],
  },
}));
