import type { ReactNode } from "react";
import type { AdminProductQuery } from "#api/contracts/admin-products";
import { createFormCategories } from "#api/contracts/admin-products";
import { strainTypes } from "#api/contracts/products";
import { FilterSelect, SearchField } from "../../components/filter-controls";

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
const statusOptions: [ProductFilterValues["status"], string][] = [
  ["all", "All Status"],
  ["active", "Active"],
  ["inactive", "Inactive"],
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
  const set = <K extends keyof ProductFilterValues>(key: K, value: ProductFilterValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <search className="admin-product-filters" aria-label="Filter products">
      <SearchField
        className="field-control admin-product-search"
        label="Search products"
        placeholder="Search products..."
        value={values.search}
        onChange={(search) => set("search", search)}
      />
      <div className="admin-product-selects">
        <FilterSelect
          label="Strain"
          any="All Strains"
          options={strainTypes}
          value={values.strain}
          onChange={(strain) => set("strain", strain)}
        />
        <FilterSelect
          label="Category"
          any="All Categories"
          options={createFormCategories}
          value={values.category}
          onChange={(category) => set("category", category)}
        />
        <FilterSelect
          label="Status"
          options={statusOptions}
          value={values.status}
          onChange={(status) => set("status", status || "active")}
        />
        {action}
      </div>
    </search>
  );
}
