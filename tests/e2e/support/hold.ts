import type { Page } from "@playwright/test";

/** A gate a route handler waits at until the test opens it: to see a screen while its request is out. */
export function gate(): { passed: Promise<void>; open: () => void } {
  let open = () => {};
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}

/** Holds every request to `url` until the returned function is called, then lets them go on. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  const { passed, open } = gate();
  await page.route(url, async (route) => {
    await passed;
    await route.fallback();
  });
  return open;
}
