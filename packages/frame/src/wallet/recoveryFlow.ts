// The wallet of this device as a reducer over its events: GET_USER reads the account, and the
// device is ready, makes a new wallet (sign-up) or rebuilds it from the recovery share (a new
// device), then hands its new share set over. recovery.ts does the I/O and dispatches what
// happened; which step may follow which lives here.
import type { DeviceStep } from './flows.js'

/** How the recovery share is (or gets) locked: the server's key, a passkey, or a password. */
type LockMode = 'server' | 'passkey' | 'password'

/** Making this device's set: a new wallet (`setup`) or a recovered one (`recover`). A refused try
 * (`problem`: the message on the screen) stays here, so the screen can try again. */
type MakingState = { step: 'setup' | 'recover'; lock: LockMode; problem?: string }

export type RecoveryState =
  | { step: 'start' }
  /** This device holds its own set: nothing to do. */
  | { step: 'ready' }
  | MakingState
  /** The set is made and on its way to the server; `from` is where a failed hand-over returns. */
  | { step: 'handOver'; from: MakingState }
  /** The server has the set: the account is read again. */
  | { step: 'stored' }
  /** A server-assisted recovery that cannot go on: refused, held, or stopped by the owner. */
  | { step: 'failed'; problem: string }
  | { step: 'held' }
  | { step: 'stopped' }

export type RecoveryEvent =
  /** The account as the server describes it; `passkeys`: this browser may offer one at sign-up. */
  | { type: 'checked'; device: DeviceStep; passkeys: boolean }
  /** Sign-up goes on with the recovery password: the visitor picked it, or no passkey is offered. */
  | { type: 'passwordChosen' }
  /** The password or passkey did not make the set (weak, wrong, not used, another wallet). */
  | { type: 'refused'; problem: string }
  | { type: 'setMade' }
  /** The hand-over threw (a network error): the screen may try again. */
  | { type: 'interrupted' }
  | { type: 'handedOver' }
  | { type: 'held' }
  | { type: 'stopped' }

function checked(device: DeviceStep, passkeys: boolean): RecoveryState {
  switch (device) {
    case 'ready':
      return { step: 'ready' }
    case 'create-server':
      return { step: 'setup', lock: 'server' }
    case 'create':
      return { step: 'setup', lock: passkeys ? 'passkey' : 'password' }
    case 'recover-server':
      return { step: 'recover', lock: 'server' }
    case 'recover-passkey':
      return { step: 'recover', lock: 'passkey' }
    case 'recover-password':
      return { step: 'recover', lock: 'password' }
  }
}

/** Any event not listed for a state leaves that state as it is (the same object). */
export function recoveryReducer(state: RecoveryState, event: RecoveryEvent): RecoveryState {
  switch (event.type) {
    case 'checked':
      return state.step === 'start' ? checked(event.device, event.passkeys) : state
    case 'passwordChosen':
      return state.step === 'setup' && state.lock === 'passkey' ? { step: 'setup', lock: 'password' } : state
    case 'refused':
      if (state.step !== 'setup' && state.step !== 'recover') return state
      // Without a screen to try again on, a server-assisted recovery ends with its problem.
      return state.step === 'recover' && state.lock === 'server'
        ? { step: 'failed', problem: event.problem }
        : { step: state.step, lock: state.lock, problem: event.problem }
    case 'setMade':
      return state.step === 'setup' || state.step === 'recover'
        ? { step: 'handOver', from: { step: state.step, lock: state.lock } }
        : state
    case 'interrupted':
      return state.step === 'handOver' ? state.from : state
    case 'handedOver':
      return state.step === 'handOver' ? { step: 'stored' } : state
    case 'held':
    case 'stopped':
      return state.step === 'recover' && state.lock === 'server' ? { step: event.type } : state
  }
}

/** One run of the flow (one GET_USER): its state, and the only way to move it. */
export function recoveryRun() {
  let current: RecoveryState = { step: 'start' }
  return {
    get state() {
      return current
    },
    dispatch(event: RecoveryEvent) {
      current = recoveryReducer(current, event)
    },
  }
}

export type RecoveryRun = ReturnType<typeof recoveryRun>
