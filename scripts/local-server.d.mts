export interface LocalServerProject {
  id: string
  name: string
  allowedOrigins: string[]
  allowLocalhost?: boolean
  features?: Record<string, { isEnabled: boolean; config: unknown }>
  /** ERC-20s of the project's token list (and SPL mints, which need name and symbol). */
  tokens?: { chainId: string; address: string; name?: string; symbol?: string; decimals?: number }[]
  /** The project's price source, as `latch-server project set-prices` sets it. */
  prices?: { source: 'coingecko'; url: string; apiKey?: string }
}
export function startLocalServer(options?: {
  port?: number
  sqliteFile?: string
  projects?: LocalServerProject[]
}): Promise<{ url: string; port: number; stop(): Promise<void> }>
