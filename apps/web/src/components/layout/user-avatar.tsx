import { useState } from "react";
import type { SessionUser } from "../../api/auth";

/** The avatar image, or the first letter of the e-mail in upper case when there is none. */
function AvatarContent({ user }: { user: SessionUser }) {
  const [failed, setFailed] = useState(false);
  if (user.image && !failed) {
    return <img src={user.image} alt="" className="size-full object-cover" referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
  }
  return <span aria-hidden="true">{user.email.charAt(0).toUpperCase()}</span>;
}

export function UserAvatar({ user }: { user: SessionUser }) {
  return (
    <span className="flex size-full items-center justify-center overflow-hidden rounded-full bg-accent text-sm font-semibold text-accent-foreground">
      <AvatarContent key={user.image ?? "letter"} user={user} />
    </span>
  );
}
