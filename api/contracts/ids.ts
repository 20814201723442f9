const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is a UUID: anything else cannot name a row, and is answered 404 without a query. */
export const isUuid = (id: string): boolean => UUID.test(id);
