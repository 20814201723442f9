import type { ReactNode } from "react";
import type { AdminProductQuery } from "#api/contracts/admin-products";
import { createFormCategories } from "#api/contracts/admin-products";
import { strainTypes } from "#api/contracts/products";
import { FilterSelect, SearchField } from "../../components/filter-controls";
import type { AdminTextKey } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";

/** What the list asks the server for; "" is All Strains / All Categories. */
export interface ProductFilterValues {
  search: string;
  strain: "" | NonNullable<AdminProductQuery["strain"]>;
  category: "" | NonNullable<AdminProductQuery["category"]>;
  status: AdminProductQuery["status"];
}

export const defaultProductFilters: ProductFilterValues = {
  search: "",
  strain: "",
  category: "",
  status: "active",
};

/** The filter choices: the create form's three categories (the edit form has two more). */
const statusOptions: [ProductFilterValues["status"], AdminTextKey][] = [
  ["all", "admin.products.allStatus"],
  ["active", "admin.common.active"],
  ["inactive", "admin.common.inactive"],
];

/** The search box and the strain, category and status filters; `action` fills the grid's last cell. */
export function ProductFilters({
  values,
  onChange,
  action,
}: {
  values: ProductFilterValues;
  onChange: (values: ProductFilterValues) => void;
  action: ReactNode;
}) {
  const { t } = useT();
  const set = <K extends keyof ProductFilterValues>(key: K, value: ProductFilterValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <search className="admin-product-filters" aria-label={t("admin.products.filter")}>
      <SearchField
        className="field-control admin-product-search"
        label={t("admin.products.search")}
        placeholder={t("admin.products.searchPlaceholder")}
        value={values.search}
        onChange={(search) => set("search", search)}
      />
      <div className="admin-product-selects">
        <FilterSelect
          label={t("admin.products.strain")}
          any={t("admin.products.allStrains")}
          options={strainTypes}
          value={values.strain}
          onChange={(strain) => set("strain", strain)}
        />
        <FilterSelect
          label={t("admin.products.category")}
          any={t("admin.products.allCategories")}
          options={createFormCategories}
          value={values.category}
          onChange={(category) => set("category", category)}
        />
        <FilterSelect
          label={t("admin.products.status")}
          options={statusOptions.map(([value, label]) => [value, t(label)] as const)}
          value={values.status}
          onChange={(status) => set("status", status || "active")}
        />
        {action}
      </div>
    </search>
  );
}
