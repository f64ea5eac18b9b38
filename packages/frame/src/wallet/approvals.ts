import { FRAME_LOAD_TIMEOUT_MS } from '@latch/core/internal'
import { ApiError } from '../api.js'
import { type ApprovalView, prepareView, showApproval, showSigning } from '../approval.js'
import { FrameError } from '../protocol.js'
import type { AccountRecord } from '../storage.js'
import {
  accountShareContext,
  type Eip155Signer,
  type SolanaSigner,
  type UnlockParameters,
  withEip155Signer,
  withSolanaSigner,
} from '../vault/index.js'
import type { WalletContext } from './context.js'
import { afterDecision, type ScreenEvent, type ScreenState, screenReducer } from './flows.js'

/** Unlocks the wallet for one request and signs as `address` (refused when the key is not its). */
type Unlocker<S> = <T>(
  signedIn: AccountRecord,
  address: string,
  use: (signer: S) => Promise<T> | T,
) => Promise<T>

/**
 * How long the frame waits for its server after Approve before it says the server can't be
 * reached: the limit the page gives an RPC request (spec §9), which the page holds while the
 * frame's screen is up.
 */
const signingLimitMs = FRAME_LOAD_TIMEOUT_MS

/** The server did not answer: not reached, answered by a gateway without it, or out of time. */
const serverUnreachable = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 502)

class OutOfTime extends Error {}

/** The frame's screens one at a time (approvals, then notices), and signing after an approval. */
export function createApprovals(ctx: WalletContext) {
  const { options, api, projectId, record, authed, proof } = ctx
  /** The approval screen's state (flows.ts): its generation and the screen on show. */
  let screen: ScreenState = { generation: 0 }
  const dispatch = (event: ScreenEvent) => {
    screen = screenReducer(screen, event)
  }
  let queue: Promise<void> = Promise.resolve()
  /** A place in the queue of the frame's screens: wait for `previous`, then `release` the next. */
  function takeTurn(): { previous: Promise<void>; release: () => void } {
    const previous = queue
    let release = () => {}
    queue = new Promise<void>((resolve) => {
      release = resolve
    })
    return { previous, release }
  }
  const aborted = () => new FrameError('Request was aborted', 'ABORTED')
  /** Aborts every request queued or on show (the page's ABORT_REQUESTS, a sign-out). */
  const abortAll = () => {
    const showing = screen.showing
    dispatch({ type: 'abortAll' })
    showing?.cancel()
  }

  const unlockParameters = (signedIn: AccountRecord): UnlockParameters => ({
    record,
    account: signedIn,
    context: accountShareContext(projectId, signedIn, record.email),
    releaseAuthShare: () => authed(async () => api.share(await proof('share'))),
  })

  const eip155Signer: Unlocker<Eip155Signer> = (signedIn, address, use) =>
    withEip155Signer(unlockParameters(signedIn), address, use)
  const solanaSigner: Unlocker<SolanaSigner> = (signedIn, address, use) =>
    withSolanaSigner(unlockParameters(signedIn), address, use)

  /** One approval at a time: build the screen, wait for the visitor, then sign with the key. */
  async function withApproval<T, S = Eip155Signer>(
    signedIn: AccountRecord,
    address: string,
    build: () => Promise<ApprovalView>,
    run: (signer: S) => Promise<T> | T,
    keyOf: Unlocker<S> = eip155Signer as unknown as Unlocker<S>,
  ): Promise<T> {
    const mine = screen.generation
    const { previous, release } = takeTurn()
    try {
      await previous
      if (mine !== screen.generation) throw aborted()
      // Checked, made canonical and completed (token decimals) before the screen: see approval.ts.
      // The prices come from the frame's own server (same origin), for the project.
      const view = await prepareView(await build(), options.rpcUrls, { base: '', projectId })
      if (mine !== screen.generation) throw aborted()
      options.setVisible(true)
      try {
        const shown = (options.showApproval ?? showApproval)(view)
        dispatch({ type: 'shown', cancel: shown.cancel })
        const decision = await shown.decision
        dispatch({ type: 'closed' })
        const next = afterDecision(screen, mine, decision)
        // A rejection, or the approval window closed unanswered (as the page's Cancel, spec §8),
        // aborts every unsafe request still waiting behind this one (spec §4, §6).
        if (next !== 'sign' && mine === screen.generation) dispatch({ type: 'abortAll' })
        if (next === 'rejected') throw new FrameError('User rejected the request', 'USER_REJECTED')
        if (next === 'aborted') throw aborted()
        return await signing(view, () => keyOf(signedIn, address, run))
      } finally {
        dispatch({ type: 'closed' })
        options.setVisible(false)
      }
    } finally {
      release()
    }
  }

  /**
   * Signs after Approve with the progress on screen. A server that does not answer within the
   * limit (or cannot be reached) is said so, with Retry (sign again) and Close (the request fails
   * as unreachable); the page's abort closes it too. A late answer of an abandoned try is dropped.
   */
  async function signing<T>(view: ApprovalView, sign: () => Promise<T>): Promise<T> {
    for (;;) {
      const shown = await (options.showSigning ?? showSigning)(view)
      let stop: (error: unknown) => void = () => {}
      const stopped = new Promise<never>((_, reject) => {
        stop = reject
      })
      stopped.catch(() => {})
      dispatch({
        type: 'shown',
        // The screen closes in `finally` below.
        cancel: () => stop(aborted()),
      })
      let timer: ReturnType<typeof setTimeout> | undefined
      try {
        const outOfTime = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new OutOfTime()), signingLimitMs)
        })
        return await Promise.race([sign(), outOfTime, stopped])
      } catch (error) {
        if (!(error instanceof OutOfTime) && !serverUnreachable(error)) throw error
        if (!(await Promise.race([shown.unreachable(), stopped])))
          throw new FrameError("The wallet server can't be reached", 'NETWORK')
      } finally {
        clearTimeout(timer)
        shown.close()
        dispatch({ type: 'closed' })
      }
    }
  }

  return { takeTurn, abortAll, withApproval, solanaSigner }
}

export type Approvals = ReturnType<typeof createApprovals>
