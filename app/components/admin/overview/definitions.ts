/** How each figure is counted, shown under it (the server's comments say the same). */
export const definitions = {
  activeMembers: "Members with at least one active subscription (paid, complimentary or lifetime).",
  signUps: "Member accounts created. Today is the UTC day; 7 and 30 days end now.",
  mrr: "Monthly equivalent of active monthly and quarterly subscriptions: monthly price + quarterly price ÷ 3, at the price each member pays at their next renewal (a price rise counts from its date). Lifetime and complimentary subscriptions are excluded; one whose auto-renewal is off counts until it ends.",
  lifetimeSales:
    "All-time checkouts of lifetime plans and the money they took, from their ledger debits. Complimentary grants are not sales; refunds are not deducted.",
  deposits:
    "Money members paid in, from the ledger: USDT TRC-20 deposits credited plus card payments credited. Card refunds are not deducted; staff credits are not included.",
  renewalsAtRisk:
    "Active, auto-renewing, paid monthly or quarterly subscriptions due within 7 days (or overdue) whose member's balance is below the sum of their due renewals. Shortfall: that sum minus the balance.",
  churn:
    "Monthly and quarterly paid subscriptions that ended (expired or cancelled) in the last 30 days ÷ those active 30 days ago.",
  revenue:
    "Money spent on plans each UTC day: purchase and renewal debits in the ledger. Deposits, adjustments and refunds are not included.",
  signUpSeries: "Member accounts created each UTC day.",
  activeSeries: "Members with an active subscription at the end of each UTC day (now, for today).",
} as const;
