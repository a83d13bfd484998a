// `npm run db:seed`: migrates, then writes the demo content when the catalogue is empty.
import { getConfig } from "../server/config.ts";
import { seedDemoContentIfEmpty } from "../server/content/seed-demo-content.ts";
import { getDatabase } from "../server/db/client.ts";
import { migrateDatabase } from "../server/db/migrate.ts";

const config = getConfig();
const database = getDatabase();
await migrateDatabase({ database });
const seeded = await seedDemoContentIfEmpty({ db: database.db, brandName: config.brandName });
console.log(seeded ? "demo content seeded" : "catalogue already has content: nothing seeded");
await database.close();
