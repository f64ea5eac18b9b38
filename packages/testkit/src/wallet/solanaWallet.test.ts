import { address, createSolanaRpc, generateKeyPairSigner, getBase58Decoder } from '@solana/kit'
import type { WalletAccount } from '@wallet-standard/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_TEST_SEEDS } from '../solana/constants.js'
import { type LocalSolanaInstance, solanaAddressOfSeed, startLocalSolana } from '../solana/localSvm.js'
import { isEd25519SignatureOf, unsignedTransfer } from '../solana/testTransfers.js'
import { createSolanaTestWallet } from './solanaWallet.js'
import { createMemoryStorage } from './storage.js'

let chain: LocalSolanaInstance
beforeAll(async () => {
  chain = await startLocalSolana()
})
afterAll(async () => {
  await chain?.stop()
})

// biome-ignore lint/suspicious/noExplicitAny: the features are typed per name by the test below
type Features = Record<string, any>

function setup(storage = createMemoryStorage()) {
  const created = createSolanaTestWallet({
    seeds: SOLANA_TEST_SEEDS.slice(0, 2),
    rpcUrls: { 'solana:localnet': chain.rpcUrl },
    storage,
  })
  return { ...created, features: created.wallet.features as Features, storage }
}

describe('Solana test wallet (Wallet Standard)', () => {
  it('connects, signs a message with its ed25519 key and remembers the site', async () => {
    const { wallet, features, storage, controls } = setup()
    expect((await features['standard:connect'].connect({ silent: true })).accounts).toEqual([])
    const changes: unknown[] = []
    features['standard:events'].on('change', (change: unknown) => changes.push(change))
    const { accounts } = await features['standard:connect'].connect()
    const account = accounts[0] as WalletAccount
    expect(account.address).toBe(solanaAddressOfSeed(SOLANA_TEST_SEEDS[0] as string))
    expect(wallet.accounts).toEqual([account])
    expect(changes).toHaveLength(1)
    const message = new TextEncoder().encode('hello solana')
    const [signed] = await features['solana:signMessage'].signMessage({ account, message })
    expect(isEd25519SignatureOf(signed.signature, message, account.publicKey as Uint8Array)).toBe(true)
    // A reload: the same storage, a silent connect restores without a prompt.
    const again = setup(storage)
    expect((await again.features['standard:connect'].connect({ silent: true })).accounts[0].address).toBe(
      account.address,
    )
    expect(controls.requests()).toEqual([
      'standard:connect (silent)',
      'standard:connect',
      'solana:signMessage',
    ])
  })

  it('rejects with 4001 when told to, and stops answering for an unauthorized account', async () => {
    const { features, controls } = setup()
    controls.rejectNext()
    await expect(features['standard:connect'].connect()).rejects.toMatchObject({ code: 4001 })
    const { accounts } = await features['standard:connect'].connect()
    controls.setApproval('reject')
    await expect(
      features['solana:signMessage'].signMessage({ account: accounts[0], message: new Uint8Array([1]) }),
    ).rejects.toMatchObject({ code: 4001 })
    controls.setApproval('approve')
    const changes: { accounts: WalletAccount[] }[] = []
    features['standard:events'].on('change', (change: { accounts: WalletAccount[] }) => changes.push(change))
    controls.setAccount(1)
    expect(changes.at(-1)?.accounts[0]?.address).toBe(solanaAddressOfSeed(SOLANA_TEST_SEEDS[1] as string))
    await expect(
      features['solana:signMessage'].signMessage({ account: accounts[0], message: new Uint8Array([1]) }),
    ).rejects.toMatchObject({ code: 4100 })
    controls.disconnect()
    expect(changes.at(-1)?.accounts).toEqual([])
  })

  it('signs and sends a transfer to the local chain, and passes on the chain’s error', async () => {
    const { features, controls } = setup()
    const { accounts } = await features['standard:connect'].connect()
    const account = accounts[0] as WalletAccount
    const recipient = (await generateKeyPairSigner()).address
    const transaction = await unsignedTransfer(chain.rpcUrl, {
      from: account.address,
      to: recipient,
      lamports: 1_000_000n,
    })
    const [{ signature }] = await features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      transaction,
      chain: 'solana:localnet',
    })
    expect(signature).toHaveLength(64)
    const rpc = createSolanaRpc(chain.rpcUrl)
    const { value } = await rpc.getSignatureStatuses([getBase58Decoder().decode(signature) as never]).send()
    expect(value[0]?.err).toBeNull()
    expect((await rpc.getBalance(recipient).send()).value).toBe(1_000_000n)

    const balance = (await rpc.getBalance(address(account.address)).send()).value
    const tooMuch = await unsignedTransfer(chain.rpcUrl, {
      from: account.address,
      to: recipient,
      lamports: balance + 1n,
    })
    await expect(
      features['solana:signAndSendTransaction'].signAndSendTransaction({
        account,
        transaction: tooMuch,
        chain: 'solana:localnet',
      }),
    ).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(/custom program error: 0x1/) })
    expect(controls.requests().filter((r) => r === 'solana:signAndSendTransaction')).toHaveLength(2)
  })
})
