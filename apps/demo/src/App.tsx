import type { BitcoinTransaction } from '@latch/bitcoin'
import { connect, sendTransaction, setThemeMode, signMessage, waitForTransaction } from '@latch/core'
import {
  ConnectButton,
  isAccountOn,
  NetworkButton,
  useLatch,
  useLatchAccount,
  useLatchDisconnect,
  useLatchNetwork,
  useLatchSignIn,
  useLatchState,
} from '@latch/react'
import type { SolanaTransaction } from '@latch/solana'
import { getConnectorClient, signTypedData, verifyMessage, verifyTypedData } from '@wagmi/core'
import { lazy, Suspense, useState } from 'react'
import { isAddress, parseEther, parseUnits } from 'viem'
import { useConnection } from 'wagmi'
import { wagmiConfig } from './config.js'
import { DevInboxPanel } from './DevInboxPanel.js'
import { DevWalletConnectPanel } from './DevWalletConnectPanel.js'
import { DevWalletPanel } from './DevWalletPanel.js'
import { env } from './env.js'
import { RainbowKitHeader } from './RainbowKitHeader.js'
import { SendBatch } from './SendBatch.js'
import { SignPsbt } from './SignPsbt.js'

const WalletAdapterPanel = lazy(() =>
  import('./WalletAdapterPanel.js').then((m) => ({ default: m.WalletAdapterPanel })),
)

export function App() {
  const latch = useLatch()
  const account = useLatchAccount()
  const { caipNetwork, unsupported } = useLatchNetwork()
  const themeMode = useLatchState((s) => s.themeMode)
  const wagmi = useConnection()
  return (
    <div className="demo" data-theme={themeMode}>
      <header>
        <h1>Latch demo</h1>
        <div className="row">
          {env.kit === 'rainbowkit' ? (
            <RainbowKitHeader />
          ) : env.kit === 'wallet-adapter' ? (
            // The guide's stand-in for WalletMultiButton, kept to the Solana side.
            <ConnectButton namespace="solana" />
          ) : (
            <>
              <NetworkButton />
              <ConnectButton />
            </>
          )}
          <button
            type="button"
            className="demo-button"
            onClick={() => setThemeMode(latch, themeMode === 'light' ? 'dark' : 'light')}
          >
            {themeMode === 'light' ? 'Dark mode' : 'Light mode'}
          </button>
        </div>
      </header>
      <main>
        <section aria-labelledby="status-title">
          <h2 id="status-title">Status</h2>
          <dl>
            <dt>Latch</dt>
            <dd data-testid="demo-status">{account?.status ?? 'disconnected'}</dd>
            <dt>Address</dt>
            <dd data-testid="demo-address">{account?.address ?? '—'}</dd>
            <dt>Network</dt>
            <dd data-testid="demo-network">
              {unsupported ? 'unsupported' : (caipNetwork?.caipNetworkId ?? '—')}
            </dd>
            <dt>wagmi sees</dt>
            <dd data-testid="demo-wagmi">
              {wagmi.address ? `${wagmi.address} on ${wagmi.chainId}` : 'not connected'}
            </dd>
          </dl>
        </section>
        {env.kit === 'wallet-adapter' && (
          <Suspense fallback={null}>
            <WalletAdapterPanel />
          </Suspense>
        )}
        {env.siwx && <SignedIn />}
        {env.siwx && env.devWallet && <HeadlessConnect connected={account?.isConnected === true} />}
        {account?.isConnected && !unsupported && (
          <>
            <SignMessage />
            {/* Polkadot: the kit signs there and sends nothing (spec §6). */}
            {caipNetwork?.chainNamespace !== 'polkadot' && (
              <SendTransaction key={caipNetwork?.chainNamespace} />
            )}
            {caipNetwork?.chainNamespace === 'eip155' && <SignPermit />}
            {caipNetwork?.chainNamespace === 'eip155' && <SendBatch />}
            {caipNetwork?.chainNamespace === 'bip122' && <SignPsbt to={BITCOIN_RECIPIENT} />}
            <Disconnect />
          </>
        )}
        <DevWalletPanel />
        <DevWalletConnectPanel />
        <DevInboxPanel />
        <section aria-labelledby="modes-title">
          <h2 id="modes-title">Try the kit's modes</h2>
          <ul>
            <li>
              <a href="?">With the local @latch/server</a> (wallet registry and project config from it)
            </li>
            <li>
              <a href="?api=none">With no server at all</a> (the wallet list bundled with the kit)
            </li>
            <li>
              <a href="?basic=1">Basic mode</a> (no remote project config)
            </li>
            <li>
              <a href="?siwx=required">Sign-in required</a> or <a href="?siwx=optional">optional</a> (sessions
              from the local @latch/server)
            </li>
          </ul>
        </section>
      </main>
    </div>
  )
}

