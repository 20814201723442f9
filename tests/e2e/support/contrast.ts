import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Every text on the page against its background, by axe's WCAG AA colour-contrast rule. */
export async function expectReadable(page: Page, screen: string): Promise<void> {
  // Animations (drawers sliding in, skeletons) would be measured mid-flight.
  await page.addStyleTag({
    content: "*, *::before, *::after { animation: none !important; transition: none !important; }",
  });
  const { violations } = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map((node) => `${screen}: ${node.target.join(" ")} — ${node.failureSummary ?? ""}`),
  );
  expect(found, found.join("\n")).toEqual([]);
}
