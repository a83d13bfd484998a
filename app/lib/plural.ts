/** "1 result", "2 results": English plurals of words that take an "s". */
export const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
