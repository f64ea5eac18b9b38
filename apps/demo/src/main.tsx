import { setThemeMode } from '@latch/core'
import { LatchProvider } from '@latch/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { App } from './App.js'
import { latch, wagmiConfig } from './config.js'
import { startDevWallet } from './devWallet.js'
import { env } from './env.js'
import './styles.css'

void startDevWallet()

// Follow the OS colour scheme as it changes (the toggle in the header still overrides it).
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (event) =>
  setThemeMode(latch, event.matches ? 'dark' : 'light'),
)

// `?kit=wallet-adapter` only: @solana/web3.js and the wallet-adapter layer load for it alone.
const WalletAdapterProviders = lazy(() =>
  import('./WalletAdapterPanel.js').then((m) => ({ default: m.WalletAdapterProviders })),
)

const queryClient = new QueryClient()
const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')

createRoot(root).render(
  <StrictMode>
    {/* Latch restores the session; wagmi's own reconnect would race it. */}
    <WagmiProvider config={wagmiConfig} reconnectOnMount={false}>
      <QueryClientProvider client={queryClient}>
        <LatchProvider latch={latch} locale={env.locale}>
          {env.kit === 'wallet-adapter' ? (
            <Suspense fallback={null}>
              <WalletAdapterProviders>
                <App />
              </WalletAdapterProviders>
            </Suspense>
          ) : (
            <App />
          )}
        </LatchProvider>
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
