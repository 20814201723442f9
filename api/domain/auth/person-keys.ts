import { createHmac } from "node:crypto";
import { canonicalMailbox } from "#api/contracts/canonical-mailbox";
import type { Db } from "#db/client";
import { anySeen, dropPending, noteSeen, pendingPersons, serverKey } from "#db/queries/auth/person-keys";
import type { ServiceContext } from "../context";

/**
 * The server key every person key is made with. Named for the trial claims it keyed first
 * (decision 113): those claims are person keys and must keep matching.
 */
const PERSON_KEY_NAME = "trial_claims";

/** What may name a person on an account: its Telegram id, and its email if proven. */
export interface PersonFacts {
  telegramId?: bigint | null;
  email?: string | null;
  emailVerifiedAt?: Date | null;
}

/**
 * A mailbox's forms: its canonical mailbox, and the address lower-cased as decision 113 hashed it,
 * so claims made before the canonical mailbox still count (one form when the two agree).
 */
const mailboxForms = (email: string) => [
  ...new Set([`email:${canonicalMailbox(email)}`, `email:${email.toLowerCase()}`]),
];

async function hashed(tx: Db, values: string[]): Promise<string[]> {
  if (!values.length) return [];
  const key = await serverKey(tx, PERSON_KEY_NAME);
  return values.map((value) => createHmac("sha256", key).update(value).digest("hex"));
}

/** What a person's keys are made of: their Telegram id, their proven email's mailbox forms. */
const namesOf = (person: PersonFacts) => [
  ...(person.telegramId != null ? [`telegram:${person.telegramId}`] : []),
  ...(person.email && person.emailVerifiedAt ? mailboxForms(person.email) : []),
];

/**
 * Who a person is, across their accounts (decision 115): keyed hashes (HMAC-SHA256 with a key the
 * server keeps in its database) of their Telegram id and of their proven email's mailbox, never the
 * values. An unproven email proves nothing, so it names nobody; an account with neither has no
 * keys. Runs on the caller's transaction (or database).
 */
export const personKeys = (tx: Db, person: PersonFacts): Promise<string[]> => hashed(tx, namesOf(person));

/**
 * The keys an address would have once proven. Used only to withhold something (a referral), never
 * to grant it: an unproven address is anyone's to type.
 */
export const mailboxKeys = (tx: Db, email: string): Promise<string[]> => hashed(tx, mailboxForms(email));

/** True when a person with any of these keys had an account (persons_seen), ever or before `before`. */
export const personSeen = (tx: Db, keys: string[], before?: Date): Promise<boolean> =>
  anySeen(tx, keys, before);

/**
 * Notes the person an account now names (an account made for a Telegram id, a Telegram id linked,
 * an email proven) as seen, in the caller's transaction: kept when the account goes.
 */
export async function notePersonSeen(tx: Db, person: PersonFacts, at: Date): Promise<void> {
  await noteSeen(tx, await personKeys(tx, person), at);
}

const PENDING_BATCH = 500;

/**
 * Notes the person keys of the accounts that existed when persons_seen was made (a migration cannot
 * hash: the key lives in the database), a batch per transaction, and empties the list; the start
 * runs it before serving, so attribution sees them. Returns how many accounts it noted.
 */
export async function notePendingPersons(ctx: Pick<ServiceContext, "db" | "now">): Promise<number> {
  let noted = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const rows = await pendingPersons(tx, PENDING_BATCH);
      await noteSeen(tx, await hashed(tx, rows.flatMap(namesOf)), ctx.now());
      await dropPending(
        tx,
        rows.map((row) => row.userId),
      );
      return rows.length;
    });
    if (!batch) return noted;
    noted += batch;
  }
}
