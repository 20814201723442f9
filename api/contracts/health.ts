import { z } from "zod";

export const healthSchema = z.object({ ok: z.boolean(), db: z.enum(["pglite", "postgres"]) });
export type Health = z.infer<typeof healthSchema>;
