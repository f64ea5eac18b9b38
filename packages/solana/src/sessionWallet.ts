// The solana namespace of a session connector (WalletConnect, an embedded wallet) seen as a
// Wallet Standard wallet (loaded with import() when a session is attached), so the adapter signs and sends through it exactly as through an
// extension. The wire format is WalletConnect's published Solana JSON-RPC: messages, public keys
// and signatures in base58, transactions in base64.
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
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
} from '@wallet-standard/features'

/**
 * The solana namespace of a live session (what a session connector's `getProvider('solana')`
 * returns): the approved accounts and a request function for WalletConnect's Solana methods
 * (`solana_signMessage`, `solana_signTransaction`, `solana_signAllTransactions`,
 * `solana_signAndSendTransaction`).
 */
export interface SolanaSessionProvider {
  /** The session's solana accounts, CAIP-10 (`solana:<reference>:<base58 address>`). */
  accounts(): readonly string[]
  /** Sends one method to the wallet for the chain `chainId` (CAIP-2); resolves with its result. */
  request(args: { method: string; params: unknown }, chainId: string): Promise<unknown>
  /** The methods the wallet approved in the session, when known. */
  methods?(): readonly string[]
  /**
   * Follows the wallet's account changes on its solana side (a session update, an
   * `accountsChanged` event): `listener` gets the session's solana accounts, CAIP-10. Returns
   * the unsubscribe function.
   */
  onAccountsChanged?(listener: (accounts: readonly string[]) => void): () => void
}

/** The pieces of the lazily loaded runtime this module uses. */
export interface SessionRuntime {
  toBase58(bytes: Uint8Array): string
  fromBase58(text: string): Uint8Array
  toBase64(bytes: Uint8Array): string
  fromBase64(text: string): Uint8Array
  /** The wire transaction with `signature` placed in `signer`'s slot; undefined when it is not a signer or the signature is not its. */
  withSignature(wire: Uint8Array, signer: string, signature: Uint8Array): Uint8Array | undefined
}

/** A WalletConnect error is a plain `{ code, message }`: keep both on an Error the core maps. */
function toError(raw: unknown): Error {
  if (raw instanceof Error) return raw
  const { code, message } = (raw ?? {}) as { code?: unknown; message?: unknown }
  const error = new Error(
    typeof message === 'string' && message ? message.slice(0, 300) : 'The wallet failed.',
  )
  if (typeof code === 'number') Object.assign(error, { code })
  return error
}

const invalid = (what: string) =>
  Object.assign(new Error(`The wallet returned an invalid ${what}.`), { what })

function field(result: unknown, name: string): unknown {
  return typeof result === 'object' && result !== null ? (result as Record<string, unknown>)[name] : undefined
}

/**
 * A Wallet Standard view of a session's solana namespace. `chains` are the Wallet Standard chains
 * of the app's networks the session approved, `toCaip2` maps one back to its CAIP-2 id, and
 * `currentChain` names the chain of requests that carry none (sign message).
 */
