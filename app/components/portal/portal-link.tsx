/**
 * Linking an account from the portal, the code step: the code emailed to the address typed, which
 * proves the account is the member's. "Email me a new code" asks again (once a minute).
 */
export function PortalLinkView({ email }: { email: string }) {
  return (
    <section aria-labelledby="portal-link-code" className="card">
      <h1 id="portal-link-code">Enter your code</h1>
      <p>
        If an account uses <strong>{email}</strong>, we have emailed it a 6-digit code. It works for 10 minutes.
      </p>
      <form data-post="/api/portal/link" noValidate>
        <input type="hidden" name="email" value={email} />
        <label htmlFor="portal-code">Code</label>
        <input
          id="portal-code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
        />
        <button type="submit" data-main>
          Link my account
        </button>
      </form>
      <button type="button" className="link" data-post="/api/portal/link/code" data-body={JSON.stringify({ email })}>
        Email me a new code
      </button>
    </section>
  );
}
