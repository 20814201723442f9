import { describe, expect, it } from "vitest";
import { BROADCAST_SCHEDULE_DAYS_MAX } from "#api/contracts/broadcasts";
import { inAnHour, latestSendAt, localDateTime } from "../../miniapp/src/admin/broadcasts/schedule-rules";

// The composer's "Send at" picker (<input type="datetime-local">): local minutes, from an hour ahead
// to the latest the server takes (decision 108's amendment: at most a year ahead of its clock).
describe("the broadcast composer's time to send", () => {
  const at = new Date(2026, 10, 29, 14, 7, 42, 500);

  it("writes a local date and time to the minute, as the picker reads it", () => {
    expect(localDateTime(at)).toBe("2026-11-29T14:07");
    expect(new Date(localDateTime(at)).getTime()).toBe(new Date(2026, 10, 29, 14, 7).getTime());
  });

  it("starts an hour ahead", () => {
    expect(inAnHour(at.getTime())).toBe("2026-11-29T15:07");
  });

  it("offers nothing past the year the server takes, and the latest it offers is taken", () => {
    expect(BROADCAST_SCHEDULE_DAYS_MAX).toBe(365);
    const latest = latestSendAt(at.getTime());
    expect(latest).toBe(localDateTime(new Date(at.getTime() + 365 * 86_400_000)));
    const ahead = new Date(latest).getTime() - at.getTime();
    expect(ahead).toBeLessThanOrEqual(365 * 86_400_000);
    expect(ahead).toBeGreaterThan(365 * 86_400_000 - 60_000);
  });
});
