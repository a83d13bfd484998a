import { redirect } from "react-router";
import { getMemberSession } from "../auth/accounts/session.ts";

/** Account screens are for visitors: a signed-in member goes straight on to `target`. */
export async function redirectSignedIn(request: Request, target = "/dashboard") {
  const { member } = await getMemberSession(request);
  if (member) throw redirect(target);
}

/** Copies every Set-Cookie of Better Auth's answer onto our redirect, plus extra cookies. */
export function withCookies(from: Headers, ...extra: string[]) {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  for (const cookie of extra) headers.append("Set-Cookie", cookie);
  return headers;
}
