import { FrameError } from './protocol.js'

// Which RPC methods the frame answers, and how (spec §6 names the classes but lists none).
// Anything not listed here is refused with 'Requested RPC call is not allowed'.

/** Answered from the frame's own state: the account and the chain. */
export const ACCOUNT_METHODS = ['eth_accounts', 'eth_requestAccounts', 'eth_chainId'] as const

/** Reads forwarded to the chain's RPC (the project's configured URL), no confirmation needed. */
export const SAFE_METHODS = [
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_protocolVersion',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_listening',
  'net_version',
  'web3_clientVersion',
] as const

/** Requests that sign or change the wallet's chain: each opens the frame's approval screen. */
export const UNSAFE_METHODS = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'] as const

/**
 * EIP-5792's batches, answered by the visitor's smart account (smart/): a batch is one user
 * operation the visitor approves; with the EOA in use they are refused as before.
 */
export const SMART_ACCOUNT_METHODS = [
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
] as const

/** Switching chain changes no funds: done without a screen, among the project's configured chains. */
export const CHAIN_METHODS = ['wallet_switchEthereumChain'] as const

/**
 * Refused outright, named so that no later change slips them into another list: raw-hash signing
 * (`eth_sign` signs any 32 bytes, including a transaction hash), signing without sending (a signed
 * transaction the page could hold back or replay), sending bytes the frame did not build, legacy
 * typed-data versions, key and permission management, and methods of other wallets.
 */
export const DISALLOWED_METHODS = [
  'eth_sign',
  'eth_signTransaction',
  'eth_sendRawTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'eth_decrypt',
  'eth_getEncryptionPublicKey',
  'eth_coinbase',
  'eth_mining',
  'eth_hashrate',
  'eth_submitWork',
  'eth_submitHashrate',
  'eth_subscribe',
  'eth_unsubscribe',
  'personal_ecRecover',
  'personal_unlockAccount',
  'personal_importRawKey',
  'personal_listAccounts',
  'personal_newAccount',
  'personal_sendTransaction',
  'personal_lockAccount',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_requestPermissions',
  'wallet_revokePermissions',
  'wallet_getPermissions',
  'wallet_grantPermissions',
  'wallet_showCallsStatus',
  'wallet_registerOnboarding',
  'wallet_scanQRCode',
] as const

export type MethodClass = 'account' | 'safe' | 'unsafe' | 'chain' | 'smart' | 'disallowed'

const classes = new Map<string, MethodClass>([
  ...ACCOUNT_METHODS.map((m) => [m, 'account'] as const),
  ...SAFE_METHODS.map((m) => [m, 'safe'] as const),
  ...UNSAFE_METHODS.map((m) => [m, 'unsafe'] as const),
  ...CHAIN_METHODS.map((m) => [m, 'chain'] as const),
  ...SMART_ACCOUNT_METHODS.map((m) => [m, 'smart'] as const),
])

/** The class of `method`; every method not in an allowed list is disallowed. */
export function classifyMethod(method: string): MethodClass {
  return classes.get(method) ?? 'disallowed'
}

// ---- Solana: WalletConnect's published Solana JSON-RPC methods, as the kit's Solana adapter
// sends them to the frame (SOLANA_REQUEST). There are no safe reads: the Solana adapter reads
// balances, blockhashes and statuses over the app's own RPC URL, so the frame proxies none.

/** Answered from the frame's own state: the account. */
export const SOLANA_ACCOUNT_METHODS = ['solana_getAccounts', 'solana_requestAccounts'] as const

/** Each opens the frame's approval screen with what the bytes say. */
export const SOLANA_UNSAFE_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const

/**
 * Refused outright: signing a batch with one approval (each transaction is approved on its own
 * screen; the adapter then asks one at a time), and sending bytes that are already signed.
 */
export const SOLANA_DISALLOWED_METHODS = [
  'solana_signAllTransactions',
  'solana_signAndSendAllTransactions',
  'solana_sendTransaction',
  'solana_signIn',
] as const

const solanaClasses = new Map<string, MethodClass>([
  ...SOLANA_ACCOUNT_METHODS.map((m) => [m, 'account'] as const),
  ...SOLANA_UNSAFE_METHODS.map((m) => [m, 'unsafe'] as const),
])

/** The class of a Solana `method`; every method not in an allowed list is disallowed. */
export function classifySolanaMethod(method: string): MethodClass {
  return solanaClasses.get(method) ?? 'disallowed'
}

/**
 * The chain a page may move the wallet to: the current one, or one the project has an RPC URL
 * for. The typed-data screen compares a domain's chain with the wallet's, so a page that could
 * name any chain could silence that warning; RPC_REQUEST's wallet_switchEthereumChain, the
 * protocol's SWITCH_NETWORK and GET_USER's chainId all pass here.
 */
export function switchableChain(
  next: string,
  current: string,
  rpcUrls: Record<string, string> | undefined,
): string {
  if (next !== current && rpcUrls !== undefined && rpcUrls[next] === undefined)
    throw new FrameError(`Unsupported chain: ${next}`, 'UNSUPPORTED_CHAIN')
  return next
}
