/** Money is integer micro-USDT: 1 USDT = 1_000_000. No floats anywhere. */
export const MICRO_PER_USDT = 1_000_000n;

/** "$12.50 USDT"-style amount with 2 decimals, rounded half away from zero at the cent. */
export function formatUsdt(micro: bigint, options: { suffix?: boolean; sign?: boolean } = {}): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const cents = (abs + 5_000n) / 10_000n;
  const whole = cents / 100n;
  const frac = (cents % 100n).toString().padStart(2, "0");
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = negative ? "-" : options.sign && micro > 0n ? "+" : "";
  return `${sign}$${grouped}.${frac}${options.suffix ? " USDT" : ""}`;
}

/**
 * Parses a decimal USDT amount ("25", "25.5", "0.000001") into micro-USDT.
 * Returns null for anything else (more than 6 decimals, exponents, signs, empty).
 */
export function parseUsdt(input: string): bigint | null {
  const text = input.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1]!) * MICRO_PER_USDT + BigInt((match[2] ?? "").padEnd(6, "0"));
}

/** Micro-USDT as a plain decimal string ("25.5"), for JSON and logs. */
export function microToDecimal(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const frac = (abs % MICRO_PER_USDT).toString().padStart(6, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${abs / MICRO_PER_USDT}${frac ? `.${frac}` : ""}`;
}
