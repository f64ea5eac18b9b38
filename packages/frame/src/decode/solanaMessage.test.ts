import { base58 } from '@scure/base'
import {
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  address as solanaAddress,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ApprovalView } from '../approval.js'
import { solanaRequest } from '../solanaWallet.js'
import { readsAsTransactionMessage } from './solanaMessage.js'

// solana_signMessage never signs a transaction message: the signature would be the transaction's.

const solanaOwner = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const ask = (message: Uint8Array) => {
  const shown: ApprovalView[] = []
  const result = solanaRequest(
    {
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      method: 'solana_signMessage',
      params: { message: base58.encode(message), pubkey: solanaOwner },
    },
    {
      address: solanaOwner,
      origin: 'https://app.example',
      dappName: undefined,
      rpcUrl: undefined,
      broadcast: async () => {
        throw new Error('A message is never broadcast')
      },
      approve: async (build) => {
        shown.push(await build())
        throw Object.assign(new Error('User rejected the request'), { code: 'USER_REJECTED' })
      },
    },
  ).then(
    () => ({ code: 'SIGNED', shown }),
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message, shown }),
  )
  return result
}
const transferMessage = () => {
  const payer = createNoopSigner(solanaAddress(solanaOwner))
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(payer.address, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: payer,
          destination: solanaAddress('JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'),
          amount: lamports(5_000_000_000n),
        }),
        m,
      ),
  )
  return new Uint8Array(compileTransaction(message).messageBytes)
}

describe('given solana_signMessage', () => {
  it('when the bytes are a transaction message (a 5-SOL transfer), then it is refused before any screen', async () => {
    const outcome = await ask(transferMessage())
    expect(outcome.code).toBe('INVALID_PARAMS')
    expect(outcome.shown).toEqual([])
  })

  it('when the bytes are a v0 transaction message, then it is refused', async () => {
    const legacy = transferMessage()
    // The same message as version 0, with no lookup table.
    const v0 = new Uint8Array([0x80, ...legacy, 0])
    expect((await ask(v0)).code).toBe('INVALID_PARAMS')
  })

  it('when the bytes start with the off-chain prefix but are not a well-formed off-chain message, then it is refused', async () => {
    const prefix = new Uint8Array([0xff, ...new TextEncoder().encode('solana offchain')])
    expect((await ask(new Uint8Array([...prefix, 0, 0, 200, 0, 65]))).code).toBe('INVALID_PARAMS')
  })

  it('when the bytes are a well-formed off-chain message, then the screen shows its text', async () => {
    const body = new TextEncoder().encode('Hello from app.example')
    const prefix = [0xff, ...new TextEncoder().encode('solana offchain')]
    const outcome = await ask(new Uint8Array([...prefix, 0, 0, body.length, 0, ...body]))
    expect(outcome.code).toBe('USER_REJECTED')
    expect(outcome.shown).toMatchObject([{ kind: 'message', text: 'Hello from app.example' }])
  })

  it('when the bytes are plain text, then the screen shows it', async () => {
    const outcome = await ask(new TextEncoder().encode('Sign in to app.example'))
    expect(outcome.code).toBe('USER_REJECTED')
    expect(outcome.shown).toMatchObject([{ kind: 'message', text: 'Sign in to app.example' }])
  })
})

describe('given any bytes posed as a Solana message', () => {
  it('then every transaction message, with any trailing bytes, reads as one (and so is refused)', () => {
    const key = fc.uint8Array({ minLength: 32, maxLength: 32 })
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(key, { minLength: 4, maxLength: 6 }),
        fc.array(
          fc.record({ accounts: fc.uint8Array({ maxLength: 4 }), data: fc.uint8Array({ maxLength: 40 }) }),
          {
            maxLength: 3,
          },
        ),
        fc.boolean(),
        fc.uint8Array({ maxLength: 8 }),
        (required, keys, instructions, v0, trailing) => {
          const body = [required, 0, 0, keys.length, ...keys.flatMap((k) => [...k]), ...new Uint8Array(32)]
          body.push(instructions.length)
          for (const i of instructions)
            body.push(0, i.accounts.length, ...i.accounts, i.data.length, ...i.data)
          const message = v0 ? [0x80, ...body, 0] : body
          expect(readsAsTransactionMessage(new Uint8Array([...message, ...trailing]))).toBe(true)
        },
      ),
    )
  })

  it('then bytes of any shape get an answer: refused, or shown whole (never an exception of another kind)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), async (bytes) => {
        const outcome = await ask(bytes)
        expect(['INVALID_PARAMS', 'USER_REJECTED']).toContain(outcome.code)
        if (outcome.code === 'USER_REJECTED') {
          const view = outcome.shown[0] as ApprovalView & { kind: 'message' }
          expect(view.hex).toBe(`0x${Buffer.from(bytes).toString('hex')}`)
        }
      }),
      { numRuns: 300 },
    )
  })
})
