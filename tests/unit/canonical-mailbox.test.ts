import { describe, expect, it } from "vitest";
import { canonicalMailbox } from "#api/contracts/canonical-mailbox";

// The one mailbox behind an address (decision 115): what every per-person rule reads for an email.
describe("canonicalMailbox", () => {
  it("reads the issue's four Gmail addresses as one mailbox", () => {
    const mailboxes = [
      "alice.38396@gmail.com",
      "alice38396@gmail.com",
      "alice.38396+1@gmail.com",
      "alice.38396@googlemail.com",
    ].map(canonicalMailbox);
    expect(new Set(mailboxes)).toEqual(new Set(["alice38396@gmail.com"]));
  });

  it("lower-cases the whole address", () => {
    expect(canonicalMailbox("Ada.Lovelace@Example.COM")).toBe("ada.lovelace@example.com");
    expect(canonicalMailbox("A.L@GoogleMail.Com")).toBe("al@gmail.com");
  });

  it("drops a +tag on every domain, keeping the dots outside Gmail", () => {
    expect(canonicalMailbox("ada.l+shop@example.com")).toBe("ada.l@example.com");
    expect(canonicalMailbox("ada+a+b@example.com")).toBe("ada@example.com");
    expect(canonicalMailbox("a.d.a+x@gmail.com")).toBe("ada@gmail.com");
  });

  it("keeps other domains and catch-all aliases apart: they may be other people", () => {
    expect(canonicalMailbox("ada@example.com")).not.toBe(canonicalMailbox("ada2@example.com"));
    expect(canonicalMailbox("ada@gmail.co")).toBe("ada@gmail.co");
    expect(canonicalMailbox("ada@mail.gmail.com")).toBe("ada@mail.gmail.com");
  });

  it("keeps a local part that is only a tag, and an address without @, as they are (lower-cased)", () => {
    expect(canonicalMailbox("+news@example.com")).toBe("+news@example.com");
    expect(canonicalMailbox("...@gmail.com")).toBe("...@gmail.com");
    expect(canonicalMailbox("Not-An-Address")).toBe("not-an-address");
  });

  it("splits at the last @ (a quoted local part may hold one)", () => {
    expect(canonicalMailbox('"a@b"+x@Example.com')).toBe('"a@b"@example.com');
  });
});
