import type { z } from "zod";
import {
  type Audience,
  BROADCAST_SCHEDULE_DAYS_MAX,
  type Broadcast,
  type BroadcastImage,
  type BroadcastList,
  type CreatedBroadcast,
  type createBroadcastSchema,
  type Segment,
} from "#api/contracts/broadcasts";
import { type Language, languages } from "#api/contracts/languages";
import { tierChangeReasons } from "#api/contracts/plan-payments";
import { type IncomingForm, storeUpload } from "#api/domain/uploads";
import {
  type BroadcastRow,
  cancelRows,
  claimBroadcast,
  claimDueBroadcast,
  countAudience,
  findBroadcast,
  insertBroadcast,
  listBroadcasts,
  lockBroadcast,
  recordStart,
  rowCountsOf,
  type SegmentRow,
  segmentMembers,
  tierExists,
} from "#db/queries/messaging/broadcasts";
import { requireBroadcastsCanGo } from "../bot-needed";
import type { ServiceContext } from "../context";
import { serverText } from "../i18n/translate";
import { Refusal } from "../refusal";
import { finishBroadcasts } from "./outbox/broadcast-status";
import { enqueueSegment, type OutboxPayload } from "./outbox/enqueue";
import { stopButton } from "./outbox/kinds";

/** The latest a broadcast may be scheduled for, from the server's clock. */
const SCHEDULE_AHEAD_MAX_MS = BROADCAST_SCHEDULE_DAYS_MAX * 24 * 3_600_000;

/** The bucket a broadcast's image is stored in; its imageId is the name there. */
const IMAGE_BUCKET = "broadcast-images";

const rules = {
  endedReasons: [tierChangeReasons.ended, tierChangeReasons.lapsed, tierChangeReasons.refunded],
};

type BroadcastContext = Pick<ServiceContext, "db" | "config" | "now">;

const rateOf = (ctx: Pick<ServiceContext, "config">, paid: boolean) =>
  paid ? ctx.config.BROADCAST_PAID_RATE : ctx.config.BROADCAST_RATE;

async function assertSegment(ctx: Pick<ServiceContext, "db">, segment: Segment) {
  if (segment.kind === "tier" && !(await tierExists(ctx.db, segment.tierId))) {
    throw new Refusal("unknown_tier");
  }
}

