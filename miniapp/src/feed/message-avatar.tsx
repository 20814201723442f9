import { useState } from "react";

/**
 * The author's picture in a 40 px circle, or their initials on the tinted disc when there is none
 * or it does not load (drawn as the kit's Avatar draws it, without its image and type components).
 */
export function MessageAvatar({ src, initials }: { src: string | null; initials: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="message-avatar" aria-hidden="true">
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : initials}
    </span>
  );
}
