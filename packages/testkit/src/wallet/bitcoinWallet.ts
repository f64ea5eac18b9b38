// A Wallet Standard wallet for Bitcoin (regtest) with real keys of the test mnemonic: what a
// Bitcoin browser extension registers in the page (`bitcoin:connect`, `bitcoin:signMessage`,
// `bitcoin:signTransaction`, plus the standard connect, disconnect and events), with knobs a test
// turns to play the user. Messages are signed with BIP-322 (simple), or the legacy signed message
// when asked; PSBT inputs with @scure/btc-signer. Browser-safe.
import { Transaction } from '@scure/btc-signer'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { registerWallet } from '@wallet-standard/wallet'
import { type BitcoinTestKey, bitcoinTestKeys } from '../bitcoin/keys.js'
import { accountScript, SIGHASHES, signBip322, signInput, signLegacy } from '../bitcoin/signing.js'
import { ProviderErrorCode, ProviderRpcError } from './errors.js'
import { DEV_WALLET_ICON_BASE64, DEV_WALLET_NAME } from './icon.js'
import { defaultStorage, type WalletStorage } from './storage.js'
import type { Approval } from './types.js'

/** Options of {@link createBitcoinTestWallet}. */
export interface BitcoinTestWalletOptions {
  /** Which account of the test mnemonic (its BIP-84 payment and BIP-86 ordinals keys); default 0. */
  accountIndex?: number | undefined
  /** A mnemonic of its own instead of the test one. */
  mnemonic?: string | undefined
  name?: string | undefined
  icon?: WalletIcon | undefined
  /** Where the site's authorization is remembered (default `latch.testWallet.bitcoin`). */
  storageKey?: string | undefined
  storage?: WalletStorage | undefined
}

/** Knobs a test turns to play the user (or the wallet) without a UI. */
export interface BitcoinTestWalletControls {
  setApproval(approval: Approval): void
  rejectNext(n?: number): void
  /** The next `n` prompts never answer, like a wallet whose window was closed unseen. */
  hangNext(n?: number): void
  /** Messages are signed as BIP-322 (default) or with the legacy signed-message format. */
  setMessageFormat(format: 'bip322' | 'legacy'): void
  /** The wallet ends the session: authorization revoked, `change` with no accounts. */
  disconnect(): void
  /** Features the dapp called, oldest first. */
  requests(): string[]
  /** The payment (P2WPKH) and ordinals (P2TR) addresses. */
  addresses(): { payment: string; ordinals: string }
}

export interface BitcoinTestWallet {
  wallet: Wallet
  controls: BitcoinTestWalletControls
}

const CHAIN = 'bitcoin:regtest'
/**
 * Creates a Bitcoin regtest wallet that speaks the Bitcoin Wallet Standard. Register it with
 * {@link registerBitcoinTestWallet}; it is a wallet object of its own beside the Solana side, under
 * the same name, so the kit shows one row.
 */