/** How many a segment reaches now (and how many it cannot), and how long sending takes at its rate. */
export async function previewAudience(
  ctx: BroadcastContext,
  { segment, paid }: { segment: Segment; paid: boolean },
): Promise<Audience> {
  await assertSegment(ctx, segment);
  const { total, reachable } = await countAudience(ctx.db, segment, ctx.now(), rules);
  const rate = rateOf(ctx, paid);
  return {
    total,
    reachable,
    unreachable: total - reachable,
    rate,
    estimatedSeconds: Math.ceil(reachable / rate),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toBroadcast(
  ctx: Pick<ServiceContext, "config" | "storage">,
  row: BroadcastRow,
  counts: Record<string, number> = {},
): Broadcast {
  const n = (state: string) => counts[state] ?? 0;
  const queued = n("queued") + n("sending");
  const segment = row.segment as SegmentRow;
  // The outbox's sender marks a broadcast done as its last row goes; until it has, the counts say so.
  const status = row.status === "sending" && queued === 0 ? "done" : (row.status as Broadcast["status"]);
  return {
    id: row.id,
    text: row.text,
    imageUrl: row.image ? `${ctx.storage.urlBase}/${row.image}` : null,
    segment: segment.kind === "tier" ? { ...segment, tierName: row.tierName } : segment,
    status,
    paid: row.paid,
    sendAt: row.sendAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    total: row.total,
    queued,
    sent: n("sent"),
    unreachable: n("unreachable"),
    blocked: n("blocked"),
    failed: n("failed") + n("uncertain"),
    cancelled: n("cancelled"),
    estimatedSeconds: Math.ceil(queued / rateOf(ctx, row.paid)),
  };
}

async function readBroadcast(ctx: ServiceContext, id: string): Promise<Broadcast> {
  const row = await findBroadcast(ctx.db, id);
  if (!row) throw new Refusal("broadcast_not_found");
  const counts = await rowCountsOf(ctx.db, [id]);
  return toBroadcast(ctx, row, counts.get(id));
}

/** Broadcasts newest first with their progress, a page at a time. */
export async function broadcastsForAdmin(
  ctx: ServiceContext,
  page: { page: number; pageSize: number },
): Promise<BroadcastList> {
  const { rows, total } = await listBroadcasts(ctx.db, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  const counts = await rowCountsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    broadcasts: rows.map((row) => toBroadcast(ctx, row, counts.get(row.id))),
    bot: ctx.bot.state(),
    total,
    page: page.page,
    pageSize: page.pageSize,
  };
}

export const broadcastForAdmin = (ctx: ServiceContext, id: string) => readBroadcast(ctx, id);

/** The broadcast's image, uploaded before it is written: stored, and named by its imageId. */
export async function uploadBroadcastImage(
  ctx: ServiceContext,
  adminId: string,
  form: IncomingForm,
): Promise<BroadcastImage> {
  const upload = await storeUpload(form, ctx, "broadcastImage", { owner: adminId, at: ctx.now().getTime() });
  return { imageId: upload.name, url: upload.url };
}

/**
 * An admin's broadcast: checked (something will send it: the bot runs, decision 121; its time is at
 * most BROADCAST_SCHEDULE_DAYS_MAX days ahead of the server's clock, its tier exists, its image was
 * uploaded), stored, and started at once unless `sendAt` is ahead; a scheduled one starts when the
 * scheduler finds it due.
 */
export async function createBroadcast(
  ctx: ServiceContext,
  adminId: string,
  body: z.output<typeof createBroadcastSchema>,
): Promise<CreatedBroadcast> {
  requireBroadcastsCanGo(ctx);
  const now = ctx.now();
  const sendAt = body.sendAt ? new Date(body.sendAt) : now;
  if (sendAt.getTime() - now.getTime() > SCHEDULE_AHEAD_MAX_MS) throw new Refusal("broadcast_too_far_ahead");
  await assertSegment(ctx, body.segment);
  if (body.imageId && !(await ctx.storage.stat(IMAGE_BUCKET, body.imageId))) {
    throw new Refusal("broadcast_image_not_found");
  }
  const later = sendAt.getTime() > now.getTime();
  const id = await insertBroadcast(ctx.db, {
    text: body.text,
    image: body.imageId ? `${IMAGE_BUCKET}/${body.imageId}` : null,
    segment: body.segment,
    status: "scheduled",
    sendAt: later ? sendAt : now,
    paid: body.paid,
    createdBy: adminId,
  });
  if (!later) await startBroadcast(ctx, id);
  return { broadcast: await readBroadcast(ctx, id) };
}

/** The message in each language: the admin's words, and the buttons in the recipient's language. */
function payloadsFor(row: BroadcastRow): Record<string, OutboxPayload> {
  const payload = (language: Language): OutboxPayload => ({
    text: row.text,
    ...(row.image ? { image: row.image } : {}),
    buttons: [
      { text: serverText(language, "broadcast.openShop"), open: "/" },
      ...stopButton(language, "broadcast"),
    ],
  });
  return Object.fromEntries(languages.map((language) => [language, payload(language)]));
}

/**
 * Expands a claimed broadcast into one outbox row per member of its segment as it is now
 * (enqueueSegment), in the claim's transaction: a process that dies here leaves it scheduled, as if
 * never claimed. Records the audience; one none of whose members can be reached is done at once.
 */
async function expand(tx: ServiceContext["db"], row: BroadcastRow, at: Date): Promise<void> {
  const total = await enqueueSegment(tx, {
    kind: "broadcast",
    members: segmentMembers(row.segment as SegmentRow, at, rules),
    payloads: payloadsFor(row),
    broadcastId: row.id,
    at,
  });
  await recordStart(tx, row.id, total);
  await finishBroadcasts(tx, [row.id]);
}

/** Starts one broadcast now if it is still scheduled (another process may have started it). */
async function startBroadcast(ctx: BroadcastContext, id: string): Promise<boolean> {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const row = await claimBroadcast(tx, id, at);
    if (!row) return false;
    await expand(tx, row, at);
    return true;
  });
}

/**
 * Starts every scheduled broadcast that is due, each once: a process claims one (its row locked,
 * others skip it), expands it and commits, then looks for the next. Also marks done the
 * broadcasts whose rows have all gone. Returns how many it started.
 */
export async function startDueBroadcasts(ctx: BroadcastContext): Promise<number> {
  let started = 0;
  for (;;) {
    const at = ctx.now();
    const one = await ctx.db.transaction(async (tx) => {
      const row = await claimDueBroadcast(tx, at);
      if (!row) return false;
      await expand(tx, row, at);
      return true;
    });
    if (!one) break;
    started += 1;
  }
  await finishBroadcasts(ctx.db);
  return started;
}

/**
 * Cancels a scheduled or sending broadcast: its queued rows are cancelled (those a sender holds
 * finish), and it is marked cancelled. Cancelling a cancelled one again changes nothing; one that
 * has finished is refused (broadcast_finished).
 */
export async function cancelBroadcast(ctx: ServiceContext, id: string): Promise<CreatedBroadcast> {
  const at = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const locked = await lockBroadcast(tx, id);
    if (!locked) throw new Refusal("broadcast_not_found");
    if (locked.status === "cancelled") return "cancelled";
    if (locked.status === "done") return "done";
    // Every row went out before the cancel: it is done, whether or not the sender has said so.
    if (locked.status === "sending" && (await finishBroadcasts(tx, [id])).length > 0) return "done";
    await cancelRows(tx, id, at);
    return "cancelled";
  });
  if (outcome === "done") throw new Refusal("broadcast_finished");
  return { broadcast: await readBroadcast(ctx, id) };
}
