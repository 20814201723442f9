import type {
  AdminProduct,
  AdminProductPage,
  AdminProductQuery,
  CreateProductInput,
  UpdateProductInput,
} from "#api/contracts/admin-products";
import { isUuid } from "#api/contracts/ids";
import { pageWindow } from "#api/contracts/paging";
import {
  findProduct,
  insertProduct,
  listProductsForStaff,
  type ProductValues,
  updateProduct,
} from "#db/queries/catalogue/admin-products";
import type { ProductRow } from "#db/queries/catalogue/products";
import type { ServiceContext } from "../context";
import { isUniqueViolation } from "../db-errors";
import { storefrontEndpoint } from "../ports/shopify-storefront";
import { Refusal } from "../refusal";
import { toProduct } from "./product-view";
import { announceRestock } from "./stock-alerts";

export const toAdminProduct = (row: ProductRow): AdminProduct => ({
  ...toProduct(row),
  isActive: row.isActive,
  restrictedStates: row.restrictedStates,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listProductsPage(
  ctx: ServiceContext,
  query: AdminProductQuery,
): Promise<AdminProductPage> {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await listProductsForStaff(ctx.db, filter, pageWindow(query));
  return { products: rows.map(toAdminProduct), total, page, pageSize };
}

export async function productForStaff(ctx: ServiceContext, id: string): Promise<AdminProduct> {
  const row = isUuid(id) ? await findProduct(ctx.db, id) : undefined;
  if (!row) throw new Refusal("product_not_found");
  return toAdminProduct(row);
}

/** The form's fields as columns; the storefront object becomes its three columns. */
function columnsOf(ctx: ServiceContext, input: UpdateProductInput): Partial<ProductValues> {
  const { storefront, ...rest } = input;
  if (storefront === undefined) return rest;
  // Without a store nothing could be checked out there: no product is given a variant.
  if (storefront && !(storefrontEndpoint(ctx.config) && ctx.config.SHOPIFY_STOREFRONT_TOKEN)) {
    throw new Refusal("products_need_storefront");
  }
  return {
    ...rest,
    storefrontVariantId: storefront?.variantId ?? null,
    storefrontPrice: storefront?.price.amount ?? null,
    storefrontCurrency: storefront?.price.currencyCode ?? null,
  };
}

async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal("variant_taken");
    throw error;
  }
}

export async function createProduct(ctx: ServiceContext, input: CreateProductInput): Promise<AdminProduct> {
  const values = columnsOf(ctx, input) as ProductValues;
  return toAdminProduct(await saving(() => insertProduct(ctx.db, values)));
}

/** Saves the staff's changes; a product now active and in stock sends its back-in-stock alerts. */
export async function editProduct(
  ctx: ServiceContext,
  id: string,
  input: UpdateProductInput,
): Promise<AdminProduct> {
  if (!isUuid(id)) throw new Refusal("product_not_found");
  const values = columnsOf(ctx, input);
  const row =
    Object.keys(values).length === 0
      ? await findProduct(ctx.db, id)
      : await saving(() => updateProduct(ctx.db, id, values));
  if (!row) throw new Refusal("product_not_found");
  announceRestock(ctx, [row.id]);
  return toAdminProduct(row);
}

/** Delete marks the product inactive: it leaves the shop, and orders keep pointing at it (spec 001 §4). */
export const removeProduct = (ctx: ServiceContext, id: string) => editProduct(ctx, id, { isActive: false });
