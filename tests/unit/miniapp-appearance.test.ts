import { describe, expect, it } from "vitest";
import {
  DEFAULT_APPEARANCE,
  defaultPreference,
  kitPlatform,
  parsePreference,
  resolveAppearance,
} from "../../miniapp/src/lib/appearance";

describe("appearance", () => {
  it("defaults to Dark, also for anything unknown in storage", () => {
    expect(DEFAULT_APPEARANCE).toBe("dark");
    expect(parsePreference(null)).toBe("dark");
    expect(parsePreference("purple")).toBe("dark");
    expect(parsePreference("light")).toBe("light");
    expect(parsePreference("system")).toBe("system");
  });

  it("Light and Dark ignore the device", () => {
    for (const systemDark of [true, false]) {
      expect(resolveAppearance({ preference: "light", telegramDark: null, systemDark }).dark).toBe(false);
      expect(resolveAppearance({ preference: "dark", telegramDark: null, systemDark }).dark).toBe(true);
    }
  });

  it("System follows prefers-color-scheme outside Telegram", () => {
    expect(resolveAppearance({ preference: "system", telegramDark: null, systemDark: true })).toEqual({
      dark: true,
      telegramPalette: false,
    });
    expect(resolveAppearance({ preference: "system", telegramDark: null, systemDark: false })).toEqual({
      dark: false,
      telegramPalette: false,
    });
  });

  it("System follows Telegram's theme inside Telegram, with Telegram's colours", () => {
    expect(resolveAppearance({ preference: "system", telegramDark: false, systemDark: true })).toEqual({
      dark: false,
      telegramPalette: true,
    });
    expect(resolveAppearance({ preference: "system", telegramDark: true, systemDark: false })).toEqual({
      dark: true,
      telegramPalette: true,
    });
  });

  it("uses Telegram's colours only when the chosen scheme is Telegram's", () => {
    expect(resolveAppearance({ preference: "dark", telegramDark: true, systemDark: false })).toEqual({
      dark: true,
      telegramPalette: true,
    });
    // Dark chosen in a light Telegram: the app's own dark palette, not Telegram's light colours.
    expect(resolveAppearance({ preference: "dark", telegramDark: false, systemDark: false })).toEqual({
      dark: true,
      telegramPalette: false,
    });
    expect(resolveAppearance({ preference: "light", telegramDark: true, systemDark: true })).toEqual({
      dark: false,
      telegramPalette: false,
    });
  });
});

describe("the default appearance", () => {
  it("is Dark on the web and System (Telegram's theme) inside Telegram", () => {
    expect(defaultPreference(false)).toBe("dark");
    expect(defaultPreference(true)).toBe("system");
    expect(parsePreference(null, defaultPreference(true))).toBe("system");
    expect(parsePreference("light", defaultPreference(true))).toBe("light");
  });

  it("inside a light Telegram, the default is light in Telegram's own colours", () => {
    const preference = defaultPreference(true);
    expect(resolveAppearance({ preference, telegramDark: false, systemDark: true })).toEqual({
      dark: false,
      telegramPalette: true,
    });
  });
});

describe("the component kit's platform", () => {
  it("is iOS's look on iOS and macOS Telegram and the base look elsewhere", () => {
    expect(kitPlatform("ios")).toBe("ios");
    expect(kitPlatform("macos")).toBe("ios");
    expect(kitPlatform("android")).toBe("base");
    expect(kitPlatform("tdesktop")).toBe("base");
    expect(kitPlatform(null)).toBe("base");
    expect(kitPlatform(undefined)).toBe("base");
  });
});
