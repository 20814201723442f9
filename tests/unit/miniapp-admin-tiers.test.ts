import { beforeAll, describe, expect, it } from "vitest";
import { adminTierMessages, createTierSchema, tierSlug, updateTierSchema } from "#api/contracts/admin-tiers";
import { languages } from "#api/contracts/languages";
import { translateMessage } from "#api/domain/i18n/translate";
import {
  createBody,
  emptyTierForm,
  featureLines,
  fieldOfRefusal,
  MAX_STARS,
  membersText,
  serverMessage,
  slugOf,
  type TierFormValues,
  tierContract,
  tierFormFrom,
  tierFormRules,
  tierTexts,
  updateBody,
} from "../../miniapp/src/admin/memberships/tier-rules";
import { i18n, loadAdminTexts } from "../../miniapp/src/i18n/i18n";
import { LoadError } from "../../miniapp/src/lib/api";
import { checkWith } from "../../miniapp/src/lib/form-issues";

// The rules speak through Administration's catalog: English, as the screens load it.
beforeAll(async () => {
  await loadAdminTexts();
  i18n.activate("en");
});

const form = (displayName: string, priceMonthly: string) => ({ ...emptyTierForm, displayName, priceMonthly });
/** The sheet's check, as Edit makes it (Add checks the same fields with the same rules): the messages per field. */
const checkTierForm = (values: TierFormValues, mode: "create" | "edit" = "edit") => {
  const checked = checkWith(tierContract(mode), values, tierFormRules(mode));
  return checked.ok ? {} : checked.fields;
};

