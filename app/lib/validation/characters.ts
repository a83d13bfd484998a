// What every text field refuses, without zod: pages that only need these (a password's hint and
// rules, a form's texts) do not download the schema library for them.

/*
 * Control characters: C0 (NUL to US), DEL and C1. Nobody types them, PostgreSQL text cannot
 * hold NUL at all (the insert fails), and the others corrupt what staff and members read back.
 * Multi-line text (a message, a post's HTML, a CSV) keeps its own tab, line feed and carriage
 * return; nothing else keeps any. (Unicode's "Cc" category is exactly U+0000–U+001F and
 * U+007F–U+009F.)
 */
const CONTROL = /\p{Cc}/u;
const CONTROL_IN_LINES = /(?![\t\n\r])\p{Cc}/u;

export type TextKind = { lines?: boolean };

/** Whether `value` holds a control character (tab, line feed and carriage return allowed with `lines`). */
export function hasControlCharacter(value: string, options: TextKind = {}): boolean {
  return (options.lines ? CONTROL_IN_LINES : CONTROL).test(value);
}

/** The message of a field holding a control character. */
export const notAllowedCharacters = (label: string) => `${label} contains characters that are not allowed`;
