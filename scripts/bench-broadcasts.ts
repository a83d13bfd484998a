// `npm run bench -- broadcasts`: how long queuing a broadcast takes for ten thousand members (one
// delivery row per member and way, one INSERT … SELECT). Against PostgreSQL when DATABASE_URL is
// set (a scratch database, dropped afterwards), else an in-memory PGlite. Each run queues a new
// broadcast to the same audience, by bot and email, so every run writes 2 × BENCH_MEMBERS rows.
// Knobs: BENCH_MEMBERS (default 10 000), BENCH_RUNS (default 3).
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { migrateDatabase } from "../server/db/migrate.ts";
import { broadcasts } from "../server/db/schema.ts";
import { queueBroadcast } from "../server/staff/broadcasts/queue-broadcast.ts";
import { envInt, openScratch } from "./bench-scratch.ts";

async function main() {
  const { database, label, drop } = await openScratch({ prefix: "bench_broadcasts", poolSize: 2 });
  try {
    await migrateDatabase({ database });
    const { db } = database;
    const members = envInt("BENCH_MEMBERS", 10_000);
    const runs = envInt("BENCH_RUNS", 3);
    console.log(`bench broadcasts: ${label}; ${members} members with a verified Telegram and an email, ${runs} runs`);
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'bench-' || i, 'Bench', 'bench-' || i || '@bench.invalid', true from generate_series(1, ${members}) i`);
    await db.execute(sql`
      insert into profiles (id, telegram_verified, telegram_user_id)
      select 'bench-' || i, true, 800000000 + i from generate_series(1, ${members}) i`);

    const times: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const [row] = await db
        .insert(broadcasts)
        .values({
          subject: `Bench ${run}`,
          body: "<p>Markets open calm.</p>",
          audience: { statuses: ["never_paid"], planIds: [], endedWithinDays: 30 },
          channel: "both",
        })
        .returning({ id: broadcasts.id });
      const started = performance.now();
      const { queued } = await db.transaction((tx) => queueBroadcast({ tx, broadcastId: row!.id }));
      const ms = performance.now() - started;
      times.push(ms);
      console.log(`run ${run}: ${queued} deliveries queued in ${(ms / 1000).toFixed(2)} s`);
    }
    console.log(`slowest run: ${(Math.max(...times) / 1000).toFixed(2)} s (target: under 5 s for 10 000 members)`);
  } finally {
    await drop();
  }
}

await main();
