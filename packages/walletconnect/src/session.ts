import type { ApprovedSession } from '@latch/core'

const safeIcon = (value: unknown) =>
  typeof value === 'string' && (value.startsWith('https://') || value.startsWith('data:image/'))
    ? value
    : undefined

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.length < 300) : []

/** Reads what the core needs from a session struct the wallet approved (outside data: checked). */
export function toSession(raw: unknown): ApprovedSession {
  const session = raw as {
    topic?: unknown
    expiry?: unknown
    namespaces?: Record<string, { accounts?: unknown; chains?: unknown }>
    peer?: { metadata?: { name?: unknown; icons?: unknown } }
  } | null
  if (!session || typeof session.topic !== 'string') throw new Error('WalletConnect returned no session.')
  const namespaces: Record<string, { accounts: string[]; chains: string[] }> = {}
  for (const [key, value] of Object.entries(session.namespaces ?? {})) {
    const accounts = strings(value?.accounts)
    // A namespace key may itself be a chain (CAIP-25 `eip155:1`); accounts then name the chains.
    const chains = strings(value?.chains)
    const namespace = key.split(':')[0] as string
    if (!/^[-a-z0-9]{3,8}$/.test(namespace)) continue
    const target = namespaces[namespace] ?? { accounts: [], chains: [] }
    namespaces[namespace] = {
      accounts: [...target.accounts, ...accounts],
      chains: [...target.chains, ...(chains.length ? chains : key.includes(':') ? [key] : [])],
    }
  }
  const name = session.peer?.metadata?.name
  const icons = session.peer?.metadata?.icons
  return {
    expiry: typeof session.expiry === 'number' ? session.expiry : 0,
    namespaces,
    wallet: {
      name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 64) : 'WalletConnect',
      icon: Array.isArray(icons) ? safeIcon(icons[0]) : undefined,
    },
  }
}
