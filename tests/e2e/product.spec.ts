import { catalogue, pick } from "./support/catalogue";
import { screenshot } from "./support/screens";
import { expect, test } from "./support/test";

test("product detail shows what the spec lists", async ({ page, request }) => {
  const product = pick(
    await catalogue(request),
    (p) => p.coaUrl !== null && p.stockQuantity > 0 && p.strainType !== null,
    "lab-tested product in stock",
  );
  const full = (await (await request.get(`/api/products/${product.id}`)).json()) as {
    thcPercentage: string;
    cbdPercentage: string;
    unitSize: string;
    batchNumber: string;
    features: { icon: string; text: string }[];
  };
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByText(product.strainType ?? "", { exact: true })).toBeVisible();
  await expect(page.getByTestId("stock")).toHaveText(`${product.stockQuantity} in stock`);
  await expect(page.getByTestId("product-price")).toHaveText(`${product.creditPrice} credits`);
  const features = page.getByRole("list", { name: "Features" }).getByRole("listitem");
  await expect(features).toHaveCount(full.features.length);
  for (const [index, feature] of full.features.entries()) {
    await expect(features.nth(index)).toHaveText(feature.text);
    await expect(features.nth(index).locator("svg")).toHaveAttribute("data-icon", feature.icon);
  }
  await expect(page.locator(".detail", { hasText: "THC" })).toContainText(`${Number(full.thcPercentage)}%`);
  await expect(page.locator(".detail", { hasText: "CBD" })).toContainText(`${Number(full.cbdPercentage)}%`);
  await expect(page.locator(".detail", { hasText: "Size" })).toContainText(full.unitSize);
  await expect(page.locator(".detail", { hasText: "Batch" })).toContainText(full.batchNumber);
  await expect(page.getByRole("link", { name: "View Certificate of Analysis" })).toHaveAttribute(
    "href",
    product.coaUrl ?? "",
  );
  await expect(page.getByTestId("quantity")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  await screenshot(page, "product");
  await page.getByRole("link", { name: "View Certificate of Analysis" }).scrollIntoViewIfNeeded();
  await screenshot(page, "product-scrolled");
});

test("zoom runs 50% to 300% in steps of 25% and resets to 100% when closed", async ({ page, request }) => {
  const product = pick(await catalogue(request), (p) => p.primaryImageUrl !== null, "product with an image");
  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Zoom image" }).click();
  const zoom = page.getByRole("dialog", { name: "Image zoom" });
  const level = zoom.getByTestId("zoom-level");
  const zoomIn = zoom.getByRole("button", { name: "Zoom in" });
  const zoomOut = zoom.getByRole("button", { name: "Zoom out" });
  await expect(level).toHaveText("100%");
  const width100 = (await zoom.getByTestId("zoom-image").boundingBox())?.width ?? 0;

  await zoomOut.click();
  await expect(level).toHaveText("75%");
  await zoomOut.click();
  await expect(level).toHaveText("50%");
  await expect(zoomOut).toBeDisabled();
  await expect(zoomIn).toBeEnabled();
  const width50 = (await zoom.getByTestId("zoom-image").boundingBox())?.width ?? 0;
  expect(Math.round((width50 / width100) * 100)).toBe(50);

  for (const expected of ["75%", "100%", "125%", "150%", "175%", "200%", "225%", "250%", "275%", "300%"]) {
    await zoomIn.click();
    await expect(level).toHaveText(expected);
  }
  await expect(zoomIn).toBeDisabled();
  await expect(zoomOut).toBeEnabled();
  await screenshot(page, "zoom-300");

  await zoom.getByRole("button", { name: "Close zoom" }).click();
  await expect(zoom).toBeHidden();
  await page.getByRole("button", { name: "Zoom image" }).click();
  await expect(page.getByRole("dialog", { name: "Image zoom" }).getByTestId("zoom-level")).toHaveText("100%");
  await screenshot(page, "zoom-100");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Image zoom" })).toBeHidden();
});

