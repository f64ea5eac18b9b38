import { handlersOf } from './handlers/index.js'
import type { Handlers } from './protocol.js'
import { createApprovals } from './wallet/approvals.js'
import { createContext, type WalletOptions } from './wallet/context.js'
import { createEip155 } from './wallet/eip155.js'
import { createRecovery } from './wallet/recovery.js'
import { createRecoveryNotices } from './wallet/recoveryNotices.js'

export type { Passkeys, WalletOptions } from './wallet/context.js'

/** The request handlers of part 1, over the frame's server and its device storage. */
export function createWallet(options: WalletOptions): Handlers {
  const ctx = createContext(options)
  const approvals = createApprovals(ctx)
  const notices = createRecoveryNotices(ctx, approvals)
  return handlersOf({
    ctx,
    approvals,
    notices,
    recovery: createRecovery(ctx, notices),
    eip155: createEip155(ctx, approvals),
    flows: { login: { step: 'idle' }, emailUpdate: { step: 'idle' } },
  })
}
