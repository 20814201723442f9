import { z } from "zod";

// Postgres reads a uuid in any letter case; we take only its usual 8-4-4-4-12 form. Both cases are
// spelled out rather than flagged (/i), so the OpenAPI document's JSON Schema pattern says the same.
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Whether `id` is a UUID: anything else cannot name a row, and is answered 404 without a query. */
export const isUuid = (id: string): boolean => UUID.test(id);

/**
 * The one form of an id every rule sees: lower case. Postgres compares uuids, so `C2C5…` and
 * `c2c5…` name the same row; a string comparison (a Set, a Map, a file name) would not. Undefined
 * when `id` is no UUID.
 */
export const canonicalId = (id: string): string | undefined => (isUuid(id) ? id.toLowerCase() : undefined);

/**
 * An id a request names (path, query or body): a UUID in any case, read in lower case. Use it for
 * every id a client sends, so that duplicates and look-ups compare one form.
 */
export const idSchema = (message = "Invalid id") => z.string(message).regex(UUID, message).toLowerCase();
