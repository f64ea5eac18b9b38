// The wallet of this device as a reducer over its events: GET_USER reads the account, and the
// device is ready, makes a new wallet (sign-up) or rebuilds it from the recovery share (a new
// device), and is done once the server has its new share set. recovery.ts does the I/O and dispatches what
// happened; which step may follow which lives here.

/** How the recovery share is (or gets) locked: the server's key, a passkey, or a password. */
type LockMode = 'server' | 'passkey' | 'password'

/** Making this device's set: a new wallet (`setup`) or a recovered one (`recover`). A refused try
 * (a weak or wrong password, another passkey) or a failed hand-over leaves the flow here, on its
 * screen, to try again. */
type MakingState = { step: 'setup' | 'recover'; lock: LockMode }

export type RecoveryState =
  | { step: 'start' }
  /** This device holds its own set: nothing to do. */
  | { step: 'ready' }
  | MakingState
  /** The server has this device's new set: the account is read again. */
  | { step: 'stored' }

/** The account as the server describes it (`wallet`, whether this device's set is on the
 * server), whether this device holds its own wrapped share, and the project's recovery policy. */
interface CheckedAccount {
  account: { wallet: { recoveryMode: string | null } | null; deviceHasShare: boolean }
  holdsShare: boolean
  policy: 'user' | 'server'
}

export type RecoveryEvent =
  | ({ type: 'checked' } & CheckedAccount)
  /** Sign-up goes on with the recovery password: the visitor picked it, or the browser offers no
   * passkey. */
  | { type: 'passwordChosen' }
  | { type: 'handedOver' }

/** A new account makes its wallet (server-assisted without a screen; else a passkey is offered
 * first), an established device is ready, and any other device recovers with the account's mode. */
function checked({ account, holdsShare, policy }: CheckedAccount): RecoveryState {
  if (account.wallet === null) return { step: 'setup', lock: policy === 'server' ? 'server' : 'passkey' }
  if (account.deviceHasShare && holdsShare) return { step: 'ready' }
  const mode = account.wallet.recoveryMode
  return { step: 'recover', lock: mode === 'server' || mode === 'passkey' ? mode : 'password' }
}

/** Any event not listed for a state leaves that state as it is (the same object). */
export function recoveryReducer(state: RecoveryState, event: RecoveryEvent): RecoveryState {
  switch (event.type) {
    case 'checked':
      return state.step === 'start' ? checked(event) : state
    case 'passwordChosen':
      return state.step === 'setup' && state.lock === 'passkey' ? { step: 'setup', lock: 'password' } : state
    case 'handedOver':
      return state.step === 'setup' || state.step === 'recover' ? { step: 'stored' } : state
  }
}

/** One run of the flow (one GET_USER): its state, and the only way to move it. */
export function recoveryRun() {
  const run = {
    state: { step: 'start' } as RecoveryState,
    dispatch(event: RecoveryEvent) {
      run.state = recoveryReducer(run.state, event)
    },
  }
  return run
}

export type RecoveryRun = ReturnType<typeof recoveryRun>
