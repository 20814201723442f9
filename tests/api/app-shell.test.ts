import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelInfoSchema } from "#api/contracts/channel";
import { productSchema } from "#api/contracts/products";
import { createApp } from "#api/http/app";
import { renderAppShell, SHELL_END, SHELL_START } from "#api/http/app-shell";
import { robotsTxt } from "#api/http/routes/robots";
import { escapeHtml, summary } from "#api/http/share-meta";
import { channelSettings } from "#db/schema/index";
import { bearer, createMember, jsonRequest } from "../helpers/accounts";
import { startTestApp, type TestApp } from "../helpers/test-app";

// The build's index.html, reduced to what the server fills in: a title and the app-shell markers.
const TEMPLATE = `<!doctype html><html><head><title>Shop</title></head><body><div id="root">${SHELL_START}<div class="skeleton"></div>${SHELL_END}</div></body></html>`;

let t: TestApp;
let dir: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  dir = await mkdtemp(join(tmpdir(), "shell-static-"));
  await writeFile(join(dir, "index.html"), TEMPLATE);
  app = createApp({ ...t.services, staticDir: dir });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const bootData = (html: string): unknown =>
  JSON.parse(/<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html)?.[1] ?? "null");

describe("the first HTML of a page draws its first screen", () => {
  it("the landing: hero, channel block and bullets, and the same channel JSON as /api/channel", async () => {
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    const channel = channelInfoSchema.parse(await (await app.request("/api/channel")).json());
    expect(html).toContain('<div class="landing"><div class="landing-hero">');
    if (channel.logoUrl) {
      expect(html).toContain(
        `<img class="landing-hero-media landing-hero-logo" src="${channel.logoUrl}" alt="" fetchpriority="high" elementtiming="first-screen">`,
      );
    }
    expect(html).toContain(`<h1 class="channel-name">${channel.channelName}</h1>`);
    expect(html).toContain(`<p class="channel-members">${channel.memberCount} members</p>`);
    expect(html).toContain('<ul class="landing-bullets">');
    expect(html).not.toContain('class="skeleton"');
    expect(bootData(html)).toEqual({ channel, signedIn: false, language: "en" });
    expect(html).toContain(`<title>${channel.channelName}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("with a session cookie: the member's home (the channel block), no landing", async () => {
    const html = await (
      await app.request("/settings", { headers: { cookie: "__Host-session=anything" } })
    ).text();
    // The app asks GET /api/me only when a session cookie came along.
    expect(bootData(html)).toMatchObject({ signedIn: true });
    expect(html).toContain('<div class="page home-page"><section class="channel-header">');
    expect(html).not.toContain("landing");
  });

  it("a product page preloads its image and carries the product", async () => {
    const { products } = (await (await app.request("/api/products")).json()) as { products: unknown[] };
    const product = productSchema.parse(products.find((p) => productSchema.parse(p).primaryImageUrl));
    const html = await (await app.request(`/product/${product.id.toUpperCase()}`)).text();
    expect(html).toContain(
      `<link rel="preload" as="image" href="${product.primaryImageUrl}" fetchpriority="high">`,
    );
    expect((bootData(html) as { product: unknown }).product).toEqual(product);
    expect(html).toContain(`<title>${product.title}</title>`);
    // Its first screen is drawn too, the image marked as the largest paint the scripts wait for.
    expect(html).toContain(
      '<article class="page product-page"><a class="icon-button page-back product-back"',
    );
    expect(html).toContain(
      `<img class="product-hero-image" src="${product.primaryImageUrl}" alt="${product.title}" fetchpriority="high" elementtiming="first-screen">`,
    );
    expect(html).toContain(`<h1 class="product-title">${product.title}</h1>`);
    expect(html).toMatch(/<p class="product-price">[\d,]+\.\d\d credits<\/p>/);
    expect(html).not.toContain('class="landing"');
    // An unknown product is the app's own not-found page: nothing preloaded, no product data.
    const unknown = await (await app.request("/product/00000000-0000-4000-8000-000000000000")).text();
    expect(unknown).not.toContain('rel="preload"');
    expect(bootData(unknown)).not.toHaveProperty("product");
  });

  it("answers compressed when asked, and files with extensions stay files", async () => {
    const res = await app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect((await app.request("/missing.js")).headers.get("content-type")).toMatch(/html/);
  });
});

describe("text typed by an admin cannot break out of the page", () => {
  it("names and bullets are escaped, and the JSON cannot close its script", async () => {
    const db = t.services.database.db;
    const evil = `</script><script>alert(1)</script><img src=x onerror="alert(2)">`;
    await db
      .update(channelSettings)
      .set({ channelName: evil, featureBullet1: evil, memberCount: "<b>9</b>" });
    try {
      const html = await (await app.request("/")).text();
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain("<img src=x");
      expect(html).not.toContain("<b>9</b>");
      expect(html).toContain("&#60;/script&#62;&#60;script&#62;alert(1)");
      expect((bootData(html) as { channel: { channelName: string } }).channel.channelName).toBe(evil);
    } finally {
      await db.update(channelSettings).set({ channelName: null, featureBullet1: null, memberCount: null });
    }
  });

  it("a product's title, description and image address are escaped in its first screen", async () => {
    const { products } = (await (await app.request("/api/products")).json()) as { products: unknown[] };
    const evil = `</script><script>alert(1)</script><img src=x onerror="alert(2)">`;
    const product = {
      ...productSchema.parse(products[0]),
      title: evil,
      description: evil,
      primaryImageUrl: `/x"${evil}`,
    };
    const channel = channelInfoSchema.parse(await (await app.request("/api/channel")).json());
    const html = renderAppShell(TEMPLATE, { channel, signedIn: false, product, path: "/product/x" });
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain('<h1 class="product-title">&#60;/script&#62;&#60;script&#62;alert(1)');
    expect(html).toContain('<p class="product-description">&#60;/script&#62;');
    expect(html).toContain('src="/x&#34;&#60;/script&#62;');
    // The preview card's texts too.
    expect(html).toContain('<meta property="og:title" content="&#60;/script&#62;&#60;script&#62;alert(1)');
    expect(html.match(/<script>/g)).toBeNull();
  });

  // String.replace would expand these in a replacement text: the whole page, the page before or
  // after the match, a group.
  const PATTERNS = ["$&", "$`", "$'", "$1", "$<n>", "$$"];
  const docFor = (html: string) => ({
    doctypes: html.match(/<!doctype html>/gi)?.length,
    heads: html.match(/<\/head>/g)?.length,
    titles: html.match(/<title>/g)?.length,
  });

  it.each(PATTERNS)("replacement pattern %s in every field reaches the page as written", async (pattern) => {
    const text = `A ${pattern} B`;
    const channel = channelInfoSchema.parse({
      channelName: text,
      channelUsername: `u${pattern}`,
      memberCount: text,
      logoUrl: `/media/${pattern}.png`,
      heroVideoUrl: null,
      featuredProductsCount: 0,
      featureBullets: [1, 2, 3].map(() => ({ text, emoji: pattern })),
    });
    const { products } = (await (await app.request("/api/products")).json()) as { products: unknown[] };
    const product = {
      ...productSchema.parse(products[0]),
      title: text,
      description: text,
      primaryImageUrl: `/media/${pattern}.jpg`,
    };
    const path = `/x${pattern}y`;
    for (const data of [
      { channel, signedIn: false, path, publicUrl: "https://shop.example" },
      { channel, signedIn: true, path, publicUrl: "https://shop.example" },
      { channel, signedIn: false, product, path, publicUrl: "https://shop.example" },
    ]) {
      const html = renderAppShell(TEMPLATE, data);
      expect(docFor(html)).toEqual({ doctypes: 1, heads: 1, titles: 1 });
      expect(html.length).toBeLessThan(TEMPLATE.length + 12_000);
      expect(bootData(html)).toMatchObject({ channel, ...(data.product ? { product } : {}) });
      expect(html).toContain(`<title>${escapeHtml(data.product ? product.title : text)}</title>`);
      expect(meta(html, "og:url")).toBe(escapeHtml(new URL(path, "https://shop.example").toString()));
      expect(meta(html, "og:title")).toBe(escapeHtml(text));
    }
  });

  it("over HTTP: a channel name and an anonymous path with replacement patterns leave the page whole", async () => {
    const db = t.services.database.db;
    const name = "C $` D $' E $& F";
    await db.update(channelSettings).set({ channelName: name });
    try {
      const publicApp = createApp({
        ...t.services,
        config: { ...t.services.config, PUBLIC_URL: "https://shop.example" },
        staticDir: dir,
      });
      const res = await publicApp.request("/x$'y$`z");
      const html = await res.text();
      expect(docFor(html)).toEqual({ doctypes: 1, heads: 1, titles: 1 });
      expect((bootData(html) as { channel: { channelName: string } }).channel.channelName).toBe(name);
      expect(meta(html, "og:url")).toBe(escapeHtml(new URL("/x$'y$`z", "https://shop.example").toString()));
      expect(html).toContain(`<h1 class="channel-name">${escapeHtml(name)}</h1>`);
    } finally {
      await db.update(channelSettings).set({ channelName: null });
    }
  });

  it("a template without markers is served as it is", () => {
    const channel = channelInfoSchema.parse({
      channelName: "Shop",
      channelUsername: null,
      memberCount: "1",
      logoUrl: null,
      heroVideoUrl: null,
      featuredProductsCount: 0,
      featureBullets: [1, 2, 3].map((n) => ({ text: `Bullet ${n}`, emoji: "•" })),
    });
    expect(renderAppShell("<html><body></body></html>", { channel, signedIn: false, path: "/" })).toBe(
      "<html><body></body></html>",
    );
  });
});

