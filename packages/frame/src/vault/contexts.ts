// Every string that binds key material to its use, built here and nowhere else: the associated
// data of the AES-GCM seals, the HKDF info of the passkey key and the device-proof message.

/**
 * The associated data of an account's sealed shares (the device share and the recovery share):
 * bound to the project and to the account's first email, which the server keeps as
 * `shareContext` once the login email changes, so shares sealed before a change still open.
 */
export function shareContext(projectId: string, boundEmail: string): string {
  return `latch-share|${projectId}|${boundEmail}`
}

/** The HKDF info of the key a passkey's PRF output gives, for one share context. */
export function passkeyKeyInfo(context: string): string {
  return `latch-recovery-passkey/1|${context}`
}

/** What the device key signs for `purpose` (the server rebuilds the same string). */
export function deviceProofMessage(
  purpose: string,
  projectId: string,
  sessionId: string,
  nonce: string,
): string {
  return `latch-embedded/1|${purpose}|${projectId}|${sessionId}|${nonce}`
}

/** The share context of an account record on this device: its first email, as last reported. */
export function accountShareContext(
  projectId: string,
  account: { shareContext?: string; email?: string },
  loginEmail: string | undefined,
): string {
  return shareContext(projectId, account.shareContext ?? account.email ?? loginEmail ?? '')
}
