// A Polkadot browser extension with real keys of the test mnemonic: what Polkadot.js, Talisman or
// SubWallet put on the page (`window.injectedWeb3[<key>]` with `enable(origin)` giving accounts and
// a signer), the protocol @polkadot/extension-dapp reads. An sr25519 and an ed25519 account from
// @polkadot/keyring; raw data signed wrapped in `<Bytes>…</Bytes>` as the extensions do, payloads
// through @polkadot/types' ExtrinsicPayload. The libraries load with import() when the wallet is
// created (and @polkadot/types on the first payload), so a page without it carries none of them.
// Browser-safe.
import type { Injected, InjectedAccount, InjectedWindowProvider } from '@polkadot/extension-inject/types'
import type { KeyringPair } from '@polkadot/keyring/types'
import type { SignerPayloadJSON, SignerPayloadRaw } from '@polkadot/types/types'
import { TEST_MNEMONIC } from '../node/accounts.js'
import { defaultStorage, type WalletStorage } from './storage.js'
import type { Approval } from './types.js'

/** The key the Dev Wallet's Polkadot side injects itself under (its name in words). */
export const POLKADOT_DEV_WALLET_SOURCE = 'latch-dev-wallet'

/** Options of {@link createPolkadotTestWallet}. */
export interface PolkadotTestWalletOptions {
  /** A mnemonic of its own instead of the test one. */
  mnemonic?: string | undefined
  /** Where the site's authorization is remembered (default `latch.testWallet.polkadot`). */
  storageKey?: string | undefined
  storage?: WalletStorage | undefined
}

/** Knobs a test turns to play the user (or the extension) without a UI. */
export interface PolkadotTestWalletControls {
  setApproval(approval: Approval): void
  rejectNext(n?: number): void
  /** The next `n` prompts never answer, like an extension whose window was closed unseen. */
  hangNext(n?: number): void
  /** The extension forgets the site: its account list becomes empty. */
  disconnect(): void
  /** Requests the dapp made, oldest first (`enable`, `signRaw`, `signPayload`). */
  requests(): string[]
  /** The sr25519 and ed25519 accounts' addresses (generic SS58 format, prefix 42). */
  addresses(): { sr25519: string; ed25519: string }
}

export interface PolkadotTestWallet {
  /** What goes under `window.injectedWeb3[<key>]`. */
  provider: InjectedWindowProvider
  controls: PolkadotTestWalletControls
}

/** The test mnemonic's Polkadot keys: sr25519 from the mnemonic, ed25519 from its `//ed25519` path. */
export async function polkadotTestKeys(mnemonic = TEST_MNEMONIC): Promise<KeyringPair[]> {
  const { Keyring } = await import('@polkadot/keyring')
  const keyring = new Keyring({ ss58Format: 42 })
  return [
    keyring.addFromUri(mnemonic, { name: 'Dev sr25519' }, 'sr25519'),
    keyring.addFromUri(`${mnemonic}//ed25519`, { name: 'Dev ed25519' }, 'ed25519'),
  ]
}

/** Creates the extension. Put it on the page with {@link injectPolkadotTestWallet}. */
export async function createPolkadotTestWallet(
  options: PolkadotTestWalletOptions = {},
): Promise<PolkadotTestWallet> {
  const [pairs, util] = await Promise.all([polkadotTestKeys(options.mnemonic), import('@polkadot/util')])
  const { decodeAddress } = await import('@polkadot/util-crypto')
  const storage = options.storage ?? defaultStorage()
  const storageKey = options.storageKey ?? 'latch.testWallet.polkadot'
  let authorized = false
  try {
    authorized =
      (JSON.parse(storage.getItem(storageKey) ?? '{}') as { authorized?: unknown }).authorized === true
  } catch {
    // Unreadable state: start unauthorized.
  }
  const persist = () => storage.setItem(storageKey, JSON.stringify({ authorized }))
  let approval: Approval = 'approve'
  let rejections = 0
  let hangs = 0
  let nextId = 0
  const calls: string[] = []
  const listeners = new Set<(accounts: InjectedAccount[]) => void>()
  const exposed = (): InjectedAccount[] =>
    authorized
      ? pairs.map((pair) => ({ address: pair.address, name: pair.meta.name as string, type: pair.type }))
      : []
  const emit = () => {
    for (const listener of listeners) listener(exposed())
  }

  async function prompt(request: string): Promise<void> {
    calls.push(request)
    if (hangs > 0) {
      hangs -= 1
      await new Promise<never>(() => {})
    }
    if (rejections > 0 || approval === 'reject') {
      if (rejections > 0) rejections -= 1
      // What Polkadot.js and Talisman reject with when the visitor cancels.
      throw new Error('Cancelled')
    }
  }

  function pairOf(address: unknown): KeyringPair {
    let key: Uint8Array | undefined
    try {
      key = typeof address === 'string' ? decodeAddress(address) : undefined
    } catch {
      key = undefined
    }
    const pair = key && pairs.find((p) => util.u8aEq(p.publicKey, key))
    if (!authorized || !pair) throw new Error(`Unable to find a keypair for ${String(address)}`)
    return pair
  }

  const injected: Injected = {
    accounts: {
      get: async () => exposed(),
      subscribe(callback) {
        const listener = (accounts: InjectedAccount[]) => void callback(accounts)
        listeners.add(listener)
        listener(exposed())
        return () => void listeners.delete(listener)
      },
    },
    signer: {
      async signRaw({ address, data }: SignerPayloadRaw) {
        await prompt('signRaw')
        const pair = pairOf(address)
        const bytes = util.u8aWrapBytes(util.hexToU8a(data))
        return { id: ++nextId, signature: util.u8aToHex(pair.sign(bytes, { withType: true })) }
      },
      async signPayload(payload: SignerPayloadJSON) {
        await prompt('signPayload')
        const pair = pairOf(payload.address)
        const { TypeRegistry } = await import('@polkadot/types')
        const registry = new TypeRegistry()
        registry.setSignedExtensions(payload.signedExtensions)
        const extrinsic = registry.createType('ExtrinsicPayload', payload, { version: payload.version })
        return { id: ++nextId, signature: extrinsic.sign(pair).signature }
      },
    },
  }

  const provider: InjectedWindowProvider = {
    version: '1.0.0',
    async enable(_origin: string) {
      if (!authorized) {
        await prompt('enable')
        authorized = true
        persist()
        emit()
      } else calls.push('enable')
      return injected
    },
  }

  const controls: PolkadotTestWalletControls = {
    setApproval(value) {
      approval = value
    },
    rejectNext(n = 1) {
      rejections += n
    },
    hangNext(n = 1) {
      hangs += n
    },
    disconnect() {
      if (!authorized) return
      authorized = false
      persist()
      emit()
    },
    requests: () => [...calls],
    addresses: () => ({ sr25519: pairs[0]?.address as string, ed25519: pairs[1]?.address as string }),
  }
  return { provider, controls }
}

/**
 * Puts the extension on the page as extensions do: `window.injectedWeb3[source]` (by default
 * `latch-dev-wallet`, which the kit names "Latch Dev Wallet", so it joins the Dev Wallet's row).
 */
export function injectPolkadotTestWallet(
  wallet: PolkadotTestWallet,
  source: string = POLKADOT_DEV_WALLET_SOURCE,
  target: object = globalThis,
): void {
  const holder = target as { injectedWeb3?: Record<string, InjectedWindowProvider> }
  holder.injectedWeb3 ??= {}
  holder.injectedWeb3[source] = wallet.provider
}
