import { Button } from "@telegram-apps/telegram-ui";
import { useT } from "../i18n/use-t";

/**
 * The second step of cancelling an order, for staff and members alike: the question, Keep order,
 * and Cancel order (loading while the request goes).
 */
export function CancelConfirm({
  question,
  cancelling,
  onKeep,
  onCancel,
}: {
  question: string;
  cancelling: boolean;
  onKeep: () => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  return (
    <div className="order-actions">
      <p className="order-confirm-text">{question}</p>
      <Button size="l" stretched mode="bezeled" onClick={onKeep} disabled={cancelling}>
        {t("orders.keep")}
      </Button>
      <Button size="l" stretched className="order-cancel-button" loading={cancelling} onClick={onCancel}>
        {t("orders.cancel")}
      </Button>
    </div>
  );
}
