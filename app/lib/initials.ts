/**
 * A person's initials for a space too small for their name (a phone's account button): the first
 * letter of their first and of their last word, upper-cased ("Ana María López" → "AL"). Letters are
 * taken by code point, so a name in any script keeps whole characters. Empty for a blank name.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  const first = (word: string) => Array.from(word)[0] ?? "";
  const last = words.length > 1 ? first(words[words.length - 1]!) : "";
  return (first(words[0]!) + last).toLocaleUpperCase();
}
