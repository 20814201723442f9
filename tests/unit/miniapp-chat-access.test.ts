import { describe, expect, it } from "vitest";
import { gateMessages, putChatAccessSchema } from "#api/contracts/gate";
import {
  type AccessValues,
  accessChanged,
  accessKey,
  accessRules,
  accessValuesOf,
  listedRights,
} from "../../miniapp/src/admin/chats/chat-access-rules";
import { checkWith } from "../../miniapp/src/lib/form-issues";

const PREMIUM = "0b6f8d3e-6a51-4c39-9a3c-0f5f1b2d7e11";
const VIP = "5d2c8a47-1e93-4f0b-8c6d-2a7e9b4f3c22";

const check = (values: AccessValues) => checkWith(putChatAccessSchema, values, accessRules);

// Administration › Chats' access form (decision 120): everyone, or the tiers ticked, checked by the
// contract the server checks PUT /api/admin/chats/:chatId with.
describe("a chat's access form", () => {
  it("sends open access without the tiers ticked before", () => {
    const checked = check({ kind: "open", tierIds: [PREMIUM] });
    expect(checked).toMatchObject({ ok: true, data: { access: { kind: "open" } } });
  });

  it("sends the tiers ticked once each", () => {
    const checked = check({ kind: "tiers", tierIds: [VIP, PREMIUM, VIP] });
    expect(checked).toMatchObject({ ok: true, data: { access: { kind: "tiers", tierIds: [VIP, PREMIUM] } } });
  });

  it("says, on the access, that a gate needs a tier", () => {
    const checked = check({ kind: "tiers", tierIds: [] });
    expect(checked).toMatchObject({ ok: false, fields: { access: gateMessages.tiersRequired } });
  });

  it("a message goes when any field is edited: they all say who may join", () => {
    const clear = accessRules.clearOnEdit;
    expect(typeof clear === "function" ? clear("tierIds") : clear).toBe("access");
    expect(typeof clear === "function" ? clear("kind") : clear).toBe("access");
  });

  it("has changed only when the chat's saved access differs, whatever the order ticked", () => {
    const gated = { kind: "tiers" as const, tierIds: [PREMIUM, VIP] };
    expect(accessChanged(accessValuesOf(gated), gated)).toBe(false);
    expect(accessChanged({ kind: "tiers", tierIds: [VIP, PREMIUM] }, gated)).toBe(false);
    expect(accessChanged({ kind: "tiers", tierIds: [VIP] }, gated)).toBe(true);
    expect(accessChanged({ kind: "open", tierIds: [] }, gated)).toBe(true);
    expect(accessChanged({ kind: "open", tierIds: [VIP] }, { kind: "open" })).toBe(false);
    expect(accessKey({ kind: "tiers", tierIds: [VIP, PREMIUM] })).toBe(accessKey(gated));
  });

  it("lists tags only where Telegram has them: in groups", () => {
    expect(listedRights("channel")).toEqual(["inviteUsers", "banUsers"]);
    expect(listedRights("supergroup")).toEqual(["inviteUsers", "banUsers", "manageTags"]);
  });
});
