import { Star } from "lucide-react";
import "./stars.css";

/**
 * An amount of Telegram Stars: "⭐ 250" as text (what screen readers and copy see), drawn with a
 * gold star icon, since not every device has a colour emoji font for the ⭐.
 */
export function Stars({ count }: { count: number }) {
  return (
    <span className="stars">
      <span className="visually-hidden">⭐ </span>
      <Star className="stars-icon" size="1em" aria-hidden="true" />
      {count}
    </span>
  );
}
