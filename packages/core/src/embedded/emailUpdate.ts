import { EmailThrottledError, FrameResponseError, InvalidEmailError } from '../errors/frame.js'
import { isEmail } from '../schema/email.js'
import type { EmbeddedEmailUpdateStep } from './capability.js'
import { describeError, type EmailUpdateEvent, emailUpdateReducer } from './flows.js'
import type { FrameLink } from './frameLink.js'

/** The server's throttle as the kit's message ('Please try again after {n} seconds'). */
const throttled = (error: unknown) =>
  error instanceof FrameResponseError && error.code === 'THROTTLED'
    ? new EmailThrottledError({ seconds: Math.max(1, Math.ceil(error.retryAfter ?? 30)) })
    : error

/**
 * Changing the signed-in account's login email (spec §4): the new address, a code to the current
 * address, then a code to the new one. Its steps are `emailUpdateReducer`'s.
 */
export function createEmailUpdate(deps: {
  link: FrameLink
  onChange(state: EmbeddedEmailUpdateStep): void
  /** The second code was accepted: the account's email is now `email`. */
  onUpdated(email: string): void
}) {
  let state: EmbeddedEmailUpdateStep = { step: 'idle' }
  const dispatch = (event: EmailUpdateEvent) => {
    const next = emailUpdateReducer(state, event)
    if (next === state) return
    state = next
    deps.onChange(next)
  }
  /** Keeps the failure in the state and returns the error to throw. */
  const refuse = (error: unknown, event: (error: ReturnType<typeof describeError>) => EmailUpdateEvent) => {
    const kit = throttled(error)
    dispatch(event(describeError(kit)))
    return kit
  }

  return {
    getState: () => state,

    async update(email: string) {
      const next = email.trim()
      const refused = (error: unknown) =>
        refuse(error, (e) => ({ type: 'email-refused', email: next, error: e }))
      if (!isEmail(next)) throw refused(new InvalidEmailError())
      dispatch({ type: 'submit-email', email: next })
      try {
        await deps.link.request('UPDATE_EMAIL', { email: next })
      } catch (error) {
        throw refused(error)
      }
      dispatch({ type: 'email-accepted' })
    },

    async submitCode(otp: string) {
      const current = state
      if (current.step !== 'verify-primary' && current.step !== 'verify-secondary')
        throw new Error('No code is awaited')
      const refused = (error: unknown) => refuse(error, (e) => ({ type: 'code-refused', error: e }))
      if (!/^\d{6}$/.test(otp))
        throw refused(new FrameResponseError({ message: 'Invalid code', code: 'INVALID_OTP' }))
      dispatch({ type: 'submit-code' })
      if (current.step === 'verify-primary') {
        await deps.link.request('UPDATE_EMAIL_PRIMARY_OTP', { otp }).catch((error: unknown) => {
          throw refused(error)
        })
        dispatch({ type: 'primary-accepted' })
        return
      }
      const { newEmail } = await deps.link
        .request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
        .catch((error: unknown) => {
          throw refused(error)
        })
      deps.onUpdated(newEmail)
      dispatch({ type: 'done', email: newEmail })
    },

    cancel() {
      dispatch({ type: 'cancel' })
    },
  }
}
