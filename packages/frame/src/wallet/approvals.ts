import { type ApprovalView, showApproval } from '../approval.js'
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

/** Unlocks the wallet for one request and signs as `address` (refused when the key is not its). */
type Unlocker<S> = <T>(
  signedIn: AccountRecord,
  address: string,
  use: (signer: S) => Promise<T> | T,
) => Promise<T>

/** The frame's screens one at a time (approvals, then notices), and signing after an approval. */
export function createApprovals(ctx: WalletContext) {
  const { options, api, projectId, record, authed, proof } = ctx
  /** Bumped by a rejection or an abort: every request queued before it is aborted. */
  let generation = 0
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
  let closeScreen: (() => void) | undefined
  const aborted = () => new FrameError('Request was aborted', 'ABORTED')
  const abortAll = () => {
    generation++
    closeScreen?.()
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
    const mine = generation
    const { previous, release } = takeTurn()
    try {
      await previous
      if (mine !== generation) throw aborted()
      const view = await build()
      if (mine !== generation) throw aborted()
      options.setVisible(true)
      try {
        const screen = (options.showApproval ?? showApproval)(view)
        closeScreen = screen.cancel
        const approved = await screen.decision
        closeScreen = undefined
        if (mine !== generation) throw aborted()
        if (approved === 'aborted') {
          // The approval window closed unanswered: as the page's Cancel (spec §8).
          generation++
          throw aborted()
        }
        if (!approved) {
          // A rejection aborts every unsafe request still waiting behind this one (spec §4, §6).
          generation++
          throw new FrameError('User rejected the request', 'USER_REJECTED')
        }
        return await keyOf(signedIn, address, run)
      } finally {
        closeScreen = undefined
        options.setVisible(false)
      }
    } finally {
      release()
    }
  }

  return { takeTurn, abortAll, withApproval, solanaSigner }
}

export type Approvals = ReturnType<typeof createApprovals>
