// A process that claims outbox rows as a sender does (claimOutboxRows on the "free" lane, CLAIM_BATCH
// at a time), as fast as it can from CLAIM_AT (epoch milliseconds) until none is left, records each
// claim sent, and prints the ids it claimed as one JSON array.

import { createDb } from "#db/client";
import { claimOutboxRows } from "#db/queries/messaging/outbox-claim";
import { recordSent } from "#db/queries/messaging/outbox-outcomes";

const database = await createDb({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
const claimed: string[] = [];
try {
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.CLAIM_AT) - Date.now()));
  for (;;) {
    const rows = await claimOutboxRows(database.db, "free", Number(process.env.CLAIM_BATCH ?? 5), 30_000);
    if (rows.length === 0) break;
    const ids = rows.map((row) => row.id);
    claimed.push(...ids);
    await recordSent(database.db, ids);
  }
} finally {
  await database.close();
}
process.stdout.write(JSON.stringify(claimed));
