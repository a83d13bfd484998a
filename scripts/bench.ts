// `npm run bench -- <name>`: benchmark scripts print figures; they are never timed tests.
const benches: Record<string, string> = {
  money: "./bench-money.ts",
  "purchase-cpu": "./bench-purchase-cpu.ts",
  pages: "./bench-pages.ts",
  "back-office": "./bench-back-office.ts",
  broadcasts: "./bench-broadcasts.ts",
};

const which = process.argv[2];
if (!which || !benches[which]) {
  console.error(`Usage: npm run bench -- <${Object.keys(benches).join("|")}>`);
  process.exit(1);
}
await import(benches[which]!);

export {};
