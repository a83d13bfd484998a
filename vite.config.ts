import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
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
              // React, React DOM and the router load on every page: one file compresses better
              // than the three the automatic split makes (docs/performance.md).
              groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
            },
          },
        },
  },
  ssr: {
    // Native/wasm database drivers and mailers stay as runtime imports in the server bundle.
    external: ["@electric-sql/pglite", "pg", "nodemailer", "pino", "sanitize-html"],
  },
}));
