import { z } from "zod";
import { noControl } from "../fields";

const OPEN_FROM_BOT = "Open the portal from the bot's menu button.";

/** The portal's exchange: Telegram's init data exactly as the page received it (a query string). */
export const portalSessionSchema = z.object({
  initData: z
    .string({ message: OPEN_FROM_BOT })
    .min(1, OPEN_FROM_BOT)
    .max(4096, OPEN_FROM_BOT)
    .refine(noControl(), OPEN_FROM_BOT),
});
