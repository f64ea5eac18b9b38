import { createLatch, hydrate, type Latch, type LatchState, openModal } from '@latch/core'
import { embeddedWallet } from '@latch/core/embedded'
import { embeddedWalletOf } from '@latch/core/internal'
import { evmAdapter, toCaipNetwork } from '@latch/evm'
import { ConnectButton, LatchProvider } from '@latch/react'
import { createConfig, http } from '@wagmi/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { base, mainnet } from 'viem/chains'
import type { GalleryState } from './states.js'

// One modal state, from fixtures: no wallet, chain or server is contacted (the wallet list is
// the snapshot bundled with the kit).
const query = new URLSearchParams(location.search)
const state = (query.get('state') ?? 'Connect') as GalleryState
const locale = query.get('locale') ?? 'en'
const ethereum = toCaipNetwork(mainnet)
const networks = [ethereum, toCaipNetwork(base)] as const
// Transports that are never used: the fixtures stand in for every answer.
const wagmiConfig = createConfig({
  chains: [mainnet, base],
  transports: { [mainnet.id]: http('http://127.0.0.1:9'), [base.id]: http('http://127.0.0.1:9') },
})
const latch = createLatch({
  networks: [...networks],
  adapters: [evmAdapter({ config: wagmiConfig })],
  projectId: 'gallery',
  basic: true,
  themeMode: query.get('theme') === 'dark' ? 'dark' : 'light',
  // The email login, for its code view: its frame is never loaded (the login starts from fixtures).
  ...(state === 'EmailCode'
    ? { connectors: [embeddedWallet({ frameUrl: 'http://127.0.0.1:9/frame/', projectId: 'gallery' })] }
    : {}),
})

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function patchAccount(latch: Latch, connected: boolean, unsupported = false) {
  latch.store.setState((s: LatchState) => {
    const eip155 = s.namespaces.eip155
    if (!eip155 || !connected) return s
    return {
      ...s,
      activeNamespace: 'eip155',
      namespaces: {
        ...s.namespaces,
        eip155: {
          account: {
            ...eip155.account,
            status: 'connected',
            address: ADDRESS,
            caipAddress: `eip155:1:${ADDRESS}`,
            balance: '12.3456',
            balanceSymbol: 'ETH',
            connectedWalletInfo: { name: 'MetaMask', type: 'ANNOUNCED' },
            connectorId: 'io.metamask',
          },
          network: { ...eip155.network, caipNetwork: unsupported ? undefined : ethereum },
        },
      },
    }
  })
}

async function show(latch: Latch) {
  await hydrate(latch)
  switch (state) {
    case 'AllWallets':
    case 'WhatIsAWallet':
      openModal(latch, { view: state })
      break
    case 'Connecting':
    case 'ConnectingDeclined':
      openModal(latch)
      latch.store.setState((s) => ({
        ...s,
        router: {
          ...s.router,
          history: [{ view: 'Connect' }, { view: 'Connecting', params: { connectorId: 'MetaMask' } }],
        },
        error:
          state === 'ConnectingDeclined'
            ? {
                view: 'Connecting',
                code: 'user-rejected',
                name: 'UserRejectedRequestError',
                message: 'User rejected the request.',
              }
            : undefined,
      }))
      break
    case 'WalletConnectUnavailable':
      openModal(latch)
      latch.store.setState((s) => ({
        ...s,
        router: {
          ...s.router,
          history: [
            { view: 'Connect' },
            { view: 'ConnectingWalletConnectBasic', params: { walletId: 'rainbow' } },
          ],
        },
      }))
      break
    case 'Account':
      patchAccount(latch, true)
      openModal(latch, { view: 'Account' })
      break
    case 'Networks':
      patchAccount(latch, true)
      openModal(latch, { view: 'Networks' })
      break
    case 'SwitchNetwork':
      patchAccount(latch, true)
      openModal(latch, { view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:8453' } })
      break
    case 'UnsupportedChain':
      patchAccount(latch, true, true)
      openModal(latch, { view: 'UnsupportedChain' })
      break
    case 'EmailCode': {
      const connectorId = embeddedWalletOf(latch)?.connector.id
      if (!connectorId) break
      openModal(latch)
      latch.store.setState((s) => ({
        ...s,
        sessions: {
          ...s.sessions,
          [connectorId]: {
            ...s.sessions[connectorId],
            login: { step: 'verify-otp', email: 'ada@example.com', submitting: false, error: undefined },
          },
        } as LatchState['sessions'],
        router: {
          ...s.router,
          history: [{ view: 'Connect' }, { view: 'EmbeddedWallet', params: { connectorId } }],
        },
      }))
      break
    }
    default:
      openModal(latch)
  }
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <LatchProvider latch={latch} locale={locale}>
      <ConnectButton />
    </LatchProvider>
  </StrictMode>,
)
void show(latch)
