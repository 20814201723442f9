import { describe, expect, it } from "vitest";
import {
  type MainButtonClaim,
  MainButtonOwners,
  type MainButtonView,
} from "../../miniapp/src/telegram/main-button";

function setup() {
  const shown: MainButtonView[] = [];
  const pressed: string[] = [];
  const owners = new MainButtonOwners((view) => shown.push(view));
  const option = (text: string, enabled = true) => ({ text, enabled, onClick: () => pressed.push(text) });
  return { shown, pressed, owners, option };
}

describe("Telegram MainButton owners", () => {
  it("a sheet opened over a page owns the button: its words show and only its action runs", () => {
    const { shown, pressed, owners, option } = setup();
    const page = { options: option("Add to Cart") };
    owners.claim(page);
    const sheet = { options: option("Place order · 10.00 credits") };
    const releaseSheet = owners.claim(sheet);
    expect(shown.at(-1)).toEqual({ text: "Place order · 10.00 credits", enabled: true, visible: true });

    owners.press();
    expect(pressed).toEqual(["Place order · 10.00 credits"]);

    // The page re-rendering under the sheet does not take the button back.
    page.options = option("Add 2 to Cart");
    const before = shown.length;
    owners.changed(page);
    expect(shown).toHaveLength(before);

    // The sheet closes: the page's (latest) button comes back and presses reach the page again.
    releaseSheet();
    expect(shown.at(-1)).toEqual({ text: "Add 2 to Cart", enabled: true, visible: true });
    owners.press();
    expect(pressed).toEqual(["Place order · 10.00 credits", "Add 2 to Cart"]);
  });

  it("a claim without options keeps the button hidden, with its last words, and ignores presses", () => {
    const { shown, pressed, owners, option } = setup();
    owners.claim({ options: option("Add to Cart") });
    const sheet: MainButtonClaim = { options: option("Place order", false) };
    owners.claim(sheet);
    sheet.options = null;
    owners.changed(sheet);
    expect(shown.at(-1)).toEqual({ text: "Place order", enabled: false, visible: false });
    owners.press();
    expect(pressed).toEqual([]);
  });

  it("the last claim going hides the button; releasing twice changes nothing", () => {
    const { shown, owners, option } = setup();
    const release = owners.claim({ options: option("Add to Cart") });
    release();
    expect(shown.at(-1)).toEqual({ text: "Add to Cart", enabled: false, visible: false });
    const count = shown.length;
    release();
    expect(shown).toHaveLength(count);
  });
});
