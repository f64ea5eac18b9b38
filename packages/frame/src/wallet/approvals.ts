import { type ApprovalView, prepareView, showApproval } from '../approval.js'
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
      const view = await prepareView(await build(), options.rpcUrls)
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
        return await keyOf(signedIn, address, run)
      } finally {
        dispatch({ type: 'closed' })
        options.setVisible(false)
      }
    } finally {
      release()
    }
  }

  return { takeTurn, abortAll, withApproval, solanaSigner }
}

export type Approvals = ReturnType<typeof createApprovals>
