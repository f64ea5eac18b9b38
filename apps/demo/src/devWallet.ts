import { env } from './env.js'

declare global {
  interface Window {
    __latchDemoWallet?: Awaited<
      ReturnType<typeof import('@latch/testkit/wallet')['createTestWallet']>
    >['controls']
    __latchDemoSolanaWallet?: ReturnType<
      typeof import('@latch/testkit/wallet')['createSolanaTestWallet']
    >['controls']
    __latchDemoBitcoinWallet?: ReturnType<
      typeof import('@latch/testkit/wallet')['createBitcoinTestWallet']
    >['controls']
    __latchDemoBitcoinRequestWallet?: ReturnType<
      typeof import('@latch/testkit/wallet')['createBitcoinRequestTestWallet']
    >['controls']
    __latchDemoCosmosWallet?: ReturnType<
      typeof import('@latch/testkit/wallet')['createCosmosTestWallet']
    >['controls']
    __latchDemoPolkadotWallet?: Awaited<
      ReturnType<typeof import('@latch/testkit/wallet')['createPolkadotTestWallet']>
    >['controls']
  }
}

type Controls = NonNullable<Window['__latchDemoWallet']>
const listeners = new Set<() => void>()

/** The Dev Wallet's controls once it has started (for useSyncExternalStore). */
export function getDevWallet(): Controls | undefined {
  return typeof window === 'undefined' ? undefined : window.__latchDemoWallet
}

export function watchDevWallet(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const CONTRACT_MODE_KEY = 'latch.demo.devWallet.contractAccount'
let contractAccountOfFirstKey: `0x${string}` | undefined

/** Whether the Dev Wallet is in contract-account mode (kept across reloads). */
export function devWalletContractMode(): boolean {
  return typeof localStorage !== 'undefined' && localStorage.getItem(CONTRACT_MODE_KEY) === 'on'
}

/**
 * Contract-account mode: the wallet's account becomes the ERC-1271 contract account the local
 * chains deploy for the Dev Wallet's first key (that key signs for it); off, the key's own address.
 */
export function setDevWalletContractMode(on: boolean): void {
  const controls = getDevWallet()
  if (!controls || !contractAccountOfFirstKey) return
  if (on) localStorage.setItem(CONTRACT_MODE_KEY, 'on')
  else localStorage.removeItem(CONTRACT_MODE_KEY)
  if (on) controls.setAccount(0)
  controls.setContractAccount(on ? contractAccountOfFirstKey : undefined)
  for (const listener of listeners) listener()
}

/** Selects one of the Dev Wallet's keys (its own address: contract-account mode goes off). */
export function selectDevWalletAccount(index: number): void {
  const controls = getDevWallet()
  if (!controls) return
  if (devWalletContractMode()) setDevWalletContractMode(false)
  controls.setAccount(index)
}

/**
 * Offers the Latch Dev Wallet: a test wallet holding funded keys of the local chains, so a
 * visitor without a browser wallet can click through every flow. One wallet, both namespaces:
 * EIP-6963 (rdns dev.latch.wallet) for Ethereum and Base, Wallet Standard ("Latch Dev Wallet")
 * for the local Solana chain and Bitcoin regtest, an injected extension for Polkadot. Skipped when a test has injected its own test wallet.
 */
export async function startDevWallet(): Promise<void> {
  if (!env.devWallet || window.__latchTestWallet) return
  const {
    createTestWallet,
    announceWallet,
    TEST_ACCOUNTS,
    createSolanaTestWallet,
    registerSolanaTestWallet,
    createBitcoinTestWallet,
    registerBitcoinTestWallet,
    createBitcoinRequestTestWallet,
    installBitcoinRequestTestWallet,
    createCosmosTestWallet,
    installCosmosTestWallet,
    createPolkadotTestWallet,
    injectPolkadotTestWallet,
    SOLANA_TEST_SEEDS,
    TEST_CONTRACT_ACCOUNTS,
    TEST_TOKENS,
  } = await import('@latch/testkit/wallet')
  contractAccountOfFirstKey = TEST_CONTRACT_ACCOUNTS[0]?.address
  const contractMode = devWalletContractMode()
  const { provider, controls, info } = createTestWallet({
    privateKeys: TEST_ACCOUNTS.slice(0, 3).map((a) => a.privateKey),
    chains: [
      {
        id: 1,
        name: 'Ethereum',
        rpcUrl: env.rpcMainnet,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
      {
        id: 8453,
        name: 'Base',
        rpcUrl: env.rpcBase,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    initialChainId: 1,
    // The contract account is owned by the first key, which then signs for it.
    contractAccount: contractMode ? contractAccountOfFirstKey : undefined,
    // Asset discovery (EIP-7811): the Account view's Tokens tab asks the wallet first.
    assets: { tokens: [TEST_TOKENS.erc20.address] },
  })
  if (contractMode) controls.setAccount(0)
  announceWallet(provider, info)
  window.__latchDemoWallet = controls
  const solana = createSolanaTestWallet({
    seeds: SOLANA_TEST_SEEDS.slice(0, 2),
    rpcUrls: { 'solana:localnet': env.rpcSolana },
    name: info.name,
  })
  registerSolanaTestWallet(solana.wallet)
  window.__latchDemoSolanaWallet = solana.controls
  // Its Bitcoin side (regtest): the payment and ordinals keys of the test mnemonic, a Wallet
  // Standard wallet of its own under the same name, so the kit shows one row.
  // Only where the page has Bitcoin (`?bitcoin=on`): deriving its keys delays the wallet's start.
  if (env.bitcoin) {
    const bitcoin = createBitcoinTestWallet({ name: info.name })
    registerBitcoinTestWallet(bitcoin.wallet)
    window.__latchDemoBitcoinWallet = bitcoin.controls
    // The same keys behind a sats-connect `request` API (Leather's dialect: hex PSBTs) at
    // `window.latchDevWalletBitcoin`, listed as "Latch Dev Wallet (request API)".
    const byRequest = createBitcoinRequestTestWallet()
    installBitcoinRequestTestWallet(byRequest)
    window.__latchDemoBitcoinRequestWallet = byRequest.controls
  }
  // Its Cosmos side (`?cosmos=on`): the test mnemonic's m/44'/118'/0'/0/0 key behind a
  // Keplr-compatible object at `window.latchDevWallet`, which the demo's Cosmos adapter looks for.
  if (env.cosmos) {
    const cosmos = createCosmosTestWallet()
    installCosmosTestWallet(cosmos)
    window.__latchDemoCosmosWallet = cosmos.controls
  }
  // Its Polkadot side (`?polkadot=on`): an extension on `window.injectedWeb3['latch-dev-wallet']`
  // with the test mnemonic's sr25519 and ed25519 keys; the kit names it "Latch Dev Wallet", one row.
  if (env.polkadot) {
    const polkadot = await createPolkadotTestWallet()
    injectPolkadotTestWallet(polkadot)
    window.__latchDemoPolkadotWallet = polkadot.controls
  }
  for (const listener of listeners) listener()
}
