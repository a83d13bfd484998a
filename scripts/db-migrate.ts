// `npm run db:migrate`: applies the committed migrations to the configured database.
import { getConfig } from "../server/config.ts";
import { getDatabase } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";

const config = getConfig();
const database = getDatabase();
await migrateDatabase({ database });
console.log(`migrations applied (${database.kind}${database.kind === "pglite" ? ` in ${config.dataDir}` : ""})`);
await database.close();
