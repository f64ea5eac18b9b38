// A Wallet Standard wallet for Solana with real ed25519 keys: what a Solana browser extension
// registers in the page, with knobs a test turns to play the user. Browser-safe.
import { ed25519 } from '@noble/curves/ed25519'
import {
  getBase58Decoder,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type SignatureBytes,
} from '@solana/kit'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignInFeature,
  SolanaSignInInput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { registerWallet } from '@wallet-standard/wallet'
import { ProviderErrorCode, ProviderRpcError } from './errors.js'
import { DEV_WALLET_ICON_BASE64, DEV_WALLET_NAME } from './icon.js'
import { defaultStorage, type WalletStorage } from './storage.js'
import type { Approval } from './types.js'

/** Options of {@link createSolanaTestWallet}. */
export interface SolanaTestWalletOptions {
  /** 32-byte ed25519 seeds (hex) of the accounts; the first is selected at start. */
  seeds: readonly string[]
  /** RPC URL per Wallet Standard chain (`solana:localnet`, …) that sign-and-send sends to. */
  rpcUrls: Readonly<Record<string, string>>
  name?: string | undefined
  icon?: WalletIcon | undefined
  /** Where the site's authorization is remembered (default `latch.testWallet.solana`). */
  storageKey?: string | undefined
  storage?: WalletStorage | undefined
}

/** Knobs a test turns to play the user (or the wallet) without a UI. */
export interface SolanaTestWalletControls {
  setApproval(approval: Approval): void
  rejectNext(n?: number): void
  /** Select another account; emits `change` with it when the site is authorized. */
  setAccount(index: number): void
  /** The wallet ends the session: authorization revoked, `change` with no accounts. */
  disconnect(): void
  /** Features the dapp called, oldest first. */
  requests(): string[]
  /** The selected account's address (base58). */
  address(): string
}

export interface SolanaTestWallet {
  wallet: Wallet
  controls: SolanaTestWalletControls
}

const base58 = getBase58Decoder()
const base58Bytes = getBase58Encoder()

function hexToBytes(hex: string): Uint8Array {
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(hex)) throw new Error('A Solana test wallet seed is 32 bytes of hex.')
  const clean = hex.replace(/^0x/, '')
  return Uint8Array.from({ length: 32 }, (_, i) => Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16))
}

/** The Sign-In With Solana text a wallet writes from a `solana:signIn` input and the account. */
function signInText(input: SolanaSignInInput, address: string, fallbackDomain: string): string {
  let text = `${input.domain ?? fallbackDomain} wants you to sign in with your Solana account:\n${address}`
  if (input.statement) text += `\n\n${input.statement}`
  const fields = [
    input.uri && `URI: ${input.uri}`,
    input.version && `Version: ${input.version}`,
    input.chainId && `Chain ID: ${input.chainId}`,
    input.nonce && `Nonce: ${input.nonce}`,
    input.issuedAt && `Issued At: ${input.issuedAt}`,
    input.expirationTime && `Expiration Time: ${input.expirationTime}`,
    input.notBefore && `Not Before: ${input.notBefore}`,
    input.requestId && `Request ID: ${input.requestId}`,
    ...(input.resources?.length ? ['Resources:', ...input.resources.map((r) => `- ${r}`)] : []),
  ].filter((line): line is string => typeof line === 'string' && line.length > 0)
  if (fields.length) text += `\n\n${fields.join('\n')}`
  return text
}

/**
 * Creates a Solana wallet that speaks Wallet Standard (`standard:connect`, `standard:disconnect`,
 * `standard:events`, `solana:signIn`, `solana:signMessage`, `solana:signTransaction`,
 * `solana:signAndSendTransaction`). Register it with {@link registerSolanaTestWallet}.
 */
