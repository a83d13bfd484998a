/*
 * Tailwind class merging for `cn()`: a later class wins over an earlier one that sets the same
 * property under the same variants (`px-2 … px-3` keeps `px-3`; `p-4` also drops an earlier
 * `px-2`). It follows tailwind-merge's algorithm, but knows only the utilities this project
 * writes, so every page ships ~1 KB instead of ~9 KB gzip. `class-merge.test.ts` checks it
 * against tailwind-merge itself on every pair of classes written in `app/`: a utility it does
 * not know yet fails the tests instead of rendering wrong.
 */

/** "a:x y|b:z" → [["a", ["x", "y"]], ["b", ["z"]]] */
const entries = (spec: string) =>
  spec.split("|").map((entry) => {
    const [name, list] = entry.split(":") as [string, string];
    return [name, list.split(" ")] as const;
  });

// Classes that are a whole utility by themselves.
const KEYWORDS = new Map(
  entries(
    "display:block inline-block inline flex inline-flex table table-row table-cell grid " +
      "inline-grid contents flow-root list-item hidden" +
      "|position:static fixed absolute relative sticky|sr:sr-only not-sr-only|container:@container" +
      ("|text-overflow:truncate text-ellipsis text-clip|text-align:text-left text-center " +
        "text-right text-justify text-start text-end") +
      ("|text-wrap:text-wrap text-nowrap text-balance text-pretty|text-transform:uppercase " +
        "lowercase capitalize normal-case") +
      "|font-style:italic not-italic|decoration-line:underline overline line-through no-underline" +
      "|smoothing:antialiased subpixel-antialiased|nums:tabular-nums proportional-nums" +
      ("|font-weight:font-thin font-extralight font-light font-normal font-medium font-semibold " +
        "font-bold font-extrabold font-black") +
      ("|flex-direction:flex-row flex-row-reverse flex-col flex-col-reverse|flex-wrap:flex-wrap " +
        "flex-wrap-reverse flex-nowrap") +
      "|border-style:border-solid border-dashed border-dotted border-double border-hidden border-none" +
      "|outline-style:outline-none outline-hidden outline-solid outline-dashed outline-dotted outline-double" +
      ("|list:list-disc list-decimal list-none|object-fit:object-contain object-cover object-fill " +
        "object-none object-scale-down") +
      "|snap-align:snap-start snap-end snap-center snap-align-none|snap-strictness:snap-mandatory snap-proximity" +
      "|snap-type:snap-none snap-x snap-y snap-both|touch:touch-auto touch-none touch-manipulation" +
      "|touch-x:touch-pan-x touch-pan-left touch-pan-right|touch-y:touch-pan-y touch-pan-up touch-pan-down" +
      "|animate:animate-none animate-spin animate-ping animate-pulse animate-bounce" +
      ("|transition:transition transition-all transition-colors transition-opacity " +
        "transition-shadow transition-transform transition-none") +
      ("|bg-size:bg-auto bg-cover bg-contain|bg-repeat:bg-repeat bg-no-repeat bg-repeat-x " +
        "bg-repeat-y bg-repeat-round bg-repeat-space") +
      ("|bg-position:bg-center bg-top bg-bottom bg-left bg-right bg-top-left bg-top-right " +
        "bg-bottom-left bg-bottom-right") +
      "|bg-attachment:bg-fixed bg-local bg-scroll|bg-clip:bg-clip-border bg-clip-padding bg-clip-content bg-clip-text" +
      ("|bg-origin:bg-origin-border bg-origin-padding " +
        "bg-origin-content|border-collapse:border-collapse border-separate") +
      "|table-layout:table-auto table-fixed|ring-inset:ring-inset|list-position:list-inside list-outside" +
      ("|align-content:content-normal content-center content-start content-end content-between " +
        "content-around content-evenly content-baseline content-stretch") +
      "|scroll-behavior:scroll-auto scroll-smooth|transform:transform-gpu transform-cpu transform-none" +
      "|visibility:visible invisible collapse|isolation:isolate isolation-auto|box-sizing:box-border box-content",
  ).flatMap(([group, classes]) => classes.map((className) => [className, group] as const)),
);

