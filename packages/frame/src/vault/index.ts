// The vault: the only code of the frame that touches key material. Everything else talks to it
// through what this file exports, and never holds a key, a seed or a plain share: it hands over
// opaque values (the share set for the server, the wrapped device share) and gets signatures back.
// vault/boundary.test.ts fails when a file outside this folder imports a key library or a vault
// file other than this one.

export { accountShareContext, shareContext } from './contexts.js'
export {
  createShares,
  type NewShareSet,
  type RecoveryLock,
  recoverShares,
  recoveryPasskey,
} from './custody.js'
export { newDeviceKeys } from './deviceKeys.js'
export { exportSecrets, type Secrets } from './export.js'
export {
  createPasskey,
  PasskeyError,
  passkeyHostIsFramesOwn,
  passkeyOutput,
  passkeysAvailable,
} from './passkey.js'
export { signDeviceProof } from './proof.js'
export {
  minPasswordLength,
  openPasswordBackup,
  type PasskeyRef,
  type PasswordBackup,
  passwordBackupOf,
  sealPasswordBackup,
  WrongPasskeyError,
  WrongPasswordError,
} from './recovery.js'
export type { SignableTransaction, TypedData } from './sign.js'
export {
  type Eip155Signer,
  loadEip155Signing,
  type SolanaSigner,
  type UnlockParameters,
  withEip155Signer,
  withSolanaSigner,
} from './unlock.js'
export { wipe } from './wipe.js'
