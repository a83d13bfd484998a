import type { MetaDescriptor } from "react-router";

type RootLike = { config: { brandName: string } } | undefined;

/** Title and description tags for a page, with the brand from the root loader. */
export function pageMeta(
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>,
  title: string,
  description?: string,
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as RootLike;
  const brand = root?.config.brandName ?? "";
  const full = title ? `${title} | ${brand}` : brand;
  return [{ title: full }, ...(description ? [{ name: "description", content: description }] : [])];
}
