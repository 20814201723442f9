import { describe, expect, it } from "vitest";
import { createProductSchema } from "#api/contracts/admin-products";
import {
  emptyProductForm,
  fileProblem,
  type ProductFormValues,
  productBody,
  productContract,
  productFormRefusal,
  productFormRules,
} from "../../miniapp/src/admin/product-form/product-form-rules";
import { checkWith } from "../../miniapp/src/lib/form-issues";

/** The form's check as the screen makes it: the contract's verdict on the body, and the toast's text. */
function checkProductForm(values: ProductFormValues, mode: "create" | "edit") {
  const checked = checkWith(productContract(mode), values, productFormRules);
  return checked.ok
    ? { ok: true as const, body: productBody(values) }
    : {
        ok: false as const,
        errors: checked.fields,
        first: productFormRefusal(checked.fields, checked.first),
      };
}

describe("the product form's checks (the API's schema)", () => {
  it("takes away a message when its field is edited; the storefront's three fields share one", () => {
    const clears = productFormRules.clearOnEdit;
    if (typeof clears !== "function") throw new Error("the product form maps its fields");
    expect(clears("title")).toBe("title");
    expect(clears("variantId")).toBe("storefront");
    expect(clears("storefrontAmount")).toBe("storefront");
    expect(clears("storefrontCurrency")).toBe("storefront");
  });

  it("asks for the title and a price above 0 with the spec's message", () => {
    for (const values of [
      emptyProductForm,
      { ...emptyProductForm, title: "Blue Dream" },
      { ...emptyProductForm, title: "Blue Dream", creditPrice: "0" },
      { ...emptyProductForm, title: "  ", creditPrice: "5" },
    ]) {
      const checked = checkProductForm(values, "create");
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.first).toBe("Please fill in required fields");
    }
  });

  it("sends empty optional fields for the API to save as null, and no storefront without a variant", () => {
    const checked = checkProductForm(
      {
        ...emptyProductForm,
        title: "Blue Dream",
        creditPrice: "12.5",
        features: [
          { icon: "leaf", text: "Hand-trimmed" },
          { icon: "sparkles", text: "  " },
        ],
      },
      "create",
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.body.storefront).toBeNull();
    expect(createProductSchema.parse(checked.body)).toMatchObject({
      creditPrice: "12.50",
      category: null,
      thcPercentage: null,
      cbdPercentage: null,
      batchNumber: null,
      labTestedDate: null,
      stockQuantity: 0,
      features: [{ icon: "leaf", text: "Hand-trimmed" }],
    });
  });

  it("says which field is wrong beyond the required ones", () => {
    const base = { ...emptyProductForm, title: "T", creditPrice: "1" };
    const thc = checkProductForm({ ...base, thcPercentage: "100.5" }, "edit");
    expect(thc).toMatchObject({ ok: false, first: "THC and CBD must be from 0 to 100" });
    const stock = checkProductForm({ ...base, stockQuantity: "1.5" }, "edit");
    expect(stock).toMatchObject({
      ok: false,
      errors: { stockQuantity: "Stock must be a whole number of 0 or more" },
    });
    const variant = checkProductForm({ ...base, variantId: "gid://shopify/ProductVariant/1" }, "edit");
    expect(variant.ok ? null : Object.keys(variant.errors)).toEqual(["storefront"]);
  });
});

describe("fileProblem", () => {
  it("accepts images up to 10MB and certificates as PDF, JPEG or PNG", () => {
    const MB = 1024 * 1024;
    expect(fileProblem("productImage", { type: "image/webp", size: 10 * MB })).toBeNull();
    expect(fileProblem("productImage", { type: "image/png", size: 10 * MB + 1 })).toBe(
      "Image must be less than 10MB",
    );
    expect(fileProblem("productImage", { type: "application/pdf", size: 1 })).toBe(
      "Please select an image file",
    );
    expect(fileProblem("certificate", { type: "application/pdf", size: 1 })).toBeNull();
    expect(fileProblem("certificate", { type: "image/gif", size: 1 })).toBe(
      "Certificate must be a PDF, JPG or PNG file",
    );
  });
});
