// @ts-check
// One style for every source file; `npm run format` writes it, `npm run lint` checks it.
/** @type {import("prettier").Config & import("@ianvs/prettier-plugin-sort-imports").PluginConfig} */
export default {
  printWidth: 120,
  plugins: ["@ianvs/prettier-plugin-sort-imports"],
  // Node built-ins, packages, the app's (`~/`) and the server's (`#server/`) own modules, then
  // relative files: one block, no blank lines between the groups.
  importOrder: ["<BUILTIN_MODULES>", "<THIRD_PARTY_MODULES>", "^~/", "^#server/", "^[.]"],
  importOrderTypeScriptVersion: "5.0.0",
  // Template literals hold SQL, e-mail HTML and test fixtures whose exact text matters.
  embeddedLanguageFormatting: "off",
};
