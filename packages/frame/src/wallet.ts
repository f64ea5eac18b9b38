import type { Wallet } from './handlers/handler.js'
import { handlersOf } from './handlers/index.js'
import type { Handlers } from './protocol.js'
import { lazySmart } from './smart/load.js'
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
  const wallet: Wallet = {
    ctx,
    approvals,
    notices,
    recovery: createRecovery(ctx, notices),
    eip155: createEip155(ctx, approvals),
    smart: lazySmart(() => wallet),
    flows: { login: { step: 'idle' }, emailUpdate: { step: 'idle' } },
  }
  return handlersOf(wallet)
}
