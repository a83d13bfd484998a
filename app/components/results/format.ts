const signed = new Intl.NumberFormat("en-US", { signDisplay: "exceptZero", maximumFractionDigits: 2 });
const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** "+118.2%", "-38.5%", "0%": a period's total return always shows its sign. */
export function formatSignedPercent(value: number) {
  return `${signed.format(value)}%`;
}

export function formatCount(value: number) {
  return plain.format(value);
}
