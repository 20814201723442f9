import { describe, expect, it } from "vitest";
import type { FeedMessage } from "../../api/contracts/feed";
import { isVideoUrl, youtubeEmbedUrl, youtubeId } from "../../miniapp/src/feed/embeds";
import { formatFeedTime } from "../../miniapp/src/feed/feed-time";
import { linkify } from "../../miniapp/src/feed/linkify";
import { applyChanged, mergeFirstPage } from "../../miniapp/src/feed/use-feed";

describe("feed time", () => {
  it("reads h:mm a • MM/dd/yyyy in the viewer's zone", () => {
    expect(formatFeedTime("2026-11-23T15:07:00Z", "UTC")).toBe("3:07 PM • 11/23/2026");
    expect(formatFeedTime("2026-11-23T15:07:00Z", "America/New_York")).toBe("10:07 AM • 11/23/2026");
    // Past midnight in Tokyo: the date moves too.
    expect(formatFeedTime("2026-12-31T15:30:00Z", "Asia/Tokyo")).toBe("12:30 AM • 01/01/2027");
    expect(formatFeedTime("not a date", "UTC")).toBe("");
  });
});

describe("links in a message", () => {
  it("finds http(s) links and leaves the rest as text", () => {
    expect(linkify("Lab reports: https://example.com/lab. Enjoy")).toEqual([
      { kind: "text", text: "Lab reports: " },
      { kind: "link", text: "https://example.com/lab", href: "https://example.com/lab" },
      { kind: "text", text: ". Enjoy" },
    ]);
    expect(linkify("no links here")).toEqual([{ kind: "text", text: "no links here" }]);
  });

  it("never turns markup or other schemes into links", () => {
    const parts = linkify('<a href="javascript:alert(1)">x</a> javascript:alert(2) http://ok.example');
    expect(parts.filter((part) => part.kind === "link").map((part) => part.text)).toEqual([
      "http://ok.example",
    ]);
    expect(parts[0]).toEqual({
      kind: "text",
      text: '<a href="javascript:alert(1)">x</a> javascript:alert(2) ',
    });
  });
});

const message = (id: string, minute: number, isPinned = false): FeedMessage => ({
  id,
  content: id,
  link: null,
  imageUrl: null,
  isPinned,
  createdAt: new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString(),
  hearts: 0,
  flames: 0,
  trending: false,
  entities: null,
  media: [],
  telegramUrl: null,
  myReactions: [],
  author: { kind: "member", name: null, avatarUrl: null },
  tiers: [],
  locked: false,
});

describe("a live change reloads the first page", () => {
  const loaded = [
    message("p", 1, true),
    message("c", 50),
    message("b", 40),
    message("a", 30),
    message("z", 10),
  ];

  it("replaces what the first page covers and keeps the older pages below it", () => {
    // "c" was deleted, "d" is new; the first page (2 messages) now ends at "b".
    const first = [message("p", 1, true), message("d", 55), message("b", 40)].slice(0, 3);
    expect(mergeFirstPage(loaded, first, true).map((m) => m.id)).toEqual(["p", "d", "b", "a", "z"]);
  });

  it("a first page that is the whole feed is the whole feed", () => {
    expect(mergeFirstPage(loaded, [message("d", 55)], false).map((m) => m.id)).toEqual(["d"]);
  });
});

describe("embeds", () => {
  it("finds a YouTube video id in youtu.be and youtube.com/watch links, 11 characters exactly", () => {
    expect(youtubeId("watch https://youtu.be/dQw4w9WgXcQ now")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://m.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://youtu.be/short")).toBeNull();
    expect(youtubeId("https://youtube.com/watch?v=dQw4w9WgXcQX")).toBeNull();
    expect(youtubeId("https://evil.example/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(youtubeId("https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(youtubeId("no video")).toBeNull();
    expect(youtubeEmbedUrl("dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });

  it("tells a video file by its name", () => {
    expect(isVideoUrl("/media/message-images/abc.mp4")).toBe(true);
    expect(isVideoUrl("/media/message-images/abc.MOV")).toBe(true);
    expect(isVideoUrl("/media/message-images/abc.jpg")).toBe(false);
  });
});

describe("a live change that names its messages fetches only those", () => {
  const loaded = [message("p", 1, true), message("c", 50), message("b", 40), message("a", 30)];
  const ids = (list: FeedMessage[]) => list.map((m) => m.id);

  it("replaces an edited message in place and drops a deleted one", () => {
    const edited = { ...message("b", 40), content: "edited", hearts: 3 };
    const after = applyChanged(loaded, ["b", "c"], [edited], false);
    expect(ids(after)).toEqual(["p", "b", "a"]);
    expect(after[1]).toEqual(edited);
  });

  it("puts a new message and a newly pinned one where the feed's order says", () => {
    const after = applyChanged(loaded, ["d", "a"], [message("d", 55), message("a", 30, true)], false);
    // Both pinned: the newer pin ("a", posted at :30) first.
    expect(ids(after)).toEqual(["a", "p", "d", "c", "b"]);
  });

  it("leaves out a changed message older than what is loaded, unless the whole feed is loaded", () => {
    const old = message("y", 5);
    expect(ids(applyChanged(loaded, ["y"], [old], false))).toEqual(["p", "c", "b", "a"]);
    expect(ids(applyChanged(loaded, ["y"], [old], true))).toEqual(["p", "c", "b", "a", "y"]);
  });
});
