import { Button } from "@telegram-apps/telegram-ui";
import { BottomSheet } from "../../components/bottom-sheet";

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
  return (
    <BottomSheet
      open
      onClose={onCancel}
      title={`Make ${name} an admin?`}
      footer={
        <div className="promote-sheet-buttons">
          <Button mode="bezeled" size="l" stretched onClick={onCancel}>
            Cancel
          </Button>
          <Button size="l" stretched onClick={onConfirm}>
            Confirm
          </Button>
        </div>
      }
    >
      <p className="promote-sheet-text">
        Admins can change everyone's roles and plans, the products and the shop's settings.
      </p>
    </BottomSheet>
  );
}
