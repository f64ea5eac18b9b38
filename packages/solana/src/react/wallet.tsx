'use client'
import { connect, disconnect, type Latch, sendTransaction } from '@latch/core'
import { STORAGE_KEYS } from '@latch/core/internal'
import { useLatch, useLatchAccount, useLatchState } from '@latch/react'
import type {
  SolanaSignInFeature,
  SolanaSignInInput,
  SolanaSignInOutput,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import {
  type Connection,
  PublicKey,
  type SendOptions,
  type Signer,
  Transaction,
  type TransactionVersion,
  VersionedTransaction,
} from '@solana/web3.js'
import type { Wallet } from '@wallet-standard/base'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react'
import type { SolanaAdapter, SolanaTransaction } from '../solanaAdapter.js'

/** A wallet's name, as wallet-adapter types it. */
export type WalletName<T extends string = string> = T & { __brand__: 'WalletName' }

/** The part of wallet-adapter's adapter object an app reads. */
export interface SolanaWalletAdapter {
  name: WalletName
  icon: string | undefined
  publicKey: PublicKey | null
  connected: boolean
  connecting: boolean
  /** The versions the wallet signs (`'legacy'`, `0`); null when it does not say. */
  supportedTransactionVersions: ReadonlySet<TransactionVersion> | null
}

/** One entry of `wallets`: every wallet Latch found is installed (Wallet Standard). */
export interface SolanaWalletEntry {
  adapter: SolanaWalletAdapter
  readyState: 'Installed'
}

export type SendTransactionOptions = SendOptions & { signers?: Signer[] }
type AnyTransaction = Transaction | VersionedTransaction

export interface WalletContextState {
  autoConnect: boolean
  wallets: SolanaWalletEntry[]
  wallet: SolanaWalletEntry | null
  publicKey: PublicKey | null
  connecting: boolean
  connected: boolean
  disconnecting: boolean
  select(walletName: WalletName | null): void
  connect(): Promise<void>
  disconnect(): Promise<void>
  sendTransaction(
    transaction: AnyTransaction,
    connection: Connection,
    options?: SendTransactionOptions,
  ): Promise<string>
  signTransaction: (<T extends AnyTransaction>(transaction: T) => Promise<T>) | undefined
  signAllTransactions: (<T extends AnyTransaction>(transactions: T[]) => Promise<T[]>) | undefined
  signMessage: ((message: Uint8Array) => Promise<Uint8Array>) | undefined
  signIn: ((input?: SolanaSignInInput) => Promise<SolanaSignInOutput>) | undefined
}

export interface AnchorWallet {
  publicKey: PublicKey
  signTransaction<T extends AnyTransaction>(transaction: T): Promise<T>
  signAllTransactions<T extends AnyTransaction>(transactions: T[]): Promise<T[]>
}

export interface WalletProviderProps {
  children?: ReactNode
  /** Accepted for wallet-adapter's signature and ignored: Latch lists Wallet Standard wallets. */
  wallets?: readonly unknown[] | undefined
  /**
   * Default true: Latch restores the last session on load. False: the last wallet stays
   * selected but is not connected until `connect()` (put the provider directly under `LatchProvider`).
   */
  autoConnect?: boolean | undefined
  /** Called with every error the hooks' actions throw (they still throw). */
  onError?: ((error: Error) => void) | undefined
}

interface Options {
  autoConnect: boolean
  onError: ((error: Error) => void) | undefined
  selected: string | undefined
  setSelected(connectorId: string | undefined): void
}
const WalletOptions = createContext<Options | undefined>(undefined)

const STORED_CONNECTOR = STORAGE_KEYS.connectorId('solana')

/** wallet-adapter's `WalletProvider`: `autoConnect` and `onError` for the hooks under it. */
export function WalletProvider({ children, autoConnect = true, onError }: WalletProviderProps) {
  const latch = useLatch()
  const [selected, setSelected] = useState<string | undefined>(() =>
    autoConnect ? undefined : (latch.storage.getItem(STORED_CONNECTOR) ?? undefined),
  )
  // Children's layout effects run before their parents': this runs before LatchProvider reads the
  // stored session, so with autoConnect off there is nothing for it to restore.
  useLayoutEffect(() => {
    if (!autoConnect) latch.storage.removeItem(STORED_CONNECTOR)
  }, [latch, autoConnect])
  const value = useMemo(
    () => ({ autoConnect, onError, selected, setSelected }),
    [autoConnect, onError, selected],
  )
  return <WalletOptions.Provider value={value}>{children}</WalletOptions.Provider>
}

function solanaOf(latch: Latch): SolanaAdapter {
  const adapter = latch.adapters.get('solana')
  if (!adapter) throw new Error('Latch has no Solana adapter: add solanaAdapter() to createLatch.')
  return adapter as SolanaAdapter
}

function notConnected(): never {
  throw Object.assign(new Error('Wallet not connected'), { name: 'WalletNotConnectedError' })
}

function isVersioned(transaction: AnyTransaction): transaction is VersionedTransaction {
  return 'version' in transaction
}

const toBytes = (transaction: AnyTransaction): Uint8Array =>
  new Uint8Array(
    isVersioned(transaction)
      ? transaction.serialize()
      : transaction.serialize({ requireAllSignatures: false, verifySignatures: false }),
  )

/** Back to the app's own class: the one the transaction came in as. */
const fromBytes = <T extends AnyTransaction>(like: T, bytes: Uint8Array): T =>
  (isVersioned(like) ? VersionedTransaction.deserialize(bytes) : Transaction.from(bytes)) as T

function versionsOf(wallet: Wallet | undefined): ReadonlySet<TransactionVersion> | null {
  const feature = wallet?.features['solana:signTransaction'] as
    | SolanaSignTransactionFeature['solana:signTransaction']
    | undefined
  return feature ? new Set(feature.supportedTransactionVersions as readonly TransactionVersion[]) : null
}

/** wallet-adapter's `useWallet()` over Latch's Solana connection. */
export function useWallet(): WalletContextState {
  const latch = useLatch()
  const options = useContext(WalletOptions)
  const account = useLatchAccount({ namespace: 'solana' })
  const connectors = useLatchState((s) => s.connectors.solana)
  const [disconnecting, setDisconnecting] = useState(false)
  const [chosen, setChosen] = useState<string | undefined>()
  const selected = options ? options.selected : chosen
  const setSelected = options ? options.setSelected : setChosen
  const onError = options?.onError
  const connected = account.status === 'connected'
  const address = connected ? account.address : undefined
  const publicKey = useMemo(() => (address ? new PublicKey(address) : null), [address])
  // The connected wallet's Wallet Standard object (the adapter's provider), for its features.
  const provider = connected ? (solanaOf(latch).getProvider() as Wallet | undefined) : undefined
  const features = provider?.features ?? {}

  const entries = useMemo(
    () =>
      (connectors ?? []).map((connector) => {
        const here = account.connectorId === connector.id
        const adapter: SolanaWalletAdapter = {
          name: connector.name as WalletName,
          icon: connector.imageUrl,
          publicKey: here ? publicKey : null,
          connected: here && connected,
          connecting: here && account.status === 'connecting',
          supportedTransactionVersions: here ? versionsOf(provider) : null,
        }
        return { id: connector.id, entry: { adapter, readyState: 'Installed' as const } }
      }),
    [connectors, account.connectorId, account.status, connected, publicKey, provider],
  )
  const current = entries.find(({ id }) => id === (account.connectorId ?? selected))

  const guard = useCallback(
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          return await run(...args)
        } catch (error) {
          if (error instanceof Error) onError?.(error)
          throw error
        }
      },
    [onError],
  )

  const select = useCallback(
    (name: WalletName | null) => setSelected(entries.find((e) => e.entry.adapter.name === name)?.id),
    [entries, setSelected],
  )
  const connectWallet = useMemo(
    () =>
      guard(async () => {
        if (connected) return
        if (!selected)
          throw Object.assign(new Error('No wallet selected'), { name: 'WalletNotSelectedError' })
        await connect(latch, { connectorId: selected, namespace: 'solana' })
      }),
    [guard, latch, selected, connected],
  )
  const disconnectWallet = useMemo(
    () =>
      guard(async () => {
        setDisconnecting(true)
        try {
          await disconnect(latch, { namespace: 'solana' })
          setSelected(undefined)
        } finally {
          setDisconnecting(false)
        }
      }),
    [guard, latch, setSelected],
  )

  const signTransaction = useMemo(
    () =>
      guard(async <T extends AnyTransaction>(transaction: T): Promise<T> => {
        if (!connected) notConnected()
        return fromBytes(
          transaction,
          await solanaOf(latch).signTransaction({ transaction: toBytes(transaction) }),
        )
      }),
    [guard, latch, connected],
  ) as <T extends AnyTransaction>(transaction: T) => Promise<T>
  const signAllTransactions = useMemo(
    () =>
      guard(async <T extends AnyTransaction>(transactions: T[]): Promise<T[]> => {
        if (!connected) notConnected()
        const signed = await solanaOf(latch).signAllTransactions({ transactions: transactions.map(toBytes) })
        return signed.map((bytes, i) => fromBytes(transactions[i] as T, bytes))
      }),
    [guard, latch, connected],
  ) as <T extends AnyTransaction>(transactions: T[]) => Promise<T[]>

  const sendTx = useMemo(
    () =>
      guard(
        async (transaction: AnyTransaction, connection: Connection, options: SendTransactionOptions = {}) => {
          if (!connected || !publicKey || !provider) notConnected()
          const { signers, ...sendOptions } = options
          const versions = versionsOf(provider)
          if (isVersioned(transaction)) {
            if (versions && !versions.has(transaction.version))
              throw new Error(`The wallet does not support transaction version ${transaction.version}.`)
            if (signers?.length) transaction.sign(signers)
          } else {
            // As wallet-adapter does: the wallet pays, on a recent blockhash from the app's connection.
            transaction.feePayer ??= publicKey
            transaction.recentBlockhash ??= (
              await connection.getLatestBlockhash({
                commitment: sendOptions.preflightCommitment,
                minContextSlot: sendOptions.minContextSlot,
              })
            ).blockhash
            if (signers?.length) transaction.partialSign(...signers)
          }
          const bytes = toBytes(transaction)
          // A wallet that signs and sends does both; otherwise it signs and the app's connection sends.
          if ('solana:signAndSendTransaction' in provider.features)
            return sendTransaction<SolanaTransaction>(latch, {
              namespace: 'solana',
              transaction: bytes,
              options: sendOptions as SolanaTransaction['options'],
            })
          const signed = await solanaOf(latch).signTransaction({ transaction: bytes })
          return connection.sendRawTransaction(signed, sendOptions)
        },
      ),
    [guard, latch, connected, publicKey, provider],
  )

  const signMessage = useMemo(
    () =>
      guard(async (message: Uint8Array): Promise<Uint8Array> => {
        const feature = provider?.features['solana:signMessage'] as
          | SolanaSignMessageFeature['solana:signMessage']
          | undefined
        const walletAccount = provider?.accounts.find((a) => a.address === address)
        if (!feature || !walletAccount) notConnected()
        const [output] = await feature.signMessage({ account: walletAccount, message })
        if (!(output?.signature instanceof Uint8Array) || output.signature.length !== 64)
          throw new Error('The wallet returned no signature.')
        return output.signature
      }),
    [guard, provider, address],
  )
  const signIn = useMemo(
    () =>
      guard(async (input: SolanaSignInInput = {}): Promise<SolanaSignInOutput> => {
        const feature = provider?.features['solana:signIn'] as
          | SolanaSignInFeature['solana:signIn']
          | undefined
        if (!feature) notConnected()
        const [output] = await feature.signIn({ ...input, address: input.address ?? address })
        if (!output) throw new Error('The wallet returned no sign-in.')
        return output
      }),
    [guard, provider, address],
  )

  return {
    autoConnect: options?.autoConnect ?? true,
    wallets: entries.map((e) => e.entry),
    wallet: current?.entry ?? null,
    publicKey,
    connecting: account.status === 'connecting',
    connected,
    disconnecting,
    select,
    connect: connectWallet,
    disconnect: disconnectWallet,
    sendTransaction: sendTx,
    signTransaction: 'solana:signTransaction' in features ? signTransaction : undefined,
    signAllTransactions: 'solana:signTransaction' in features ? signAllTransactions : undefined,
    signMessage: 'solana:signMessage' in features ? signMessage : undefined,
    signIn: 'solana:signIn' in features ? signIn : undefined,
  }
}

/** wallet-adapter's `useAnchorWallet()`: the signer Anchor's `AnchorProvider` takes, once connected. */
export function useAnchorWallet(): AnchorWallet | undefined {
  const { publicKey, signTransaction, signAllTransactions } = useWallet()
  return useMemo(
    () =>
      publicKey && signTransaction && signAllTransactions
        ? { publicKey, signTransaction, signAllTransactions }
        : undefined,
    [publicKey, signTransaction, signAllTransactions],
  )
}
