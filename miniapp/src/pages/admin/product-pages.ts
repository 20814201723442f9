import type { AdminProduct, AdminProductQuery } from "#api/contracts/admin-products";
import { api, call } from "../../lib/api";
import type { ProductFilterValues } from "./product-filters";

export interface ProductPages {
  products: AdminProduct[];
  total: number;
  pageSize: number;
}

export const sameFilters = (a: ProductFilterValues, b: ProductFilterValues): boolean =>
  a.search === b.search && a.strain === b.strain && a.category === b.category && a.status === b.status;

/** The query for these filters: what is "All" is left out. */
function queryOf({ search, strain, category, status }: ProductFilterValues) {
  const query: { [K in keyof AdminProductQuery]?: string & AdminProductQuery[K] } = { status };
  if (search) query.search = search;
  if (strain) query.strain = strain;
  if (category) query.category = category;
  return query;
}

/**
 * The first `pages` pages, fetched together (a live change reloads all that is shown). A product
 * that moved between pages meanwhile shows once.
 */
export const fetchProductPages =
  (filters: ProductFilterValues, pages: number) =>
  async (signal: AbortSignal): Promise<ProductPages> => {
    const query = queryOf(filters);
    const answers = await Promise.all(
      Array.from({ length: pages }, (_, index) =>
        call(api.admin.products.$get({ query: { ...query, page: String(index + 1) } }, { init: { signal } })),
      ),
    );
    const byId = new Map(
      answers.flatMap((answer) => answer.products.map((product) => [product.id, product])),
    );
    const last = answers.at(-1);
    return { products: [...byId.values()], total: last?.total ?? 0, pageSize: last?.pageSize ?? 0 };
  };
