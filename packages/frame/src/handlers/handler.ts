import { type Handlers, type RequestType, requestSchemas } from '../protocol.js'
import type { Smart } from '../smart/smartAccount.js'
import type { Approvals } from '../wallet/approvals.js'
import type { WalletContext } from '../wallet/context.js'
import type { Eip155 } from '../wallet/eip155.js'
import type { EmailUpdateState, LoginState } from '../wallet/flows.js'
import type { createRecovery } from '../wallet/recovery.js'
import type { RecoveryNotices } from '../wallet/recoveryNotices.js'

/** What a request handler may use: the wallet's shared context and its parts. */
export interface Wallet {
  ctx: WalletContext
  approvals: Approvals
  notices: RecoveryNotices
  recovery: ReturnType<typeof createRecovery>
  eip155: Eip155
  /** The visitor's smart account (smart/), loaded on first use. */
  smart: () => Promise<Smart>
  /** The login and the email change in progress (flows.ts); their attempt secrets stay here. */
  flows: {
    login: LoginState
    emailUpdate: EmailUpdateState
    /** The social login under way: its attempt's secret and the provider URL handed to the page. */
    social?: { attemptId: string; uri: string; provider: string } | undefined
  }
}

/** One request type's handler, with the schema its payload was checked against (protocol.ts). */
export interface HandlerDefinition<T extends RequestType> {
  type: T
  schema: (typeof requestSchemas)[T]
  create: (wallet: Wallet) => Handlers[T]
}

export function handler<T extends RequestType>(
  type: T,
  create: (wallet: Wallet) => Handlers[T],
): HandlerDefinition<T> {
  return { type, schema: requestSchemas[type], create }
}
