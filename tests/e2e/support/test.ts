import { type Browser, type BrowserContext, test as base, expect } from "@playwright/test";

export { expect };

/** Our pages: the suite's servers and any a spec starts itself, all on 127.0.0.1 (an embedded player never is). */
const ours = (url: string) => URL.parse(url)?.hostname === "127.0.0.1";
const BINDING = "__e2eCspViolation";

/**
 * Reports every Content-Security-Policy violation of our own pages (not of an embedded player's)
 * into `found`: the browser fires `securitypolicyviolation` for each blocked script, eval, style,
 * image, connection, form or frame.
 */
async function watchCsp(context: BrowserContext, found: string[]): Promise<void> {
  await context.exposeBinding(BINDING, ({ frame }, text: string) => {
    const url = frame.url();
    if (ours(url)) found.push(`${text} on ${url}`);
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

/** A random address of the shared address space (100.64.0.0/10): a visitor of its own. */
const visitorAddress = (): string => {
  const byte = (below: number) => Math.floor(Math.random() * below);
  return `100.${64 + byte(64)}.${byte(256)}.${1 + byte(254)}`;
};

/**
 * Every spec's `test`: fails a test whose pages met any CSP violation, in its own `page` and in
 * every context it opens with `browser.newContext()` or `browser.newPage()`. Each test's page and
 * `request` come from an address of their own (X-Forwarded-For: the seeded servers trust it), as
 * real visitors do, so the per-address limits (10 sign-ups an hour) count per test rather than for
 * the whole suite at 127.0.0.1.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": visitorAddress() });
  },
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
