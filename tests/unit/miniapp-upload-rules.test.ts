import { describe, expect, it } from "vitest";
import { updateSettingsSchema } from "../../api/contracts/admin-settings";
import { uploadKinds } from "../../api/contracts/uploads";
import { uploadProblem } from "../../miniapp/src/lib/upload-rules";

const MB = 1024 * 1024;

describe("the landing page editor's checks", () => {
  it("a logo is an image under 10MB, in the spec's words", () => {
    expect(uploadProblem(uploadKinds.logo, { type: "video/mp4", size: 10 })).toBe(
      "Please select an image file",
    );
    expect(uploadProblem(uploadKinds.logo, { type: "image/png", size: 10 * MB })).toBeNull();
    expect(uploadProblem(uploadKinds.logo, { type: "image/png", size: 10 * MB + 1 })).toBe(
      "File size must be less than 10MB",
    );
  });

  it("a hero video is a video under 50MB, in the spec's words", () => {
    expect(uploadProblem(uploadKinds.heroVideo, { type: "image/jpeg", size: 10 })).toBe(
      "Please select a video file",
    );
    expect(uploadProblem(uploadKinds.heroVideo, { type: "video/quicktime", size: 50 * MB })).toBeNull();
    expect(uploadProblem(uploadKinds.heroVideo, { type: "video/webm", size: 50 * MB + 1 })).toBe(
      "Video file must be less than 50MB",
    );
  });

  it("Save's fields: the @ and blanks are dropped, the name is required", () => {
    const base = {
      channelName: " Drops ",
      logoUrl: null,
      heroVideoUrl: null,
      ageVerificationEnabled: true,
      emailNotifications: false,
      lowStockAlerts: true,
    };
    expect(updateSettingsSchema.parse({ ...base, channelUsername: "@shop", memberCount: " " })).toMatchObject(
      {
        channelName: "Drops",
        channelUsername: "shop",
        memberCount: null,
        welcomeMessage: null,
      },
    );
    expect(updateSettingsSchema.safeParse({ ...base, channelName: "" }).error?.issues[0]?.message).toBe(
      "Channel name is required",
    );
  });
});
