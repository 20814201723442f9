import { useAtom, useSetAtom } from "jotai";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { Landing } from "../home/landing";
import { useAuth } from "../state/auth";
import { authTabAtom, openDrawerAtom } from "../state/drawers";

/**
 * /auth: the landing with the auth dialog open on its login tab; a signed-in user goes home, and
 * closing the dialog does too (auth-dialog.tsx).
 */
export default function AuthPage() {
  const auth = useAuth();
  const [openDrawer, setOpenDrawer] = useAtom(openDrawerAtom);
  const setTab = useSetAtom(authTabAtom);
  const signedIn = auth.status === "signed-in";

  useEffect(() => {
    if (signedIn) return;
    setTab("login");
    setOpenDrawer("auth");
  }, [signedIn, setOpenDrawer, setTab]);

  if (signedIn) return <Navigate to="/" replace />;
  return <Landing auth={auth} openDrawer={openDrawer} />;
}
