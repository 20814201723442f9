import type { AdminProduct, AdminProductQuery } from "#api/contracts/admin-products";
import { api, call } from "../../lib/api";
import { fetchPages, type Pages } from "../../lib/paged-list";
import type { ProductFilterValues } from "./product-filters";

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

/** The first `pages` pages of the products these filters pick. */
export const fetchProductPages =
  (filters: ProductFilterValues, pages: number) =>
  (signal: AbortSignal): Promise<Pages<AdminProduct>> => {
    const query = queryOf(filters);
    return fetchPages(pages, async (page) => {
      const answer = await call(api.admin.products.$get({ query: { ...query, page } }, { init: { signal } }));
      return { items: answer.products, total: answer.total, pageSize: answer.pageSize };
    });
  };
