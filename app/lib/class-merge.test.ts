import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { keptMergeCount, mergeClasses, MERGED_LIMIT } from "./class-merge.ts";

/** Every class string written in app/: className="…" and each string literal inside className={…}, cn(…) or cva(…). */
function classStrings(dir: string): string[] {
  const strings = new Set<string>();
  for (const entry of fs.readdirSync(dir, {
    recursive: true,
    withFileTypes: true,
  })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const source = fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const m of source.matchAll(/className="([^"]*)"/g)) strings.add(m[1]!);
    for (const call of source.matchAll(/\b(?:cn|cva)\(|\bclassName=\{/g)) {
      const [open, close] = call[0].endsWith("{") ? ["{", "}"] : ["(", ")"];
      let depth = 0;
      let end = call.index + call[0].length - 1;
      for (; end < source.length; end++) {
        if (source[end] === open) depth++;
        else if (source[end] === close && --depth === 0) break;
      }
      for (const s of source.slice(call.index, end).matchAll(/"([^"\n]*)"|`([^`$]*)`/g)) strings.add(s[1] ?? s[2]!);
    }
  }
  return [...strings];
}

// Common utilities not written yet, so the first use of one does not start with a wrong merge.
const likelyNext = (
  "bg-cover bg-contain bg-center bg-no-repeat bg-fixed bg-clip-text bg-clip-padding " +
  "bg-transparent bg-gradient-to-r bg-linear-to-r from-primary to-accent border-collapse " +
  "border-separate ring-inset shadow-inner shadow-none shadow-sm inset-shadow-sm text-shadow-sm " +
  "break-inside-avoid break-words break-all scale-x-100 scale-105 -translate-y-1/2 " +
  "flex-shrink-0 flex-grow flex-1 shrink-0 grow-0 leading-none leading-6 tracking-tight " +
  "whitespace-nowrap whitespace-pre-wrap overflow-hidden overflow-x-auto truncate line-clamp-2 " +
  "underline-offset-4 decoration-2 decoration-primary opacity-50 blur-sm backdrop-blur-sm z-10 " +
  "z-50 cursor-pointer select-none pointer-events-none will-change-transform resize-none " +
  "appearance-none outline-none ring-2 ring-ring ring-offset-2 ring-offset-background divide-y " +
  "divide-border sr-only hidden block flex grid inline-flex items-center justify-between gap-2 " +
  "space-y-4 max-w-prose mx-auto aspect-video object-cover rounded-full rounded-t-lg text-xs " +
  "text-muted-foreground font-mono font-sans italic tabular-nums uppercase align-middle " +
  "list-inside list-disc columns-2 col-span-2 row-span-2 order-first grid-flow-col auto-rows-fr " +
  "place-items-center content-center items-stretch self-start justify-self-end transform-gpu " +
  "scroll-smooth scroll-m-4 scroll-p-4 fill-current stroke-2 stroke-current table-auto " +
  "table-fixed caption-bottom isolate isolation-auto mix-blend-multiply bg-blend-multiply " +
  "visible invisible collapse box-border box-content float-left clear-both underline " +
  "no-underline size-full min-h-screen h-dvh w-screen"
).split(" ");

const appDir = path.resolve(import.meta.dirname, "..");
const classes = [
  ...new Set([...classStrings(appDir).flatMap((s) => s.trim().split(/\s+/)), ...likelyNext].filter(Boolean)),
];

describe("mergeClasses", () => {
  it("finds the project's classes to check", () => {
    expect(classes.length).toBeGreaterThan(500);
    expect(classes).toContain("px-3");
    expect(classes).toContain("data-[state=active]:bg-background");
  });

  // Merging keeps or drops a class depending only on the classes after it, one at a time, so
  // agreeing on every ordered pair means agreeing on every list of these classes.
  it("agrees with tailwind-merge on every ordered pair of classes written in app/ or likely next", () => {
    const disagreements: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`;
        const expected = twMerge(pair);
        const actual = mergeClasses(pair);
        if (actual !== expected) disagreements.push(`"${pair}": tailwind-merge "${expected}", ours "${actual}"`);
      }
    }
    expect(disagreements.slice(0, 80), `${disagreements.length} disagreements`).toEqual([]);
    // A quarter of a million merges, CPU-bound: 5 s alone, over 30 s on a 2-core machine
    // running a second copy of the suite. The limit only guards against a hang.
  }, 180_000);

  it("lets a later class win, including over the sides a shorthand covers", () => {
    expect(mergeClasses("h-9 px-4 py-2 text-sm h-auto px-3")).toBe("py-2 text-sm h-auto px-3");
    expect(mergeClasses("px-2 pt-1 p-4")).toBe("p-4");
    expect(mergeClasses("p-4 px-2")).toBe("p-4 px-2");
    expect(mergeClasses("size-4 w-6")).toBe("size-4 w-6");
    expect(mergeClasses("w-6 h-2 size-4")).toBe("size-4");
  });

  it("keeps classes apart that set different properties or apply under different variants", () => {
    expect(mergeClasses("text-sm text-primary text-center")).toBe("text-sm text-primary text-center");
    expect(mergeClasses("border border-input border-dashed")).toBe("border border-input border-dashed");
    expect(mergeClasses("bg-primary hover:bg-primary/90 dark:hover:bg-primary/80")).toBe(
      "bg-primary hover:bg-primary/90 dark:hover:bg-primary/80",
    );
    expect(mergeClasses("hover:focus:bg-muted focus:hover:bg-accent")).toBe("focus:hover:bg-accent");
    expect(mergeClasses("p-2! p-4")).toBe("p-2! p-4");
  });

  it("answers a list asked again the same way, also after more lists than it keeps", () => {
    expect(mergeClasses("h-9 px-4 h-auto")).toBe("px-4 h-auto");
    let most = 0;
    for (let i = 0; i < 1200; i++) {
      expect(mergeClasses(`p-${i} p-${i + 1}`)).toBe(`p-${i + 1}`);
      most = Math.max(most, keptMergeCount());
    }
    expect(mergeClasses("h-9 px-4 h-auto")).toBe("px-4 h-auto");
    // Kept answers stay bounded however many distinct lists a page builds from its data.
    expect(most).toBe(MERGED_LIMIT);
  });

  it("keeps what is not a Tailwind utility, in order", () => {
    expect(mergeClasses("  toaster group  animate-in fade-in-0 ")).toBe("toaster group animate-in fade-in-0");
    expect(mergeClasses("")).toBe("");
  });
});
