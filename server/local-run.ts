/**
 * `npm start` with no NODE_ENV is someone trying the site on their own machine (the README's
 * first command), not a deployment: a deployment sets NODE_ENV=production, and then
 * PUBLIC_URL and TRON_XPUB are required (config.ts). For the local run the production build
 * serves with links to http://localhost:PORT and deposit addresses from the development key,
 * and says so. Returns the line to log, or null when the environment chose for itself.
 */
export function applyLocalRunDefaults(env: NodeJS.ProcessEnv): string | null {
  if (env.NODE_ENV) return null;
  env.NODE_ENV = "production";
  const notes: string[] = [];
  if (!env.PUBLIC_URL) {
    env.PUBLIC_URL = `http://localhost:${env.PORT || "3000"}`;
    notes.push(`links point at ${env.PUBLIC_URL}`);
  }
  if (!env.TRON_XPUB && !env.ALLOW_DEV_TRON_KEY) {
    env.ALLOW_DEV_TRON_KEY = "true";
    notes.push("deposit addresses come from the development key");
  }
  return `NODE_ENV is not set: running as a local trial${notes.length ? ` (${notes.join("; ")})` : ""}. A deployment sets NODE_ENV=production, PUBLIC_URL and TRON_XPUB.`;
}
