import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64, base64urlnopad } from '@scure/base'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import type { Api } from './api.js'
import type { ApprovalView } from './approval.js'
import { addressesOf, splitEntropy } from './custody.js'
import { decodeSolanaTransaction } from './solana.js'
import { type DeviceRecord, wrapShare } from './storage.js'
import { createWallet } from './wallet.js'

// The Solana side of the frame's signing: the key rebuilt from the device share and the auth
// share, SLIP-0010 at m/44'/501'/0'/0', signs only after the approval screen said yes.

const devMnemonic = 'test test test test test test test test test test test junk'
const email = 'visitor@example.com'
const cluster = 'solana:3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN'
const recipient = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'
const token = `e30.${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify({ jti: 's' })))}.sig`

async function setUp(
  decide: (view: ApprovalView) => boolean = () => true,
  rpcUrls: Record<string, string> = {},
) {
  const entropy = mnemonicToEntropy(devMnemonic, wordlist)
  const { solana } = await addressesOf(entropy.slice())
  const shares = await splitEntropy(entropy)
  const record: DeviceRecord = {
    deviceKey: await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]),
    wrapKey: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
    token,
    email,
    accounts: {},
  }
  record.accounts![email] = {
    solanaAddress: solana,
    deviceShare: await wrapShare(record, shares.device, `latch-share|p1|${email}`),
  }
  const authShare = base64urlnopad.encode(shares.auth)
  const released: string[] = []
  const api = {
    nonce: async () => ({ nonce: `n${released.length}` }),
    share: async (proof: { nonce: string }) => {
      released.push(proof.nonce)
      return { authShare }
    },
  } as unknown as Api
  const shown: ApprovalView[] = []
  const handlers = createWallet({
    projectId: 'p1',
    chainId: 'eip155:1',
    recoveryPolicy: 'user',
    api,
    store: { load: async () => record, save: async () => {} },
    record,
    askPassword: async () => {},
    setVisible: () => {},
    sessionEnded: () => {},
    parentOrigin: 'https://app.example',
    rpcUrls,
    showApproval: (view) => {
      shown.push(view)
      return { decision: Promise.resolve(decide(view)), cancel: () => {} }
    },
  })
  const ask = (method: string, params: unknown) =>
    handlers
      .SOLANA_REQUEST({ chainId: cluster, method, params })
      .then((answer) => (answer as { result: unknown }).result)
  return { ask, solana, shown, released }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string }) => error.code,
  )

function transfer(from: string) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash, lastValidBlockHeight: 1n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(address(from)),
          destination: address(recipient),
          amount: lamports(250_000_000n),
        }),
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

describe('given the frame’s SOLANA_REQUEST handler and a signed-in wallet', () => {
  it('when a message is approved, then the screen shows its text and the signature verifies for the account', async () => {
    const { ask, solana, shown, released } = await setUp()
    const message = new TextEncoder().encode('Hello from the Latch demo')
    const result = (await ask('solana_signMessage', { message: base58.encode(message), pubkey: solana })) as {
      signature: string
    }
    expect(ed25519.verify(base58.decode(result.signature), message, base58.decode(solana))).toBe(true)
    expect(shown).toMatchObject([
      { kind: 'message', text: 'Hello from the Latch demo', origin: 'https://app.example', from: solana },
    ])
    expect(released).toHaveLength(1)
    expect(await ask('solana_getAccounts', {})).toEqual([{ pubkey: solana }])
  })

  it('when a transaction is approved for signing only, then the screen shows the transfer and the signed bytes carry the account’s signature', async () => {
    const { ask, solana, shown } = await setUp()
    const wire = transfer(solana)
    const result = (await ask('solana_signTransaction', { transaction: base64.encode(wire) })) as {
      signature: string
      transaction: string
    }
    const signed = decodeSolanaTransaction(base64.decode(result.transaction))
    expect(base58.encode(signed.signatures[0] as Uint8Array)).toBe(result.signature)
    expect(ed25519.verify(signed.signatures[0] as Uint8Array, signed.message, base58.decode(solana))).toBe(
      true,
    )
    expect(shown).toMatchObject([
      {
        kind: 'solanaTransaction',
        send: false,
        cluster,
        summary: { feePayer: solana, transfers: [{ to: recipient, lamports: 250_000_000n }], programs: [] },
      },
    ])
  })

  it('when the visitor rejects, a method is disallowed, the request names another account or is garbage, then nothing is signed', async () => {
    const { ask, solana, released } = await setUp(() => false)
    const message = base58.encode(new TextEncoder().encode('x'))
    expect(await failure(ask('solana_signMessage', { message, pubkey: solana }))).toBe('USER_REJECTED')
    expect(await failure(ask('solana_signAllTransactions', { transactions: [] }))).toBe('NOT_ALLOWED')
    expect(await failure(ask('solana_signMessage', { message, pubkey: recipient }))).toBe('WRONG_ACCOUNT')
    expect(await failure(ask('solana_signMessage', { message: '0OIl' }))).toBe('INVALID_PARAMS')
    expect(await failure(ask('solana_signTransaction', { transaction: 'not base64!' }))).toBe(
      'INVALID_PARAMS',
    )
    // A transaction whose signer is someone else.
    expect(
      await failure(ask('solana_signTransaction', { transaction: base64.encode(transfer(recipient)) })),
    ).toBe('INVALID_PARAMS')
    // Sending needs the project's RPC for the cluster.
    expect(
      await failure(ask('solana_signAndSendTransaction', { transaction: base64.encode(transfer(solana)) })),
    ).toBe('NO_RPC')
    expect(released).toHaveLength(0)
  })
})
