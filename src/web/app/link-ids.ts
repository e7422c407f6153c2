/** Capability ids are 32 hex characters today; accept any plausible URL-safe id from a link. */
const LINK_ID = /^[A-Za-z0-9_-]{8,128}$/;

export function isPlausibleProcessId(value: string | null): value is string {
  return value !== null && LINK_ID.test(value);
}
