import { Button, Select, Textarea } from "@telegram-apps/telegram-ui";
import { useAtom } from "jotai";
import { CircleCheck } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toCents } from "#api/contracts/cents";
import { deliverySchema, type Order } from "#api/contracts/checkout";
import { usStates } from "#api/contracts/us-states";
import { BottomSheet } from "../../components/bottom-sheet";
import { Field } from "../../components/field";
import { ResourceView } from "../../components/state-view";
import { useT } from "../../i18n/use-t";
import { errorMessage, LoadError } from "../../lib/api";
import { formatCreditCents, formatCredits, formatDollarCents } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useContractForm } from "../../lib/use-contract-form";
import { useResource } from "../../lib/use-resource";
import { signedInUser, useAuth } from "../../state/auth";
import { cartAtom } from "../../state/cart";
import { openDrawerAtom } from "../../state/drawers";
import { useClosingConfirmation } from "../../telegram/hooks";
import { useTelegramMainButton } from "../../telegram/main-button";
import { creditItems, lineTotalCents, withoutCreditItems } from "../cart/cart-rules";
import { askBotAccessOnce } from "./ask-bot-access";
import { fetchBudget, placeCreditOrder } from "./checkout-api";
import { creditOrder, creditTotalCents, OrderKeys, remainingAfterCents } from "./checkout-rules";
import "./checkout-sheet.css";

const stateOptions = Object.entries(usStates).sort(([, a], [, b]) => a.localeCompare(b));

function Confirmation({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <div className="checkout-done" data-testid="order-confirmation">
      <CircleCheck size={48} aria-hidden="true" className="checkout-done-icon" />
      <h3 className="checkout-done-title">{t("checkout.placed")}</h3>
      <p className="checkout-done-number">{t("checkout.orderNumber", { number: order.number })}</p>
      <p>{t("checkout.placedText", { amount: formatCredits(order.total) })}</p>
      <div className="checkout-done-actions">
        <Button size="l" stretched onClick={onDone}>
          {t("checkout.done")}
        </Button>
        <Button
          size="l"
          mode="bezeled"
          stretched
          onClick={() => {
            onDone();
            navigate("/settings/purchases");
          }}
        >
          {t("checkout.viewPurchases")}
        </Button>
      </div>
    </div>
  );
}

