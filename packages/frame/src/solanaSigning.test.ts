import { type LocalSolanaInstance, startLocalSolana } from '@latch/testkit'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, base64 } from '@scure/base'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApprovalView } from './approval.js'
import { decodeSolanaTransaction } from './solana.js'
import { devMnemonic, frameWallet, sessionToken, shareServer, signedInDevice } from './test/wallet.js'
import { addressesOf } from './vault/derive.js'

// The Solana side of the frame's signing: the key rebuilt from the device share and the auth
// share, SLIP-0010 at m/44'/501'/0'/0', signs only after the approval screen said yes; the
// project's RPC URL is a real local Solana chain (the SVM in-process, from @latch/testkit).

let chain: LocalSolanaInstance
let cluster: string
beforeAll(async () => {
  chain = await startLocalSolana({ fund: [] })
  cluster = `solana:${chain.genesisHash.slice(0, 32)}`
})
afterAll(() => chain?.stop())

const recipient = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'

async function setUp(decide: (view: ApprovalView) => boolean = () => true) {
  const rpcUrls = { [cluster]: chain.rpcUrl }
  const { solana } = await addressesOf(mnemonicToEntropy(devMnemonic, wordlist))
  const { record, authShare } = await signedInDevice(sessionToken('s'), { solanaAddress: solana })
  const { api, released, broadcasts } = shareServer(authShare, rpcUrls)
  const shown: ApprovalView[] = []
  const handlers = frameWallet(record, api, {
    parentOrigin: 'https://app.example',
    rpcUrls,
    showApproval: (view) => {
      shown.push(view)
      return { decision: Promise.resolve(decide(view)), cancel: () => {} }
    },
  })
  const ask = (method: string, params: unknown, chainId = cluster) =>
    handlers
      .SOLANA_REQUEST({ chainId, method, params })
      .then((answer) => (answer as { result: unknown }).result)
  return { ask, solana, shown, released, broadcasts }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string }) => error.code,
  )

const latestBlockhash = async () =>
  (await createSolanaRpc(chain.rpcUrl).getLatestBlockhash().send()).value.blockhash

function transfer(from: string, blockhash: string) {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: 1n },
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
    const wire = transfer(solana, await latestBlockhash())
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

  it('when a transfer is approved for sending, then the frame sends it through its server and the chain has it', async () => {
    const { ask, solana, broadcasts } = await setUp()
    const rpc = createSolanaRpc(chain.rpcUrl)
    await rpc.requestAirdrop(address(solana), lamports(1_000_000_000n)).send()
    const before = (await rpc.getBalance(address(recipient)).send()).value
    const result = (await ask('solana_signAndSendTransaction', {
      transaction: base64.encode(transfer(solana, await latestBlockhash())),
      sendOptions: { preflightCommitment: 'confirmed' },
    })) as { signature: string }
    expect(base58.decode(result.signature)).toHaveLength(64)
    expect(broadcasts).toHaveLength(1)
    expect((await rpc.getBalance(address(recipient)).send()).value).toBe(before + 250_000_000n)
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
    const blockhash = await latestBlockhash()
    // A transaction whose signer is someone else.
    expect(
      await failure(
        ask('solana_signTransaction', { transaction: base64.encode(transfer(recipient, blockhash)) }),
      ),
    ).toBe('INVALID_PARAMS')
    expect(released).toHaveLength(0)
  })

  it('when the cluster has no RPC URL in the project, or does not know the transaction’s blockhash, then it is refused before any screen', async () => {
    const { ask, solana, shown, released } = await setUp()
    const blockhash = await latestBlockhash()
    const mine = base64.encode(transfer(solana, blockhash))
    // A cluster the project has no RPC URL for: nothing to check the blockhash against.
    const devnet = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    expect(await failure(ask('solana_signTransaction', { transaction: mine }, devnet))).toBe('NO_RPC')
    // A blockhash this cluster does not know: the transaction is for another one.
    const foreign = base64.encode(transfer(solana, 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'))
    expect(await failure(ask('solana_signTransaction', { transaction: foreign }))).toBe('CHAIN_MISMATCH')
    expect(shown).toEqual([])
    expect(released).toHaveLength(0)
  })
})
