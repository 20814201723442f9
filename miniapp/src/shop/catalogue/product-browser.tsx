import { Button, Checkbox, Chip, Input, Select } from "@telegram-apps/telegram-ui";
import { Search, SearchX, X } from "lucide-react";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { type Product, strainTypes } from "#api/contracts/products";
import { StateView } from "../../components/state-view";
import { ProductCard } from "./product-card";
import {
  activeChips,
  categoriesOf,
  filterProducts,
  indexProducts,
  noFilter,
  type ProductFilter,
  withoutChip,
} from "./product-filter";
import "./product-browser.css";

/**
 * The Products drawer's catalogue with a search (title, description, strain; case and accents
 * ignored) and filters for category, strain type and in stock, shown as removable chips; "No
 * products match" with Clear. Searched here, over the loaded catalogue (see product-filter.ts).
 */
export default function ProductBrowser({ products, onOpen }: { products: Product[]; onOpen: () => void }) {
  const [filter, setFilter] = useState<ProductFilter>(noFilter);
  const edit = (change: Partial<ProductFilter>) => setFilter((current) => ({ ...current, ...change }));
  const index = useMemo(() => indexProducts(products), [products]);
  const categories = useMemo(() => categoriesOf(products), [products]);
  // The field answers each keystroke at once; the grid follows when React has time.
  const shown = useDeferredValue(filter);
  const matches = useMemo(() => filterProducts(index, shown), [index, shown]);
  const chips = activeChips(filter);
  const stockId = useId();

  return (
    <div className="product-browser">
      <search className="product-search">
        <div className="field-control">
          <Input
            type="search"
            aria-label="Search products"
            placeholder="Name, description or strain"
            maxLength={100}
            before={<Search size={18} aria-hidden="true" />}
            value={filter.query}
            onChange={(event) => edit({ query: event.target.value })}
          />
        </div>
        <div className="product-filters">
          <div className="field-control">
            <Select
              className="select"
              aria-label="Category"
              value={filter.category ?? ""}
              onChange={(event) => edit({ category: event.target.value || null })}
            >
              <option value="">Any category</option>
              {categories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
          </div>
          <div className="field-control">
            <Select
              className="select"
              aria-label="Strain type"
              value={filter.strainType ?? ""}
              onChange={(event) =>
                edit({ strainType: strainTypes.find((type) => type === event.target.value) ?? null })
              }
            >
              <option value="">Any strain</option>
              {strainTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div className="product-filter-stock">
          <Checkbox
            id={stockId}
            checked={filter.inStock}
            onChange={(event) => edit({ inStock: event.target.checked })}
          />
          <label htmlFor={stockId} className="product-filter-stock-label">
            In stock only
          </label>
        </div>
      </search>
      {chips.length > 0 ? (
        <ul className="filter-chips" aria-label="Active filters">
          {chips.map((chip) => (
            <li key={chip.key}>
              <Chip
                Component="button"
                type="button"
                mode="mono"
                className="filter-chip"
                aria-label={`Remove filter: ${chip.label}`}
                after={<X size={14} aria-hidden="true" />}
                onClick={() => setFilter((current) => withoutChip(current, chip.key))}
              >
                {chip.label}
              </Chip>
            </li>
          ))}
        </ul>
      ) : null}
      {matches.length === 0 ? (
        <StateView
          kind="empty"
          title="No products match"
          description="Try other words, or fewer filters."
          icon={<SearchX size={32} />}
          action={
            <Button mode="bezeled" size="m" onClick={() => setFilter(noFilter)}>
              Clear
            </Button>
          }
        />
      ) : (
        <div className="product-grid">
          {matches.map((product) => (
            <ProductCard key={product.id} product={product} onOpen={onOpen} />
          ))}
        </div>
      )}
    </div>
  );
}
