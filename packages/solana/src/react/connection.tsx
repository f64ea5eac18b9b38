'use client'
import { useLatchState } from '@latch/react'
import { Connection, type ConnectionConfig } from '@solana/web3.js'
import { createContext, type ReactNode, useContext, useMemo } from 'react'

const ConnectionContext = createContext<Connection | undefined>(undefined)

export interface ConnectionProviderProps {
  /** The RPC endpoint the app's `Connection` talks to. */
  endpoint: string
  /** web3.js's Connection options (a commitment, or a config object). */
  config?: ConnectionConfig | undefined
  children?: ReactNode
}

/** Gives `useConnection()` a web3.js `Connection` on `endpoint`, as wallet-adapter's does. */
export function ConnectionProvider({ endpoint, config, children }: ConnectionProviderProps) {
  const connection = useMemo(() => new Connection(endpoint, config), [endpoint, config])
  return <ConnectionContext.Provider value={connection}>{children}</ConnectionContext.Provider>
}

/**
 * `{ connection }`: the `ConnectionProvider`'s, or without one a `Connection` on the RPC URL of
 * Latch's current Solana network (the one its adapter sends on).
 */
export function useConnection(): { connection: Connection } {
  const given = useContext(ConnectionContext)
  const url = useLatchState((s) => s.namespaces.solana?.network.caipNetwork?.rpcUrls.default.http[0])
  const fallback = useMemo(() => (given || !url ? undefined : new Connection(url, 'confirmed')), [given, url])
  const connection = given ?? fallback
  if (!connection)
    throw new Error('useConnection: no ConnectionProvider, and Latch has no Solana network with an RPC URL.')
  return { connection }
}