const SIDES = "x y s e t r b l".split(" ");
const sideRoots = (root: string) => [root, ...SIDES.map((side) => root + side)];

// Utilities with a value; the class's group is its root (`min-w-0` → min-w). Longest root wins.
const ROOTS = new Set([
  ...sideRoots("p"),
  ...sideRoots("m"),
  ...sideRoots("scroll-m"),
  ...sideRoots("scroll-p"),
  ...(
    "space-x space-y gap gap-x gap-y w min-w max-w h min-h max-h size inset inset-x inset-y " +
    "top right bottom left start end z basis grow shrink order flex grid-cols grid-rows col " +
    "col-start col-end row row-start row-end auto-rows auto-cols justify justify-items " +
    "justify-self items self place-content place-items place-self overflow overflow-x " +
    "overflow-y font leading tracking whitespace break align underline-offset rounded " +
    "rounded-s rounded-e rounded-t rounded-r rounded-b rounded-l rounded-ss rounded-se " +
    "rounded-ee rounded-es rounded-tl rounded-tr rounded-br rounded-bl divide-x divide-y " +
    "outline-offset opacity transition duration ease delay rotate scale translate translate-x " +
    "translate-y scale-x scale-y origin cursor pointer-events select aspect object fill " +
    "backdrop-blur blur line-clamp field-sizing caption break-inside break-before break-after " +
    "bg-blend mix-blend float clear will-change resize appearance columns grid-flow accent " +
    "content"
  ).split(" "),
]);
// Utilities whose value is either a size or a colour (`text-sm` / `text-primary`, `border-2` /
// `border-input`): the colour goes to the group `${root}-c`.
const SIZE_OR_COLOUR = new Set([
  "text",
  ...["border", ...SIDES.map((side) => `border-${side}`)],
  ...(
    "ring ring-offset shadow inset-shadow inset-ring text-shadow outline divide decoration " + "from via to stroke bg"
  ).split(" "),
]);
// Roots that are a class on their own too (`border`, `rounded`, `shadow`).
const BARE = new Set([
  "border",
  ...SIDES.map((side) => `border-${side}`),
  ..."ring shadow rounded grow shrink outline divide-x divide-y blur backdrop-blur".split(" "),
]);

const isArbitraryLength = (value: string) => {
  const inner = /^\[(.+)\]$/.exec(value)?.[1];
  return inner === undefined
    ? value.startsWith("(length:")
    : inner.startsWith("length:") ||
        /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/.test(
          inner,
        );
};
const isSize = (value: string) =>
  /^(\d+(\.\d+)?%?|(\d+(\.\d+)?)?(xs|sm|md|lg|xl)|base|none|inner|)$/.test(value) || isArbitraryLength(value);
