import { describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH, postMessageFieldsSchema } from "../../api/contracts/feed";
import { attachmentProblem, messageProblem } from "../../miniapp/src/feed/composer-rules";

const MB = 1024 * 1024;

describe("the composer's checks", () => {
  it("an attachment is an image up to 5MB or a video up to 500MB", () => {
    expect(attachmentProblem({ type: "application/pdf", size: 10 })).toBe(
      "Please select an image or video file",
    );
    expect(attachmentProblem({ type: "", size: 10 })).toBe("Please select an image or video file");
    expect(attachmentProblem({ type: "image/png", size: 5 * MB })).toBeNull();
    expect(attachmentProblem({ type: "image/jpeg", size: 5 * MB + 1 })).toBe("Image must be less than 5MB");
    expect(attachmentProblem({ type: "video/mp4", size: 500 * MB })).toBeNull();
    expect(attachmentProblem({ type: "video/webm", size: 500 * MB + 1 })).toBe(
      "Video must be less than 500MB",
    );
  });

  it("text or an attachment is needed; blank text is none", () => {
    expect(messageProblem("", false)).toBe("Message cannot be empty");
    expect(messageProblem(" \n ", false)).toBe("Message cannot be empty");
    expect(messageProblem("", true)).toBeNull();
    expect(messageProblem("Hi", false)).toBeNull();
  });

  it("the contract trims the text and holds it to Telegram's 4096 characters", () => {
    expect(postMessageFieldsSchema.parse({ content: "  Hi\n" })).toEqual({ content: "Hi" });
    expect(postMessageFieldsSchema.parse({})).toEqual({ content: "" });
    expect(postMessageFieldsSchema.safeParse({ content: "x".repeat(MESSAGE_MAX_LENGTH) }).success).toBe(true);
    expect(
      postMessageFieldsSchema.safeParse({ content: "x".repeat(MESSAGE_MAX_LENGTH + 1) }).error?.issues[0]
        ?.message,
    ).toBe("Message must be at most 4096 characters");
  });
});
