import type { BrowserContext, Page } from '@playwright/test'
import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { encodeFunctionData, maxUint256, parseAbi, stringToHex } from 'viem'
import { approval, demo, frameOrigin, newEmail, press, signUp } from './embedded.js'
import { expect, test } from './fixtures.js'

// The drainer primitives, asked of the embedded wallet by a hostile page (an allowed origin, or a
// script injected into it) that speaks the frame protocol itself: each one reaches the frame's
// approval screen decoded or under the raw-data warning, or is refused before any screen.

const ATTACKER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const NFT = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D'

interface Answer {
  type: 'SUCCESS' | 'ERROR'
  payload: { code?: string; message?: string; result?: unknown }
}

/** Posts a frame request from the page, as page script can; returns its id (the answer waits). */
const ask = (page: Page, type: string, payload: unknown): Promise<string> =>
  page.evaluate(
    ({ type, payload, frameOrigin }) => {
      const id = crypto.randomUUID()
      const box = window as unknown as { __drainerAnswers?: Record<string, Promise<unknown>> }
      box.__drainerAnswers ??= {}
      box.__drainerAnswers[id] = new Promise((resolve) => {
        const listener = (event: MessageEvent) => {
          if (event.origin !== frameOrigin || event.data?.latch !== 'frame/1' || event.data.id !== id) return
          window.removeEventListener('message', listener)
          resolve({ type: event.data.type, payload: event.data.payload })
        }
        window.addEventListener('message', listener)
      })
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')
      frame?.contentWindow?.postMessage({ latch: 'frame/1', id, type, payload }, frameOrigin)
      return id
    },
    { type, payload, frameOrigin },
  )

const answerOf = (page: Page, id: string): Promise<Answer> =>
  page.evaluate(
    (id) =>
      (window as unknown as { __drainerAnswers: Record<string, Promise<Answer>> }).__drainerAnswers[id]!,
    id,
  )

