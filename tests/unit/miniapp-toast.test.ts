import type { ExternalToast, toast as sonnerToast } from "sonner";
import { beforeAll, describe, expect, it } from "vitest";
import { toast, toasterMounted } from "../../miniapp/src/lib/toast";

/** What reached sonner: each call's kind, title and options. */
const calls: { kind: string; title: string; options: ExternalToast }[] = [];
const dismissed: (string | number | undefined)[] = [];
const record =
  (kind: string) =>
  (title: unknown, options: ExternalToast = {}) => {
    calls.push({ kind, title: String(title), options });
    return options.id ?? "";
  };
const fakeSonner = Object.assign(record("message"), {
  success: record("success"),
  error: record("error"),
  dismiss: (id?: string | number) => {
    dismissed.push(id);
    return id ?? "";
  },
}) as unknown as typeof sonnerToast;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const last = () => calls.at(-1) as (typeof calls)[number];

describe("the app's toasts", () => {
  beforeAll(() => toasterMounted(fakeSonner));

  it("replace a form's toast while it is on screen, whatever it says", async () => {
    toast.error("Failed to create membership tier", {
      id: "tier-form",
      description: "Display name is required",
    });
    await settle();
    const first = last().options.id;
    toast.error("Failed to create membership tier", {
      id: "tier-form",
      description: "Valid price is required",
    });
    await settle();
    expect(last().options.id).toBe(first);
  });

  it("show a form's next toast under a new id once the last one is closing", async () => {
    toast.error("Failed to create membership tier", {
      id: "tier-slot",
      description: "Display name is required",
    });
    await settle();
    const closing = last();
    // sonner calls onAutoClose as the toast starts to leave; an update to it then would be lost.
    closing.options.onAutoClose?.({ id: closing.options.id ?? "" } as never);
    toast.error("Failed to update membership tier", {
      id: "tier-slot",
      description: "Display name is required",
    });
    await settle();
    expect(last().title).toBe("Failed to update membership tier");
    expect(last().options.id).not.toBe(closing.options.id);
  });

  it("dismiss the toast in a slot by the slot's name", async () => {
    toast.error("You must be 21+ to join", { id: "age-required" });
    await settle();
    const shown = last().options.id;
    toast.dismiss("age-required");
    await settle();
    expect(dismissed.at(-1)).toBe(shown);
  });

  it("never stack the same toast twice, and give a new one its own id", async () => {
    toast.success("Saved");
    await settle();
    const saved = last().options.id;
    toast.success("Saved");
    await settle();
    expect(last().options.id).toBe(saved);
    toast.success("Copied");
    await settle();
    expect(last().options.id).not.toBe(saved);
  });
});
