import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project root (the folder holding package.json), from source, the Vite bundle or the server bundle alike. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const migrationsFolder = () => path.join(projectRoot(), "db", "migrations");
