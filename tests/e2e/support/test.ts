import { type Browser, type BrowserContext, test as base, expect } from "@playwright/test";
import { EMPTY_ORIGIN, SEEDED_ORIGIN } from "./env";

export { expect };

const OURS = new Set([SEEDED_ORIGIN, EMPTY_ORIGIN]);
const BINDING = "__e2eCspViolation";

/**
 * Reports every Content-Security-Policy violation of our own pages (not of an embedded player's)
 * into `found`: the browser fires `securitypolicyviolation` for each blocked script, eval, style,
 * image, connection, form or frame.
 */
async function watchCsp(context: BrowserContext, found: string[]): Promise<void> {
  await context.exposeBinding(BINDING, ({ frame }, text: string) => {
    const url = frame.url();
    if (OURS.has(new URL(url).origin)) found.push(`${text} on ${url}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      // Playwright's trace recorder (trace: retain-on-failure) reads a blob: image that did not
      // decode, from no script of the page: connect-src, "blob", no source file. Not the app's.
      if (event.effectiveDirective === "connect-src" && event.blockedURI === "blob" && !event.sourceFile) {
        return;
      }
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  }, BINDING);
}

/**
 * Every spec's `test`: fails a test whose pages met any CSP violation, in its own `page` and in
 * every context it opens with `browser.newContext()` or `browser.newPage()`.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const found: string[] = [];
      await watchCsp(context, found);
      const original = browser.newContext;
      const watched: Browser["newContext"] = async (options) => {
        const created = await original.call(browser, options);
        await watchCsp(created, found);
        return created;
      };
      browser.newContext = watched;
      try {
        await use(found);
      } finally {
        browser.newContext = original;
      }
      expect(found, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});
