import { describe, expect, it } from "vitest";
import { offersTranslation, textLanguage } from "#api/contracts/text-language";

describe("textLanguage (docs/decisions/103)", () => {
  it.each([
    ["Свежая поставка уже в магазине! Заходите 🌿", "ru"],
    ["وصلت دفعة جديدة إلى المتجر اليوم", "ar"],
    ["Fresh drop this Friday: the new Blue Dream is in stock now!", "en"],
    ["¡Nuevo lote en la tienda! Ya está disponible para todos", "es"],
    ["Oferta de fin de semana en los comestibles", "es"],
    ["Weekend sale", "en"],
    // A Russian post naming products in Latin letters is still Russian.
    ["Новинка: Blue Dream и Gelato уже в наличии", "ru"],
    // Links, mentions and hashtags do not make a Russian post English.
    ["Подробнее: https://example.com/shop/new-arrivals #drop @shopchannel", "ru"],
    ["新品到货，欢迎选购", "other"],
  ])("%s → %s", (text, language) => {
    expect(textLanguage(text)).toBe(language);
  });

  it("finds no language in a text without letters", () => {
    for (const text of ["🔥🔥🔥", "42 / 7", "https://example.com/a-b-c", ""])
      expect(textLanguage(text)).toBeNull();
  });
});

describe("offersTranslation", () => {
  it("offers a text in another language than the reader's, never one in theirs or one without words", () => {
    expect(offersTranslation("Свежая поставка уже в магазине", "en")).toBe(true);
    expect(offersTranslation("Свежая поставка уже в магазине", "ru")).toBe(false);
    expect(offersTranslation("The new batch is here", "es")).toBe(true);
    expect(offersTranslation("The new batch is here", "en")).toBe(false);
    expect(offersTranslation("🔥🔥🔥", "ru")).toBe(false);
    expect(offersTranslation(null, "ru")).toBe(false);
  });
});
