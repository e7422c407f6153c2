// Ids as they travel through the layers. A verification's id is one name from the route to the
// row: `VerificationId`, branded so that a raw route parameter cannot reach a query before the
// one plausibility check (`plausibleId`) has looked at it. The database column carries the same
// type (db/schema.ts), so rows hand it on without casts.

declare const verificationIdBrand: unique symbol;

/** An individual verification's id (`verificationId`; also the hosted flow's processId). */
export type VerificationId = string & { readonly [verificationIdBrand]: true };

/**
 * The longest id any route looks up. Ids we make are 32 hex characters (cv_ public ids a few
 * more); anything this long is not worth a query and answers as unknown.
 */
export const ID_MAX_LENGTH = 200;

/** The plausibility check of every id from outside: non-empty and at most ID_MAX_LENGTH characters. */
export function isPlausibleId(raw: string): boolean {
  return raw.length > 0 && raw.length <= ID_MAX_LENGTH;
}

/** A route parameter as a verification id, or null when it cannot be one (answer 404). */
export function plausibleVerificationId(raw: string): VerificationId | null {
  return isPlausibleId(raw) ? (raw as VerificationId) : null;
}