/** The credit checkout: the cart's credit lines, the budget before and after, delivery, Place order. */
export default function CheckoutSheet() {
  const { t } = useT();
  const [openDrawer, setOpenDrawer] = useAtom(openDrawerAtom);
  const [cart, setCart] = useAtom(cartAtom);
  const me = signedInUser(useAuth());
  const close = useCallback(() => setOpenDrawer(null), [setOpenDrawer]);
  const budget = useResource("checkout-budget", fetchBudget);
  // A field's message goes as soon as the field is edited.
  const form = useContractForm(
    deliverySchema,
    { name: me?.fullName ?? "", address: "", state: "" },
    { clearOnEdit: true },
  );
  const { values: delivery, errors: shown, check } = form;
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<Order | null>(null);
  const keys = useRef(new OrderKeys());
  // What the cart said (Added to cart) is done with once the checkout opens, however recent: it
  // would cover the sheet's buttons.
  const isOpen = openDrawer === "checkout";
  useEffect(() => {
    if (isOpen) toast.dismiss();
  }, [isOpen]);
  const stateId = useId();
  const addressId = useId();

  const lines = creditItems(cart);
  const totalCents = creditTotalCents(cart);
  const after = budget.status === "ready" ? remainingAfterCents(budget.data.remaining, totalCents) : null;
  const overBudget = after !== null && after < 0;
  const canPlace = !placing && !placed && lines.length > 0 && budget.status === "ready" && !overBudget;

  const place = useCallback(async () => {
    // The contract's messages show on their fields even while the order cannot be placed.
    if (!check().ok || !canPlace) return;
    const order = creditOrder(cart, delivery);
    setPlacing(true);
    try {
      const made = await placeCreditOrder(order, keys.current.keyFor(order));
      keys.current.answered();
      setCart((current) => withoutCreditItems(current));
      setPlaced(made);
      // The natural moment to ask whether the bot may tell them about it (inside Telegram, once).
      void askBotAccessOnce();
    } catch (error) {
      // A definite refusal makes the next attempt a new checkout; a lost answer retries this one.
      if (error instanceof LoadError && error.refused) keys.current.answered();
      toast.error(errorMessage(error, t("checkout.placeFailed")));
      budget.reload();
    } finally {
      setPlacing(false);
    }
  }, [check, delivery, canPlace, cart, setCart, budget, t]);

  const buttonText = placing
    ? t("checkout.placing")
    : t("checkout.place", { amount: formatCreditCents(totalCents) });
  // Inside Telegram the MainButton places the order, and closing the app asks first.
  const usesMainButton = useTelegramMainButton(
    placed ? null : { text: buttonText, enabled: canPlace, onClick: () => void place() },
  );
  useClosingConfirmation(!placed && lines.length > 0);

  const footer = useMemo(
    () =>
      placed || usesMainButton ? undefined : (
        <Button size="l" stretched onClick={() => void place()} disabled={!canPlace} loading={placing}>
          {buttonText}
        </Button>
      ),
    [placed, usesMainButton, place, canPlace, placing, buttonText],
  );

  return (
    <BottomSheet
      open={openDrawer === "checkout"}
      onClose={close}
      title={placed ? t("checkout.thankYou") : t("checkout.title")}
      description={placed ? undefined : t("checkout.description")}
      footer={footer}
    >
      {placed ? (
        <Confirmation order={placed} onDone={close} />
      ) : (
        <div className="checkout">
          <ul className="checkout-lines" aria-label={t("checkout.order")}>
            {lines.map((item) => (
              <li key={item.variantId} className="checkout-line">
                <span>
                  {item.title} × {item.quantity}
                </span>
                <span>{formatCreditCents(lineTotalCents(item))}</span>
              </li>
            ))}
            <li className="checkout-line checkout-total">
              <span>{t("cart.total")}</span>
              <span data-testid="checkout-total">{formatCreditCents(totalCents)}</span>
            </li>
          </ul>
          <ResourceView
            resource={budget}
            loadingLabel={t("checkout.budgetLoading")}
            errorMessage={errorMessage(
              budget.status === "error" ? budget.error : null,
              t("checkout.budgetFailed"),
            )}
          >
            {(data) => (
              <dl className="checkout-budget" data-testid="checkout-budget">
                <div>
                  <dt>{t("checkout.budgetRemaining")}</dt>
                  <dd>{formatDollarCents(toCents(data.remaining))}</dd>
                </div>
                <div className={overBudget ? "checkout-over" : undefined}>
                  <dt>{t("checkout.afterOrder")}</dt>
                  <dd>
                    {after !== null && after >= 0 ? formatDollarCents(after) : t("checkout.overBudget")}
                  </dd>
                </div>
              </dl>
            )}
          </ResourceView>
          {overBudget ? (
            <p className="checkout-warning" role="alert">
              {t("checkout.overBudgetWarning")}
            </p>
          ) : null}
          <fieldset className="checkout-delivery">
            <legend>{t("checkout.delivery")}</legend>
            <Field label={t("checkout.recipient")} autoComplete="name" {...form.input("name")} />
            <div className="field">
              <label htmlFor={addressId} className="field-label">
                {t("checkout.address")}
              </label>
              <div className="field-control">
                <Textarea
                  id={addressId}
                  autoComplete="street-address"
                  value={delivery.address}
                  status={shown.address ? "error" : undefined}
                  onChange={(event) => form.set("address", event.target.value)}
                />
              </div>
              {shown.address ? (
                <p className="field-error" role="alert">
                  {shown.address}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor={stateId} className="field-label">
                {t("checkout.state")}
              </label>
              <div className="field-control">
                <Select
                  id={stateId}
                  className="select"
                  value={delivery.state}
                  status={shown.state ? "error" : undefined}
                  onChange={(event) => form.set("state", event.target.value)}
                >
                  <option value="" disabled>
                    {t("checkout.chooseState")}
                  </option>
                  {stateOptions.map(([code, name]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </Select>
              </div>
              {shown.state ? (
                <p className="field-error" role="alert">
                  {shown.state}
                </p>
              ) : null}
            </div>
          </fieldset>
        </div>
      )}
    </BottomSheet>
  );
}
