import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "#api/app";
import { channelInfoSchema } from "#api/contracts/channel";
import { productSchema } from "#api/contracts/products";
import { renderAppShell, SHELL_END, SHELL_START } from "#api/http/app-shell";
import { channelSettings } from "#db/schema/index";
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
    expect(bootData(html)).toEqual({ channel });
    expect(html).toContain(`<title>${channel.channelName}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("with a session cookie: the member's home (the channel block), no landing", async () => {
    const html = await (
      await app.request("/settings", { headers: { cookie: "__Host-session=anything" } })
    ).text();
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
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
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
    const html = renderAppShell(TEMPLATE, { channel, signedIn: false, product });
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain('<h1 class="product-title">&#60;/script&#62;&#60;script&#62;alert(1)');
    expect(html).toContain('<p class="product-description">&#60;/script&#62;');
    expect(html).toContain('src="/x&#34;&#60;/script&#62;');
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
    expect(renderAppShell("<html><body></body></html>", { channel, signedIn: false })).toBe(
      "<html><body></body></html>",
    );
  });
});
