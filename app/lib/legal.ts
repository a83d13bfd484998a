export const LEGAL_LAST_UPDATED = "November 1, 2026";
