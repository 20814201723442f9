import { beforeAll, describe, expect, it } from "vitest";
import { asksBeforeChange, contactLines, usersQuery, whoIs } from "../../miniapp/src/admin/users/user-rules";
import { i18n, loadAdminTexts } from "../../miniapp/src/i18n/i18n";
import { fetchPages } from "../../miniapp/src/lib/paged-list";

// The rules speak through Administration's catalog: English, as the screens load it.
beforeAll(async () => {
  await loadAdminTexts();
  i18n.activate("en");
});

describe("contactLines", () => {
  it("shows the email, the Telegram @username, or both", () => {
    expect(contactLines({ email: "a@b.example", telegramUsername: null })).toEqual(["a@b.example"]);
    expect(contactLines({ email: null, telegramUsername: "night_owl" })).toEqual(["@night_owl"]);
    expect(contactLines({ email: "a@b.example", telegramUsername: "owl" })).toEqual(["a@b.example", "@owl"]);
  });

  it("says the spec's No email for someone with neither", () => {
    expect(contactLines({ email: null, telegramUsername: null })).toEqual(["No email"]);
    expect(contactLines({ email: "", telegramUsername: "" })).toEqual(["No email"]);
  });
});

describe("whoIs", () => {
  it("names the user by name, else email, else @username", () => {
    expect(whoIs({ fullName: "Pat", email: "p@x.example", telegramUsername: "pat" })).toBe("Pat");
    expect(whoIs({ fullName: null, email: "p@x.example", telegramUsername: "pat" })).toBe("p@x.example");
    expect(whoIs({ fullName: "", email: null, telegramUsername: "pat" })).toBe("@pat");
    expect(whoIs({ fullName: null, email: null, telegramUsername: null })).toBe("this user");
  });
});

describe("asksBeforeChange", () => {
  it("asks before making someone an admin, and only then", () => {
    expect(asksBeforeChange({ roles: [] }, "admin")).toBe(true);
    expect(asksBeforeChange({ roles: ["moderator"] }, "admin")).toBe(true);
    expect(asksBeforeChange({ roles: ["admin"] }, "admin")).toBe(false);
    expect(asksBeforeChange({ roles: [] }, "moderator")).toBe(false);
    expect(asksBeforeChange({ roles: ["admin"] }, "employee")).toBe(false);
  });
});

describe("usersQuery", () => {
  it("leaves the API's defaults out", () => {
    expect(usersQuery("all", "")).toEqual({});
    expect(usersQuery("pending", "")).toEqual({ filter: "pending" });
    expect(usersQuery("all", "@owl")).toEqual({ search: "@owl" });
    expect(usersQuery("pending", "pat")).toEqual({ filter: "pending", search: "pat" });
  });
});

describe("fetchPages", () => {
  it("asks for pages 1 to n together and shows a row that moved between them once", async () => {
    const asked: string[] = [];
    const pages: Record<string, { id: string }[]> = {
      "1": [{ id: "a" }, { id: "b" }],
      "2": [{ id: "b" }, { id: "c" }],
    };
    const result = await fetchPages(2, async (page) => {
      asked.push(page);
      return { items: pages[page] ?? [], total: 4, pageSize: 2 };
    });
    expect(asked).toEqual(["1", "2"]);
    expect(result).toEqual({ items: [{ id: "a" }, { id: "b" }, { id: "c" }], total: 4, pageSize: 2 });
  });
});