function SignedIn() {
  const { status, required, session, error } = useLatchSignIn()
  return (
    <section aria-labelledby="signin-title">
      <h2 id="signin-title">Sign-in ({required ? 'required' : 'optional'})</h2>
      <p data-testid="demo-signin">
        {status === 'signed-in' && session
          ? `Signed in as ${session.data.accountAddress}`
          : status === 'pending'
            ? 'Signing in…'
            : 'Not signed in'}
      </p>
      {/* The sign-in implementation's own reason (the kit's view shows a translated hint). */}
      {error && <p data-testid="demo-signin-error">Sign-in failed: {error}</p>}
    </section>
  )
}

/**
 * `connect()` called by the app itself, no modal opened by the visitor: it resolves once the
 * wallet is connected, while the kit's sign-in view asks for the signature.
 */
function HeadlessConnect({ connected }: { connected: boolean }) {
  const latch = useLatch()
  const [outcome, setOutcome] = useState<string | undefined>()
  const run = async () => {
    setOutcome('connecting…')
    try {
      const { address } = await connect(latch, { connectorId: 'dev.latch.wallet', namespace: 'eip155' })
      setOutcome(`resolved: connected as ${address}`)
    } catch (error) {
      setOutcome(`failed: ${(error as Error).message}`)
    }
  }
  return (
    <section aria-labelledby="headless-title">
      <h2 id="headless-title">Headless connect</h2>
      {!connected && (
        <button type="button" className="demo-button" data-testid="demo-headless-connect" onClick={run}>
          Connect the Dev Wallet with connect()
        </button>
      )}
      {outcome && <p data-testid="demo-headless-outcome">{outcome}</p>}
    </section>
  )
}

function SignMessage() {
  const latch = useLatch()
  const account = useLatchAccount()
  const [message, setMessage] = useState('Hello from the Latch demo')
  const [result, setResult] = useState<{ signature: string; valid: boolean } | undefined>()
  const [error, setError] = useState<string | undefined>()
  const sign = async () => {
    setResult(undefined)
    setError(undefined)
    try {
      if (isAccountOn(account, 'eip155') && account.isConnected) {
        // eip155: the signature and the address are typed 0x…, as viem's check takes them.
        const signature = await signMessage(latch, { message, namespace: account.namespace })
        const valid = await verifyMessage(wagmiConfig, { address: account.address, message, signature })
        setResult({ signature, valid })
        return
      }
      const signature = await signMessage(latch, { message })
      const namespace = account?.namespace
      const network = namespace
        ? latch.store.getState().namespaces[namespace]?.network.caipNetwork
        : undefined
      // Solana: an ed25519 check of the base58 signature against the account's public key.
      // Bitcoin: BIP-322 (or the legacy signed message) against the account's address.
      // Cosmos: ADR-036, the public key recovered from the signature must have the address.
      // Polkadot: sr25519 / ed25519 over the message (as extensions sign it) against the SS58 address.
      const valid =
        (isAccountOn(account, 'solana') ||
          isAccountOn(account, 'bip122') ||
          isAccountOn(account, 'cosmos') ||
          isAccountOn(account, 'polkadot')) &&
        account.isConnected &&
        network
          ? ((await latch.adapters.get(account.namespace)?.verifyMessage?.({
              address: account.address,
              message,
              signature,
              caipNetwork: network,
            })) ?? false)
          : false
      setResult({ signature, valid })
    } catch (e) {
      setError(e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e))
    }
  }
  return (
    <section aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <label>
        Message
        <textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={2} />
      </label>
      <button type="button" className="demo-button" onClick={sign}>
        Sign message
      </button>
      {result && (
        <p data-testid="demo-signature">
          <code>{result.signature}</code>
          <br />
          <strong data-testid="demo-signature-valid">
            {result.valid ? 'Signature verified' : 'Signature invalid'}
          </strong>
        </p>
      )}
      {error && (
        <p role="alert" className="demo-error" data-testid="demo-sign-error">
          {error}
        </p>
      )}
    </section>
  )
}

/** The payment address of the test mnemonic's second account on Bitcoin regtest. */
const BITCOIN_RECIPIENT = 'bcrt1qlqj2pdsteppkcr8jkp9ms0wpvey89tna8v72sj'

/** A funded account of the local Solana chain that is not the Dev Wallet's first one. */
const SOLANA_RECIPIENT = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'

