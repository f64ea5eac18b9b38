// The smallest realistic Latch dapp: mainnet + Base, EVM only, a Connect button opening the modal.
import { createLatch } from '@latch/core'
import { evmAdapter, toCaipNetwork } from '@latch/evm'
import { ConnectButton, LatchProvider } from '@latch/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'

const config = createConfig({
  chains: [mainnet, base],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})
const latch = createLatch({
  networks: [toCaipNetwork(mainnet), toCaipNetwork(base)],
  adapters: [evmAdapter({ config })],
  projectId: '00000000000000000000000000000000',
})
const queryClient = new QueryClient()

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <WagmiProvider config={config} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <LatchProvider latch={latch}>
          <main>
            <h1>Bench dapp</h1>
            <ConnectButton />
          </main>
        </LatchProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
