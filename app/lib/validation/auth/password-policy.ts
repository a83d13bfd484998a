import { hasControlCharacter, notAllowedCharacters } from "../characters";

/**
 * The one password policy for sign-up, reset and change, with the same messages everywhere; the
 * browser and the server run this same module. Letters are letters of any alphabet (Unicode
 * letter categories: "Ж", "Ω", "É" are uppercase letters), not only A–Z, so a member typing in
 * their own script is not told their password has no uppercase letter. A titlecase letter ("ǅ")
 * counts as uppercase. Length counts characters as people see them type (code points), so a
 * letter outside the Basic Multilingual Plane counts once.
 */
export const passwordRules = [
  { test: (p: string) => [...p].length >= 8, message: "Password must be at least 8 characters" },
  { test: (p: string) => /[\p{Lu}\p{Lt}]/u.test(p), message: "Password must contain at least one uppercase letter" },
  { test: (p: string) => /\p{Ll}/u.test(p), message: "Password must contain at least one lowercase letter" },
  { test: (p: string) => /[0-9]/.test(p), message: "Password must contain at least one number" },
] as const;

export const PASSWORD_HINT = "At least 8 characters with uppercase, lowercase, and number";
export const PASSWORD_MAX = 128;

/** The first rule a password breaks, or null when it meets the policy. */
export function passwordProblem(password: string): string | null {
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  if (hasControlCharacter(password)) return notAllowedCharacters("Password");
  return passwordRules.find((rule) => !rule.test(password))?.message ?? null;
}
