export type Encoding = "br" | "gzip" | "identity";

/**
 * The encoding to answer with among those we keep: brotli when the client takes it at least
 * as willingly as gzip (browsers list "gzip, deflate, br", and a plain tie-break by order would
 * never pick brotli), then gzip, else identity. `q=0` refuses; `*` stands for anything unnamed.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  const q = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const quality = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    q.set(name, quality === undefined ? 1 : Math.min(1, Number(quality) || 0));
  }
  const of = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  const br = of("br");
  const gzip = of("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return "identity";
}
