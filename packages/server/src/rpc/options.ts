/** Settings of the RPC proxy (`ServerOptions.rpc`, `LATCH_RPC_*` in the CLI). */
export interface RpcProxyOptions {
  /** How long a chain's node may take to answer (default 10000 ms); then 504 and -32002. */
  timeoutMs: number
  /** Calls in one batch at most (default 20). */
  maxBatch: number
  /** Request body size at most (default 65536 bytes). */
  maxBodyBytes: number
  /** Upstream answer size read at most (default 5 MiB). */
  maxResponseBytes: number
  /** Requests per client IP per window (default 300); `false` for no limit. */
  ipMax: number | false
  /** Requests per project per window, all clients together (default 30000); `false` for no limit. */
  projectMax: number | false
  windowMs: number
  /** Final answers kept in memory at most (default 1000; 0 keeps none). */
  cacheEntries: number
  /** Their serialized size at most (default 8 MiB). */
  cacheBytes: number
}

export const defaultRpcProxyOptions: RpcProxyOptions = {
  timeoutMs: 10_000,
  maxBatch: 20,
  maxBodyBytes: 65_536,
  maxResponseBytes: 5 * 1024 * 1024,
  ipMax: 300,
  projectMax: 30_000,
  windowMs: 60_000,
  cacheEntries: 1_000,
  cacheBytes: 8 * 1024 * 1024,
}
