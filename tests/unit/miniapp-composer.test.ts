import { describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH, postMessageFieldsSchema } from "../../api/contracts/feed";
import { attachmentProblem, postMessageForm } from "../../miniapp/src/feed/composer-rules";
import { supportMessageForm } from "../../miniapp/src/support/support-form";

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
    const problem = (content: string, file: File | null) => {
      const parsed = postMessageForm.safeParse({ content, file });
      return parsed.success ? null : parsed.error.issues.map((issue) => [issue.path[0], issue.message]);
    };
    expect(problem("", null)).toEqual([["content", "Message cannot be empty"]]);
    expect(problem(" \n ", null)).toEqual([["content", "Message cannot be empty"]]);
    expect(problem("", new File(["x"], "x.png", { type: "image/png" }))).toBeNull();
    expect(problem("Hi", null)).toBeNull();
  });

  it("the contract trims the text and holds it to Telegram's 4096 characters", () => {
    expect(postMessageFieldsSchema.parse({ content: "  Hi\n" })).toEqual({ content: "Hi", tierIds: "" });
    expect(postMessageFieldsSchema.parse({})).toEqual({ content: "", tierIds: "" });
    expect(postMessageFieldsSchema.safeParse({ content: "x".repeat(MESSAGE_MAX_LENGTH) }).success).toBe(true);
    expect(
      postMessageFieldsSchema.safeParse({ content: "x".repeat(MESSAGE_MAX_LENGTH + 1) }).error?.issues[0]
        ?.message,
    ).toBe("Message must be at most 4096 characters");
  });

  it("takes the tiers a post is for as comma-separated ids (decision 118), none for everyone", () => {
    const tierIds = "11111111-1111-4111-8111-111111111111,22222222-2222-4222-8222-222222222222";
    expect(postMessageFieldsSchema.parse({ content: "Hi", tierIds }).tierIds).toBe(tierIds);
    for (const bad of ["not a tier", "1111,", ",1111", "<x>"]) {
      expect(
        postMessageFieldsSchema.safeParse({ content: "Hi", tierIds: bad }).error?.issues[0]?.message,
      ).toBe("A chosen tier does not exist");
    }
  });
});

describe("the support reply bar's contract", () => {
  it("needs text or an image, trims the text and keeps the order asked about", () => {
    const image = new File(["x"], "x.png", { type: "image/png" });
    const empty = supportMessageForm.safeParse({ text: " ", file: null });
    expect(empty.success ? undefined : empty.error.issues[0]?.message).toBe(
      "Write a message or attach an image",
    );
    expect(supportMessageForm.safeParse({ text: "", file: image }).success).toBe(true);
    const order = "3f1c2b7a-9d4e-4c8b-8a6f-2e5d7c9b1a30";
    expect(supportMessageForm.safeParse({ text: " Hi ", file: null, orderId: order })).toEqual({
      success: true,
      data: { text: "Hi", file: null, orderId: order },
    });
  });
});
