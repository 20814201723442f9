import { catalogs } from "virtual:catalogs";
import { afterAll, describe, expect, it } from "vitest";
import { accountMessages } from "../../api/contracts/account";
import { authMessages } from "../../api/contracts/auth";
import russianMessages from "../../locales/ru/messages.json";
import { i18n, translateMessage } from "../../miniapp/src/i18n/i18n";
import { messageId } from "../../miniapp/src/i18n/message-id";

describe("a contract's message in the Mini App", () => {
  afterAll(() => i18n.activate("en"));

  it("is found in the member's language by the id of its English wording", async () => {
    const russian = catalogs.ru;
    if (!russian) throw new Error("no Russian catalog");
    i18n.load("ru", (await russian.app()).default);
    i18n.activate("ru");
    expect(translateMessage(accountMessages.fullNameRequired)).toBe(
      (russianMessages as Record<string, string>)[accountMessages.fullNameRequired],
    );
    expect(translateMessage(authMessages.invalidCredentials)).not.toBe(authMessages.invalidCredentials);
  });

  it("is left as it is when no catalog holds it (a storefront's own words, a server's translated answer)", () => {
    i18n.activate("ru");
    expect(translateMessage("Variant {gid} is sold out")).toBe("Variant {gid} is sold out");
  });

  it("gives each wording its own id", () => {
    expect(messageId("Not signed in")).not.toBe(messageId("Not signed in."));
    expect(messageId("Not signed in")).toMatch(/^~[0-9a-z]+$/);
  });
});