export function createSolanaTestWallet(options: SolanaTestWalletOptions): SolanaTestWallet {
  if (options.seeds.length === 0) throw new Error('createSolanaTestWallet needs at least one seed.')
  const chains = Object.keys(options.rpcUrls) as IdentifierString[]
  if (chains.length === 0 || !chains.every((c) => /^solana:[a-z]+$/.test(c)))
    throw new Error('createSolanaTestWallet needs rpcUrls keyed by solana:<cluster> chains.')
  const keys = options.seeds.map((seed) => {
    const secret = hexToBytes(seed)
    const publicKey = ed25519.getPublicKey(secret)
    return { secret, publicKey, address: base58.decode(publicKey) }
  })
  const storage = options.storage ?? defaultStorage()
  const storageKey = options.storageKey ?? 'latch.testWallet.solana'
  let authorized = false
  let accountIndex = 0
  try {
    const saved = JSON.parse(storage.getItem(storageKey) ?? '{}') as {
      authorized?: unknown
      accountIndex?: unknown
    }
    authorized = saved.authorized === true
    if (typeof saved.accountIndex === 'number' && keys[saved.accountIndex]) accountIndex = saved.accountIndex
  } catch {
    // Unreadable state: start unauthorized.
  }
  const persist = () => storage.setItem(storageKey, JSON.stringify({ authorized, accountIndex }))
  let approval: Approval = 'approve'
  let rejections = 0
  const calls: string[] = []
  const listeners = new Set<StandardEventsListeners['change']>()

  const features = [
    'solana:signIn',
    'solana:signMessage',
    'solana:signTransaction',
    'solana:signAndSendTransaction',
  ] as const satisfies readonly IdentifierString[]
  // One account object per key, reused: Wallet Standard compares account objects.
  const accountObjects: WalletAccount[] = keys.map((key) =>
    Object.freeze({
      address: key.address,
      publicKey: key.publicKey.slice(),
      chains,
      features,
    }),
  )
  const exposed = (): WalletAccount[] => (authorized ? [accountObjects[accountIndex] as WalletAccount] : [])
  const emit = () => {
    for (const listener of listeners) listener({ accounts: exposed() })
  }

  function prompt(feature: string): void {
    calls.push(feature)
    if (rejections > 0) {
      rejections -= 1
      throw new ProviderRpcError(ProviderErrorCode.userRejected, 'User rejected the request.')
    }
    if (approval === 'reject')
      throw new ProviderRpcError(ProviderErrorCode.userRejected, 'User rejected the request.')
  }

  function keyOf(account: WalletAccount) {
    const key = keys[accountIndex]
    if (!authorized || !key || account?.address !== key.address)
      throw new ProviderRpcError(
        ProviderErrorCode.unauthorized,
        'The account is not authorized for this site.',
      )
    return key
  }

  function signTransactionBytes(account: WalletAccount, bytes: Uint8Array): Uint8Array {
    const key = keyOf(account)
    let transaction: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>
    try {
      transaction = getTransactionDecoder().decode(bytes)
    } catch {
      throw new ProviderRpcError(ProviderErrorCode.invalidParams, 'The transaction could not be decoded.')
    }
    if (!(key.address in transaction.signatures))
      throw new ProviderRpcError(
        ProviderErrorCode.invalidParams,
        'The transaction does not need this account.',
      )
    const signature = ed25519.sign(new Uint8Array(transaction.messageBytes), key.secret) as SignatureBytes
    return new Uint8Array(
      getTransactionEncoder().encode({
        ...transaction,
        signatures: { ...transaction.signatures, [key.address]: signature },
      }),
    )
  }

  async function send(chain: string, signed: Uint8Array, input: SolanaSignAndSendTransactionInput) {
    const url = options.rpcUrls[chain]
    if (!url)
      throw new ProviderRpcError(ProviderErrorCode.unrecognizedChain, `The wallet does not know ${chain}.`)
    const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = input.options ?? {}
    const config = {
      encoding: 'base64',
      ...(skipPreflight !== undefined ? { skipPreflight } : {}),
      ...(preflightCommitment !== undefined ? { preflightCommitment } : {}),
      ...(maxRetries !== undefined ? { maxRetries } : {}),
      ...(minContextSlot !== undefined ? { minContextSlot } : {}),
    }
    let binary = ''
    for (const byte of signed) binary += String.fromCharCode(byte)
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [btoa(binary), config],
      }),
    })
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    if (typeof body.result !== 'string')
      throw new ProviderRpcError(ProviderErrorCode.internal, 'The RPC returned no signature.')
    return new Uint8Array(base58Bytes.encode(body.result))
  }

  const connect: StandardConnectFeature['standard:connect'] = {
    version: '1.0.0',
    async connect(input) {
      if (input?.silent) {
        calls.push('standard:connect (silent)')
        return { accounts: exposed() }
      }
      if (!authorized) prompt('standard:connect')
      else calls.push('standard:connect')
      const was = authorized
      authorized = true
      persist()
      if (!was) emit()
      return { accounts: exposed() }
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
  const signMessage: SolanaSignMessageFeature['solana:signMessage'] = {
    version: '1.1.0',
    async signMessage(...inputs: readonly SolanaSignMessageInput[]) {
      prompt('solana:signMessage')
      return inputs.map(({ account, message }) => {
        const key = keyOf(account)
        const signedMessage = new Uint8Array(message)
        return {
          signedMessage,
          signature: ed25519.sign(signedMessage, key.secret),
          signatureType: 'ed25519' as const,
        }
      })
    },
  }
  // Sign-In With Solana: the wallet writes the message from the fields, connecting if needed.
  const signIn: SolanaSignInFeature['solana:signIn'] = {
    version: '1.0.0',
    async signIn(...inputs: readonly SolanaSignInInput[]) {
      prompt('solana:signIn')
      if (!authorized) {
        authorized = true
        persist()
        emit()
      }
      return inputs.map((input) => {
        const key = keys[accountIndex] as (typeof keys)[number]
        if (input.address !== undefined && input.address !== key.address)
          throw new ProviderRpcError(
            ProviderErrorCode.unauthorized,
            'The account is not authorized for this site.',
          )
        const domain = typeof location === 'undefined' ? 'localhost' : location.host
        const signedMessage = new TextEncoder().encode(signInText(input, key.address, domain))
        return {
          account: accountObjects[accountIndex] as WalletAccount,
          signedMessage,
          signature: ed25519.sign(signedMessage, key.secret),
          signatureType: 'ed25519' as const,
        }
      })
    },
  }
  const signTransaction: SolanaSignTransactionFeature['solana:signTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signTransaction(...inputs: readonly SolanaSignTransactionInput[]) {
      prompt('solana:signTransaction')
      return inputs.map(({ account, transaction }) => ({
        signedTransaction: signTransactionBytes(account, new Uint8Array(transaction)),
      }))
    },
  }
  const signAndSend: SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]) {
      prompt('solana:signAndSendTransaction')
      const outputs = []
      for (const input of inputs) {
        const signed = signTransactionBytes(input.account, new Uint8Array(input.transaction))
        outputs.push({ signature: await send(input.chain, signed, input) })
      }
      return outputs
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
      'solana:signIn': signIn,
      'solana:signMessage': signMessage,
      'solana:signTransaction': signTransaction,
      'solana:signAndSendTransaction': signAndSend,
    },
  }

  const controls: SolanaTestWalletControls = {
    setApproval(value) {
      approval = value
    },
    rejectNext(n = 1) {
      rejections += n
    },
    setAccount(index) {
      if (!keys[index]) throw new Error(`The Solana test wallet has no account ${index}.`)
      if (index === accountIndex) return
      accountIndex = index
      persist()
      if (authorized) emit()
    },
    disconnect() {
      if (!authorized) return
      authorized = false
      persist()
      emit()
    },
    requests: () => [...calls],
    address: () => (keys[accountIndex] as { address: string }).address,
  }
  return { wallet, controls }
}

/** Registers the wallet with the page's Wallet Standard apps (the `wallet-standard:register-wallet` event protocol). */
export function registerSolanaTestWallet(wallet: Wallet): void {
  registerWallet(wallet)
}
