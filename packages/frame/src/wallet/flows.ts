// The frame's flows as reducers over their events: the login, the email change, and the screen
// of approvals (this device's wallet: recoveryFlow.ts). Each handler reads the state, does its
// I/O, then dispatches what happened; the rules of which step may follow which live here,
// testable without a server or a screen.

/** The login of CONNECT_EMAIL → (CONNECT_DEVICE) → CONNECT_OTP. */
export type LoginState =
  | { step: 'idle' }
  | { step: 'started'; attemptId: string; email: string; action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }
  | { step: 'confirmed'; attemptId: string; email: string }

export type LoginEvent =
  | { type: 'started'; attemptId: string; email: string; action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }
  | { type: 'deviceConfirmed' }
  | { type: 'signedIn' }

export function loginReducer(state: LoginState, event: LoginEvent): LoginState {
  switch (event.type) {
    case 'started':
      // A new email (or the same again) starts over: the previous attempt is forgotten.
      return { step: 'started', attemptId: event.attemptId, email: event.email, action: event.action }
    case 'deviceConfirmed':
      return state.step === 'started'
        ? { step: 'confirmed', attemptId: state.attemptId, email: state.email }
        : state
    case 'signedIn':
      return { step: 'idle' }
  }
}

/** The attempt a code may finish: after the email, and after the device confirmation it asked for. */
export function loginAttempt(state: LoginState): { attemptId: string; email: string } | undefined {
  if (state.step === 'idle') return undefined
  return { attemptId: state.attemptId, email: state.email }
}

/** The change of the login email: a code to the current address, then one to the new address. */
export type EmailUpdateState =
  | { step: 'idle' }
  | { step: 'primary'; attemptId: string }
  | { step: 'secondary'; attemptId: string }

export type EmailUpdateEvent =
  | { type: 'started'; attemptId: string }
  | { type: 'primaryPassed' }
  | { type: 'done' }

export function emailUpdateReducer(state: EmailUpdateState, event: EmailUpdateEvent): EmailUpdateState {
  switch (event.type) {
    case 'started':
      return { step: 'primary', attemptId: event.attemptId }
    case 'primaryPassed':
      return state.step === 'primary' ? { step: 'secondary', attemptId: state.attemptId } : state
    case 'done':
      return { step: 'idle' }
  }
}

/**
 * The approval screen: which requests are still wanted (`generation`: a rejection or an abort
 * bumps it, and every request queued under an older one is aborted) and the screen on show.
 */
export interface ScreenState {
  generation: number
  showing?: { cancel: () => void }
}

export type ScreenEvent =
  | { type: 'shown'; cancel: () => void }
  | { type: 'closed' }
  /** The visitor rejected, the approval window closed unanswered, or the page aborted. */
  | { type: 'abortAll' }

export function screenReducer(state: ScreenState, event: ScreenEvent): ScreenState {
  switch (event.type) {
    case 'shown':
      return { generation: state.generation, showing: { cancel: event.cancel } }
    case 'closed':
      return { generation: state.generation }
    case 'abortAll':
      return { generation: state.generation + 1 }
  }
}

/** What follows the visitor's decision on a request queued under `generation`. */
export function afterDecision(
  state: ScreenState,
  generation: number,
  decision: boolean | 'aborted',
): 'sign' | 'rejected' | 'aborted' {
  if (generation !== state.generation || decision === 'aborted') return 'aborted'
  return decision ? 'sign' : 'rejected'
}
