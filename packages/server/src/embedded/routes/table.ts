import { broadcast } from './broadcast.js'
import { config } from './config.js'
import { deviceConfirm } from './device-confirm.js'
import { deviceConfirmPage } from './device-confirm-page.js'
import { deviceStatus } from './device-status.js'
import { emailPrimary } from './email-primary.js'
import { emailSecondary } from './email-secondary.js'
import { emailStart } from './email-start.js'
import { exportCode } from './export-code.js'
import { exportConfirm } from './export-confirm.js'
import { farcasterAuthenticate, farcasterStatus } from './farcaster-relay.js'
import { login } from './login.js'
import { me } from './me.js'
import { nonce } from './nonce.js'
import { noticeCancel } from './notice-cancel.js'
import { noticeDismiss } from './notice-dismiss.js'
import { otp } from './otp.js'
import { recovery } from './recovery.js'
import { recoveryCancel } from './recovery-cancel.js'
import { recoveryCancelPage } from './recovery-cancel-page.js'
import { reshare } from './reshare.js'
import type { EmbeddedRoute } from './route.js'
import { sessionEnd } from './session-end.js'
import { share } from './share.js'
import { smartAccounts } from './smart-accounts.js'
import { socialCallback, socialCallbackForm } from './social-callback.js'
import { socialFinish } from './social-finish.js'
import { socialStart } from './social-start.js'
import { wallet } from './wallet.js'

/** Every route of the embedded wallet's API. */
export const embeddedRoutes: readonly EmbeddedRoute[] = [
  config,
  smartAccounts,
  login,
  deviceStatus,
  deviceConfirmPage,
  deviceConfirm,
  otp,
  me,
  nonce,
  wallet,
  reshare,
  share,
  recovery,
  exportCode,
  exportConfirm,
  sessionEnd,
  noticeDismiss,
  noticeCancel,
  recoveryCancelPage,
  recoveryCancel,
  emailStart,
  emailPrimary,
  emailSecondary,
  socialStart,
  socialCallback,
  socialCallbackForm,
  socialFinish,
  farcasterStatus,
  farcasterAuthenticate,
  broadcast,
]
