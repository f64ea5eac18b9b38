import {
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  isSolanaError,
  lamports,
  pipe,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_SOLANA_GENESIS_HASH, SOLANA_TEST_SEEDS } from './constants.js'
import { type LocalSolanaInstance, solanaAddressOfSeed, startLocalSolana } from './localSvm.js'

let chain: LocalSolanaInstance
let rpc: ReturnType<typeof createSolanaRpc>
let payer: TransactionSigner

beforeAll(async () => {
  chain = await startLocalSolana()
  rpc = createSolanaRpc(chain.rpcUrl)
  payer = await createKeyPairSignerFromPrivateKeyBytes(Buffer.from(SOLANA_TEST_SEEDS[0] as string, 'hex'))
})
afterAll(async () => {
  await chain?.stop()
})

async function transfer(to: string, amount: bigint, options: { skipPreflight?: boolean } = {}) {
  const { value: latest } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: payer, destination: to as never, amount: lamports(amount) }),
        m,
      ),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', ...options })
    .send()
}

async function confirmed(signature: string) {
  for (let i = 0; i < 50; i++) {
    const { value } = await rpc.getSignatureStatuses([signature as never]).send()
    if (value[0]) return value[0]
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('not confirmed')
}

describe('local Solana chain', () => {
  it('reports its genesis hash and funds the test accounts', async () => {
    expect(await rpc.getGenesisHash().send()).toBe(LOCAL_SOLANA_GENESIS_HASH)
    expect(payer.address).toBe(solanaAddressOfSeed(SOLANA_TEST_SEEDS[0] as string))
    const { value } = await rpc.getBalance(payer.address).send()
    expect(value).toBeGreaterThan(999_000_000_000n)
  })

  it('transfers SOL: the recipient has before + amount, and slot and blockhash advance', async () => {
    const recipient = (await generateKeyPairSigner()).address
    const before = (await rpc.getBalance(recipient).send()).value
    const slot = await rpc.getSlot().send()
    const { value: latest } = await rpc.getLatestBlockhash().send()
    const signature = await transfer(recipient, 5_000_000n)
    const status = await confirmed(signature)
    expect(status.err).toBeNull()
    expect(status.confirmationStatus).toBe('finalized')
    expect((await rpc.getBalance(recipient).send()).value).toBe(before + 5_000_000n)
    expect(await rpc.getSlot().send()).toBeGreaterThan(slot)
    expect((await rpc.getLatestBlockhash().send()).value.blockhash).not.toBe(latest.blockhash)
    const account = await rpc.getAccountInfo(recipient, { encoding: 'base64' }).send()
    expect(account.value?.lamports).toBe(5_000_000n)
    expect(account.value?.owner).toBe('11111111111111111111111111111111')
  })

  it('rejects an over-balance transfer with the chain’s own error and changes nothing', async () => {
    const recipient = (await generateKeyPairSigner()).address
    const balance = (await rpc.getBalance(payer.address).send()).value
    const error = await transfer(recipient, balance + 1n).catch((e: unknown) => e)
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)
    const context = (error as { context: { logs?: string[] } }).context
    expect(context.logs?.join('\n')).toMatch(/insufficient lamports/)
    // kit decodes the chain's TransactionError (system program: ResultWithNegativeLamports = 1).
    expect((error as { cause?: Error }).cause?.message).toMatch(/Custom program error: #1/)
    expect((await rpc.getBalance(payer.address).send()).value).toBe(balance)
    expect((await rpc.getBalance(recipient).send()).value).toBe(0n)
  })

  it('records a failed transaction sent without preflight, with its error', async () => {
    const recipient = (await generateKeyPairSigner()).address
    const balance = (await rpc.getBalance(payer.address).send()).value
    const signature = await transfer(recipient, balance * 2n, { skipPreflight: true })
    const status = await confirmed(signature)
    expect(status.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
  })

  it('answers fees, rent and the epoch', async () => {
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)
    const info = await rpc.getEpochInfo().send()
    expect(info.absoluteSlot).toBe(await rpc.getSlot().send())
    expect(await rpc.getBlockHeight().send()).toBe(info.blockHeight)
  })

  it('rejects bad input with JSON-RPC errors', async () => {
    const bad = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['not-an-address'] }),
    }).then((r) => r.json())
    expect(bad.error.code).toBe(-32602)
    const unknown = await fetch(chain.rpcUrl, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'nope', params: [] }),
    }).then((r) => r.json())
    expect(unknown.error.code).toBe(-32601)
    const garbage = await fetch(chain.rpcUrl, { method: 'POST', body: '{' }).then((r) => r.json())
    expect(garbage.error.code).toBe(-32700)
  })
})
