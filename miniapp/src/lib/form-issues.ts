/** The first message per field of a zod failure, and the first message overall (the toast's). */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): {
  first: string | null;
  fields: Record<string, string>;
} {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    if (!(key in fields)) fields[key] = issue.message;
  }
  return { first: issues[0]?.message ?? null, fields };
}
