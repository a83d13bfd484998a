import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#server": fileURLToPath(new URL("./server", import.meta.url)),
    },
  },
  build: { sourcemap: false },
  ssr: {
    // Native/wasm database drivers and mailers stay as runtime imports in the server bundle.
    external: ["@electric-sql/pglite", "pg", "nodemailer", "pino", "sanitize-html"],
  },
});
