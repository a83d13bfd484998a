/** How many digits the emailed sign-in code has. */
export const SIGN_IN_CODE_DIGITS = 6;