const meta = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe("a shared link shows a preview card", () => {
  const PUBLIC_URL = "https://shop.example";
  const publicApp = () =>
    createApp({ ...t.services, config: { ...t.services.config, PUBLIC_URL }, staticDir: dir });

  it("the landing: the channel's name, its bullets as the description, its logo, the page's address", async () => {
    const channel = channelInfoSchema.parse(await (await app.request("/api/channel")).json());
    const html = await (await publicApp().request("/")).text();
    const bullets = channel.featureBullets.map((bullet) => bullet.text).join(" · ");
    expect(meta(html, "description")).toBe(bullets);
    expect(meta(html, "og:type")).toBe("website");
    expect(meta(html, "og:title")).toBe(channel.channelName);
    expect(meta(html, "og:site_name")).toBe(channel.channelName);
    expect(meta(html, "og:description")).toBe(bullets);
    expect(meta(html, "og:url")).toBe(`${PUBLIC_URL}/`);
    if (channel.logoUrl) expect(meta(html, "og:image")).toBe(new URL(channel.logoUrl, PUBLIC_URL).toString());
    expect(meta(html, "twitter:card")).toBe("summary");
    expect(meta(html, "twitter:title")).toBe(channel.channelName);
  });

  it("a product page: its title, description cut to one line, its image as a large card, its canonical address", async () => {
    const { products } = (await (await app.request("/api/products")).json()) as { products: unknown[] };
    const product = productSchema.parse(
      products.find((p) => productSchema.parse(p).primaryImageUrl && productSchema.parse(p).description),
    );
    const html = await (await publicApp().request(`/product/${product.id.toUpperCase()}`)).text();
    expect(meta(html, "og:type")).toBe("product");
    expect(meta(html, "og:title")).toBe(product.title);
    const description = meta(html, "og:description") ?? "";
    expect(description.length).toBeGreaterThan(0);
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description).not.toMatch(/\s{2}|\n/);
    expect(meta(html, "description")).toBe(description);
    expect(meta(html, "og:url")).toBe(`${PUBLIC_URL}/product/${product.id}`);
    expect(meta(html, "og:image")).toBe(new URL(product.primaryImageUrl ?? "", PUBLIC_URL).toString());
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
  });

  it("without PUBLIC_URL no address is guessed from the Host header: no og:url, no relative image", async () => {
    const html = await (await app.request("/", { headers: { host: "evil.example" } })).text();
    expect(meta(html, "og:title")).toBeDefined();
    expect(meta(html, "og:url")).toBeUndefined();
    expect(html).not.toContain("evil.example");
    const image = meta(html, "og:image");
    if (image) expect(image).toMatch(/^https?:\/\//);
  });

  it("a long description is cut at a word with an ellipsis", () => {
    const long = `${"word ".repeat(80)}end`;
    const cut = summary(long);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut.endsWith("word…")).toBe(true);
    expect(summary("  two\n\nlines  ")).toBe("two lines");
  });
});

