import {
  type AnvilInstance,
  deployAccountAbstraction,
  deployTestTokens,
  LOCAL_ACCOUNT_ABSTRACTION,
  type LocalBundler,
  latchTestTokenAbi,
  seedTestTokens,
  startAnvil,
  startLocalBundler,
  TEST_TOKENS,
} from '@latch/testkit'
import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  getAddress,
  http,
  maxUint256,
  type PublicClient,
  parseAbi,
  recoverMessageAddress,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setBundler } from '../../../server/src/cli/smart-accounts.js'
import { demoProject, startTestServer } from '../../../server/src/test/backends.js'
import { sponsorTestToken } from '../../../server/src/test/simple-account.js'
import { currentAccount } from '../accounts.js'
import { createApi } from '../api.js'
import { approvalRows } from '../approval/rows.js'
import type { ApprovalView, Decision } from '../approval.js'
import type { Handlers } from '../protocol.js'
import { email, frameWallet, sessionToken, shareServer, signedInDevice } from '../test/wallet.js'
import { accountAddressCall, accountAddressOf } from './simpleAccount.js'
import { callsStatus } from './status.js'

// The embedded wallet's smart account against a real chain (anvil with EntryPoint v0.7, the
// test kit's LatchSmartAccountFactory, the reference SimpleAccountFactory and the
// VerifyingPaymaster), a real ERC-4337 bundler (Alto) and the real
// server's bundler proxy, paymaster service and smart-account chains. Only the release of the
// key's auth share is the frame's unit-test stand-in (test/wallet.ts).

// The server's test backends read the PostgreSQL URL its test setup provides (unused here: SQLite).
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

const chainId = 'eip155:1'
const token = TEST_TOKENS.erc20.address
const recipient = getAddress('0x000000000000000000000000000000000000beef')
/** The account the local stack runs: contracts/LatchSmartAccount.sol (SimpleAccount's calls, with ERC-1271). */
const factory = LOCAL_ACCOUNT_ABSTRACTION.smartAccountFactory

let chain: AnvilInstance
let bundler: LocalBundler
let server: Awaited<ReturnType<typeof startTestServer>>
let client: PublicClient

beforeAll(async () => {
  chain = await startAnvil({ chainId: 1 })
  await Promise.all([deployTestTokens(chain.rpcUrl), deployAccountAbstraction(chain.rpcUrl)])
  ;[bundler, server] = await Promise.all([
    startLocalBundler({ rpcUrl: chain.rpcUrl }),
    startTestServer('sqlite'),
  ])
  client = createPublicClient({ transport: http(chain.rpcUrl) })
  const { repository } = server
  await sponsorTestToken(repository, { chainId, bundlerUrl: bundler.url, token, factory })
}, 120_000)

/** Runs `run` with the project's bundler on this chain set to `url` (none: no smart accounts), then the real one again. */
async function withBundler(url: string | undefined, run: () => Promise<void>): Promise<void> {
  if (url === undefined) await server.repository.smartAccounts.setBundler(demoProject.id, chainId, undefined)
  else await setBundler(server.repository, undefined, { id: demoProject.id, chainId, url, factory })
  try {
    await run()
  } finally {
    await setBundler(server.repository, undefined, { id: demoProject.id, chainId, url: bundler.url, factory })
  }
}

afterAll(async () => {
  await Promise.allSettled([server?.close(), bundler?.stop()])
  await chain?.stop()
})

/**
 * A fresh vault key (0 ETH anywhere), signed in, over the real server's smart-account services;
 * its approval screen records each view and answers with `decide`.
 */
