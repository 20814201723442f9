import { Button } from "@telegram-apps/telegram-ui";
import { BottomSheet } from "../../components/bottom-sheet";
import { useT } from "../../i18n/use-t";

/** Making someone an admin is asked first, naming them: Cancel leaves their role as it is. */
export function PromoteAdminSheet({
  name,
  onCancel,
  onConfirm,
}: {
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useT();
  return (
    <BottomSheet
      open
      onClose={onCancel}
      title={t("admin.users.promoteTitle", { name })}
      footer={
        <div className="promote-sheet-buttons">
          <Button mode="bezeled" size="l" stretched onClick={onCancel}>
            {t("admin.common.cancel")}
          </Button>
          <Button size="l" stretched onClick={onConfirm}>
            {t("admin.common.confirm")}
          </Button>
        </div>
      }
    >
      <p className="promote-sheet-text">{t("admin.users.promoteText")}</p>
    </BottomSheet>
  );
}
