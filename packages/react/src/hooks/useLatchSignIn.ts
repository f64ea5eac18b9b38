'use client'
import type { SignInState } from '@latch/core'
import type { UseLatchParameters } from './useLatch.js'
import { useLatchState } from './useLatchState.js'

/**
 * Sign-in with the wallet: `status` ('none' | 'pending' | 'signed-in'), whether it is
 * `required`, and the signed-in account's `session` (its message fields and signature).
 *
 * @example
 * const { status, session } = useLatchSignIn()
 * if (status === 'signed-in') console.log(session?.data.accountAddress)
 */
export function useLatchSignIn(parameters: UseLatchParameters = {}): SignInState {
  return useLatchState((state) => state.signIn, parameters)
}
