import { Button } from "@telegram-apps/telegram-ui";
import type { ReactNode } from "react";
import { useT } from "../i18n/use-t";
import type { Pages } from "../lib/paged-list";

/** "Showing n of total" above an admin list, and Load more below it while rows remain. */
export function PagedList<T>({
  data,
  pages,
  onMore,
  children,
}: {
  data: Pages<T>;
  /** Pages asked for: more than shown means the next one is on its way. */
  pages: number;
  onMore: () => void;
  children: ReactNode;
}) {
  const { t } = useT();
  const shown = data.items.length;
  return (
    <>
      <p className="paged-count hint" aria-live="polite">
        {t("list.showing", { shown, total: data.total })}
      </p>
      {children}
      {shown < data.total ? (
        <Button
          mode="bezeled"
          size="l"
          stretched
          className="paged-more"
          loading={shown < Math.min(data.total, pages * data.pageSize)}
          onClick={onMore}
        >
          {t("list.loadMore")}
        </Button>
      ) : null}
    </>
  );
}
