import { Filter } from "lucide-react";
import { PageHeader } from "../../components/page-header";
import { StateView } from "../../components/state-view";

/** /admin/content-filters (admins): a placeholder, content filters are not built (docs/screens.md, Policy admin). */
export default function ContentFiltersPage() {
  return (
    <div className="page settings-page">
      <PageHeader title="Content Filters" back="/administration" />
      <StateView kind="empty" title="Content filter management coming soon..." icon={<Filter size={36} />} />
    </div>
  );
}
