import {
  type AdminProduct,
  adminProductMessages,
  createProductSchema,
  updateProductSchema,
} from "#api/contracts/admin-products";
import type { FeatureIcon } from "#api/contracts/products";
import { type UploadKindName, uploadKinds } from "#api/contracts/uploads";
import type { UsState } from "#api/contracts/us-states";
import { issuesByField } from "../../lib/form-issues";

/** The toasts of the Upload and Edit forms. */
export const productFormTexts = {
  created: "Product created successfully!",
  viewAll: "View All Products",
  imagesFailed: "Product created but failed to save images",
  createFailed: "Failed to create product",
  updated: "Product updated successfully!",
  updateFailed: "Failed to update product",
  loadFailed: "Failed to load product",
} as const;

export const PRODUCTS_LIST = "/admin/products";

export interface FeatureRow {
  icon: FeatureIcon;
  text: string;
}

/** The form as typed: numbers stay text until they are checked. */
export interface ProductFormValues {
  title: string;
  description: string;
  creditPrice: string;
  category: string;
  strainType: string;
  thcPercentage: string;
  cbdPercentage: string;
  stockQuantity: string;
  unitSize: string;
  batchNumber: string;
  labTestedDate: string;
  restrictedStates: UsState[];
  isFeatured: boolean;
  isActive: boolean;
  features: FeatureRow[];
  variantId: string;
  storefrontAmount: string;
  storefrontCurrency: string;
}

export const emptyProductForm: ProductFormValues = {
  title: "",
  description: "",
  creditPrice: "",
  category: "",
  strainType: "",
  thcPercentage: "",
  cbdPercentage: "",
  stockQuantity: "0",
  unitSize: "",
  batchNumber: "",
  labTestedDate: "",
  restrictedStates: [],
  isFeatured: false,
  isActive: true,
  features: [],
  variantId: "",
  storefrontAmount: "",
  storefrontCurrency: "USD",
};

export function productFormFrom(product: AdminProduct): ProductFormValues {
  return {
    title: product.title,
    description: product.description ?? "",
    creditPrice: product.creditPrice,
    category: product.category ?? "",
    strainType: product.strainType ?? "",
    thcPercentage: product.thcPercentage ?? "",
    cbdPercentage: product.cbdPercentage ?? "",
    stockQuantity: String(product.stockQuantity),
    unitSize: product.unitSize ?? "",
    batchNumber: product.batchNumber ?? "",
    labTestedDate: product.labTestedDate ?? "",
    restrictedStates: product.restrictedStates as UsState[],
    isFeatured: product.isFeatured,
    isActive: product.isActive,
    features: (product.features ?? []).map((feature) => ({
      icon: feature.icon as FeatureIcon,
      text: feature.text,
    })),
    variantId: product.storefront?.variantId ?? "",
    storefrontAmount: product.storefront?.price.amount ?? "",
    storefrontCurrency: product.storefront?.price.currencyCode ?? "USD",
  };
}

/** The JSON the API takes; empty optional fields go as "" and the API saves them as null. */
function bodyOf(values: ProductFormValues) {
  const stock = values.stockQuantity.trim();
  const variantId = values.variantId.trim();
  return {
    title: values.title,
    description: values.description,
    creditPrice: values.creditPrice,
    category: values.category,
    strainType: values.strainType,
    thcPercentage: values.thcPercentage,
    cbdPercentage: values.cbdPercentage,
    stockQuantity: stock === "" ? 0 : Number(stock),
    unitSize: values.unitSize,
    batchNumber: values.batchNumber,
    labTestedDate: values.labTestedDate,
    restrictedStates: values.restrictedStates,
    isFeatured: values.isFeatured,
    isActive: values.isActive,
    // A row left without text is not a feature.
    features: values.features.filter((feature) => feature.text.trim() !== ""),
    storefront: variantId
      ? {
          variantId,
          price: {
            amount: values.storefrontAmount.trim(),
            currencyCode: values.storefrontCurrency.trim().toUpperCase(),
          },
        }
      : null,
  };
}

export type ProductFormErrors = Partial<Record<keyof ReturnType<typeof bodyOf>, string>>;

/**
 * The form checked with the schema the API enforces: the body to send, or the messages per field
 * and the one for the toast ("Please fill in required fields" when the title or the price is
 * missing).
 */
export function checkProductForm(
  values: ProductFormValues,
  mode: "create" | "edit",
): { ok: true; body: ReturnType<typeof bodyOf> } | { ok: false; errors: ProductFormErrors; first: string } {
  const body = bodyOf(values);
  const parsed = (mode === "create" ? createProductSchema : updateProductSchema).safeParse(body);
  if (parsed.success) return { ok: true, body };
  const { first, fields } = issuesByField(parsed.error.issues);
  const required = fields.title ?? fields.creditPrice;
  return {
    ok: false,
    errors: fields as ProductFormErrors,
    first: required ? adminProductMessages.required : (first ?? adminProductMessages.required),
  };
}

/** What the API would refuse about a chosen file (its type and size), said before sending it. */
export function fileProblem(kind: UploadKindName, file: { type: string; size: number }): string | null {
  const rule = uploadKinds[kind].rules.find((r) => (r.types as readonly string[]).includes(file.type));
  if (!rule) return uploadKinds[kind].wrongType;
  return file.size > rule.maxBytes ? rule.tooLarge : null;
}
