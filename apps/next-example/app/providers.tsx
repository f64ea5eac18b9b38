'use client'
import { createCookieStorage, createLatch, type LatchInitialState } from '@latch/core'
import { evmAdapter, toCaipNetwork } from '@latch/evm'
import { LatchProvider } from '@latch/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { defineChain } from 'viem'
import { base as baseChain, mainnet as mainnetChain } from 'viem/chains'
import { createConfig, http, WagmiProvider } from 'wagmi'

export interface ProvidersProps {
  initialState: LatchInitialState
  rpc: { mainnet: string; base: string }
  children: ReactNode
}

/**
 * Everything stateful is created here, once per render tree: on the server that is once per
 * request, so two visitors never share a store; in the browser once per page load.
 */
export function Providers({ initialState, rpc, children }: ProvidersProps) {
  const [{ latch, wagmiConfig, queryClient }] = useState(() => {
    const mainnet = defineChain({ ...mainnetChain, rpcUrls: { default: { http: [rpc.mainnet] } } })
    const base = defineChain({ ...baseChain, rpcUrls: { default: { http: [rpc.base] } } })
    const wagmiConfig = createConfig({
      chains: [mainnet, base],
      transports: { [mainnet.id]: http(rpc.mainnet), [base.id]: http(rpc.base) },
      ssr: true,
      // The local test chains have no Multicall3 contract: wagmi reads balances one by one.
      batch: { multicall: false },
    })
    const latch = createLatch(
      {
        networks: [toCaipNetwork(mainnet), toCaipNetwork(base)],
        adapters: [evmAdapter({ config: wagmiConfig })],
        // Cookies, so the next request's server render knows the session. No header here:
        // in the browser the storage reads document.cookie.
        storage: createCookieStorage(),
        metadata: {
          name: 'Latch on Next.js',
          description: 'Example app',
          url: 'https://example.com',
          icons: [],
        },
      },
      { initialState },
    )
    return { latch, wagmiConfig, queryClient: new QueryClient() }
  })
  return (
    // Latch restores the session; wagmi's own reconnect would race it.
    <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <LatchProvider latch={latch}>{children}</LatchProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
