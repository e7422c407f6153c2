import { createContext, useContext } from 'react';
import type { Me } from '../../contract/accounts';

export interface Session {
  me: Me;
  /** After sign-out or a 401: back to the sign-in screen. */
  signedOut: () => void;
  /** Reads `GET /me` again (a second factor enrolled). */
  refresh: () => void;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in member; only used below the shell, which renders only with a session. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in dashboard');
  return session;
}
