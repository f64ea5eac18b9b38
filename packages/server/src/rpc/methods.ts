/**
 * What the RPC proxy forwards: read methods only, per namespace. Everything else — sending,
 * signing, node control (`anvil_*`, `debug_*`, `admin_*`), the node's own accounts, and filters
 * that keep state on one node — is refused with 'Requested RPC call is not allowed'.
 */
const eip155Reads = new Set([
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_syncing',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_getProof',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt',
  'eth_getLogs',
])

const solanaReads = new Set([
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getRecentPrioritizationFees',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
])

/** The read methods the proxy forwards for a CAIP-2 chain, by its namespace. */
export function allowedMethods(chainId: string): ReadonlySet<string> {
  return chainId.startsWith('solana:') ? solanaReads : eip155Reads
}
