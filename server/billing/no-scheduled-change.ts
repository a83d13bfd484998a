/**
 * The scheduled-change columns emptied: a subscription that ends (or whose change is undone or
 * applied) keeps no change for a renewal that will not come, so none reads as pending.
 * record-purchase's raw statement that ends replaced rows clears the same columns in SQL.
 */
export const noScheduledChange = { scheduledPlanId: null, scheduledBillingPeriod: null, scheduledAt: null } as const;
