import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

// A database handle by name or by type: what a server function must take inside its options object.
const HANDLE_NAME = /^(db|tx|trx|executor|database)$/;
const HANDLE_TYPE = /\b(Db|Tx|DbOrTx|Database)\b/;

/** Exported functions in this source whose first parameter is a database handle passed on its own. */
function positionalHandles(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const check = (name: string, fn: ts.SignatureDeclarationBase) => {
    const first = fn.parameters[0];
    // A destructured first parameter is the options object, whatever its type says.
    if (!first || !ts.isIdentifier(first.name)) return;
    const type = first.type && !ts.isTypeLiteralNode(first.type) ? first.type.getText(source) : "";
    if (HANDLE_NAME.test(first.name.text) || HANDLE_TYPE.test(type))
      found.push(`${file}: ${name}(${first.getText(source)}, …)`);
  };
  for (const statement of source.statements) {
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) check(statement.name.text, statement);
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)))
          check(declaration.name.getText(source), value);
      }
  }
  return found;
}

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("server functions take one options object", () => {
  it("holds for every exported function in server/", () => {
    const found = serverFiles(path.join(root, "server")).flatMap((file) =>
      positionalHandles(path.relative(root, file), fs.readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("fails on a handle passed positionally, by name or by type, and passes the options shape", () => {
    const planted = [
      `export async function markSent(db: Db, id: string) {}`,
      `export const lockRow = async (tx: DbOrTx, id: number) => {};`,
      `export function startAll(handle: Database) {}`,
      `export async function countRows(executor, table) {}`,
      `export async function markRead({ db, id }: { db: Db; id: string }) {}`,
      `export const listRows = async (options: { db: DbOrTx; page: number }) => {};`,
      `async function helper(db: Db) {}`,
      `export function formatUsdt(amount: bigint) {}`,
    ].join("\n");
    expect(positionalHandles("planted.ts", planted)).toEqual([
      "planted.ts: markSent(db: Db, …)",
      "planted.ts: lockRow(tx: DbOrTx, …)",
      "planted.ts: startAll(handle: Database, …)",
      "planted.ts: countRows(executor, …)",
    ]);
  });
});