export function createSessionWallet(parameters: {
  provider: SolanaSessionProvider
  name: string
  icon?: string | undefined
  accounts: readonly string[]
  chains: readonly IdentifierString[]
  toCaip2(chain: string): string | undefined
  currentChain(): string
  runtime: SessionRuntime
}): Wallet {
  const { provider, runtime, chains } = parameters
  const features = [
    'solana:signMessage',
    'solana:signTransaction',
    'solana:signAndSendTransaction',
  ] as const satisfies readonly IdentifierString[]
  const toAccount = (address: string): WalletAccount =>
    Object.freeze({ address, publicKey: runtime.fromBase58(address), chains: [...chains], features })
  let accountObjects: WalletAccount[] = parameters.accounts.map(toAccount)
  /** The addresses of CAIP-10 accounts on the session's chains the app has, first seen first. */
  const addressesOn = (accounts: readonly string[]): string[] => {
    const approved = new Set(chains.map((chain) => parameters.toCaip2(chain)))
    const addresses: string[] = []
    for (const account of accounts) {
      const at = typeof account === 'string' ? account.lastIndexOf(':') : -1
      if (at < 0 || !approved.has(account.slice(0, at))) continue
      const address = account.slice(at + 1)
      if (!addresses.includes(address)) addresses.push(address)
    }
    return addresses
  }
  const caip2 = (chain: string | undefined) => {
    const id = chain ? parameters.toCaip2(chain) : parameters.currentChain()
    if (!id) throw Object.assign(new Error(`The session has no chain ${chain}.`), { code: 4901 })
    return id
  }
  const request = async (method: string, params: unknown, chain: string) => {
    try {
      return await provider.request({ method, params }, chain)
    } catch (error) {
      throw toError(error)
    }
  }
  const approved = (method: string) => provider.methods?.().includes(method) ?? true

  /** The signed wire transaction from a result: the wallet's whole transaction, else its signature put in place. */
  const signedFrom = (result: unknown, wire: Uint8Array, account: WalletAccount): Uint8Array => {
    const transaction = field(result, 'transaction')
    if (typeof transaction === 'string') {
      try {
        return runtime.fromBase64(transaction)
      } catch {
        throw invalid('signed transaction')
      }
    }
    const signature = field(result, 'signature')
    let bytes: Uint8Array
    try {
      bytes = typeof signature === 'string' ? runtime.fromBase58(signature) : new Uint8Array()
    } catch {
      throw invalid('signature')
    }
    const signed = bytes.length === 64 ? runtime.withSignature(wire, account.address, bytes) : undefined
    if (!signed) throw invalid('signature')
    return signed
  }

  const connect: StandardConnectFeature['standard:connect'] = {
    version: '1.0.0',
    async connect() {
      return { accounts: accountObjects }
    },
  }
  // The session connector ends the session; the namespace's side has nothing of its own to end.
  const disconnect: StandardDisconnectFeature['standard:disconnect'] = {
    version: '1.0.0',
    async disconnect() {},
  }
  // The wallet's account changes, as Wallet Standard `change` events; an address that is not one
  // (garbage from the wallet) is dropped, and the adapter validates what is left.
  const events: StandardEventsFeature['standard:events'] = {
    version: '1.0.0',
    on(event, listener) {
      if (event !== 'change' || !provider.onAccountsChanged) return () => {}
      return provider.onAccountsChanged((accounts) => {
        const next: WalletAccount[] = []
        for (const address of addressesOn(accounts)) {
          try {
            next.push(accountObjects.find((a) => a.address === address) ?? toAccount(address))
          } catch {}
        }
        const same =
          next.length === accountObjects.length &&
          next.every((a, i) => a.address === accountObjects[i]?.address)
        if (same) return
        accountObjects = next
        listener({ accounts: next })
      })
    },
  }
  const signMessage: SolanaSignMessageFeature['solana:signMessage'] = {
    version: '1.1.0',
    async signMessage(...inputs: readonly SolanaSignMessageInput[]) {
      const outputs = []
      for (const { account, message } of inputs) {
        const result = await request(
          'solana_signMessage',
          { message: runtime.toBase58(message), pubkey: account.address },
          caip2(undefined),
        )
        const signature = field(result, 'signature')
        let bytes: Uint8Array
        try {
          bytes = typeof signature === 'string' ? runtime.fromBase58(signature) : new Uint8Array()
        } catch {
          throw invalid('signature')
        }
        outputs.push({ signedMessage: new Uint8Array(message), signature: bytes })
      }
      return outputs
    },
  }
  const signTransaction: SolanaSignTransactionFeature['solana:signTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signTransaction(...inputs: readonly SolanaSignTransactionInput[]) {
      const first = inputs[0]
      // Several transactions for one account on one chain: one prompt, when the wallet has it.
      if (
        first &&
        inputs.length > 1 &&
        approved('solana_signAllTransactions') &&
        inputs.every((i) => i.account.address === first.account.address && i.chain === first.chain)
      ) {
        const result = await request(
          'solana_signAllTransactions',
          { transactions: inputs.map((i) => runtime.toBase64(i.transaction)) },
          caip2(first.chain),
        )
        const transactions = field(result, 'transactions')
        if (!Array.isArray(transactions) || transactions.length !== inputs.length)
          throw invalid('list of signed transactions')
        return transactions.map((t) => {
          if (typeof t !== 'string') throw invalid('signed transaction')
          try {
            return { signedTransaction: runtime.fromBase64(t) }
          } catch {
            throw invalid('signed transaction')
          }
        })
      }
      const outputs = []
      for (const input of inputs) {
        const result = await request(
          'solana_signTransaction',
          { transaction: runtime.toBase64(input.transaction) },
          caip2(input.chain),
        )
        outputs.push({
          signedTransaction: signedFrom(result, new Uint8Array(input.transaction), input.account),
        })
      }
      return outputs
    },
  }
  const signAndSend: SolanaSignAndSendTransactionFeature['solana:signAndSendTransaction'] = {
    version: '1.0.0',
    supportedTransactionVersions: ['legacy', 0],
    async signAndSendTransaction(...inputs: readonly SolanaSignAndSendTransactionInput[]) {
      const outputs = []
      for (const input of inputs) {
        const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = input.options ?? {}
        const sendOptions = {
          ...(skipPreflight !== undefined ? { skipPreflight } : {}),
          ...(preflightCommitment !== undefined ? { preflightCommitment } : {}),
          ...(maxRetries !== undefined ? { maxRetries } : {}),
          ...(minContextSlot !== undefined ? { minContextSlot } : {}),
        }
        const result = await request(
          'solana_signAndSendTransaction',
          {
            transaction: runtime.toBase64(input.transaction),
            ...(Object.keys(sendOptions).length ? { sendOptions } : {}),
          },
          caip2(input.chain),
        )
        const signature = field(result, 'signature')
        let bytes: Uint8Array
        try {
          bytes = typeof signature === 'string' ? runtime.fromBase58(signature) : new Uint8Array()
        } catch {
          throw invalid('transaction signature')
        }
        outputs.push({ signature: bytes })
      }
      return outputs
    },
  }

  return {
    version: '1.0.0',
    name: parameters.name,
    icon: (parameters.icon ?? 'data:image/svg+xml;base64,') as WalletIcon,
    chains: [...chains],
    get accounts() {
      return accountObjects
    },
    features: {
      'standard:connect': connect,
      'standard:disconnect': disconnect,
      'standard:events': events,
      'solana:signMessage': signMessage,
      'solana:signTransaction': signTransaction,
      ...(approved('solana_signAndSendTransaction') ? { 'solana:signAndSendTransaction': signAndSend } : {}),
    },
  }
}
