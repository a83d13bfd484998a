import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminPages } from "../helpers/admin-routes";

/*
 * Rules every route module keeps (issue #14), read from the source: a new route that skips
 * them fails here instead of shipping without an origin check or an error screen.
 */
const dir = path.resolve("app/routes");
const modules = fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."));
const source = (file: string) => fs.readFileSync(path.join(dir, file), "utf8");

describe("route modules", () => {
  it("finds the routes", () => {
    expect(modules.length).toBeGreaterThan(20);
  });

  it.each(modules.filter((f) => /export (const|async function|function) action\b/.test(source(f))))(
    "%s: its action is built by defineAction (the one pipeline: 405, origin, session, body, schema, envelope)",
    (file) => {
      expect(source(file)).toMatch(/export const action = defineAction\(/);
    },
  );

  it.each(modules.filter((f) => f.endsWith(".tsx")))("%s: a page exports the shared ErrorBoundary", (file) => {
    expect(source(file)).toContain('export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";');
  });

  // The role matrix (admin-role-matrix.test.ts) reads each page's declared permission; this keeps
  // the declaration and the guard one and the same value, so they cannot drift apart.
  // Every page under the /admin layout, and any other page whose loader uses the staff guard.
  const staffPages = [...new Set([...adminPages().map((r) => r.file.replace(/^routes\//, "")), ...modules.filter((f) => /requireStaffPermission\(/.test(source(f)))])];
  it.each(staffPages)(
    "%s: a back-office page declares its permission and its loader guards with exactly that",
    (file) => {
      expect(source(file)).toMatch(/^export const permission = "[a-z]+\.[a-z]+" satisfies StaffPermission;$/m);
      expect(source(file)).toMatch(/export async function loader\([^)]*\)[^{]*\{\s*(const \{[^}]*\} = )?await requireStaffPermission\(request, permission\);/);
    },
  );
});
