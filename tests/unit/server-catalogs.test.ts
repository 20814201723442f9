import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { adminLegalMessages } from "#api/contracts/admin-legal";
import { adminTierMessages } from "#api/contracts/admin-tiers";
import { AGE_REQUIRED_MESSAGE } from "#api/contracts/age-message";
import { checkoutMessages } from "#api/contracts/checkout";
import { languages } from "#api/contracts/languages";
import { planPaymentMessages } from "#api/contracts/plan-payments";
import { invalidTextMessage } from "#api/contracts/text";
import { uploadKinds } from "#api/contracts/uploads";
import { busyMessage, tooManyAttemptsMessage } from "#api/domain/auth";
import { serverCatalogs } from "#api/domain/i18n/catalogs";
import { serverText, translateMessage } from "#api/domain/i18n/translate";
import { deepJsonMessage } from "#api/http/json-depth";
import { fieldTooLargeMessage, incompleteUploadMessage } from "#api/http/multipart";

const contractsDir = fileURLToPath(new URL("../../api/contracts/", import.meta.url));

/** Every string inside a value (objects and arrays walked); functions are templates in server.json. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The English words of every exported `*Messages` object of api/contracts, by export. */
async function contractMessages(): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const file of readdirSync(contractsDir).filter((name) => name.endsWith(".ts"))) {
    const module: Record<string, unknown> = await import(`../../api/contracts/${file.slice(0, -3)}.ts`);
    for (const [name, value] of Object.entries(module))
      if (name.endsWith("Messages")) found.set(`${file} ${name}`, stringsOf(value));
  }
  return found;
}

const otherMessages = [
  ...stringsOf(uploadKinds).filter((text) => /\s/.test(text)),
  AGE_REQUIRED_MESSAGE,
  invalidTextMessage,
  busyMessage,
  deepJsonMessage,
  incompleteUploadMessage,
  fieldTooLargeMessage,
  "Request body is too large",
];

describe("the server's catalogs", () => {
  it("translate every contract message into every language", async () => {
    const exports = await contractMessages();
    expect(exports.size).toBeGreaterThan(15);
    const missing: string[] = [];
    for (const [where, texts] of [...exports, ["other", otherMessages] as const])
      for (const english of texts)
        for (const language of languages) {
          const translated = serverCatalogs[language].messages[english];
          if (!translated || (language === "en" && translated !== english))
            missing.push(`${language}: ${where}: ${english}`);
        }
    expect(missing).toEqual([]);
  });

  it("hold the same keys in every language, each a valid ICU message", () => {
    const en = serverCatalogs.en;
    for (const language of languages) {
      const catalog = serverCatalogs[language];
      expect(Object.keys(catalog.server).sort()).toEqual(Object.keys(en.server).sort());
      expect(Object.keys(catalog.messages).sort()).toEqual(Object.keys(en.messages).sort());
      for (const text of [...Object.values(catalog.server), ...Object.values(catalog.messages)])
        expect(() => compileMessage(text)).not.toThrow();
    }
    for (const [english, text] of Object.entries(en.messages)) expect(text).toBe(english);
  });

  it("word the templates in English exactly as the contracts do", () => {
    expect(serverText("en", "refusal.outOfStock", { title: "Kush" })).toBe(
      checkoutMessages.notEnoughStock("Kush"),
    );
    expect(serverText("en", "refusal.overBudget", { remaining: "12.50" })).toBe(
      checkoutMessages.budgetExceeded("12.50"),
    );
    expect(serverText("en", "refusal.unavailable", { title: "Kush" })).toBe(
      checkoutMessages.unavailable("Kush"),
    );
    expect(serverText("en", "refusal.restricted", { title: "Kush", state: "Texas" })).toBe(
      checkoutMessages.restricted("Kush", "Texas"),
    );
    expect(serverText("en", "refusal.tierInUse", { count: 1200 })).toBe(adminTierMessages.inUse(1200));
    expect(serverText("en", "refusal.refundFailed", { reason: "X" })).toBe(
      planPaymentMessages.refundFailed("X"),
    );
    expect(serverText("en", "refusal.legalNotNewer", { latest: "3" })).toBe(adminLegalMessages.notNewer(3));
    expect(serverText("en", "bot.planGranted", { name: "Gold" })).toBe(planPaymentMessages.granted("Gold"));
    expect(serverText("en", "bot.planRenewed", { name: "Gold", until: "2026-01-31" })).toBe(
      planPaymentMessages.renewed("Gold", "2026-01-31"),
    );
  });

  it("speak the language asked for, and leave words they do not hold as they are", () => {
    expect(translateMessage("es", "Order not found")).toBe("Pedido no encontrado");
    expect(translateMessage("ru", "A {storefront} word")).toBe("A {storefront} word");
    expect(tooManyAttemptsMessage(61, "ru")).toBe("Слишком много попыток. Попробуйте снова через 2 минуты.");
    expect(tooManyAttemptsMessage(300, "ru")).toBe("Слишком много попыток. Попробуйте снова через 5 минут.");
    expect(tooManyAttemptsMessage(60, "ar")).toBe("محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقة واحدة.");
  });
});