const isImage = (value: string) =>
  /^(linear|radial|conic)-|^\[(url|image|(repeating-)?(linear|radial|conic)-gradient)\(/.test(value);

/** The group a base class (no variants, no `!`) belongs to, or undefined for a non-Tailwind class. */
function groupOf(base: string): string | undefined {
  const keyword = KEYWORDS.get(base);
  if (keyword) return keyword;
  const property = /^\[([a-z-]+):.+\]$/.exec(base)?.[1];
  if (property) return `[${property}]`;
  const unsigned = base.replace(/^-/, "");
  // Tailwind 3 names that Tailwind 4 dropped (grow-*, shrink-* now): not utilities any more.
  if (/^flex-(grow|shrink)(-|$)/.test(unsigned)) return undefined;
  for (let end = unsigned.length; end > 0; end = unsigned.lastIndexOf("-", end - 1)) {
    const root = unsigned.slice(0, end);
    const value = unsigned.slice(end + 1);
    const sizeOrColour = SIZE_OR_COLOUR.has(root);
    if (!sizeOrColour && !ROOTS.has(root)) continue;
    if (!value && !BARE.has(root)) return undefined;
    if (root === "bg") return isImage(value) ? "bg-i" : "bg-c";
    return sizeOrColour && !isSize(value) ? `${root}-c` : root;
  }
  return undefined;
}

// A later class of a group also overrides earlier classes of these groups (`p-4` beats `px-2`).
const CONFLICTS = new Map<string, string[]>(
  entries(
    "overflow:overflow-x overflow-y|flex:basis grow shrink|gap:gap-x gap-y|size:w " +
      "h|text:leading|translate:translate-x translate-y" +
      ("|touch:touch-x touch-y|touch-x:touch|touch-y:touch|line-clamp:display " +
        "overflow|inset:start end top right bottom left inset-x inset-y") +
      "|inset-x:start end right left|inset-y:top bottom" +
      ("|rounded:rounded-s rounded-e rounded-t rounded-r rounded-b rounded-l rounded-ss " +
        "rounded-se rounded-ee rounded-es rounded-tl rounded-tr rounded-br rounded-bl") +
      ("|rounded-s:rounded-ss rounded-es|rounded-e:rounded-se rounded-ee|rounded-t:rounded-tl " +
        "rounded-tr|rounded-r:rounded-tr rounded-br") +
      "|rounded-b:rounded-br rounded-bl|rounded-l:rounded-tl rounded-bl",
  ).map(([group, overrides]) => [group, [...overrides]]),
);
for (const [group, side] of [
  ["p", (s: string) => `p${s}`],
  ["m", (s: string) => `m${s}`],
  ["scroll-m", (s: string) => `scroll-m${s}`],
  ["scroll-p", (s: string) => `scroll-p${s}`],
  ["border", (s: string) => `border-${s}`],
  ["border-c", (s: string) => `border-${s}-c`],
] as const) {
  CONFLICTS.set(group, SIDES.map(side));
  CONFLICTS.set(side("x"), ["s", "e", "r", "l"].map(side));
  CONFLICTS.set(side("y"), ["t", "b"].map(side));
}

// Variants whose order changes the selector; the others are sorted, as tailwind-merge does.
const ORDER_SENSITIVE = new Set(
  "* ** after backdrop before details-content file first-letter first-line marker placeholder selection".split(" "),
);

function variantKey(variants: string[]) {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant[0] === "[" || ORDER_SENSITIVE.has(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()].join(":");
}

/** The key under which a class conflicts with others: its sorted variants, `!`, and its group. */
function parse(className: string): { key: string; group: string } | undefined {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  let slash = -1;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (!depth && c === ":") {
      variants.push(className.slice(start, i));
      start = i + 1;
    } else if (!depth && c === "/") slash = i;
  }
  let base = className.slice(start);
  const important = /^!|!$/.test(base);
  if (important) base = base.replace(/^!|!$/, "");
  // `bg-muted/50`, `w-1/2`: the part before the slash names the group when it is one.
  const group = (slash > start && groupOf(base.slice(0, base.lastIndexOf("/")))) || groupOf(base);
  return group ? { key: `${variantKey(variants)}${important ? "!" : ""}|`, group } : undefined;
}

// Components pass the same few hundred class lists again and again (every card, every icon, every
// render): answers are kept, so hydrating a page merges each distinct list once. The cache is
// emptied when it grows past its limit, which bounds it on pages that build classes from data.
export const MERGED_LIMIT = 500;
const merged = new Map<string, string>();

/** How many answers are kept now: at most MERGED_LIMIT. */
export const keptMergeCount = () => merged.size;

/** Drops every class that a later class overrides; keeps everything else in order. */
export function mergeClasses(classList: string): string {
  const known = merged.get(classList);
  if (known !== undefined) return known;
  const answer = mergeOnce(classList);
  if (merged.size >= MERGED_LIMIT) merged.clear();
  merged.set(classList, answer);
  return answer;
}

function mergeOnce(classList: string): string {
  const overridden = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!;
    const parsed = parse(className);
    if (parsed) {
      if (overridden.has(parsed.key + parsed.group)) continue;
      for (const group of [parsed.group, ...(CONFLICTS.get(parsed.group) ?? [])]) overridden.add(parsed.key + group);
    }
    if (className) kept.push(className);
  }
  return kept.reverse().join(" ");
}