async function freshWallet(decide: (view: ApprovalView) => Decision = () => true) {
  const mnemonic = generateMnemonic(wordlist)
  const eoa = mnemonicToAccount(mnemonic).address
  const sessionJwt = sessionToken('smart-1')
  const { record, authShare } = await signedInDevice(
    sessionJwt,
    { eip155Address: eoa, deviceId: 'd1' },
    mnemonic,
  )
  const { api: shares } = shareServer(authShare)
  const api = {
    ...createApi(demoProject.id, () => record.token, server.base),
    nonce: shares.nonce,
    share: shares.share,
    me: async () => ({
      email,
      deviceId: 'd1',
      wallet: { eip155Address: eoa.toLowerCase(), solanaAddress: null, recoveryMode: 'password' },
      deviceHasShare: true,
    }),
  }
  const shown: ApprovalView[] = []
  const handlers: Handlers = frameWallet(record, api as typeof shares, {
    parentOrigin: 'https://app.example',
    rpcUrls: { [chainId]: chain.rpcUrl },
    showApproval: (view) => {
      shown.push(view)
      return { decision: Promise.resolve(decide(view)), cancel: () => {} }
    },
  })
  return { handlers, eoa, shown, record, mnemonicOwner: mnemonicToAccount(mnemonic) }
}

/** EIP-712's example mail, on the test chain. */
const mail = {
  domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: recipient },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
  )

const erc20 = (functionName: 'approve' | 'transfer', amount: bigint) =>
  encodeFunctionData({ abi: latchTestTokenAbi, functionName, args: [recipient, amount] })

const balanceOf = (who: Address) =>
  client.readContract({ address: token, abi: latchTestTokenAbi, functionName: 'balanceOf', args: [who] })

