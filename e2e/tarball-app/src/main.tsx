// The README's "Use it in your app" sample, built by scripts/tarball-app.mjs from the packages'
// tarballs in an app of its own. The only change: the RPC URLs are the local chains', from the
// page's `?mainnet=` and `?base=` (the e2e stack's anvil ports).
import { createLatch } from '@latch/core'
import { evmAdapter, toCaipNetwork } from '@latch/evm'
import { ConnectButton, LatchProvider, NetworkButton } from '@latch/react'
import { createConfig, http } from '@wagmi/core'
import { createRoot } from 'react-dom/client'
import { base, mainnet } from 'viem/chains'

const params = new URLSearchParams(location.search)
const config = createConfig({
  chains: [mainnet, base],
  transports: {
    [mainnet.id]: http(params.get('mainnet') ?? 'http://127.0.0.1:8545'),
    [base.id]: http(params.get('base') ?? 'http://127.0.0.1:8546'),
  },
})

const latch = createLatch({
  networks: [toCaipNetwork(mainnet), toCaipNetwork(base)],
  adapters: [evmAdapter({ config })],
  metadata: { name: 'My dapp', description: '…', url: 'https://my.dapp', icons: [] },
})

export function App() {
  return (
    <LatchProvider latch={latch}>
      <NetworkButton />
      <ConnectButton />
    </LatchProvider>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
