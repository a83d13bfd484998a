import { data } from "react-router";
import { contactSchema } from "~/lib/validation/contact";
import { getConfig } from "#server/config";
import { submitContactMessage } from "#server/contact/submit-contact-message";
import { getDb } from "#server/db/client";
import { AppError } from "#server/lib/errors";
import { failure, readBody, validationFailure } from "#server/http/responses";
import { assertSameOrigin } from "#server/security/origin";
import type { Route } from "./+types/api.contact";

export async function action({ request, context }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") throw new AppError("VALIDATION", "Method not allowed");
    assertSameOrigin(request);
    const parsed = contactSchema.safeParse(await readBody(request));
    if (!parsed.success) return validationFailure(parsed.error);
    await submitContactMessage({
      db: getDb(),
      input: parsed.data,
      clientIp: context.clientIp,
      limit: getConfig().contactRateLimit,
    });
    return data({ ok: true as const }, { status: 201 });
  } catch (error) {
    return failure(error);
  }
}

export function loader() {
  throw data("Not Found", { status: 404 });
}