async function statusUntil(handlers: Handlers, id: string, code: number) {
  for (let i = 0; i < 100; i++) {
    const { result } = (await handlers.RPC_REQUEST({ method: 'wallet_getCallsStatus', params: [id] })) as {
      result: { status: number }
    }
    if (result.status === code) return result
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no status ${code}`)
}

describe('given a visitor’s fresh wallet on a chain where the project runs smart accounts', () => {
  it('then the smart account is the factory’s, the EOA answers until the visitor prefers the smart account, it signs a message before it exists (ERC-6492) and messages and typed data after (ERC-1271), good for it only, and a sponsored batch is shown, signed and mined', async () => {
    const { handlers, eoa, shown, mnemonicOwner } = await freshWallet()
    expect(await handlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS({})).toEqual({
      smartAccountEnabledNetworks: [1],
    })

    // The counterfactual address is the factory's getAddress(owner, 0); nothing is deployed yet.
    const { data } = await client.call({ to: factory, data: accountAddressCall(eoa) })
    const expected = accountAddressOf(data!)
    expect(await handlers.INIT_SMART_ACCOUNT({})).toEqual({ address: expected, isDeployed: false })
    expect(await client.getBalance({ address: expected })).toBe(0n)
    expect(await client.getBalance({ address: eoa })).toBe(0n)

    // Default: the EOA, the smart account listed beside it.
    expect(await handlers.GET_USER({})).toMatchObject({
      address: eoa,
      accounts: [
        { address: eoa, type: 'eoa' },
        { address: expected, type: 'smartAccount' },
      ],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(await handlers.RPC_REQUEST({ method: 'eth_accounts', params: [] })).toEqual({ result: [eoa] })
    // With the EOA in use, batches stay refused as before.
    expect(
      await failure(
        handlers.RPC_REQUEST({ method: 'wallet_sendCalls', params: [{ calls: [{ to: token }] }] }),
      ),
    ).toEqual({ code: 'NOT_ALLOWED', message: 'Requested RPC call is not allowed' })

    expect(await handlers.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })).toEqual({
      type: 'smartAccount',
      address: expected,
    })
    expect(await handlers.GET_USER({})).toMatchObject({
      address: expected,
      preferredAccountType: 'smartAccount',
    })
    expect(await handlers.RPC_REQUEST({ method: 'eth_requestAccounts', params: [] })).toEqual({
      result: [expected],
    })

    // Before it exists, the account signs a message the ERC-6492 way (the factory's call wrapped
    // around it): shown as the message from the smart account, and good for it only.
    const { result: early } = (await handlers.RPC_REQUEST({
      method: 'personal_sign',
      params: ['0x48656c6c6f', expected],
    })) as { result: `0x${string}` }
    expect(shown[0]).toMatchObject({ kind: 'message', from: expected, text: 'Hello' })
    expect(early.endsWith('6492'.repeat(16))).toBe(true)
    expect(await client.verifyMessage({ address: expected, message: 'Hello', signature: early })).toBe(true)
    expect(await client.verifyMessage({ address: expected, message: 'Hullo', signature: early })).toBe(false)
    expect(await client.verifyMessage({ address: eoa, message: 'Hello', signature: early })).toBe(false)
    shown.length = 0

    expect(
      await handlers.RPC_REQUEST({ method: 'wallet_getCapabilities', params: [expected, ['0x1']] }),
    ).toEqual({
      result: { '0x1': { atomic: { status: 'supported' }, paymasterService: { supported: true } } },
    })

    // The account holds tokens but no ETH: the app's paymaster pays.
    await seedTestTokens(chain.rpcUrl, expected, { erc20Amount: 5_000_000n, nft: false })
    const { result } = (await handlers.RPC_REQUEST({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x1',
          from: expected,
          atomicRequired: true,
          calls: [
            { to: token, data: erc20('approve', 1_000_000n) },
            { to: token, data: erc20('transfer', 1_000_000n), value: '0x0' },
          ],
        },
      ],
    })) as { result: { id: `0x${string}` } }
    expect(result.id).toMatch(/^0x[0-9a-f]{64}$/)

    // One screen, the user operation complete before it: both calls decoded, the sender, the payer.
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatchObject({
      kind: 'userOperation',
      from: expected,
      chainId: 1n,
      createsAccount: true,
      paymaster: LOCAL_ACCOUNT_ABSTRACTION.verifyingPaymaster,
      calls: [
        { to: token, value: 0n },
        { to: token, value: 0n },
      ],
    })
    const text = approvalRows(shown[0]!).rows.map(([label, value]) => `${label}: ${value}`)
    expect(text).toContain(`Smart account: ${expected}`)
    expect(text).toContain('Call 1 of 2: ')
    expect(text).toContain('Network fee paid by: The app (sponsored)')

    // Pending until the bundler's transaction is mined (an unknown operation stays pending), then confirmed.
    const unknown = `0x${'ab'.repeat(32)}`
    expect(await statusUntil(handlers, unknown, 100)).toEqual({
      version: '2.0.0',
      id: unknown,
      chainId: '0x1',
      status: 100,
      atomic: true,
    })
    const mined = (await statusUntil(handlers, result.id, 200)) as unknown as {
      receipts: { transactionHash: `0x${string}`; status: string }[]
      atomic: boolean
      chainId: string
      version: string
    }
    expect(mined).toMatchObject({ version: '2.0.0', chainId: '0x1', atomic: true })
    expect(mined.receipts[0]!.status).toBe('0x1')
    expect((await client.getTransactionReceipt({ hash: mined.receipts[0]!.transactionHash })).status).toBe(
      'success',
    )
    // Both calls ran, in one transaction: the approval is set and the tokens moved.
    expect(await balanceOf(recipient)).toBe(1_000_000n)
    expect(await balanceOf(expected)).toBe(4_000_000n)
    expect(
      await client.readContract({
        address: token,
        abi: parseAbi(['function allowance(address,address) view returns (uint256)']),
        functionName: 'allowance',
        args: [expected, recipient],
      }),
    ).toBe(1_000_000n)
    expect(await client.getBalance({ address: expected })).toBe(0n)
    expect(await handlers.GET_USER({})).toMatchObject({ address: expected, smartAccountDeployed: true })
    expect(await handlers.INIT_SMART_ACCOUNT({})).toEqual({ address: expected, isDeployed: true })

    // Over the project's cap of one sponsored operation a day: refused before any screen.
    expect(
      await failure(
        handlers.RPC_REQUEST({
          method: 'eth_sendTransaction',
          params: [{ from: expected, to: token, data: erc20('transfer', 1n) }],
        }),
      ),
    ).toEqual({
      code: 'SPONSORSHIP_REFUSED',
      message:
        "Sponsorship refused: this account reached the project's limit of 1 sponsored user operations a day",
    })
    expect(shown).toHaveLength(1)

    // Deployed, it signs by ERC-1271 alone: a message and typed data, each good for it only; the
    // owner's own signature of the same message is not the account's.
    const { result: signed } = (await handlers.RPC_REQUEST({
      method: 'personal_sign',
      params: ['0x48656c6c6f', expected],
    })) as { result: `0x${string}` }
    expect(signed).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await client.verifyMessage({ address: expected, message: 'Hello', signature: signed })).toBe(true)
    const ownerSigned = await mnemonicOwner.signMessage({ message: 'Hello' })
    expect(await client.verifyMessage({ address: expected, message: 'Hello', signature: ownerSigned })).toBe(
      false,
    )
    const { result: typedSignature } = (await handlers.RPC_REQUEST({
      method: 'eth_signTypedData_v4',
      params: [expected, JSON.stringify(mail)],
    })) as { result: `0x${string}` }
    expect(shown[2]).toMatchObject({ kind: 'typedData', from: expected })
    expect(await client.verifyTypedData({ ...mail, address: expected, signature: typedSignature })).toBe(true)
    expect(
      await client.verifyTypedData({
        ...mail,
        message: { ...mail.message, contents: 'Hi, Bob!' },
        address: expected,
        signature: typedSignature,
      }),
    ).toBe(false)

    // Back to the EOA: it answers, and signs as itself.
    expect(await handlers.SET_PREFERRED_ACCOUNT({ type: 'eoa' })).toEqual({ type: 'eoa', address: eoa })
    expect(await handlers.GET_USER({})).toMatchObject({ address: eoa, preferredAccountType: 'eoa' })
    expect(await handlers.RPC_REQUEST({ method: 'eth_accounts', params: [] })).toEqual({ result: [eoa] })
    const { result: signature } = (await handlers.RPC_REQUEST({
      method: 'personal_sign',
      params: ['0x48656c6c6f', eoa],
    })) as { result: `0x${string}` }
    expect(await recoverMessageAddress({ message: 'Hello', signature })).toBe(eoa)
  })

  it('then with an account that has no ERC-1271 (the reference SimpleAccount), a message signature is refused before any screen (spec §8)', async () => {
    const reference = LOCAL_ACCOUNT_ABSTRACTION.simpleAccountFactory
    const use = (account: Address) =>
      setBundler(server.repository, undefined, {
        id: demoProject.id,
        chainId,
        url: bundler.url,
        factory: account,
      })
    await use(reference)
    try {
      const { handlers, eoa, shown } = await freshWallet()
      const { address } = (await handlers.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })) as {
        address: string
      }
      const { data } = await client.call({ to: reference, data: accountAddressCall(eoa) })
      expect(address).toBe(accountAddressOf(data!))
      for (const request of [
        { method: 'personal_sign', params: ['0x48656c6c6f', address] },
        { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(mail)] },
      ])
        expect(await failure(handlers.RPC_REQUEST(request))).toEqual({
          code: 'SMART_ACCOUNT_SIGNATURE',
          message: 'This application might not support Smart Accounts',
        })
      expect(shown).toEqual([])
    } finally {
      await use(factory)
    }
  })

  it('then a call to a contract the project does not sponsor, and an unlimited approval, are refused or warned before anything is signed', async () => {
    const rejectAll = () => false
    const { handlers, shown } = await freshWallet(rejectAll)
    const { address } = (await handlers.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })) as {
      address: string
    }
    const other = TEST_TOKENS.erc721.address
    expect(
      await failure(
        handlers.RPC_REQUEST({
          method: 'wallet_sendCalls',
          params: [{ calls: [{ to: other, data: '0x' }] }],
        }),
      ),
    ).toEqual({
      code: 'SPONSORSHIP_REFUSED',
      message: `Sponsorship refused: ${other} is not a contract this project sponsors calls to`,
    })
    expect(shown).toEqual([])

    // The drainer shape (an unlimited approval) shows its warning as on a plain transaction.
    expect(
      await failure(
        handlers.RPC_REQUEST({
          method: 'eth_sendTransaction',
          params: [{ from: address, to: token, data: erc20('approve', maxUint256) }],
        }),
      ),
    ).toEqual({ code: 'USER_REJECTED', message: 'User rejected the request' })
    expect(approvalRows(shown[0]!).warnings).toContainEqual(expect.stringContaining(recipient))

    // A call that would revert: the bundler's estimation refuses it, before any screen.
    const estimation = await failure(
      handlers.RPC_REQUEST({
        method: 'wallet_sendCalls',
        params: [{ calls: [{ to: token, data: erc20('transfer', 1n) }] }],
      }),
    )
    expect(estimation?.code).toBe('BUNDLER_ERROR')
    expect(estimation?.message).toMatch(/revert/i)
    expect(shown).toHaveLength(1)

    // Bad batches never reach the bundler.
    expect(
      await failure(
        handlers.RPC_REQUEST({ method: 'wallet_sendCalls', params: [{ calls: [{ to: 'bob' }] }] }),
      ),
    ).toEqual({
      code: 'INVALID_PARAMS',
      message: "Invalid wallet_sendCalls request: call 0 needs a 'to' starting with 0x.",
    })
    expect(
      await failure(
        handlers.RPC_REQUEST({
          method: 'wallet_sendCalls',
          params: [{ calls: Array.from({ length: 51 }, () => ({ to: token })) }],
        }),
      ),
    ).toEqual({ code: 'INVALID_PARAMS', message: 'A batch holds at most 50 calls; this one has 51.' })
    expect(await failure(handlers.RPC_REQUEST({ method: 'wallet_getCapabilities', params: [] }))).toEqual({
      code: 'INVALID_PARAMS',
      message: 'Missing address parameter in `wallet_getCapabilities` request',
    })
    expect(shown).toHaveLength(1)

    // A bundler endpoint answering an HTTP error (here: a project the server does not know).
    await expect(
      callsStatus(
        createApi('nobody', () => undefined, server.base),
        chainId,
        `0x${'ab'.repeat(32)}`,
      ),
    ).rejects.toThrow(/^Failed to fetch user operation receipt - 403$/)
  })

  it('then eth_sendTransaction from the smart account is one sponsored user operation, answered with the hash of the transaction that mined it', async () => {
    const { handlers, shown } = await freshWallet()
    const { address } = (await handlers.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })) as {
      address: Address
    }
    await seedTestTokens(chain.rpcUrl, address, { erc20Amount: 10n, nft: false })
    const { result } = (await handlers.RPC_REQUEST({
      method: 'eth_sendTransaction',
      params: [{ from: address, to: token, data: erc20('transfer', 3n), chainId: '0x1' }],
    })) as { result: `0x${string}` }
    const receipt = await client.getTransactionReceipt({ hash: result })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.to!)).toBe(LOCAL_ACCOUNT_ABSTRACTION.entryPoint)
    expect(await balanceOf(address)).toBe(7n)
    expect(shown).toMatchObject([{ kind: 'userOperation', createsAccount: true, calls: [{ to: token }] }])
    // A transaction for another chain, or from another account, is refused before anything is built.
    expect(
      await failure(
        handlers.RPC_REQUEST({
          method: 'eth_sendTransaction',
          params: [{ from: address, to: token, data: erc20('transfer', 1n), chainId: '0x2105' }],
        }),
      ),
    ).toEqual({ code: 'CHAIN_MISMATCH', message: 'The transaction is for another chain' })
    expect(
      await failure(
        handlers.RPC_REQUEST({
          method: 'eth_sendTransaction',
          params: [{ from: recipient, to: token, data: erc20('transfer', 1n) }],
        }),
      ),
    ).toEqual({ code: 'WRONG_ACCOUNT', message: 'The request is for another account' })
    expect(shown).toHaveLength(1)
  })

  it('then the app’s default account type is adopted and kept while the visitor has not chosen, and never overrides their choice', async () => {
    const { handlers, eoa, record } = await freshWallet()
    const { address: smart } = (await handlers.INIT_SMART_ACCOUNT({})) as { address: Address }
    // The app defaults to the smart account (GET_USER's preferredAccountType): a visitor who never
    // chose gets it, and keeps it on this device when the page no longer says so.
    expect(await handlers.GET_USER({ preferredAccountType: 'smartAccount' })).toMatchObject({
      address: smart,
      preferredAccountType: 'smartAccount',
    })
    expect(currentAccount(record)?.preferredAccountType).toBe('smartAccount')
    expect(await handlers.GET_USER({})).toMatchObject({
      address: smart,
      preferredAccountType: 'smartAccount',
    })
    expect(await handlers.RPC_REQUEST({ method: 'eth_accounts', params: [] })).toEqual({ result: [smart] })
    // The visitor's own choice holds against the app's default.
    await handlers.SET_PREFERRED_ACCOUNT({ type: 'eoa' })
    expect(await handlers.GET_USER({ preferredAccountType: 'smartAccount' })).toMatchObject({
      address: eoa,
      preferredAccountType: 'eoa',
    })
    // On a chain without smart accounts the default is not adopted (nothing kept): the EOA answers.
    await withBundler(undefined, async () => {
      const fresh = await freshWallet()
      expect(await fresh.handlers.GET_USER({ preferredAccountType: 'smartAccount' })).toMatchObject({
        address: fresh.eoa,
        preferredAccountType: 'eoa',
      })
      expect(currentAccount(fresh.record)?.preferredAccountType).toBeUndefined()
    })
  })

  it('then a chain without smart accounts is refused clearly and keeps the EOA', async () => {
    const { handlers, eoa } = await freshWallet()
    await withBundler(undefined, async () => {
      const fresh = await freshWallet()
      expect(await fresh.handlers.GET_SMART_ACCOUNT_ENABLED_NETWORKS({})).toEqual({
        smartAccountEnabledNetworks: [],
      })
      expect(await failure(fresh.handlers.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' }))).toEqual({
        code: 'SMART_ACCOUNT_UNAVAILABLE',
        message: 'This app runs no smart accounts on eip155:1',
      })
      expect(await fresh.handlers.GET_USER({})).toMatchObject({
        accounts: [{ address: fresh.eoa, type: 'eoa' }],
        preferredAccountType: 'eoa',
      })
    })
    expect(await handlers.GET_USER({})).toMatchObject({ address: eoa })
  })

  it('then a bundler that cannot be reached fails the request clearly, with nothing shown or signed', async () => {
    const { handlers, shown } = await freshWallet()
    const { address } = (await handlers.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' })) as {
      address: Address
    }
    await withBundler('http://127.0.0.1:9', async () => {
      expect(
        await failure(
          handlers.RPC_REQUEST({
            method: 'eth_sendTransaction',
            params: [{ from: address, to: token, data: erc20('transfer', 1n) }],
          }),
        ),
      ).toEqual({ code: 'BUNDLER_ERROR', message: 'The bundler is unavailable: try again later' })
      expect(shown).toEqual([])
    })
  })
})