function SendTransaction() {
  const latch = useLatch()
  const { caipNetwork } = useLatchNetwork()
  const solana = caipNetwork?.chainNamespace === 'solana'
  const bitcoin = caipNetwork?.chainNamespace === 'bip122'
  const symbol = caipNetwork?.nativeCurrency.symbol ?? 'ETH'
  const [to, setTo] = useState(
    solana ? SOLANA_RECIPIENT : bitcoin ? BITCOIN_RECIPIENT : '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  )
  const [amount, setAmount] = useState('0.01')
  const [hash, setHash] = useState<string | undefined>()
  const [mined, setMined] = useState<string | undefined>()
  const [error, setError] = useState<string | undefined>()
  const send = async () => {
    setHash(undefined)
    setMined(undefined)
    setError(undefined)
    try {
      let txHash: string
      if (solana) {
        txHash = await sendTransaction<SolanaTransaction>(latch, {
          namespace: 'solana',
          to,
          value: parseUnits(amount, 9),
        })
      } else if (bitcoin) {
        txHash = await sendTransaction<BitcoinTransaction>(latch, {
          namespace: 'bip122',
          to,
          value: parseUnits(amount, 8),
        })
      } else {
        if (!isAddress(to)) {
          setError('Enter a recipient address (0x followed by 40 hex characters).')
          return
        }
        txHash = await sendTransaction(latch, { to, value: parseEther(amount) })
      }
      setHash(txHash)
      const receipt = await waitForTransaction(latch, { hash: txHash })
      setMined(
        receipt.status !== 'success'
          ? solana
            ? 'Failed on chain'
            : 'Reverted'
          : solana
            ? `Confirmed in slot ${receipt.blockNumber}`
            : `Mined in block ${receipt.blockNumber}`,
      )
    } catch (e) {
      setError(e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e))
    }
  }
  return (
    <section aria-labelledby="send-title">
      <h2 id="send-title">Send a transaction</h2>
      <label>
        To
        <input value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
      <label>
        Amount ({symbol})
        <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" />
      </label>
      <button type="button" className="demo-button" onClick={send}>
        Send
      </button>
      {hash && (
        <p>
          Hash: <code data-testid="demo-tx-hash">{hash}</code>
        </p>
      )}
      {mined && <p data-testid="demo-tx-mined">{mined}</p>}
      {error && (
        <p role="alert" className="demo-error" data-testid="demo-send-error">
          {error}
        </p>
      )}
    </section>
  )
}

/** An EIP-2612 Permit for a fixed demo token and spender: what a dapp asks before a swap. */
const PERMIT_TOKEN = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const PERMIT_SPENDER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'

function SignPermit() {
  const account = useLatchAccount()
  const { caipNetwork } = useLatchNetwork()
  const [result, setResult] = useState<{ signature: string; valid: boolean } | undefined>()
  const [error, setError] = useState<string | undefined>()
  const [refused, setRefused] = useState<string | undefined>()
  const owner = account?.address as `0x${string}`
  const typedData = {
    domain: {
      name: 'Dai Stablecoin',
      version: '1',
      chainId: Number(caipNetwork?.id ?? 1),
      verifyingContract: PERMIT_TOKEN,
    },
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: {
      owner,
      spender: PERMIT_SPENDER,
      value: 1234500000000000000n,
      nonce: 0n,
      deadline: 4102444800n,
    },
  } as const
  const sign = async () => {
    setResult(undefined)
    setError(undefined)
    try {
      const signature = await signTypedData(wagmiConfig, typedData)
      setResult({
        signature,
        valid: await verifyTypedData(wagmiConfig, { ...typedData, address: owner, signature }),
      })
    } catch (e) {
      setError(e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e))
    }
  }
  // eth_sign signs any 32 bytes (a transaction hash among them): a wallet should refuse it.
  const rawSign = async () => {
    setRefused(undefined)
    try {
      const client = await getConnectorClient(wagmiConfig)
      await client.request({ method: 'eth_sign', params: [owner, `0x${'11'.repeat(32)}`] } as never)
      setRefused('Signed (not refused)')
    } catch (e) {
      // The wallet's own words travel as the cause's details (wagmi names the EIP-1193 code).
      const { shortMessage, details } = e as { shortMessage?: string; details?: string }
      setRefused(
        e instanceof Error ? [shortMessage ?? e.message, details].filter(Boolean).join(' — ') : String(e),
      )
    }
  }
  return (
    <section aria-labelledby="permit-title">
      <h2 id="permit-title">Sign typed data</h2>
      <p>
        An EIP-2612 Permit letting <code>{PERMIT_SPENDER}</code> spend 1.2345 DAI.
      </p>
      <button type="button" className="demo-button" onClick={sign}>
        Sign Permit
      </button>
      {result && (
        <p data-testid="demo-permit-signature">
          <code>{result.signature}</code>
          <br />
          <strong data-testid="demo-permit-valid">
            {result.valid ? 'Signature verified' : 'Signature invalid'}
          </strong>
        </p>
      )}
      {error && (
        <p role="alert" className="demo-error" data-testid="demo-permit-error">
          {error}
        </p>
      )}
      <button type="button" className="demo-button" onClick={rawSign}>
        Try eth_sign
      </button>
      {refused && <p data-testid="demo-raw-sign-result">{refused}</p>}
    </section>
  )
}

function Disconnect() {
  const { disconnect } = useLatchDisconnect()
  return (
    <section aria-labelledby="disconnect-title">
      <h2 id="disconnect-title">Session</h2>
      <button
        type="button"
        className="demo-button"
        data-testid="demo-disconnect"
        onClick={() => void disconnect()}
      >
        Disconnect
      </button>
    </section>
  )
}