describe("the Memberships admin form", () => {
  it("says the spec's messages: the API's contract's", () => {
    expect(checkTierForm(form("", "25"))).toEqual({ displayName: adminTierMessages.displayNameRequired });
    expect(adminTierMessages.displayNameRequired).toBe("Display name is required");
    expect(adminTierMessages.priceRequired).toBe("Valid price is required");
    expect(MAX_STARS).toBe(10_000);
    expect(tierTexts.deleted("Gold")).toBe("Gold deleted successfully");
  });

  it("requires a display name and a price that is not negative, to the cent", () => {
    for (const mode of ["create", "edit"] as const) {
      expect(checkTierForm(form("Gold", "25"), mode)).toEqual({});
      expect(checkTierForm(form("Gold", "0"), mode)).toEqual({});
      expect(checkTierForm(form("Gold", "19.99"), mode)).toEqual({});
      expect(checkTierForm(form("Gold", "19.5"), mode)).toEqual({});
      expect(checkTierForm(form("  ", "25"), mode)).toEqual({ displayName: "Display name is required" });
      for (const price of ["", " ", "-1", "1.234", "abc", "1e3"]) {
        expect(checkTierForm(form("Gold", price), mode), price).toEqual({
          priceMonthly: "Valid price is required",
        });
      }
      expect(checkTierForm(form("", ""), mode)).toEqual({
        displayName: "Display name is required",
        priceMonthly: "Valid price is required",
      });
    }
  });

  it("refuses a name that makes no slug before sending it, as the server would", () => {
    expect(checkTierForm(form("!!!", "25"))).toEqual({ displayName: adminTierMessages.slugEmpty });
  });

  it("takes a Stars price as the API does: empty, or a whole number from 1 to 10000", () => {
    for (const stars of ["", " ", "1", "250", "10000", " 250 ", "1e3"]) {
      expect(checkTierForm({ ...form("Gold", "25"), priceStars: stars }), stars).toEqual({});
    }
    for (const stars of ["0", "10001", "-5", "2.5", "abc", "99999"]) {
      expect(checkTierForm({ ...form("Gold", "25"), priceStars: stars }), stars).toEqual({
        priceStars: "Stars price must be a whole number from 1 to 10000",
      });
    }
  });

  it("makes the slug as the API does", () => {
    for (const name of ["Gold", "Gold Plus", "VIP 2.0!", " Basic ", "Ünïcode tier", "a  b"]) {
      expect(slugOf(name), name).toBe(tierSlug(name.trim()));
    }
  });

  it("sends bodies the API's schemas accept: features one per line, blank description as none", () => {
    const values = {
      displayName: " Gold ",
      priceMonthly: "30.5",
      description: "  ",
      features: "  First\n\nSecond  \n",
      priceStars: " 250 ",
      trialDays: " 7 ",
      isActive: false,
    };
    expect(featureLines(values.features)).toEqual(["First", "Second"]);
    const body = createBody(values);
    expect(body).toEqual({
      displayName: "Gold",
      priceMonthly: "30.5",
      description: null,
      features: ["First", "Second"],
      priceStars: 250,
      trialDays: 7,
      isActive: false,
    });
    expect(createTierSchema.safeParse(body).success).toBe(true);
    // Edit sends the name, the prices, the trial and whether it is active.
    expect(updateBody(values)).toEqual({
      displayName: "Gold",
      priceMonthly: "30.5",
      priceStars: 250,
      trialDays: 7,
      isActive: false,
    });
    expect(updateTierSchema.strict().safeParse(updateBody(values)).success).toBe(true);
    // An empty Stars price: not sold for Stars.
    expect(updateBody({ ...values, priceStars: "" }).priceStars).toBeNull();
    expect(createTierSchema.safeParse(createBody({ ...values, priceStars: "" })).success).toBe(true);
    // An empty trial: none; more than 90 days is refused by the contract.
    expect(updateBody({ ...values, trialDays: "" }).trialDays).toBeNull();
    expect(updateTierSchema.safeParse(updateBody({ ...values, trialDays: "91" })).success).toBe(false);
  });

  it("starts the edit sheet from the tier as it is", () => {
    const sample = {
      id: "00000000-0000-4000-8000-000000000000",
      name: "gold",
      displayName: "Gold",
      priceMonthly: "30.00",
      tierLevel: 5,
      description: null,
      features: [],
      priceStars: null,
      trialDays: null,
      isActive: true,
      members: 0,
    };
    const values = tierFormFrom({
      id: "00000000-0000-4000-8000-000000000000",
      name: "gold",
      displayName: "Gold",
      priceMonthly: "30.00",
      tierLevel: 5,
      description: null,
      features: ["A", "B"],
      priceStars: 250,
      trialDays: null,
      isActive: false,
      members: 2,
    });
    expect(values).toEqual({
      displayName: "Gold",
      priceMonthly: "30.00",
      description: "",
      features: "A\nB",
      priceStars: "250",
      trialDays: "",
      isActive: false,
    });
    expect(tierFormFrom({ ...sample, priceStars: null }).priceStars).toBe("");
  });

  it("prefers the server's message on a refusal, never on a fault", () => {
    const inUse = adminTierMessages.inUse(2);
    expect(serverMessage(new LoadError(inUse, "conflict"))).toBe(inUse);
    expect(serverMessage(new LoadError("HTTP 400", "bad_request", null, false))).toBeUndefined();
    expect(
      serverMessage(new LoadError("Something went wrong. Please try again.", "internal")),
    ).toBeUndefined();
    expect(serverMessage(new LoadError("HTTP 502", null, null, false))).toBeUndefined();
    expect(serverMessage(new TypeError("Failed to fetch"))).toBeUndefined();
    expect(serverMessage(null)).toBeUndefined();
  });

  it("puts a refusal under its field by the refusal's reason, in any language, never by its words", () => {
    // The server answers in the admin's language: the words differ, the reason does not.
    for (const language of languages) {
      const message = translateMessage(language, adminTierMessages.nameTaken);
      const refusal = new LoadError(message, "conflict", "tier_name_taken");
      expect(fieldOfRefusal(refusal), `${language}: ${message}`).toBe("displayName");
      const trial = translateMessage(language, adminTierMessages.trialOnFreeTier);
      expect(fieldOfRefusal(new LoadError(trial, "bad_request", "trial_on_free_tier")), trial).toBe(
        "trialDays",
      );
    }
    // Words alone name no field, even the English ones the form once matched.
    for (const message of [
      adminTierMessages.nameTaken,
      adminTierMessages.slugEmpty,
      adminTierMessages.priceRequired,
      adminTierMessages.starsPrice,
      adminTierMessages.trialDays,
    ]) {
      expect(fieldOfRefusal(new LoadError(message, "bad_request")), message).toBeNull();
      expect(fieldOfRefusal({ code: "bad_request", message }), message).toBeNull();
    }
    // A refusal of no field (members on the tier), a fault, nothing.
    expect(fieldOfRefusal(new LoadError(adminTierMessages.inUse(2), "conflict"))).toBeNull();
    expect(fieldOfRefusal(new LoadError("Something went wrong", "internal"))).toBeNull();
    expect(fieldOfRefusal(new TypeError("Failed to fetch"))).toBeNull();
    expect(fieldOfRefusal(undefined)).toBeNull();
  });

  it("counts members", () => {
    expect(membersText(0)).toBe("0 members");
    expect(membersText(1)).toBe("1 member");
    expect(membersText(12)).toBe("12 members");
  });
});
