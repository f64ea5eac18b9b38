// The wallet-adapter-shaped hooks with real @solana/web3.js objects, against the test kit's local
// Solana chain (the real SVM) and its Wallet Standard test wallet.
import './dom.fixture.js'
import { createLatch, createMemoryStorage, type Latch, teardown } from '@latch/core'
import { LatchProvider } from '@latch/react'
import { ed25519 } from '@noble/curves/ed25519'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_SOLANA_GENESIS_HASH, SOLANA_TEST_SEEDS } from '../../../testkit/src/solana/constants.js'
import { type LocalSolanaInstance, startLocalSolana } from '../../../testkit/src/solana/localSvm.js'
import {
  createSolanaTestWallet,
  registerSolanaTestWallet,
  type SolanaTestWallet,
} from '../../../testkit/src/wallet/solanaWallet.js'
import { createMemoryStorage as walletMemory } from '../../../testkit/src/wallet/storage.js'
import { solanaAdapter, solanaLocalnet } from '../index.js'
import {
  useAnchorWallet,
  useConnection,
  useWallet,
  useWalletModal,
  type WalletName,
  WalletProvider,
} from '../react.js'

let chain: LocalSolanaInstance
let wallet: SolanaTestWallet
const latches: Latch[] = []

beforeAll(async () => {
  chain = await startLocalSolana()
  wallet = createSolanaTestWallet({
    seeds: SOLANA_TEST_SEEDS.slice(1, 3),
    rpcUrls: { 'solana:localnet': chain.rpcUrl },
    name: 'Latch Dev Wallet',
    storage: walletMemory(),
  })
  registerSolanaTestWallet(wallet.wallet)
})
afterAll(() => chain?.stop())
afterEach(() => {
  cleanup()
  for (const latch of latches.splice(0)) teardown(latch)
})

function app(storage = createMemoryStorage(), autoConnect = true) {
  const local = solanaLocalnet({ genesisHash: LOCAL_SOLANA_GENESIS_HASH, rpcUrl: chain.rpcUrl })
  const latch = createLatch({ networks: [local], adapters: [solanaAdapter({ networks: [local] })], storage })
  latches.push(latch)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <LatchProvider latch={latch}>
      <WalletProvider wallets={[]} autoConnect={autoConnect}>
        {children}
      </WalletProvider>
    </LatchProvider>
  )
  return renderHook(
    () => ({ ...useWallet(), anchor: useAnchorWallet(), ...useConnection(), modal: useWalletModal() }),
    { wrapper },
  )
}

async function connected(storage = createMemoryStorage()) {
  const hook = app(storage)
  await waitFor(() => expect(hook.result.current.wallets.length).toBe(1))
  act(() => hook.result.current.select('Latch Dev Wallet' as WalletName))
  await act(() => hook.result.current.connect())
  await waitFor(() => expect(hook.result.current.connected).toBe(true))
  return hook
}

const transfer = (from: PublicKey, lamports: number) =>
  SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports })

describe('given the wallet-adapter hooks over Latch on the local Solana chain', () => {
  it('when the app selects and connects, then publicKey is a web3.js PublicKey and the wallet says its versions', async () => {
    const hook = await connected()
    const { publicKey, wallet: entry, wallets, anchor, connection, autoConnect } = hook.result.current
    expect(publicKey).toBeInstanceOf(PublicKey)
    expect(publicKey?.toBase58()).toBe(wallet.controls.address())
    expect(wallets.map((w) => w.adapter.name)).toEqual(['Latch Dev Wallet'])
    expect(entry?.adapter.connected).toBe(true)
    expect([...(entry?.adapter.supportedTransactionVersions ?? [])]).toEqual(['legacy', 0])
    expect(anchor?.publicKey.equals(publicKey as PublicKey)).toBe(true)
    expect(autoConnect).toBe(true)
    // Without a ConnectionProvider, the Connection is on Latch's Solana network.
    expect(connection).toBeInstanceOf(Connection)
    expect(connection.rpcEndpoint).toBe(chain.rpcUrl)
  })

  it('when it signs bytes and signs in, then the signatures verify with ed25519 against publicKey', async () => {
    const hook = await connected()
    const { publicKey, signMessage, signIn } = hook.result.current
    const message = new Uint8Array([0, 255, 1, 128, 7])
    const signature = await signMessage!(message)
    expect(ed25519.verify(signature, message, publicKey!.toBytes())).toBe(true)
    expect(ed25519.verify(signature, new Uint8Array([1]), publicKey!.toBytes())).toBe(false)
    const output = await signIn!({ domain: 'localhost', statement: 'Sign in', nonce: 'abc12345' })
    expect(output.account.address).toBe(publicKey!.toBase58())
    expect(new TextDecoder().decode(output.signedMessage)).toContain('Sign in')
    expect(ed25519.verify(output.signature, output.signedMessage, publicKey!.toBytes())).toBe(true)
  })

  it('when it signs a legacy and a versioned transaction, then each comes back as its own class, signed', async () => {
    const hook = await connected()
    const { publicKey, signTransaction, signAllTransactions, connection } = hook.result.current
    const { blockhash } = await connection.getLatestBlockhash()
    const legacy = new Transaction({ feePayer: publicKey!, recentBlockhash: blockhash }).add(
      transfer(publicKey!, 1000),
    )
    const signed = await signTransaction!(legacy)
    expect(signed).toBeInstanceOf(Transaction)
    expect(signed.verifySignatures()).toBe(true)
    const v0 = new VersionedTransaction(
      new TransactionMessage({
        payerKey: publicKey!,
        recentBlockhash: blockhash,
        instructions: [transfer(publicKey!, 1000)],
      }).compileToV0Message(),
    )
    const [again, versioned] = await signAllTransactions!([legacy, v0])
    expect(again).toBeInstanceOf(Transaction)
    expect(versioned).toBeInstanceOf(VersionedTransaction)
    expect(versioned!.version).toBe(0)
    const message = versioned!.message.serialize()
    expect(ed25519.verify(versioned!.signatures[0]!, message, publicKey!.toBytes())).toBe(true)
  })

  it('when it sends a legacy transfer with no fee payer or blockhash, then the chain moves the lamports', async () => {
    const hook = await connected()
    const { publicKey, sendTransaction, connection } = hook.result.current
    const to = Keypair.generate().publicKey
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: publicKey!, toPubkey: to, lamports: LAMPORTS_PER_SOL / 100 }),
    )
    const signature = await sendTransaction(tx, connection, { skipPreflight: false, maxRetries: 1 })
    expect(tx.feePayer?.equals(publicKey!)).toBe(true)
    await waitFor(async () => expect(await connection.getBalance(to)).toBe(LAMPORTS_PER_SOL / 100), {
      timeout: 10_000,
    })
    const { value } = await connection.getSignatureStatuses([signature])
    expect(value[0]?.err).toBeNull()
  })

  it('when autoConnect is false, then a reload keeps the wallet selected but not connected until connect()', async () => {
    const storage = createMemoryStorage()
    const first = await connected(storage)
    first.unmount()
    const restored = app(storage)
    await waitFor(() => expect(restored.result.current.connected).toBe(true))
    restored.unmount()
    const off = app(storage, false)
    await waitFor(() => expect(off.result.current.wallet?.adapter.name).toBe('Latch Dev Wallet'))
    // Give a restore the time it takes above; nothing connects.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(off.result.current.connected).toBe(false)
    expect(off.result.current.autoConnect).toBe(false)
    await act(() => off.result.current.connect())
    await waitFor(() => expect(off.result.current.connected).toBe(true))
    await act(() => off.result.current.disconnect())
    expect(off.result.current.connected).toBe(false)
    expect(off.result.current.signMessage).toBeUndefined()
  })

  it('when setVisible(true), then Latch’s modal opens; connect with nothing selected throws WalletNotSelectedError', async () => {
    const hook = app()
    await expect(hook.result.current.connect()).rejects.toMatchObject({ name: 'WalletNotSelectedError' })
    act(() => hook.result.current.modal.setVisible(true))
    await waitFor(() => expect(hook.result.current.modal.visible).toBe(true))
    act(() => hook.result.current.modal.setVisible(false))
    await waitFor(() => expect(hook.result.current.modal.visible).toBe(false))
  })
})
