// The Solana adapter driven through the core (createLatch + actions) against the test kit's
// local Solana chain (the real SVM) and its Wallet Standard test wallet, registered through the
// `wallet-standard:register-wallet` event protocol on a window.
import {
  connect,
  createLatch,
  createMemoryStorage,
  disconnect,
  hydrate,
  InvalidParamsRpcError,
  InvalidWalletResponseError,
  sendTransaction,
  signMessage,
  teardown,
  UserRejectedRequestError,
  waitForTransaction,
} from '@latch/core'
import { formatSiwsMessage, siwsChainId } from '@latch/core/internal'
import { createSolanaRpc, generateKeyPairSigner, getBase64Decoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_SOLANA_GENESIS_HASH, SOLANA_TEST_SEEDS } from '../../testkit/src/solana/constants.js'
import { type LocalSolanaInstance, startLocalSolana } from '../../testkit/src/solana/localSvm.js'
import { unsignedTransfer } from '../../testkit/src/solana/testTransfers.js'
import {
  createSolanaTestWallet,
  registerSolanaTestWallet,
  type SolanaTestWallet,
} from '../../testkit/src/wallet/solanaWallet.js'
import { createMemoryStorage as walletMemory } from '../../testkit/src/wallet/storage.js'
import { answerSolanaRequest, solanaKeyOfSeed } from '../../testkit/src/walletconnect/solana-namespace.js'
import {
  type SolanaAdapter,
  type SolanaSessionProvider,
  type SolanaTransaction,
  solanaAdapter,
  solanaLocalnet,
} from './index.js'

Object.assign(globalThis, { window: globalThis.window ?? new EventTarget() })

let chain: LocalSolanaInstance
let wallet: SolanaTestWallet
const walletStorage = walletMemory()

beforeAll(async () => {
  chain = await startLocalSolana()
  // One wallet in the "browser", registered as an extension does.
  wallet = createSolanaTestWallet({
    seeds: SOLANA_TEST_SEEDS.slice(1, 3),
    rpcUrls: { 'solana:localnet': chain.rpcUrl },
    name: 'Latch Dev Wallet',
    storage: walletStorage,
  })
  registerSolanaTestWallet(wallet.wallet)
})
afterAll(() => chain?.stop())

const transfer = (from: string, to: string, amount: bigint) =>
  unsignedTransfer(chain.rpcUrl, { from, to, lamports: amount })

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

function page(storage = createMemoryStorage()) {
  const local = solanaLocalnet({ genesisHash: LOCAL_SOLANA_GENESIS_HASH, rpcUrl: chain.rpcUrl })
  const latch = createLatch({ networks: [local], adapters: [solanaAdapter({ networks: [local] })], storage })
  return { latch, storage, local, ns: () => latch.store.getState().namespaces.solana! }
}

