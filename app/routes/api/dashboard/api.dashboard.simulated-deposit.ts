import { data } from "react-router";
import { simulatedDepositSchema } from "~/lib/validation/dashboard/simulated-deposit";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { simulateDeposit } from "#server/wallet/simulate-deposit";

/**
 * "Simulate a deposit" in the deposit dialog, outside production only: in production the web
 * layer answers this path 404 before it gets here (server/http/app.ts), and simulateDeposit
 * refuses as well.
 */
export const action = defineAction({
  access: "member",
  schema: simulatedDepositSchema,
  rateLimit: ({ member }) => ({ key: `simulated-deposit:${member.userId}`, limit: 30, windowSeconds: 3600 }),
  unexpected: "The deposit could not be simulated. Please try again.",
  run: ({ member, input }) =>
    simulateDeposit({ db: getDb(), userId: member.userId, amount: BigInt(input.amount) * 1_000_000n }),
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
