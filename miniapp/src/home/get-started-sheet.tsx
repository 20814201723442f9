import { Cell, Section } from "@telegram-apps/telegram-ui";
import { useSetAtom } from "jotai";
import { LogIn, ShoppingBag } from "lucide-react";
import { BottomSheet } from "../components/bottom-sheet";
import { authTabAtom, openDrawerAtom } from "../state/drawers";
import "./get-started-sheet.css";

const choices = [
  { tab: "signup", title: "Shop", hint: "New here? Create your account.", Icon: ShoppingBag },
  { tab: "login", title: "Login", hint: "Already a member? Sign in.", Icon: LogIn },
] as const;

/** Join on the landing: Shop (sign-up) or Login, both into the auth dialog. */
export default function GetStartedSheet() {
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
      title="Get Started"
      description="Join the members-only channel and shop."
    >
      <Section className="get-started-choices">
        {choices.map((choice) => (
          <Cell
            key={choice.tab}
            Component="button"
            type="button"
            className="get-started-choice"
            before={<choice.Icon size={22} className="get-started-icon" aria-hidden="true" />}
            subtitle={choice.hint}
            onClick={() => choose(choice.tab)}
          >
            {choice.title}
          </Cell>
        ))}
      </Section>
    </BottomSheet>
  );
}
