import type { AdminChat, BotRightName, ChatKind } from "#api/contracts/gate";
import type { FormRules } from "../../lib/form-issues";

/** The access form as the admin edits it: everyone, or the members of the tiers ticked. */
export interface AccessValues {
  kind: "open" | "tiers";
  tierIds: string[];
}

export const accessValuesOf = (access: AdminChat["access"]): AccessValues =>
  access.kind === "open" ? { kind: "open", tierIds: [] } : { kind: "tiers", tierIds: [...access.tierIds] };

/** PUT /api/admin/chats/:chatId's body: the tiers ticked count only while the gate is on. */
export const accessRules: FormRules<AccessValues> = {
  input: (values) => ({
    access: values.kind === "open" ? { kind: "open" } : { kind: "tiers", tierIds: values.tierIds },
  }),
  clearOnEdit: () => "access",
};

/** Whether the form says something other than what the chat has now (Save does nothing otherwise). */
export function accessChanged(values: AccessValues, access: AdminChat["access"]): boolean {
  if (values.kind !== access.kind) return true;
  if (access.kind === "open") return false;
  const saved = new Set(access.tierIds);
  return values.tierIds.length !== saved.size || values.tierIds.some((id) => !saved.has(id));
}

/** A form's key for the chat's saved access: a save (or another admin's) starts the form again from it. */
export const accessKey = (access: AdminChat["access"]): string =>
  access.kind === "open" ? "open" : [...access.tierIds].sort().join(",");

/** The rights the screen lists for a chat: tags exist only in groups, so a channel's list leaves them out. */
export const listedRights = (kind: ChatKind): readonly BotRightName[] =>
  kind === "channel" ? ["inviteUsers", "banUsers"] : ["inviteUsers", "banUsers", "manageTags"];
