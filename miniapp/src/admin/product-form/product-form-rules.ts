import {
  type AdminProduct,
  adminProductMessages,
  createProductSchema,
  updateProductSchema,
} from "#api/contracts/admin-products";
import type { FeatureIcon } from "#api/contracts/products";
import { type UploadKindName, uploadKinds } from "#api/contracts/uploads";
import type { UsState } from "#api/contracts/us-states";
import type { FieldErrors, FormRules } from "../../lib/form-issues";

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
export function productBody(values: ProductFormValues) {
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

/** The schema the API enforces on the Upload form (create) or the Edit form. */
export const productContract = (mode: "create" | "edit") =>
  mode === "create" ? createProductSchema : updateProductSchema;

/**
 * How the form meets its contract: it checks the body it sends, and editing a field takes its
 * message away (the variant, its price and currency share the storefront's one).
 */
export const productFormRules: FormRules<ProductFormValues> = {
  input: productBody,
  clearOnEdit: (key) => (key.startsWith("storefront") || key === "variantId" ? "storefront" : key),
};

/** The refusal's toast: "Please fill in required fields" when the title or the price is missing. */
export function productFormRefusal(fields: FieldErrors, first: string | null): string {
  const required = fields.title ?? fields.creditPrice;
  return required ? adminProductMessages.required : (first ?? adminProductMessages.required);
}

/** What the API would refuse about a chosen file (its type and size), said before sending it. */
export function fileProblem(kind: UploadKindName, file: { type: string; size: number }): string | null {
  const rule = uploadKinds[kind].rules.find((r) => (r.types as readonly string[]).includes(file.type));
  if (!rule) return uploadKinds[kind].wrongType;
  return file.size > rule.maxBytes ? rule.tooLarge : null;
}
