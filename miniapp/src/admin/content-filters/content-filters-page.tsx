import { Filter } from "lucide-react";
import { PageHeader } from "../../components/page-header";
import { StateView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";

/** /admin/content-filters (admins): a placeholder, content filters are not built (docs/screens.md, Policy admin). */
export default function ContentFiltersPage() {
  const { t } = useT();
  return (
    <div className="page settings-page">
      <PageHeader title={t("admin.menu.contentFilters")} back="/administration" />
      <StateView kind="empty" title={t("admin.contentFilters.comingSoon")} icon={<Filter size={36} />} />
    </div>
  );
}