describe("robots.txt", () => {
  it("by default asks search engines to stay out of an adults-only shop, and lets link previews in", async () => {
    const res = await app.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toBe(robotsTxt(false));
    expect(body).toMatch(/User-agent: \*\nDisallow: \/\n$/);
    expect(body).toContain("User-agent: TelegramBot\n");
    expect(body).toMatch(/User-agent: LinkedInBot\nAllow: \/\nDisallow: \/api\/\n/);
  });

  it("SEARCH_INDEXING=true lets every crawler in, but not into the API", async () => {
    const open = createApp({
      ...t.services,
      config: { ...t.services.config, SEARCH_INDEXING: true },
      staticDir: dir,
    });
    expect(await (await open.request("/robots.txt")).text()).toBe(
      "User-agent: *\nAllow: /\nDisallow: /api/\n",
    );
  });
});

describe("the page speaks the visitor's language", () => {
  const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0];

  it("Accept-Language: ar draws an Arabic page, right to left, and tells the app its language", async () => {
    const html = await (await app.request("/", { headers: { "accept-language": "ar-EG,en;q=0.5" } })).text();
    expect(htmlTag(html)).toBe('<html lang="ar" dir="rtl">');
    expect(bootData(html)).toMatchObject({ language: "ar" });
    expect(html).toMatch(/<p class="channel-members">الأعضاء: /);
  });

  it("without a language it ships, and for a link-preview bot, the page is English", async () => {
    const plain = await (await app.request("/", { headers: { "accept-language": "pt-BR" } })).text();
    expect(htmlTag(plain)).toBe('<html lang="en" dir="ltr">');
    const preview = await (
      await app.request("/", {
        headers: { "accept-language": "ar", "user-agent": "TelegramBot (like TwitterBot)" },
      })
    ).text();
    expect(htmlTag(preview)).toBe('<html lang="en" dir="ltr">');
    expect(bootData(preview)).toMatchObject({ language: "en" });
  });

  it("a signed-in web visitor gets the language stored on their account", async () => {
    const member = await createMember(t);
    const chosen = await app.request(
      "/api/me",
      jsonRequest("PATCH", { language: "es" }, bearer(member.token)),
    );
    expect(chosen.status).toBe(200);
    const html = await (
      await app.request("/settings", {
        headers: { cookie: `__Host-session=${member.token}`, "accept-language": "ru" },
      })
    ).text();
    expect(htmlTag(html)).toBe('<html lang="es" dir="ltr">');
    expect(bootData(html)).toMatchObject({ signedIn: true, language: "es" });
  });
});