test.describe('given a visitor signed in with the embedded wallet, and a page that asks for drainer signatures', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 })
  let context: BrowserContext
  let page: Page
  let owner: `0x${string}`

  test.beforeAll(async ({ browser }) => {
    // A sign-up derives keys from a password (Argon2id): slow on a loaded machine.
    test.setTimeout(240_000)
    context = await browser.newContext()
    page = await context.newPage()
    await page.goto(demo)
    owner = await signUp(page, newEmail('drained'))
  })
  test.afterAll(async () => {
    await context.close()
  })

  /** Sends an RPC request, expects the screen to say `shown`, rejects it, and expects the rejection. */
  async function screenShows(
    method: string,
    params: unknown[],
    shown: (string | RegExp)[],
    warning?: RegExp,
  ) {
    const id = await ask(page, 'RPC_REQUEST', { method, params })
    await expect(approval(page)).toBeVisible({ timeout: 60_000 })
    for (const text of shown) await expect(approval(page)).toContainText(text)
    if (warning)
      await expect(approval(page).getByTestId('approval-warning').filter({ hasText: warning })).toBeVisible()
    await press(page, 'reject')
    expect((await answerOf(page, id)).payload.code).toBe('USER_REJECTED')
    await expect(approval(page)).toBeHidden()
  }

  const typed = (domain: object, types: object, primaryType: string, message: object) =>
    JSON.stringify({ domain, types, primaryType, message })

  test('when it asks a DAI-style permit, then the spender and "allowed: true" are shown, flagged high risk', async () => {
    await screenShows(
      'eth_signTypedData_v4',
      [
        owner,
        typed(
          { name: 'Dai Stablecoin', version: '1', chainId: 1, verifyingContract: DAI },
          {
            Permit: [
              { name: 'holder', type: 'address' },
              { name: 'spender', type: 'address' },
              { name: 'nonce', type: 'uint256' },
              { name: 'expiry', type: 'uint256' },
              { name: 'allowed', type: 'bool' },
            ],
          },
          'Permit',
          { holder: owner, spender: ATTACKER, nonce: 0, expiry: 0, allowed: true },
        ),
      ],
      ['Permission to spend tokens (DAI)', ATTACKER, 'allowed (bool)', 'Unlimited'],
      /High risk/,
    )
  })

  test('when it asks a Permit2 witness transfer, then the spender, token, amount and witness are shown', async () => {
    await screenShows(
      'eth_signTypedData_v4',
      [
        owner,
        typed(
          { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2 },
          {
            PermitWitnessTransferFrom: [
              { name: 'permitted', type: 'TokenPermissions' },
              { name: 'spender', type: 'address' },
              { name: 'nonce', type: 'uint256' },
              { name: 'deadline', type: 'uint256' },
              { name: 'witness', type: 'Order' },
            ],
            TokenPermissions: [
              { name: 'token', type: 'address' },
              { name: 'amount', type: 'uint256' },
            ],
            Order: [{ name: 'recipient', type: 'address' }],
          },
          'PermitWitnessTransferFrom',
          {
            permitted: { token: DAI, amount: '5000000000000000000000' },
            spender: ATTACKER,
            nonce: 1,
            deadline: 4102444800,
            witness: { recipient: ATTACKER },
          },
        ),
      ],
      [
        'Permit2 transfer with witness',
        ATTACKER,
        DAI,
        '5000000000000000000000',
        'witness (Order)',
        'recipient (address)',
      ],
    )
  })

  test('when it asks a Seaport listing of an NFT for 1 wei, then the listing, the item and the payment are shown', async () => {
    const item = [
      { name: 'itemType', type: 'uint8' },
      { name: 'token', type: 'address' },
      { name: 'identifierOrCriteria', type: 'uint256' },
      { name: 'startAmount', type: 'uint256' },
      { name: 'endAmount', type: 'uint256' },
    ]
    await screenShows(
      'eth_signTypedData_v4',
      [
        owner,
        typed(
          {
            name: 'Seaport',
            version: '1.6',
            chainId: 1,
            verifyingContract: '0x0000000000000068F116a894984e2DB1123eB395',
          },
          {
            OrderComponents: [
              { name: 'offerer', type: 'address' },
              { name: 'offer', type: 'OfferItem[]' },
              { name: 'consideration', type: 'ConsiderationItem[]' },
              { name: 'endTime', type: 'uint256' },
              { name: 'counter', type: 'uint256' },
            ],
            OfferItem: item,
            ConsiderationItem: [...item, { name: 'recipient', type: 'address' }],
          },
          'OrderComponents',
          {
            offerer: owner,
            offer: [{ itemType: 2, token: NFT, identifierOrCriteria: 7777, startAmount: 1, endAmount: 1 }],
            consideration: [
              {
                itemType: 0,
                token: '0x0000000000000000000000000000000000000000',
                identifierOrCriteria: 0,
                startAmount: 1,
                endAmount: 1,
                recipient: ATTACKER,
              },
            ],
            endTime: 4102444800,
            counter: 0,
          },
        ),
      ],
      ['Sale listing (Seaport)', `1 × ${NFT} #7777`, `0.000000000000000001 ETH → ${ATTACKER}`],
    )
  })

  const erc = parseAbi([
    'function setApprovalForAll(address operator, bool approved)',
    'function approve(address spender, uint256 amount)',
  ])
  const send = (data: `0x${string}`) => [{ from: owner, to: NFT, data, gas: '0x30000' }]

  test('when it asks setApprovalForAll(attacker, true), then the operator and the flag are shown, flagged high risk', async () => {
    const data = encodeFunctionData({ abi: erc, functionName: 'setApprovalForAll', args: [ATTACKER, true] })
    await screenShows(
      'eth_sendTransaction',
      send(data),
      ['setApprovalForAll(address,bool)', ATTACKER, 'approved (bool)', data],
      /High risk.*every item/,
    )
  })

  test('when it asks an unlimited approve with one trailing byte, then the spender, "Unlimited" and the extra byte are shown', async () => {
    const data =
      `${encodeFunctionData({ abi: erc, functionName: 'approve', args: [ATTACKER, maxUint256] })}ff` as const
    await screenShows(
      'eth_sendTransaction',
      send(data),
      ['approve(address,uint256)', ATTACKER, 'Unlimited', 'Extra bytes', data],
      /1 extra bytes/,
    )
  })

  test('when it asks a call of an unknown selector, then the screen says it cannot decode it and shows the raw data', async () => {
    const data = `0xdeadbeef${ATTACKER.slice(2).toLowerCase().padStart(64, '0')}` as const
    await screenShows(
      'eth_sendTransaction',
      send(data),
      [data],
      /cannot decode this call \(unknown function 0xdeadbeef\)/,
    )
  })

  test('when it asks personal_sign of text with a right-to-left override, then the character is shown escaped and flagged', async () => {
    const text = 'Log in to app.example\u202Emoc.elpmaxe-live//:sptth ot ssecca lla tnarG'
    await screenShows(
      'personal_sign',
      [stringToHex(text), owner],
      ['⟨U+202E⟩moc.elpmaxe-live'],
      /invisible or direction-changing/,
    )
  })

  test('when it asks solana_signMessage of a transaction message, then the frame refuses it without a screen', async () => {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'), m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 0n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          {
            programAddress: address('11111111111111111111111111111111'),
            accounts: [],
            // System program transfer of 5 SOL (index 2, lamports little-endian).
            data: new Uint8Array([2, 0, 0, 0, 0, 0xf2, 0x05, 0x2a, 1, 0, 0, 0]),
          },
          m,
        ),
    )
    const bytes = new Uint8Array(compileTransaction(message).messageBytes)
    const id = await ask(page, 'SOLANA_REQUEST', {
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      method: 'solana_signMessage',
      params: { message: getBase58Decoder().decode(bytes) },
    })
    const answer = await answerOf(page, id)
    expect(answer).toMatchObject({ type: 'ERROR', payload: { code: 'INVALID_PARAMS' } })
    expect(answer.payload.message).toMatch(/is a Solana transaction/)
    await expect(approval(page)).toBeHidden()
  })
})
