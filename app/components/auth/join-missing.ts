/** "A", "A and B", "A, B and C". */
const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * Why the sign-up button is still disabled, naming what is missing (the fields by their labels,
 * the boxes by what they agree to), or null when nothing is: a disabled button alone tells no one
 * what to do.
 */
export function joinMissingText({ blank, terms, risk }: { blank: string[]; terms: boolean; risk: boolean }) {
  const boxes =
    !terms && !risk ? "both boxes above" : !terms ? "the Terms of Service box" : !risk ? "the risk box" : "";
  if (blank.length === 0 && !boxes) return null;
  const fill = blank.length > 0 ? `fill in ${listed(blank)}` : "";
  return `To continue, ${[fill, boxes && `tick ${boxes}`].filter(Boolean).join(", and ")}.`;
}