test("zoom by pinching and by double tap, within the same limits", async ({ page, request }) => {
  const product = pick(await catalogue(request), (p) => p.primaryImageUrl !== null, "product with an image");
  await page.goto(`/product/${product.id}`);
  await page.getByRole("button", { name: "Zoom image" }).click();
  const zoom = page.getByRole("dialog", { name: "Image zoom" });
  const level = zoom.getByTestId("zoom-level");
  const stage = zoom.getByTestId("zoom-stage");
  await expect(level).toHaveText("100%");

  // Two fingers moving apart (a touch screen's pinch), as the browser reports them.
  const pinch = (from: number, to: number) =>
    stage.evaluate(
      (element, [start, end]) => {
        const fingers = (gap: number) => [
          new Touch({ identifier: 1, target: element, clientX: 195 - gap / 2, clientY: 400 }),
          new Touch({ identifier: 2, target: element, clientX: 195 + gap / 2, clientY: 400 }),
        ];
        const send = (type: string, touches: Touch[]) =>
          element.dispatchEvent(new TouchEvent(type, { touches, changedTouches: touches, bubbles: true }));
        send("touchstart", fingers(start));
        send("touchmove", fingers((start + end) / 2));
        send("touchmove", fingers(end));
        send("touchend", []);
      },
      [from, to] as const,
    );
  await pinch(100, 150);
  await expect(level).toHaveText("150%");
  await pinch(100, 1000);
  await expect(level).toHaveText("300%");
  await pinch(300, 30);
  await expect(level).toHaveText("50%");

  // A double tap: back to 100%, then in to 200%. Both taps are sent at once in the page, as the
  // pinch is: two taps sent from here one after the other can be further apart than a double tap
  // on a loaded machine.
  const doubleTap = () =>
    stage.evaluate((element) => {
      const { left, top } = element.getBoundingClientRect();
      const send = (type: string) =>
        element.dispatchEvent(
          new PointerEvent(type, {
            pointerId: 1,
            pointerType: "touch",
            isPrimary: true,
            clientX: left + 40,
            clientY: top + 120,
            bubbles: true,
          }),
        );
      for (let tap = 0; tap < 2; tap++) {
        send("pointerdown");
        send("pointerup");
      }
    });
  await doubleTap();
  await expect(level).toHaveText("100%");
  await doubleTap();
  await expect(level).toHaveText("200%");
});

test("quantity runs from 1 to the stock", async ({ page, request }) => {
  const product = pick(
    await catalogue(request),
    (p) => p.stockQuantity > 1 && p.stockQuantity <= 20,
    "product with a small stock",
  );
  await page.goto(`/product/${product.id}`);
  const decrease = page.getByRole("button", { name: "Decrease quantity" });
  const increase = page.getByRole("button", { name: "Increase quantity" });
  const quantity = page.getByTestId("quantity");
  await expect(quantity).toHaveText("1");
  await expect(decrease).toBeDisabled();
  // Each tap is seen before the next (a tap sent while the page still moves can land beside it).
  for (let i = 1; i < product.stockQuantity; i++) {
    await increase.click();
    await expect(quantity).toHaveText(String(i + 1));
  }
  await expect(quantity).toHaveText(String(product.stockQuantity));
  await expect(increase).toBeDisabled();
  await decrease.click();
  await expect(quantity).toHaveText(String(product.stockQuantity - 1));
});

test("two quick taps on + both count: the kit's ripple never takes a tap", async ({ page, request }) => {
  const product = pick(await catalogue(request), (p) => p.stockQuantity >= 3, "product in stock");
  await page.clock.install();
  await page.goto(`/product/${product.id}`);
  const quantity = page.getByTestId("quantity");
  await expect(quantity).toHaveText("1");
  const plus = page.getByRole("button", { name: "Increase quantity" });
  const box = await plus.boundingBox();
  if (!box) throw new Error("no + on screen");
  // The kit's ripple: a layer over the button, and a wave in it under each press.
  const waves = plus.locator('span[aria-hidden="true"] > span');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  // The page's time moves only as said: the first tap's wave appears 70 ms after it, and the kit
  // clears its waves 225 ms after that (295 ms). The second press lands on the wave at 290 ms; the
  // wave goes before the release at 300 ms (and before the second press's own wave, at 360 ms).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.mouse.down();
  await page.mouse.up();
  await page.clock.runFor(290);
  await expect(waves).toHaveCount(1);
  await page.mouse.down();
  await page.clock.runFor(10);
  await expect(waves).toHaveCount(0);
  await page.mouse.up();
  await page.clock.resume();
  await expect(quantity).toHaveText("3");
});

test("an out-of-stock product disables the quantity and Add to Cart", async ({ page, request }) => {
  const product = pick(await catalogue(request), (p) => p.stockQuantity === 0, "out-of-stock product");
  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId("stock")).toHaveText("Out of stock");
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  await screenshot(page, "product-out-of-stock");
});

test("a product without a certificate has no certificate link", async ({ page, request }) => {
  const product = pick(await catalogue(request), (p) => p.coaUrl === null, "product without a certificate");
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByRole("link", { name: "View Certificate of Analysis" })).toHaveCount(0);
});

test("a failed load offers Retry", async ({ page, request }) => {
  const [product] = await catalogue(request);
  if (!product) throw new Error("empty catalogue");
  let fail = true;
  await page.route(`**/api/products/${product.id}`, (route) =>
    fail
      ? route.fulfill({ status: 503, json: { error: { code: "internal", message: "down" } } })
      : route.continue(),
  );
  // Opened from the products drawer (a product page opened directly arrives with its product).
  await page.goto("/");
  await page.getByRole("button", { name: "Products", exact: true }).click();
  await page.getByTestId("product-card").filter({ hasText: product.title }).click();
  await expect(page.getByText("Failed to load product").first()).toBeVisible();
  fail = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
});
