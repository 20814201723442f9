import { Button } from "@telegram-apps/telegram-ui";

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
  return (
    <div className="order-actions">
      <p className="order-confirm-text">{question}</p>
      <Button size="l" stretched mode="bezeled" onClick={onKeep} disabled={cancelling}>
        Keep order
      </Button>
      <Button size="l" stretched className="order-cancel-button" loading={cancelling} onClick={onCancel}>
        Cancel order
      </Button>
    </div>
  );
}
