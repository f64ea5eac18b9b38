/** The part of the universal provider the EIP-1193 view of its eip155 namespace uses. */
export interface UniversalLike {
  request(args: { method: string; params?: unknown }, chain?: string): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): void
  removeListener(event: string, listener: (...args: unknown[]) => void): void
  /** Public on the universal provider: one sub-provider per approved namespace. */
  rpcProviders: Record<string, { getDefaultChain(): string } | undefined>
}

/** An EIP-1193 provider, as wagmi and viem expect it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): void
  removeListener(event: string, listener: (...args: unknown[]) => void): void
}

const toHexChainId = (value: unknown): string | undefined => {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number.parseInt(value, value.startsWith('0x') ? 16 : 10)
        : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? `0x${id.toString(16)}` : undefined
}

/**
 * The eip155 namespace of a WalletConnect session as a plain EIP-1193 provider: requests go to
 * the session's current eip155 chain; `eth_chainId` and `chainChanged` use hex ids, as EIP-1193
 * says (the universal provider reports them as decimal numbers).
 */
export function eip155Provider(universal: UniversalLike): Eip1193Provider & { reset(): void } {
  let chainId: string | undefined
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  // Read lazily: the sub-provider exists only once a session is there.
  const currentChain = () => {
    chainId ??= toHexChainId(universal.rpcProviders.eip155?.getDefaultChain())
    return chainId
  }
  universal.on('chainChanged', (next: unknown) => {
    const hex = toHexChainId(next)
    if (!hex || hex === chainId) return
    chainId = hex
    emit('chainChanged', hex)
  })
  universal.on('accountsChanged', (accounts: unknown) => {
    if (Array.isArray(accounts)) emit('accountsChanged', accounts)
  })
  universal.on('disconnect', () => emit('disconnect', { code: 6000, message: 'User disconnected.' }))
  return {
    /** Forgets the cached chain: a new session starts on its own default chain. */
    reset() {
      chainId = undefined
    },
    async request({ method, params }) {
      const hex = currentChain()
      const chain = hex ? `eip155:${Number.parseInt(hex, 16)}` : undefined
      const result = await universal.request({ method, params }, chain)
      if (method === 'eth_chainId') return toHexChainId(result)
      return result
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}