export function createBitcoinTestWallet(options: BitcoinTestWalletOptions = {}): BitcoinTestWallet {
  const keys = bitcoinTestKeys(options.accountIndex ?? 0, options.mnemonic)
  const [payment, ordinals] = keys
  const storage = options.storage ?? defaultStorage()
  const storageKey = options.storageKey ?? 'latch.testWallet.bitcoin'
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
  let messageFormat: 'bip322' | 'legacy' = 'bip322'
  const calls: string[] = []
  const listeners = new Set<StandardEventsListeners['change']>()
  const chains = [CHAIN] as const satisfies readonly IdentifierString[]
  const features = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const
  const accountObjects: WalletAccount[] = keys.map((key) =>
    Object.freeze({ address: key.address, publicKey: key.publicKey.slice(), chains, features }),
  )
  const exposed = (): WalletAccount[] => (authorized ? [...accountObjects] : [])
  const emit = () => {
    for (const listener of listeners) listener({ accounts: exposed() })
  }

  async function prompt(feature: string): Promise<void> {
    calls.push(feature)
    if (hangs > 0) {
      hangs -= 1
      await new Promise<never>(() => {})
    }
    if (rejections > 0 || approval === 'reject') {
      if (rejections > 0) rejections -= 1
      throw new ProviderRpcError(ProviderErrorCode.userRejected, 'User rejected the request.')
    }
  }

  function keyOf(account: WalletAccount | undefined): BitcoinTestKey {
    const key = keys.find((k) => k.address === account?.address)
    if (!authorized || !key)
      throw new ProviderRpcError(
        ProviderErrorCode.unauthorized,
        'The account is not authorized for this site.',
      )
    return key
  }

  async function authorize(feature: string) {
    if (!authorized) await prompt(feature)
    else calls.push(feature)
    if (!authorized) {
      authorized = true
      persist()
      emit()
    }
    return { accounts: exposed() }
  }

  const connect: StandardConnectFeature['standard:connect'] = {
    version: '1.0.0',
    async connect(input) {
      if (input?.silent) {
        calls.push('standard:connect (silent)')
        return { accounts: exposed() }
      }
      return authorize('standard:connect')
    },
  }
  const bitcoinConnect = {
    version: '1.0.0',
    async connect(input?: { purposes?: string[] }) {
      const result = await authorize('bitcoin:connect')
      const purposes = input?.purposes ?? ['payment']
      return { accounts: result.accounts.filter((_, i) => purposes.includes(keys[i]?.purpose as string)) }
    },
  }
  const disconnect: StandardDisconnectFeature['standard:disconnect'] = {
    version: '1.0.0',
    async disconnect() {
      calls.push('standard:disconnect')
      authorized = false
      persist()
    },
  }
  const events: StandardEventsFeature['standard:events'] = {
    version: '1.0.0',
    on(event, listener) {
      if (event !== 'change') return () => {}
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const signMessage = {
    version: '1.0.0',
    async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
      await prompt('bitcoin:signMessage')
      return inputs.map(({ account, message }) => {
        const key = keyOf(account)
        const signedMessage = new Uint8Array(message)
        const script = accountScript(key)
        const signature =
          messageFormat === 'legacy' && key.purpose === 'payment'
            ? signLegacy(key, signedMessage)
            : signBip322(key, signedMessage, script)
        return { signedMessage, signature }
      })
    },
  }
  const signTransaction = {
    version: '1.0.0',
    async signTransaction(
      ...inputs: {
        psbt: Uint8Array
        inputsToSign: { account: WalletAccount; signingIndexes: number[]; sigHash?: string }[]
        chain?: string
      }[]
    ) {
      await prompt('bitcoin:signTransaction')
      return inputs.map(({ psbt, inputsToSign, chain }) => {
        if (chain !== undefined && chain !== CHAIN)
          throw new ProviderRpcError(
            ProviderErrorCode.unrecognizedChain,
            `The wallet does not know ${chain}.`,
          )
        let tx: Transaction
        try {
          tx = Transaction.fromPSBT(new Uint8Array(psbt), { allowUnknownOutputs: true })
        } catch {
          throw new ProviderRpcError(ProviderErrorCode.invalidParams, 'The PSBT could not be decoded.')
        }
        for (const { account, signingIndexes, sigHash } of inputsToSign) {
          const key = keyOf(account)
          const allowed = sigHash === undefined ? undefined : [SIGHASHES[sigHash] as number]
          for (const index of signingIndexes) {
            if (!signInput(tx, key, index, allowed))
              throw new ProviderRpcError(
                ProviderErrorCode.invalidParams,
                `Input ${index} is not this account's.`,
              )
          }
        }
        return { signedPsbt: tx.toPSBT() }
      })
    },
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: options.name ?? DEV_WALLET_NAME,
    icon: options.icon ?? DEV_WALLET_ICON_BASE64,
    chains,
    get accounts() {
      return exposed()
    },
    features: {
      'standard:connect': connect,
      'standard:disconnect': disconnect,
      'standard:events': events,
      'bitcoin:connect': bitcoinConnect,
      'bitcoin:signMessage': signMessage,
      'bitcoin:signTransaction': signTransaction,
    },
  }

  const controls: BitcoinTestWalletControls = {
    setApproval(value) {
      approval = value
    },
    rejectNext(n = 1) {
      rejections += n
    },
    hangNext(n = 1) {
      hangs += n
    },
    setMessageFormat(format) {
      messageFormat = format
    },
    disconnect() {
      if (!authorized) return
      authorized = false
      persist()
      emit()
    },
    requests: () => [...calls],
    addresses: () => ({ payment: payment.address, ordinals: ordinals.address }),
  }
  return { wallet, controls }
}

/** Registers the wallet with the page's Wallet Standard apps (the `wallet-standard:register-wallet` event protocol). */
export function registerBitcoinTestWallet(wallet: Wallet): void {
  registerWallet(wallet)
}
