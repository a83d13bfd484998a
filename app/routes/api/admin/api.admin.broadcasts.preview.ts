import { data } from "react-router";
import { broadcastPreviewSchema } from "~/lib/validation/admin/broadcasts";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { previewBroadcast } from "#server/staff/broadcasts/preview-broadcast";

/**
 * The compose page's preview: the message as the bot and as email render it, and how many the
 * audience reaches now. Writes nothing; a POST because the message may be long.
 */
export const action = defineAction({
  access: "staff",
  permission: "broadcasts.send",
  schema: broadcastPreviewSchema,
  run: async ({ input }) => ({ preview: await previewBroadcast({ db: getDb(), input }) }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
