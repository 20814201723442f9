import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Every text on the page against its background, by axe's WCAG AA colour-contrast rule. */
export async function expectReadable(page: Page, screen: string): Promise<void> {
  // Animations (drawers sliding in, skeletons) would be measured mid-flight.
  await page.addStyleTag({
    content: "*, *::before, *::after { animation: none !important; transition: none !important; }",
  });
  // Under an open bottom sheet the page is inert and dimmed by the backdrop (Radix's dialog marks it
  // aria-hidden): text of an inactive interface has no contrast requirement (WCAG 1.4.3).
  // Legacy mode runs axe in the page itself: the default mode opens a blank page per call to merge
  // frame results, which cost seconds a check (the app has no cross-origin frame to merge).
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .withRules(["color-contrast"])
    .exclude('[aria-hidden="true"]')
    .analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map((node) => `${screen}: ${node.target.join(" ")} — ${node.failureSummary ?? ""}`),
  );
  expect(found, found.join("\n")).toEqual([]);
}
