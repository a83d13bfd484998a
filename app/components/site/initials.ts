/**
 * A person's initials for a space too small for their name (a phone's account button): the first
 * letter of their first and of their last word, upper-cased ("Ana María López" → "AL"). Names are
 * free text, so a word's first letter or digit counts, not its first character ("'Kev' Jones" →
 * "KJ"), and words without any ("🚀", "&") are passed over. Taken by code point after NFC, so a
 * name in any script keeps whole, accented letters. Empty when the name has no letter or digit.
 */
export function initialsOf(name: string): string {
  const letters = name
    .normalize("NFC")
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  if (letters.length === 0) return "";
  const last = letters.length > 1 ? letters[letters.length - 1]! : "";
  return (letters[0]! + last).toLocaleUpperCase();
}
