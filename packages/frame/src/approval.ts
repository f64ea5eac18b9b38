import type { NativePrice, Tokens } from './decode/tokens.js'
import type { TypedData } from './decode/typed.js'
import type { SolanaTransactionSummary } from './solana.js'

// The approval screen's entry: the view the frame builds from the raw request, and the screen
// itself. The decoders and the screen load with import() when the first approval opens (they are
// most of the screen's code, and a visitor who never signs never needs them).

/** What the approval screen shows, built by the frame from the raw request only. */
export type ApprovalView = {
  /** The embedding page's origin as the browser reported it and the frame checked it. */
  origin: string
  /** The name the page gave with SYNC_DAPP_DATA: shown as a claim, never trusted, no icon loaded. */
  dappName: string | undefined
  from: string
} & (
  | { kind: 'message'; text: string | undefined; hex: string }
  | {
      kind: 'typedData'
      /** Rewritten into its canonical form by {@link prepareView}: the object that is signed. */
      typedData: TypedData
      chainId: bigint
      /** Decimals and symbols of the tokens named, read from the chain by {@link prepareView}. */
      tokens?: Tokens
    }
  | {
      kind: 'transaction'
      to: string | undefined
      value: bigint
      data: `0x${string}` | undefined
      chainId: bigint
      nonce: number
      gas: bigint
      maxFeePerGas: bigint
      maxPriorityFeePerGas: bigint
      tokens?: Tokens
      /** The account's balance, read by {@link prepareView}; undefined when the read failed. */
      balance?: bigint
      /** The native coin's price from the project's price service, for a fiat value beside the fee. */
      nativePrice?: NativePrice
    }
  | {
      /**
       * One ERC-4337 user operation of the visitor's smart account (`from`), complete before the
       * screen: its calls one by one, its chain, and who pays its gas.
       */
      kind: 'userOperation'
      calls: { to: string; value: bigint; data: `0x${string}` | undefined }[]
      chainId: bigint
      /** The paymaster that pays the gas: the app's, under its sponsorship policy. */
      paymaster: string
      /** The first operation of the account: it also creates the account. */
      createsAccount: boolean
      tokens?: Tokens
    }
  | {
      kind: 'solanaTransaction'
      /** signAndSend: the frame sends it; else the signed bytes go back to the page. */
      send: boolean
      /** The cluster, as {@link clusterName} writes it. */
      cluster: string
      summary: SolanaTransactionSummary
    }
)

/** Where the project's prices are read: the wallet server (`''`: the frame's own origin) and the project. */
export interface PriceService {
  base: string
  projectId: string
}

/** The visitor's answer: Approve, Reject, or `aborted` (the approval window closed unanswered). */
export type Decision = boolean | 'aborted'

let screenModule: Promise<typeof import('./approval/screen.js')> | undefined
const loadScreen = () => {
  screenModule ??= import('./approval/screen.js').catch((error: unknown) => {
    // A failed fetch (the network) is tried again by the next approval.
    screenModule = undefined
    throw error
  })
  return screenModule
}
// Fetched right after the frame's first load has run (not as part of it, so READY does not wait
// for it), so the first approval does not wait for it either.
if (typeof window !== 'undefined') setTimeout(() => void loadScreen().catch(() => {}), 0)

/**
 * Checks and completes a view before its screen: typed data is checked and made canonical (a
 * request the screen cannot show whole is refused with INVALID_PARAMS), and the decimals and
 * symbols of the tokens it names are read over the project's RPC of the wallet's chain; for a
 * transaction, the balance and, from `prices`, the native coin's price (for the fee's fiat value).
 */
export async function prepareView(
  view: ApprovalView,
  rpcUrls: Record<string, string> | undefined,
  prices?: PriceService,
): Promise<ApprovalView> {
  return (await loadScreen()).prepare(view, rpcUrls, prices)
}

/**
 * The approval screen. Resolves true on Approve, false on Reject (or Escape), `aborted` when the
 * approval window closed unanswered. `cancel` closes it from outside (the page aborted the request),
 * also before the screen's code has loaded.
 */
export function showApproval(view: ApprovalView): { decision: Promise<Decision>; cancel: () => void } {
  let cancelled = false
  let cancelShown = () => {}
  const decision = loadScreen().then((screen) => {
    if (cancelled) return false
    const shown = screen.showApprovalNow(view)
    cancelShown = shown.cancel
    return shown.decision
  })
  return {
    decision,
    cancel: () => {
      cancelled = true
      cancelShown()
    },
  }
}

/**
 * The screen between Approve and the signature: progress, then, when the server does not answer
 * within the frame's limit, its error with Retry and Close (src/approval/signing.ts).
 */
export async function showSigning(
  view: ApprovalView,
): Promise<import('./approval/signing.js').SigningScreen> {
  return (await loadScreen()).showSigningNow(view)
}
