import {
  ConnectionProvider,
  useConnection,
  useWallet,
  useWalletModal,
  WalletModalProvider,
  WalletProvider,
} from '@latch/solana/react'
import { ed25519 } from '@noble/curves/ed25519'
import { LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { env } from './env.js'

// `?kit=wallet-adapter`: the Solana side written as an app that comes from the Solana
// wallet-adapter writes it, with nothing but `@latch/solana/react`'s providers and hooks and the
// app's own @solana/web3.js and @noble/curves. The header's button is the
// guide's stand-in for WalletMultiButton (`<ConnectButton namespace="solana" />`); this panel has
// a button of the app's own too.

/** A funded account of the local Solana chain that is not the Dev Wallet's first one. */
const RECIPIENT = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'

const short = (key: PublicKey) => {
  const text = key.toBase58()
  return `${text.slice(0, 4)}..${text.slice(-4)}`
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** A wallet-adapter app's providers, as it had them, inside Latch's (main.tsx puts them around the app). */
export function WalletAdapterProviders({ children }: { children: ReactNode }) {
  return (
    <ConnectionProvider endpoint={env.rpcSolana} config={{ commitment: 'confirmed' }}>
      <WalletProvider wallets={[]} autoConnect>
        <WalletModalProvider>{children}</WalletModalProvider>
      </WalletProvider>
    </ConnectionProvider>
  )
}

/** wallet-adapter-react-ui's `WalletMultiButton`, as an app that has its own button writes it. */
function WalletMultiButton() {
  const { publicKey, connecting, disconnect } = useWallet()
  const { setVisible } = useWalletModal()
  if (publicKey)
    return (
      <button
        type="button"
        className="demo-button"
        data-testid="wa-button"
        title="Disconnect"
        onClick={() => void disconnect()}
      >
        {short(publicKey)}
      </button>
    )
  return (
    <button type="button" className="demo-button" data-testid="wa-button" onClick={() => setVisible(true)}>
      {connecting ? 'Connecting…' : 'Select Wallet'}
    </button>
  )
}

export function WalletAdapterPanel() {
  const { connection } = useConnection()
  const { publicKey, connected, wallet, signMessage, sendTransaction } = useWallet()
  const [balance, setBalance] = useState<number | undefined>()
  const [signed, setSigned] = useState<string | undefined>()
  const [sent, setSent] = useState<string | undefined>()
  const [error, setError] = useState<string | undefined>()

  const refresh = useCallback(async () => {
    setBalance(publicKey ? await connection.getBalance(publicKey, 'confirmed') : undefined)
  }, [connection, publicKey])
  useEffect(() => {
    refresh().catch((e) => setError(reason(e)))
  }, [refresh])

  const sign = async () => {
    setSigned(undefined)
    setError(undefined)
    try {
      if (!publicKey || !signMessage) throw new Error('The wallet cannot sign messages.')
      const message = new TextEncoder().encode('Hello from a wallet-adapter app')
      const signature = await signMessage(message)
      setSigned(
        ed25519.verify(signature, message, publicKey.toBytes()) ? 'Signature verified' : 'Signature invalid',
      )
    } catch (e) {
      setError(reason(e))
    }
  }

  const send = async () => {
    setSent(undefined)
    setError(undefined)
    try {
      if (!publicKey) throw new Error('Connect a wallet first.')
      const transaction = new Transaction().add(
        SystemProgram.transfer({
          fromPubkey: publicKey,
          toPubkey: new PublicKey(RECIPIENT),
          lamports: LAMPORTS_PER_SOL / 100,
        }),
      )
      const signature = await sendTransaction(transaction, connection)
      setSent(`Sent ${signature.slice(0, 8)}…`)
      // The chain has no subscriptions: its status is polled, as an app without a WebSocket does.
      for (;;) {
        const { value } = await connection.getSignatureStatus(signature)
        if (value?.err) throw new Error(`The transfer failed: ${JSON.stringify(value.err)}`)
        if (value?.confirmationStatus === 'confirmed' || value?.confirmationStatus === 'finalized') break
        await new Promise((resolve) => setTimeout(resolve, 400))
      }
      setSent('Transfer confirmed')
      await refresh()
    } catch (e) {
      setError(reason(e))
    }
  }

  return (
    <section aria-labelledby="wa-title">
      <h2 id="wa-title">Solana wallet-adapter app</h2>
      <WalletMultiButton />
      <dl>
        <dt>Wallet</dt>
        <dd data-testid="wa-wallet">{wallet?.adapter.name ?? '—'}</dd>
        <dt>Public key</dt>
        <dd data-testid="wa-public-key">{connected && publicKey ? publicKey.toBase58() : 'Not connected'}</dd>
        <dt>Balance</dt>
        <dd data-testid="wa-balance">
          {balance === undefined ? '—' : `${(balance / LAMPORTS_PER_SOL).toFixed(9)} SOL`}
        </dd>
      </dl>
      {connected && (
        <>
          <button type="button" className="demo-button" onClick={sign}>
            Sign with signMessage
          </button>
          <button type="button" className="demo-button" onClick={send}>
            Send 0.01 SOL with sendTransaction
          </button>
        </>
      )}
      {signed && <p data-testid="wa-signed">{signed}</p>}
      {sent && <p data-testid="wa-sent">{sent}</p>}
      {error && (
        <p role="alert" className="demo-error" data-testid="wa-error">
          {error}
        </p>
      )}
    </section>
  )
}
