// The embedded wallet's abilities beyond a session, as one typed interface: a session connector
// that has them declares them in `capabilities.embeddedWallet`; core and the modal find them
// there, never by the connector's shape. Its flows' state lives in Latch's store
// (`sessions[connectorId].login` / `.emailUpdate`), which the connector keeps current.

/** The last failure of a flow step: the error class's name, its message and the frame's code. */
export interface FlowError {
  name: string
  message: string
  code?: string | undefined
  /** For the email throttle: seconds until another code may be sent. */
  seconds?: number | undefined
}

/** Where an email login stands, for the modal's views. */
export type EmbeddedLoginStep =
  | { step: 'idle' }
  | { step: 'sending'; email: string }
  | { step: 'verify-device'; email: string }
  | {
      step: 'verify-otp'
      email: string
      submitting: boolean
      /** The last failure (a wrong code, a refused resend). */
      error: FlowError | undefined
    }
  | { step: 'authenticating'; email: string }
  /** The login ended with this error; the view offers to try again with the same email. */
  | { step: 'failed'; email: string; error: FlowError }

/** What each step of an email change shows. */
interface EmailUpdateForm {
  /** The new address. */
  email: string
  submitting: boolean
  /** The last failure. */
  error: FlowError | undefined
}

/**
 * Where a change of the login email stands (spec §4: VERIFY_PRIMARY_OTP, then
 * VERIFY_SECONDARY_OTP): a code to the current address, then one to the new address.
 */
export type EmbeddedEmailUpdateStep =
  | { step: 'idle' }
  | ({ step: 'enter-email' } & EmailUpdateForm)
  | ({ step: 'verify-primary' } & EmailUpdateForm)
  | ({ step: 'verify-secondary' } & EmailUpdateForm)
  | { step: 'done'; email: string }

/** The embedded wallet's email flow, export and wallet window, as the modal drives them. */
export interface EmbeddedWalletCapability {
  /** The frame's exact origin. */
  readonly frameOrigin: string
  /** The EVM account type a visitor who has not chosen one uses (the connector's `defaultAccountType`). */
  readonly defaultAccountType: 'eoa' | 'smartAccount'
  /** Seconds until another email may be sent (0: now), rounded up (spec §5). */
  emailCooldownSeconds(now?: number): number
  /** The login in progress (the same value as the store's `sessions[id].login`). */
  getLoginState(): EmbeddedLoginStep
  /** The visitor typed the one-time code: resolves when the frame accepted it, rejects with its error. */
  submitOtp(otp: string): Promise<void>
  /** Sends a new code to the same address (subject to the 30 s throttle). */
  resendCode(): Promise<void>
  /** The language of the frame's screens, used when the frame is created. */
  setLocale(locale: string | undefined): void
  /** The email change in progress (the same value as the store's `sessions[id].emailUpdate`). */
  getEmailUpdateState(): EmbeddedEmailUpdateStep
  /**
   * Starts changing the signed-in account's login email to `email`: the frame sends a code to
   * the current address. Resolves when the code is awaited; rejects (and keeps the state's error)
   * on an invalid email or the 30 s throttle.
   */
  updateEmail(email: string): Promise<void>
  /**
   * The code of the current step: the current address's code, then the new address's. After the
   * second, the session's user carries the new email and the state is `done`.
   */
  submitEmailUpdateOtp(otp: string): Promise<void>
  /** Leaves the email change (nothing changes unless the second code was accepted). */
  cancelEmailUpdate(): void
  /**
   * Which of the visitor's EVM accounts answers from now on (spec §7 'set preferred account'):
   * the wallet's own key (`eoa`) or its smart account, on the chains that run them. Resolves with
   * the account now in use; the session's EVM account changes to it.
   */
  setPreferredAccountType(
    type: 'eoa' | 'smartAccount',
  ): Promise<{ type: 'eoa' | 'smartAccount'; address: string; smartAccountDeployed: boolean }>
  /**
   * Export of the recovery phrase and keys: the frame shows its Export screen over the page, and
   * a person's click there opens the frame origin's own window, where the secrets are shown after
   * a fresh email code. Resolves whether that window opened; nothing secret reaches the page.
   */
  exportWallet(): Promise<{ opened: boolean }>
  /**
   * Set when the last login failed because this browser gives the frame no storage (third-party
   * storage blocked): the login can go on in the wallet's own window, with this email.
   */
  windowOffer(): { email: string } | undefined
  /**
   * Opens the wallet's own window on the frame origin (call it from a click) and moves the wallet
   * there; the next `connect` logs in through it, and a reload reopens it. False when the browser
   * blocked the window.
   */
  openWindow(): boolean
  /**
   * Whether the wallet runs in its own window now: its screens (the recovery step, approvals)
   * show there, not over the page, and closing that window disconnects the app.
   */
  inWindow(): boolean
}

/** The abilities a session connector declares beyond the session interface. */
export interface SessionCapabilities {
  /** The embedded wallet's email login, email change, export and wallet window. */
  embeddedWallet?: EmbeddedWalletCapability | undefined
}
