import { z } from "zod";

/** Where the dashboard posts a simulated deposit; the path does not exist in production. */
export const SIMULATED_DEPOSIT_PATH = "/api/dashboard/simulated-deposit";

export const SIMULATED_DEPOSIT_MAX_USDT = 10_000;

const AMOUNT = `Enter a whole number of USDT from 1 to ${SIMULATED_DEPOSIT_MAX_USDT.toLocaleString("en-US")}.`;

/**
 * "Simulate a deposit" (outside production only): a whole number of USDT, typed as text; the
 * browser posts what this schema made of it (a number), which it takes again.
 */
export const simulatedDepositSchema = z.object({
  amount: z.preprocess(
    (value) => (typeof value === "number" ? String(value) : value),
    z
      .string({ message: AMOUNT })
      .trim()
      .regex(/^\d{1,5}$/, AMOUNT)
      .transform(Number)
      .refine((usdt) => usdt >= 1 && usdt <= SIMULATED_DEPOSIT_MAX_USDT, AMOUNT),
  ),
});

export type SimulatedDepositRequest = z.output<typeof simulatedDepositSchema>;
