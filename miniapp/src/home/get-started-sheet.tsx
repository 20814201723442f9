import { Cell, Section } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { LogIn, ShoppingBag } from "lucide-react";
import { BottomSheet } from "../components/bottom-sheet";
import { useT } from "../i18n/use-t";
import { authTabAtom, openDrawerAtom } from "../state/drawers";
import "./get-started-sheet.css";

const choices = [
  { tab: "signup", title: "getStarted.shop", hint: "getStarted.shopHint", Icon: ShoppingBag },
  { tab: "login", title: "getStarted.login", hint: "getStarted.loginHint", Icon: LogIn },
] as const;

/** Join on the landing: Shop (sign-up) or Login, both into the auth dialog. */
export default function GetStartedSheet() {
  const { t } = useT();
  const setOpenDrawer = useSetAtom(openDrawerAtom);
  const setTab = useSetAtom(authTabAtom);
  const choose = (tab: "login" | "signup") => {
    setTab(tab);
    setOpenDrawer("auth");
  };
  return (
    <BottomSheet
      open
      onClose={() => setOpenDrawer(null)}
      title={t("getStarted.title")}
      description={t("getStarted.description")}
    >
      <Section className="get-started-choices">
        {choices.map((choice) => (
          <Cell
            key={choice.tab}
            Component="button"
            type="button"
            className="get-started-choice"
            before={<choice.Icon size={22} className="get-started-icon" aria-hidden="true" />}
            subtitle={t(choice.hint)}
            onClick={() => choose(choice.tab)}
          >
            {t(choice.title)}
          </Cell>
        ))}
      </Section>
    </BottomSheet>
  );
}
