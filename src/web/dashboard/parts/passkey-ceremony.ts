// The browser's side of WebAuthn (navigator.credentials), through @simplewebauthn/browser,
// loaded on first use so the sign-in screen does not carry it.
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { call } from '../dashboard-api';

/** Asks the authenticator to create a passkey for the options the server issued; its answer. */
export async function createPasskey(name: string): Promise<unknown> {
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    call<PublicKeyCredentialCreationOptionsJSON>('POST', '/security/passkeys/options', { name }),
  ]);
  return startRegistration({ optionsJSON });
}

/** Asks the authenticator to sign the pending sign-in's challenge; its answer. */
export async function assertPasskey(): Promise<unknown> {
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    import('@simplewebauthn/browser'),
    call<PublicKeyCredentialRequestOptionsJSON>('POST', '/auth/second-factor/passkey-options'),
  ]);
  return startAuthentication({ optionsJSON });
}
