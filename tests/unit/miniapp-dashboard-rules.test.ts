import { beforeAll, describe, expect, it } from "vitest";
import { changeOf, countText, dayLabel, labelStep } from "../../miniapp/src/admin/dashboard/dashboard-rules";
import { i18n, loadAdminTexts } from "../../miniapp/src/i18n/i18n";

// The rules speak through Administration's catalog: English, as the screens load it.
beforeAll(async () => {
  await loadAdminTexts();
  i18n.activate("en");
});

describe("the dashboard's wording", () => {
  it("names a day by month and day, as the channel counted it", () => {
    expect(dayLabel("2026-03-04")).toBe("Mar 4");
    expect(dayLabel("2025-12-31")).toBe("Dec 31");
    expect(dayLabel("not a day")).toBe("not a day");
  });

  it("shows about seven day labels whatever the period", () => {
    expect([7, 30, 90].map(labelStep)).toEqual([1, 5, 13]);
  });

  it("says how a figure moved against the period before", () => {
    expect(changeOf(120, 100)).toEqual({ text: "+20%", direction: "up" });
    expect(changeOf(60, 100)).toEqual({ text: "−40%", direction: "down" });
    expect(changeOf(5, 5)).toEqual({ text: "No change", direction: "same" });
    expect(changeOf(3, 0)).toEqual({ text: "Up from 0", direction: "up" });
    expect(changeOf(0, 4)).toEqual({ text: "−100%", direction: "down" });
    expect(changeOf(1001, 1000)).toEqual({ text: "+<1%", direction: "up" });
  });

  it("counts in words", () => {
    expect(countText(1, "upgrade")).toBe("1 upgrade");
    expect(countText(1234, "upgrade")).toBe("1,234 upgrades");
    expect(countText(0, "plan change")).toBe("0 plan changes");
  });
});