describe('solana adapter on the local chain', () => {
  it('finds the wallet, connects, shows the SOL balance and signs a message (base58, ed25519)', async () => {
    const { latch, ns } = page()
    await hydrate(latch)
    expect(latch.store.getState().connectors.solana?.map((c) => c.name)).toEqual(['Latch Dev Wallet'])
    await connect(latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'solana' })
    expect(ns().account.status).toBe('connected')
    expect(ns().account.address).toBe(wallet.controls.address())
    expect(ns().account.caipAddress).toBe(
      `solana:${LOCAL_SOLANA_GENESIS_HASH.slice(0, 32)}:${wallet.controls.address()}`,
    )
    await until(() => ns().account.balance !== undefined)
    expect(ns().account.balance).toBe('1,000.00')
    expect(ns().account.balanceSymbol).toBe('SOL')

    const signature = await signMessage(latch, { message: 'hello from latch', namespace: 'solana' })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    const adapter = latch.adapters.get('solana')!
    const network = ns().network.caipNetwork!
    expect(
      await adapter.verifyMessage?.({
        address: ns().account.address!,
        message: 'hello from latch',
        signature,
        caipNetwork: network,
      }),
    ).toBe(true)
    expect(
      await adapter.verifyMessage?.({
        address: ns().account.address!,
        message: 'something else',
        signature,
        caipNetwork: network,
      }),
    ).toBe(false)
    teardown(latch)
  })

  it('sends SOL: confirmed, the recipient has before + amount; an over-balance transfer gives the chain’s error', async () => {
    const { latch, ns } = page()
    await hydrate(latch)
    await connect(latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'solana' })
    const recipient = (await generateKeyPairSigner()).address
    const rpc = createSolanaRpc(chain.rpcUrl)
    const before = (await rpc.getBalance(recipient).send()).value
    const hash = await sendTransaction<SolanaTransaction>(latch, {
      namespace: 'solana',
      to: recipient,
      value: 2_500_000n,
      options: { preflightCommitment: 'singleGossip', maxRetries: 2 },
    })
    const receipt = await waitForTransaction(latch, { hash, namespace: 'solana' })
    expect(receipt.status).toBe('success')
    expect((await createSolanaRpc(chain.rpcUrl).getBalance(recipient).send()).value).toBe(before + 2_500_000n)

    const error = await sendTransaction<SolanaTransaction>(latch, {
      namespace: 'solana',
      to: recipient,
      value: 10n ** 15n,
    }).catch((e: unknown) => e as Error)
    expect((error as { shortMessage?: string }).shortMessage).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect(ns().account.status).toBe('connected')
    teardown(latch)
  })

  it('prepares a SOL transfer for Send with the fee the chain asks (one signature: 5,000 lamports); refuses a recipient of another chain', async () => {
    const { latch, ns } = page()
    await hydrate(latch)
    await connect(latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'solana' })
    const adapter = latch.adapters.get('solana')!
    const network = ns().network.caipNetwork!
    const recipient = (await generateKeyPairSigner()).address
    expect(adapter.parseRecipient?.(recipient)).toBe(recipient)
    expect(adapter.parseRecipient?.('0x8ba1f109551bD432803012645Ac136ddd64DBA72')).toBeUndefined()
    // A '0' is outside base58's alphabet (a letter appended to a short address can still spell 32 bytes).
    expect(adapter.parseRecipient?.(`${recipient}0`)).toBeUndefined()
    const from = ns().account.address!
    const prepared = await adapter.prepareTransfer!({
      from,
      to: recipient,
      amount: 1_000_000n,
      caipNetwork: network,
    })
    expect(prepared).toEqual({ transaction: { to: recipient, value: 1_000_000n }, fee: 5_000n })
    // A token that is no mint is refused with the reason, before any wallet is asked.
    await expect(
      adapter.prepareTransfer!({ from, to: recipient, amount: 1n, token: recipient, caipNetwork: network }),
    ).rejects.toThrow(`${recipient} is not a token mint on this network.`)
    await expect(
      adapter.prepareTransfer!({ from, to: 'not-an-address', amount: 1n, caipNetwork: network }),
    ).rejects.toThrow('Not a Solana address.')
    teardown(latch)
  })

  it('rejects sign-and-send options outside the spec’s values before asking the wallet', async () => {
    const { latch } = page()
    await hydrate(latch)
    await connect(latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'solana' })
    const to = (await generateKeyPairSigner()).address
    const asked = wallet.controls.requests().length
    for (const options of [
      { preflightCommitment: 'soon' },
      { maxRetries: -1 },
      { maxRetries: 1.5 },
      { minContextSlot: '3' },
      { skipPreflight: 'yes' },
      { retry: true },
    ]) {
      await expect(
        sendTransaction<SolanaTransaction>(latch, {
          namespace: 'solana',
          to,
          value: 1n,
          options: options as never,
        }),
      ).rejects.toBeInstanceOf(InvalidParamsRpcError)
    }
    await expect(
      sendTransaction<SolanaTransaction>(latch, { namespace: 'solana', to: 'not-an-address', value: 1n }),
    ).rejects.toBeInstanceOf(InvalidParamsRpcError)
    expect(wallet.controls.requests().length).toBe(asked)
    teardown(latch)
  })

  it('restores after a reload without prompting, forgets when the wallet revoked, follows account changes', async () => {
    const first = page()
    await hydrate(first.latch)
    await connect(first.latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'solana' })
    teardown(first.latch)

    const reloaded = page(first.storage)
    await hydrate(reloaded.latch)
    expect(reloaded.ns().account.status).toBe('connected')
    expect(wallet.controls.requests().at(-1)).toBe('standard:connect (silent)')

    wallet.controls.setAccount(1)
    await until(() => reloaded.ns().account.address === wallet.controls.address())
    wallet.controls.setAccount(0)
    await until(() => reloaded.ns().account.address === wallet.controls.address())

    wallet.controls.disconnect()
    await until(() => reloaded.ns().account.status === 'disconnected')
    teardown(reloaded.latch)

    const again = page(first.storage)
    await hydrate(again.latch)
    expect(again.ns().account.status).toBe('disconnected')
    teardown(again.latch)
  })

  it('a declined connect leaves the namespace disconnected; disconnect ends the wallet’s session', async () => {
    const { latch, ns } = page()
    await hydrate(latch)
    wallet.controls.disconnect()
    wallet.controls.rejectNext()
    await expect(
      connect(latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'solana' }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(ns().account.status).toBe('disconnected')
    await connect(latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'solana' })
    await disconnect(latch, { namespace: 'solana' })
    expect(ns().account.status).toBe('disconnected')
    expect(wallet.controls.requests().at(-1)).toBe('standard:disconnect')
    teardown(latch)
  })

  it('a wallet that answers a malformed account or signature gets a clear error and leaves state consistent', async () => {
    const good = createSolanaTestWallet({
      seeds: SOLANA_TEST_SEEDS.slice(2, 3),
      rpcUrls: { 'solana:localnet': chain.rpcUrl },
      storage: walletMemory(),
    })
    let mode: 'bad-account' | 'bad-signature' = 'bad-account'
    const features = good.wallet.features as Record<string, Record<string, unknown>>
    const broken = {
      ...good.wallet,
      name: 'Broken Wallet',
      get accounts() {
        return good.wallet.accounts
      },
      features: {
        ...good.wallet.features,
        'standard:connect': {
          version: '1.0.0',
          async connect(input?: { silent?: boolean }) {
            const result = await (
              features['standard:connect']!.connect as (i?: unknown) => Promise<{ accounts: unknown[] }>
            )(input)
            if (mode === 'bad-account')
              return { accounts: [{ ...(result.accounts[0] as object), address: '0xnot-solana' }] }
            return result
          },
        },
        'solana:signMessage': {
          version: '1.1.0',
          async signMessage() {
            return [{ signedMessage: new Uint8Array([1]), signature: new Uint8Array(10) }]
          },
        },
      },
    }
    registerSolanaTestWallet(broken as never)
    const { latch, ns } = page()
    await hydrate(latch)
    await expect(
      connect(latch, { connectorId: 'ws:broken-wallet', namespace: 'solana' }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
    expect(ns().account.status).toBe('disconnected')
    mode = 'bad-signature'
    await connect(latch, { connectorId: 'ws:broken-wallet', namespace: 'solana' })
    await expect(signMessage(latch, { message: 'x', namespace: 'solana' })).rejects.toBeInstanceOf(
      InvalidWalletResponseError,
    )
    expect(ns().account.status).toBe('connected')
    teardown(latch)
  })

  it('signs several transactions in one wallet request (sign-all); both land on the chain', async () => {
    const { latch, ns } = page()
    await hydrate(latch)
    await connect(latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'solana' })
    const adapter = latch.adapters.get('solana') as SolanaAdapter
    const recipient = (await generateKeyPairSigner()).address
    const rpc = createSolanaRpc(chain.rpcUrl)
    const before = (await rpc.getBalance(recipient).send()).value
    const from = ns().account.address!
    const transactions = [
      await transfer(from, recipient, 1_000_000n),
      await transfer(from, recipient, 2_000_000n),
    ]
    const asked = wallet.controls.requests().length
    const signed = await adapter.signAllTransactions({ transactions })
    expect(wallet.controls.requests().slice(asked)).toEqual(['solana:signTransaction'])
    expect(signed).toHaveLength(2)
    for (const bytes of signed)
      await rpc.sendTransaction(getBase64Decoder().decode(bytes) as never, { encoding: 'base64' }).send()
    expect((await rpc.getBalance(recipient).send()).value).toBe(before + 3_000_000n)

    await expect(adapter.signAllTransactions({ transactions: [] })).rejects.toBeInstanceOf(
      InvalidParamsRpcError,
    )
    await expect(
      adapter.signAllTransactions({ transactions: [new Uint8Array([1, 2, 3])] }),
    ).rejects.toBeInstanceOf(InvalidParamsRpcError)
    expect(wallet.controls.requests().length).toBe(asked + 1)
    teardown(latch)
  })

  it('follows a session connector’s account changes on its solana side (only accounts on the app’s networks)', async () => {
    const [first, second] = [solanaKeyOfSeed(SOLANA_TEST_SEEDS[0]!), solanaKeyOfSeed(SOLANA_TEST_SEEDS[1]!)]
    const local = solanaLocalnet({ genesisHash: LOCAL_SOLANA_GENESIS_HASH, rpcUrl: chain.rpcUrl })
    let accounts = [`${local.caipNetworkId}:${first.address}`]
    const listeners = new Set<(accounts: readonly string[]) => void>()
    const provider: SolanaSessionProvider = {
      accounts: () => accounts,
      async request({ method, params }) {
        const key = accounts[0]?.endsWith(second.address) ? second : first
        const outcome = await answerSolanaRequest({ key, rpcUrl: chain.rpcUrl }, method, params)
        if ('error' in outcome) throw outcome.error
        return outcome.result
      },
      onAccountsChanged(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    }
    const seen: (readonly unknown[])[] = []
    const adapter = solanaAdapter({ networks: [local] })
    const stop = adapter.setup?.({
      onAccountsChanged: (next) => seen.push(next),
      onChainChanged: () => {},
      onDisconnect: () => {},
      onConnectorsChanged: () => {},
    })
    await adapter.attachSession!({
      connectorId: 'walletConnect',
      connectorType: 'WALLET_CONNECT',
      provider,
      walletName: 'Phone Wallet',
      caipNetwork: local,
    })
    const change = (next: string[]) => {
      accounts = next
      for (const listener of listeners) listener(next)
    }
    // Another chain's account, or the same account again: nothing to follow.
    change([`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${second.address}`, ...accounts])
    change([`${local.caipNetworkId}:${second.address}`])
    await until(() => seen.length > 0)
    expect(seen).toEqual([[second.address]])
    const signature = await adapter.signMessage({ message: 'after the change', address: second.address })
    expect(
      await adapter.verifyMessage!({
        address: second.address,
        message: 'after the change',
        signature,
        caipNetwork: local,
      }),
    ).toBe(true)
    await expect(adapter.signMessage({ message: 'old', address: first.address })).rejects.toThrow()
    // No account left on the app's networks: the side is disconnected.
    change([])
    await until(() => seen.length > 1)
    expect(seen.at(-1)).toEqual([])
    stop?.()
  })

  it('serves a session connector’s solana namespace (WalletConnect’s Solana methods): sign message, sign-all, sign and send', async () => {
    const key = solanaKeyOfSeed(SOLANA_TEST_SEEDS[0]!)
    const local = solanaLocalnet({ genesisHash: LOCAL_SOLANA_GENESIS_HASH, rpcUrl: chain.rpcUrl })
    const calls: { method: string; chainId: string }[] = []
    const provider: SolanaSessionProvider = {
      accounts: () => [`${local.caipNetworkId}:${key.address}`],
      methods: () => [
        'solana_signMessage',
        'solana_signTransaction',
        'solana_signAllTransactions',
        'solana_signAndSendTransaction',
      ],
      async request({ method, params }, chainId) {
        calls.push({ method, chainId })
        const outcome = await answerSolanaRequest({ key, rpcUrl: chain.rpcUrl }, method, params)
        if ('error' in outcome) throw outcome.error
        return outcome.result
      },
    }
    const adapter = solanaAdapter({ networks: [local] })
    const result = await adapter.attachSession!({
      connectorId: 'walletConnect',
      connectorType: 'WALLET_CONNECT',
      provider,
      walletName: 'Phone Wallet',
      caipNetwork: local,
    })
    expect(result).toMatchObject({ address: key.address, chainId: local.id, connectorType: 'WALLET_CONNECT' })

    const signature = await adapter.signMessage({ message: 'over WalletConnect', address: key.address })
    expect(
      await adapter.verifyMessage!({
        address: key.address,
        message: 'over WalletConnect',
        signature,
        caipNetwork: local,
      }),
    ).toBe(true)
    expect(calls.at(-1)).toEqual({ method: 'solana_signMessage', chainId: local.caipNetworkId })

    const recipient = (await generateKeyPairSigner()).address
    const rpc = createSolanaRpc(chain.rpcUrl)
    const before = (await rpc.getBalance(recipient).send()).value
    const signed = await adapter.signAllTransactions({
      transactions: [
        await transfer(key.address, recipient, 1_000n * 1_000n),
        await transfer(key.address, recipient, 7_000_000n),
      ],
    })
    expect(calls.at(-1)?.method).toBe('solana_signAllTransactions')
    for (const bytes of signed)
      await rpc.sendTransaction(getBase64Decoder().decode(bytes) as never, { encoding: 'base64' }).send()

    const hash = await adapter.sendTransaction({
      transaction: { to: recipient, value: 500_000n },
      caipNetwork: local,
    })
    expect(calls.at(-1)?.method).toBe('solana_signAndSendTransaction')
    expect((await adapter.waitForTransaction!({ hash, caipNetwork: local })).status).toBe('success')
    expect((await rpc.getBalance(recipient).send()).value).toBe(before + 8_500_000n)

    // A wallet that signs something else than it was asked is refused.
    const bad = { ...provider, methods: () => ['solana_signMessage', 'solana_signTransaction'] }
    bad.request = async ({ method, params }, chainId) => {
      if (method !== 'solana_signTransaction') return provider.request({ method, params }, chainId)
      const other = await transfer(key.address, recipient, 9n)
      const outcome = await answerSolanaRequest({ key, rpcUrl: chain.rpcUrl }, method, {
        transaction: getBase64Decoder().decode(other),
      })
      return 'result' in outcome ? outcome.result : undefined
    }
    await adapter.attachSession!({
      connectorId: 'walletConnect',
      connectorType: 'WALLET_CONNECT',
      provider: bad,
      walletName: 'Bad',
      caipNetwork: local,
    })
    await expect(
      adapter.signTransaction({ transaction: await transfer(key.address, recipient, 1n) }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
    await expect(
      adapter.attachSession!({
        connectorId: 'walletConnect',
        connectorType: 'WALLET_CONNECT',
        provider: { ...provider, accounts: () => [`${local.caipNetworkId}:0xnot-solana`] },
        walletName: 'Bad',
        caipNetwork: local,
      }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
  })

  it('signs in with solana:signIn where the wallet has it, else signs the text; a sign-in for something else is refused', async () => {
    const { latch, ns, local } = page()
    await hydrate(latch)
    await connect(latch, { connectorId: 'ws:latch-dev-wallet', namespace: 'solana' })
    const adapter = latch.adapters.get('solana') as SolanaAdapter
    const addressNow = ns().account.address!
    const data = {
      accountAddress: addressNow,
      chainId: local.caipNetworkId,
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      version: '1',
      nonce: 'n0nceN0nce12',
      issuedAt: '2026-01-01T00:00:00.000Z',
      statement: 'Sign in to Example.',
    }
    const formatted = formatSiwsMessage({ ...data, address: addressNow, chainId: siwsChainId(data.chainId) })
    const asked = wallet.controls.requests().length
    const signed = await adapter.signSiwx!({ data, message: formatted, address: addressNow })
    expect(wallet.controls.requests().slice(asked)).toEqual(['solana:signIn'])
    // The wallet wrote the same text from the fields; its signature verifies.
    expect(signed.message).toBe(formatted)
    expect(
      await adapter.verifyMessage!({
        address: addressNow,
        message: signed.message,
        signature: signed.signature,
        caipNetwork: local,
      }),
    ).toBe(true)
    await expect(
      adapter.signSiwx!({
        data: { ...data, nonce: 'otherNonce99' },
        message: formatted,
        address: addressNow,
      }),
    ).resolves.toMatchObject({ message: expect.stringContaining('Nonce: otherNonce99') })
    teardown(latch)

    // A wallet without solana:signIn signs the formatted text as a message.
    const plain = createSolanaTestWallet({
      seeds: SOLANA_TEST_SEEDS.slice(0, 1),
      rpcUrls: { 'solana:localnet': chain.rpcUrl },
      name: 'Plain Wallet',
      storage: walletMemory(),
    })
    const { 'solana:signIn': _signIn, ...features } = plain.wallet.features
    const lying = createSolanaTestWallet({
      seeds: SOLANA_TEST_SEEDS.slice(0, 1),
      rpcUrls: { 'solana:localnet': chain.rpcUrl },
      name: 'Lying Wallet',
      storage: walletMemory(),
    })
    const lyingSignIn = lying.wallet.features['solana:signIn'] as {
      signIn: (...i: unknown[]) => Promise<unknown[]>
    }
    registerSolanaTestWallet({ ...plain.wallet, accounts: plain.wallet.accounts, features } as never)
    registerSolanaTestWallet({
      ...lying.wallet,
      features: {
        ...lying.wallet.features,
        'solana:signIn': {
          version: '1.0.0',
          signIn: (input: Record<string, unknown>) => lyingSignIn.signIn({ ...input, nonce: 'swapped00000' }),
        },
      },
    } as never)
    const second = page()
    await hydrate(second.latch)
    await connect(second.latch, { connectorId: 'ws:plain-wallet', namespace: 'solana' })
    const plainAddress = second.ns().account.address!
    const plainData = { ...data, accountAddress: plainAddress }
    const text = formatSiwsMessage({
      ...plainData,
      address: plainAddress,
      chainId: siwsChainId(data.chainId),
    })
    const viaMessage = await (second.latch.adapters.get('solana') as SolanaAdapter).signSiwx!({
      data: plainData,
      message: text,
      address: plainAddress,
    })
    expect(viaMessage.message).toBe(text)
    expect(plain.controls.requests()).toContain('solana:signMessage')
    await connect(second.latch, { connectorId: 'ws:lying-wallet', namespace: 'solana' })
    await expect(
      (second.latch.adapters.get('solana') as SolanaAdapter).signSiwx!({
        data: plainData,
        message: text,
        address: plainAddress,
      }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
    teardown(second.latch)
  })
})
