import { SessionUnreachableError } from '../errors/connection.js'
import { FrameResponseError, RequestAbortedError, RpcCallNotAllowedError } from '../errors/frame.js'
import { UserRejectedRequestError } from '../errors/rpc.js'
import type { ApprovalRequestKind, SessionHandlers } from '../types.js'
import { type FrameLink, isUnreachable } from './frameLink.js'
import type { LiveSession } from './session.js'

/**
 * Methods the frame approves on its own screen: the modal shows ApproveTransaction meanwhile. The
 * frame alone decides what is allowed (its lists are in `@latch/frame`); this set only drives the view.
 */
const APPROVED_IN_FRAME = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
])
/** What each method asks, for the modal's title (a Solana transaction signed, not sent, has none). */
const REQUEST_KINDS: Partial<Record<string, ApprovalRequestKind>> = {
  personal_sign: 'message',
  solana_signMessage: 'message',
  eth_signTypedData_v4: 'typedData',
  eth_sendTransaction: 'send',
  wallet_sendCalls: 'send',
  solana_signAndSendTransaction: 'send',
}
/** The Solana methods the frame offers (it signs a batch one transaction at a time). */
const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']
/** The 'Action not allowed' toast follows a disallowed request after this long (spec §5). */
const NOT_ALLOWED_TOAST_DELAY_MS = 300
/**
 * Reads the kit makes by itself to learn what the wallet can do (EIP-5792 batches, EIP-7811 asset
 * lists): refused, they mean "no", not an action the visitor took, so no toast follows.
 */
const QUIET_PROBES: ReadonlySet<string> = new Set(['wallet_getCapabilities'])

type Eip1193Listener = (...args: unknown[]) => void

const toHex = (id: number) => `0x${id.toString(16)}`

/** The frame's refusals as the kit's errors; a frame or server out of reach as one clear error. */
function toKitError(error: unknown, method: string, handlers: ReadonlySet<SessionHandlers>): unknown {
  if (isUnreachable(error)) return new SessionUnreachableError({ cause: error })
  if (!(error instanceof FrameResponseError)) return error
  if (error.code === 'NOT_ALLOWED') {
    if (QUIET_PROBES.has(method)) return new RpcCallNotAllowedError({ method })
    setTimeout(() => {
      for (const h of handlers) h.onToast?.({ id: 'ACTION_NOT_ALLOWED', message: 'Action not allowed' })
    }, NOT_ALLOWED_TOAST_DELAY_MS)
    return new RpcCallNotAllowedError({ method })
  }
  if (error.code === 'USER_REJECTED') return new UserRejectedRequestError({ cause: error })
  // The approval's own window closed unanswered, or the wallet's window: the request was cancelled.
  if (error.code === 'ABORTED' || error.code === 'WINDOW_CLOSED') return new RequestAbortedError()
  return error
}

/**
 * The session's EIP-1193 provider (eip155) and its Solana side, both over the frame. An unsafe
 * request first checks that the frame and its server answer, so a visitor is never shown an
 * approval that cannot be carried out; then ApproveTransaction shows while the frame's screen is up.
 */
export function createProviders(link: FrameLink, handlers: ReadonlySet<SessionHandlers>, live: LiveSession) {
  const listeners = new Map<string, Set<Eip1193Listener>>()
  let approvals = 0

  const tell = (event: Parameters<NonNullable<SessionHandlers['onEvent']>>[0]) => {
    for (const h of handlers) h.onEvent?.(event)
  }

  const viaFrame = async <T>(method: string, send: () => Promise<T>): Promise<T> => {
    const approval = APPROVED_IN_FRAME.has(method) ? `approval-${++approvals}` : undefined
    if (approval) {
      try {
        await link.request('IS_CONNECTED', {})
      } catch (error) {
        throw toKitError(error, method, handlers)
      }
      const request = REQUEST_KINDS[method]
      tell({ type: 'approval', phase: 'start', requestId: approval, ...(request ? { request } : {}) })
    }
    let outcome: 'success' | 'error' = 'error'
    try {
      const answer = await send()
      outcome = 'success'
      return answer
    } catch (error) {
      throw toKitError(error, method, handlers)
    } finally {
      if (approval) tell({ type: 'approval', phase: 'end', requestId: approval, outcome })
    }
  }

  const switchChain = async (params: unknown) => {
    const hex = (Array.isArray(params) ? (params[0] as { chainId?: unknown })?.chainId : undefined) as unknown
    if (typeof hex !== 'string' || !/^0x[0-9a-f]+$/i.test(hex))
      throw new RpcCallNotAllowedError({ method: 'wallet_switchEthereumChain' })
    const next = Number.parseInt(hex, 16)
    await link.request('SWITCH_NETWORK', { chainId: `eip155:${next}` })
    if (next !== live.chainId) {
      live.chainId = next
      emit('chainChanged', toHex(next))
      // The account in use is the smart account only on chains that run one: another chain may
      // answer with the visitor's EOA (and back).
      if (live.address !== undefined) {
        const { address } = await link.user(`eip155:${next}`)
        if (address.toLowerCase() !== live.address.toLowerCase()) {
          live.address = address
          emit('accountsChanged', [address])
        }
      }
    }
    return null
  }

  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }

  const eip155 = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      if (method === 'wallet_switchEthereumChain') return switchChain(params)
      const { result } = await viaFrame(method, () =>
        link.request('RPC_REQUEST', { method, params: params ?? [] }),
      )
      if (method === 'eth_chainId' && (typeof result === 'string' || typeof result === 'number')) {
        const id =
          typeof result === 'number' ? result : Number.parseInt(result, result.startsWith('0x') ? 16 : 10)
        if (Number.isSafeInteger(id)) live.chainId = id
        return toHex(id)
      }
      return result
    },
    on(event: string, listener: Eip1193Listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event: string, listener: Eip1193Listener) {
      listeners.get(event)?.delete(listener)
    },
  }

  /** The session's solana side as `@latch/solana` takes it (WalletConnect's Solana methods). */
  const solana = {
    accounts: (): readonly string[] => live.solanaAccounts,
    methods: (): readonly string[] => SOLANA_METHODS,
    async request({ method, params }: { method: string; params: unknown }, chain: string): Promise<unknown> {
      const { result } = await viaFrame(method, () =>
        link.request('SOLANA_REQUEST', { chainId: chain, method, params: params ?? {} }),
      )
      return result
    },
  }

  return { eip155, solana, emit }
}
