import { Button, Checkbox, Chip } from "@telegram-apps/telegram-ui";
import { SearchX, X } from "lucide-react";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { type Product, strainTypes } from "#api/contracts/products";
import { FilterSelect, SearchField } from "../../components/filter-controls";
import { StateView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { strainText } from "../strain";
import { ProductCard } from "./product-card";
import {
  activeChips,
  categoriesOf,
  type FilterChip,
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
  const { t, language } = useT();
  const [filter, setFilter] = useState<ProductFilter>(noFilter);
  const edit = (change: Partial<ProductFilter>) => setFilter((current) => ({ ...current, ...change }));
  // Built again in another language: strain types are searched by their names in it too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language changes what indexProducts reads.
  const index = useMemo(() => indexProducts(products, strainText), [products, language]);
  const categories = useMemo(() => categoriesOf(products), [products]);
  // The field answers each keystroke at once; the grid follows when React has time.
  const shown = useDeferredValue(filter);
  const matches = useMemo(() => filterProducts(index, shown), [index, shown]);
  const chips = activeChips(filter);
  // A chip reads in the app's language: the strain type's name, "In stock" translated.
  const chipText = (chip: FilterChip): string =>
    chip.key === "inStock"
      ? t("catalogue.inStockChip")
      : chip.key === "strainType"
        ? strainText(chip.label)
        : chip.label;
  const stockId = useId();

  return (
    <div className="product-browser">
      <search className="product-search">
        <SearchField
          label={t("catalogue.search")}
          placeholder={t("catalogue.searchPlaceholder")}
          value={filter.query}
          onChange={(query) => edit({ query })}
        />
        <div className="product-filters">
          <FilterSelect
            label={t("catalogue.category")}
            any={t("catalogue.anyCategory")}
            options={categories}
            value={filter.category ?? ""}
            onChange={(category) => edit({ category: category || null })}
          />
          <FilterSelect
            label={t("catalogue.strainType")}
            any={t("catalogue.anyStrain")}
            options={strainTypes.map((type) => [type, strainText(type)] as const)}
            value={filter.strainType ?? ""}
            onChange={(strainType) => edit({ strainType: strainType || null })}
          />
        </div>
        <div className="product-filter-stock">
          <Checkbox
            id={stockId}
            checked={filter.inStock}
            onChange={(event) => edit({ inStock: event.target.checked })}
          />
          <label htmlFor={stockId} className="product-filter-stock-label">
            {t("catalogue.inStockOnly")}
          </label>
        </div>
      </search>
      {chips.length > 0 ? (
        <ul className="filter-chips" aria-label={t("catalogue.activeFilters")}>
          {chips.map((chip) => (
            <li key={chip.key}>
              <Chip
                Component="button"
                type="button"
                mode="mono"
                className="filter-chip"
                aria-label={t("catalogue.removeFilter", { filter: chipText(chip) })}
                after={<X size={14} aria-hidden="true" />}
                onClick={() => setFilter((current) => withoutChip(current, chip.key))}
              >
                {chipText(chip)}
              </Chip>
            </li>
          ))}
        </ul>
      ) : null}
      {matches.length === 0 ? (
        <StateView
          kind="empty"
          title={t("catalogue.noMatch")}
          description={t("catalogue.noMatchHint")}
          icon={<SearchX size={32} />}
          action={
            <Button mode="bezeled" size="m" onClick={() => setFilter(noFilter)}>
              {t("catalogue.clear")}
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
