/**
 * The modules React Router's inline bootstrap preloads once the page has painted. Our patch of
 * react-router (patches/react-router+*.patch) writes them as one array literal, `const m=[...]`,
 * in the page's module script; the pages bench counts them as first-load JavaScript and a browser
 * test checks they are all asked for. Empty when the page has no such list.
 */
export function bootstrapModules(html: string): string[] {
  const list = /const m=(\[[^\]]*\]);/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}
