import { z } from "zod";
import type { Contract } from "../lib/form-issues";

/**
 * A composer bar's contract: the route's text fields (its contract in `#api/contracts/...`) with the
 * chosen file, and text or a file needed, said on the text in the route's own words (`empty`).
 */
export function composerContract<S extends z.ZodObject>(
  fields: S,
  text: keyof z.output<S> & string,
  empty: string,
): Contract<z.output<S> & { file: File | null }> {
  return fields
    .extend({ file: z.custom<File>().nullable() })
    .refine((values) => (values as Record<string, unknown>)[text] !== "" || values.file !== null, {
      message: empty,
      path: [text],
    }) as Contract<z.output<S> & { file: File | null }>;
}
