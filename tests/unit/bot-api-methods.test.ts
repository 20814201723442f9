import { describe, expect, it } from "vitest";
import { botApiMethods, parseBotApiMethods } from "../helpers/bot-api-methods";

// The fake Bot API's list of what Telegram has, read from the pinned grammY's types.
describe("the Bot API's methods from grammY's types", () => {
  const methods = botApiMethods();
  const paramsOf = (name: string) => [...(methods.get(name)?.params ?? [])].sort();
  const requiredOf = (name: string) => [...(methods.get(name)?.required ?? [])].sort();

  it("knows every method, those without parameters too", () => {
    expect(methods.size).toBeGreaterThan(150);
    expect(paramsOf("getMe")).toEqual([]);
    expect(paramsOf("getUpdates")).toEqual(["allowed_updates", "limit", "offset", "timeout"]);
    expect(requiredOf("getUpdates")).toEqual([]);
  });

  it("reads each parameter and which are required", () => {
    expect(paramsOf("createChatInviteLink")).toEqual([
      "chat_id",
      "creates_join_request",
      "expire_date",
      "member_limit",
      "name",
    ]);
    expect(requiredOf("createChatInviteLink")).toEqual(["chat_id"]);
    // A deprecated name Telegram still answers is the method it names.
    expect(paramsOf("kickChatMember")).toEqual(paramsOf("banChatMember"));
    expect(paramsOf("unbanChatMember")).toEqual(["chat_id", "only_if_banned", "user_id"]);
    expect(requiredOf("answerChatJoinRequestQuery")).toEqual(["chat_join_request_query_id", "result"]);
    expect(requiredOf("setChatMemberTag")).toEqual(["chat_id", "user_id"]);
    expect(paramsOf("setChatMemberTag")).toContain("tag");
    expect(requiredOf("sendMessage")).toEqual(["chat_id", "text"]);
    expect(paramsOf("sendMessage")).toEqual(
      expect.arrayContaining(["parse_mode", "reply_markup", "entities"]),
    );
  });

  it("has no method or parameter Telegram does not have", () => {
    expect(methods.has("sendMesage")).toBe(false);
    expect(methods.has("ApiMethods")).toBe(false);
    expect(paramsOf("sendMessage")).not.toContain("parseMode");
    // A parameter's own words (doc comments) and its type's members are no parameters.
    expect(paramsOf("setWebhook")).not.toContain("url_or_not");
    expect(paramsOf("setChatPermissions")).not.toContain("can_send_messages");
  });

  it("skips nested object types, comments and literal strings, and refuses a shape it does not know", () => {
    const parsed = parseBotApiMethods(`
      export type ApiMethods<F> = {
        /** Has { braces; and: semicolons } in its comment */
        first(args: {
          /** chat_id: the chat */
          chat_id: number | string;
          options?: { nested: string; deeper: { a: number } };
          mode: "a;b" | "{";
          list?: ReadonlyArray<{ x: number }>;
          file: F | string;
        }): true;
        second(): true;
        third(args?: { only?: boolean }): Array<{ y: number }>;
        /** @deprecated Use \`second\` instead. */
        old: ApiMethods<F>["third"];
      };
    `);
    expect([...parsed.keys()]).toEqual(["first", "second", "third", "old"]);
    expect(parsed.get("old")).toBe(parsed.get("third"));
    expect([...(parsed.get("first")?.params ?? [])]).toEqual(["chat_id", "options", "mode", "list", "file"]);
    expect([...(parsed.get("first")?.required ?? [])]).toEqual(["chat_id", "mode", "file"]);
    expect(parsed.get("second")?.params.size).toBe(0);
    expect([...(parsed.get("third")?.required ?? [])]).toEqual([]);
    expect(() => parseBotApiMethods("export type ApiMethods<F> = { odd(args: Named): true; };")).toThrow(
      /args: \{/,
    );
    expect(() => parseBotApiMethods("export type Other = {};")).toThrow(/not found/);
  });
});
