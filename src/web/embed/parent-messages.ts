// Messages to the customer's page when the flow runs in an iframe.
//
// What is sent: only { type, verificationId, step | status | error }. The customer created the
// verification and put its link in the iframe, so none of it is news to them; no names, images,
// document data or tokens ever go out.
// Where: only to the framing page's own origin as the browser reports it
// (location.ancestorOrigins, else the origin of document.referrer), never to '*'. postMessage
// drops the message if the parent's real origin differs, so a page that navigated our frame
// cannot read it. When neither source gives an origin (e.g. the parent sets
// referrerpolicy="no-referrer" in Firefox), nothing is sent. Framing itself is limited by the
// server's CSP frame-ancestors.

export type EmbedMessage =
  | { type: 'idv:step'; verificationId: string; step: string }
  | { type: 'idv:completed'; verificationId: string; status: string }
  | { type: 'idv:error'; verificationId: string; error: string };

export interface EmbedWindow {
  parent: unknown;
  location: { ancestorOrigins?: { length: number; [index: number]: string } | DOMStringList };
  document: { referrer: string };
}

export function isFramed(win: EmbedWindow = window): boolean {
  return win.parent !== win;
}

/** The framing page's origin, or null when not framed or unknown. */
export function parentOrigin(win: EmbedWindow = window): string | null {
  if (!isFramed(win)) return null;
  const ancestors = win.location.ancestorOrigins;
  const fromAncestors = ancestors && ancestors.length > 0 ? ancestors[0] : undefined;
  const candidate = fromAncestors ?? originOf(win.document.referrer);
  return candidate && candidate !== 'null' ? candidate : null;
}

function originOf(url: string): string | undefined {
  if (!url) return undefined;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** Sends to the parent page if framed and its origin is known; returns whether it was sent. */
export function postToParent(message: EmbedMessage, win: EmbedWindow = window): boolean {
  const origin = parentOrigin(win);
  if (!origin) return false;
  try {
    (win.parent as Window).postMessage(message, origin);
    return true;
  } catch {
    return false;
  }
}
