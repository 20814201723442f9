import { Button, type ButtonProps } from "@telegram-apps/telegram-ui";
import { Link } from "react-router";

/** The kit's Button as a router link (the kit does not type its Component's own props). */
export function LinkButton({ to, ...props }: ButtonProps & { to: string }) {
  const link = { Component: Link, to };
  return <Button {...link} {...props} />;
}
