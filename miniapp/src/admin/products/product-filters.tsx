import { Input, Select } from "@telegram-apps/telegram-ui";
import { Search } from "lucide-react";
import type { ReactNode } from "react";
import type { AdminProductQuery } from "#api/contracts/admin-products";
import { createFormCategories } from "#api/contracts/admin-products";
import { strainTypes } from "#api/contracts/products";

/** What the list asks the server for; "" is the spec's All Strains / All Categories. */
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

/** The spec's filter choices: its three categories (the edit form has two more). */
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
      <div className="field-control admin-product-search">
        <Input
          type="search"
          aria-label="Search products"
          placeholder="Search products..."
          maxLength={100}
          before={<Search size={18} aria-hidden="true" />}
          value={values.search}
          onChange={(event) => set("search", event.target.value)}
        />
      </div>
      <div className="admin-product-selects">
        <div className="field-control">
          <Select
            className="select"
            aria-label="Strain"
            value={values.strain}
            onChange={(event) => set("strain", event.target.value as ProductFilterValues["strain"])}
          >
            <option value="">All Strains</option>
            {strainTypes.map((strain) => (
              <option key={strain} value={strain}>
                {strain}
              </option>
            ))}
          </Select>
        </div>
        <div className="field-control">
          <Select
            className="select"
            aria-label="Category"
            value={values.category}
            onChange={(event) => set("category", event.target.value as ProductFilterValues["category"])}
          >
            <option value="">All Categories</option>
            {createFormCategories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        </div>
        <div className="field-control">
          <Select
            className="select"
            aria-label="Status"
            value={values.status}
            onChange={(event) => set("status", event.target.value as ProductFilterValues["status"])}
          >
            {statusOptions.map(([status, label]) => (
              <option key={status} value={status}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        {action}
      </div>
    </search>
  );
}
