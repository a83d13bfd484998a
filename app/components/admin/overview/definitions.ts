/** How each figure is counted, behind its info button (the server's comments say the same). */
export const definitions = {
  totalMembers:
    "Every member account (staff who are also members included). The change is against the " +
    "accounts that existed 30 days ago and still do.",
  activeMembers:
    "Members with at least one active subscription (paid, complimentary or lifetime), compared " +
    "with the same count 30 days ago.",
  signUps:
    "Member accounts created in the last 30 days, compared with the 30 days before. Today is " +
    "the UTC day; 7 and 30 days end now.",
  mrr:
    "Monthly equivalent of active monthly and quarterly subscriptions: monthly price + " +
    "quarterly price ÷ 3, each at what the member's next renewal will charge: the plan and " +
    "period it renews to, at the price in force then (a price rise counts from its date), less " +
    "what their coupon code still takes off renewals (every renewal, or the renewals it has " +
    "left; a code for the first period only takes nothing off). Lifetime and complimentary " +
    "subscriptions are excluded; one whose auto-renewal is off counts until it ends. 30 days " +
    "ago: the subscriptions active then, at the plan prices renewals were charged then, less " +
    "the codes they still hold.",
  deposits:
    "Money members paid in over the last 30 days, from the ledger: USDT TRC-20 deposits " +
    "credited plus card payments credited, compared with the 30 days before. Card refunds are " +
    "not deducted. Staff credits are not deposits and are not included.",
  staffCredits:
    "Balance staff added to members' accounts by hand in the last 30 days (credits on the " +
    "member page or the ops command), compared with the 30 days before. Nobody paid this " +
    "money: it is not a deposit and not revenue.",
  coupons:
    "Purchases and renewals a coupon code took something off in the last 30 days, and the " +
    "revenue given up: the sum of their discounts (what each code took off the list price; an " +
    "upgrade's credit for unused days is the member's own money, not a discount), from the paid " +
    "billing rows that move with the ledger; compared with the 30 days before.",
  referrals:
    "Referral rewards credited to referrers in the last 30 days (one per referred member, on " +
    "their first paid payment), from the ledger's referral rows, compared with the 30 days " +
    "before; also what refunds of the referred payments took back in the 30 days.",
  trials:
    "Free trials whose end fell in the last 30 days and were converted: charged their first " +
    "month from the balance (the renewal rows they wrote with their ledger debits, summed as " +
    "charged), compared with the 30 days before. Also: trials started in the 30 days, the " +
    "share of ended trials that converted, and trials running now.",
  lifetimeSales:
    "All-time checkouts of lifetime plans and the money they took, from their ledger debits; " +
    "the change is what the last 30 days added. Complimentary grants are not sales; refunds " +
    "are not deducted.",
  renewalsAtRisk:
    "Active, auto-renewing, paid monthly or quarterly subscriptions due within 7 days (or " +
    "overdue) whose member's balance is below the sum of their due renewals. Shortfall: that " +
    "sum minus the balance. A forecast, so it has no earlier period to compare with. Free trials " +
    "are not renewals: those that will not convert for want of balance are counted apart.",
  churn:
    "Monthly and quarterly paid subscriptions that ended (expired or cancelled) in the last 30 " +
    "days ÷ those active 30 days ago, compared in percentage points with the same rate for the " +
    "30 days before.",
  revenue:
    "Money spent on plans each UTC day: purchase and renewal debits in the ledger. Deposits, " +
    "adjustments and refunds are not included.",
  signUpSeries: "Member accounts created each UTC day.",
  activeSeries: "Members with an active subscription at the end of each UTC day (now, for today).",
} as const;
