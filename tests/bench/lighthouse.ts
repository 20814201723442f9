// Lighthouse 12, mobile with its default simulated slow 4G, on the built app served by the API in a
// child process: the landing signed out and a product page. Debian's Chromium, headless.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startApi, stop } from "./api-process";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

interface Table {
  type?: string;
  items?: { node?: { snippet?: string }; phase?: string; timing?: number; items?: Table["items"] }[];
}

interface TraceEvent {
  name: string;
  ts: number;
  args?: { data?: { nodeId?: number; DOMNodeId?: number; nodeName?: string; imageUrl?: string } };
}

interface Breakdown {
  items?: { items?: { subpart?: string; duration?: number }[] }[];
}

/**
 * The largest paint's element and how its time splits (TTFB, load delay, load, render delay), as
 * simulated. Lighthouse finds the element in the page once the load is over; when the app's first
 * render has replaced it (the server drew it), the trace still names it, and only the unthrottled
 * observed split is left (`observedPhases`).
 */
function lcpElement(
  details: unknown,
  trace: TraceEvent[],
  breakdown: unknown,
): { snippet: string; phases: Record<string, number>; observedPhases?: Record<string, number> } {
  const [element, phases] = ((details as Table | undefined)?.items ?? []) as Table[];
  const snippet = element?.items?.[0]?.node?.snippet;
  if (snippet) {
    return {
      snippet,
      phases: Object.fromEntries(
        (phases?.items ?? []).map((phase) => [phase.phase ?? "", Math.round(phase.timing ?? 0)]),
      ),
    };
  }
  const last = trace
    .filter((event) => event.name === "largestContentfulPaint::Candidate")
    .sort((a, b) => a.ts - b.ts)
    .at(-1)?.args?.data;
  const url = trace.find(
    (event) => event.name === "LargestImagePaint::Candidate" && event.args?.data?.DOMNodeId === last?.nodeId,
  )?.args?.data?.imageUrl;
  return {
    snippet: last
      ? `${last.nodeName ?? ""}${url ? ` src=${new URL(url).pathname}` : ""} (no longer in the page)`
      : "",
    phases: {},
    observedPhases: Object.fromEntries(
      ((breakdown as Breakdown | undefined)?.items?.[0]?.items ?? []).map((part) => [
        part.subpart ?? "",
        Math.round(part.duration ?? 0),
      ]),
    ),
  };
}

/**
 * "simulate" is Lighthouse's default (a fast load, then slow 4G estimated from it); "devtools"
 * really throttles the page to slow 4G, so what paints before the scripts arrive (the server-drawn
 * first screen) counts as painted.
 */
async function audit(url: string, port: number, throttlingMethod: "simulate" | "devtools" = "simulate") {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "best-practices", "seo"],
    throttlingMethod,
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  const numeric = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? Number.NaN) * 10) / 10;
  return {
    url: new URL(url).pathname,
    // Set when Lighthouse could not measure the page (its scores are then 0, not the page's).
    ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError.code } : {}),
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    // What keeps best practices and SEO under 100, by audit id.
    failing: ["best-practices", "seo"].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ),
    lcpMs: numeric("largest-contentful-paint"),
    fcpMs: numeric("first-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    transferKb: Math.round(numeric("total-byte-weight") / 102.4) / 10,
    // What the largest paint was, and how its time splits (TTFB, load delay, load, render delay).
    lcpElement: lcpElement(
      lhr.audits["largest-contentful-paint-element"]?.details,
      (result.artifacts.Trace?.traceEvents ?? []) as TraceEvent[],
      lhr.audits["lcp-breakdown-insight"]?.details,
    ),
  };
}

export async function lighthouseFigures() {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-lighthouse-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    // Indexing allowed (SEARCH_INDEXING=true), as a shop that wants search engines sets it: by
    // default an age-restricted shop's robots.txt disallows crawling, and Lighthouse's SEO score
    // then loses its is-crawlable audit (66) by that choice.
    const api = await startApi(dataDir, "", { STATIC_DIR: "dist/miniapp", SEARCH_INDEXING: "true" });
    try {
      const base = `http://127.0.0.1:${api.port}`;
      const { products } = (await (await fetch(`${base}/api/products`)).json()) as {
        products: { id: string }[];
      };
      const productId = products[0]?.id ?? "";
      return {
        goals: { performance: 95, bestPractices: 100, seo: 100, lcpMs: 1500, firstVisitKb: 160 },
        landing: await audit(`${base}/`, chrome.port),
        product: await audit(`${base}/product/${productId}`, chrome.port),
        landingThrottled: await audit(`${base}/`, chrome.port, "devtools"),
        productThrottled: await audit(`${base}/product/${productId}`, chrome.port, "devtools"),
      };
    } finally {
      await stop(api.child);
    }
  } finally {
    await chrome.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
}
