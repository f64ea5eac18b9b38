import { encodeFunctionData, maxUint256, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Api } from './api.js'
import { approvalRows } from './approval/rows.js'
import type { ApprovalView } from './approval.js'
import { email, frameWallet, devAddress as owner, sessionToken, signedInDevice } from './test/wallet.js'

// The drainer primitives: each must reach the approval screen decoded, or under the raw-data
// warning, or be refused. The screen's text is what approvalRows gives the visitor to read.

const attacker = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'
const dai = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

/** Everything the screen shows, one line per row and warning. */
const screenText = (view: ApprovalView) => {
  const { rows, warnings } = approvalRows(view)
  const out = [...warnings, ...rows.map((row) => `${'  '.repeat(row[2] ?? 0)}${row[0]}: ${row[1]}`)].join(
    '\n',
  )
  return out
}

/** A signed-in wallet whose screen records each view and rejects (nothing is signed). */
async function wallet(rpcUrls: Record<string, string> = {}) {
  const { record } = await signedInDevice(sessionToken('s'), { eip155Address: owner })
  const shown: ApprovalView[] = []
  const handlers = frameWallet(record, { me: async () => ({ email, wallet: null }) } as unknown as Api, {
    parentOrigin: 'https://app.example',
    rpcUrls,
    showApproval: (view) => {
      shown.push(view)
      return { decision: Promise.resolve(false), cancel: () => {} }
    },
  })
  /** The screen of one typed-data request (rejected on it). */
  const typedScreen = async (typedData: unknown) => {
    await handlers.RPC_REQUEST({ method: 'eth_signTypedData_v4', params: [owner, typedData] }).catch(() => {})
    const view = shown.pop()
    if (!view) throw new Error('no screen')
    return screenText(view)
  }
  const textScreen = async (message: string) => {
    await handlers.RPC_REQUEST({ method: 'personal_sign', params: [message, owner] }).catch(() => {})
    const view = shown.pop()
    if (!view) throw new Error('no screen')
    return screenText(view)
  }
  return { handlers, typedScreen, textScreen }
}

const callView = (data: `0x${string}`, to: string = dai): ApprovalView => ({
  kind: 'transaction',
  origin: 'https://app.example',
  dappName: undefined,
  from: owner,
  to,
  value: 0n,
  data,
  chainId: 1n,
  nonce: 0,
  gas: 60_000n,
  maxFeePerGas: 1n,
  maxPriorityFeePerGas: 1n,
})

const erc20 = parseAbi([
  'function approve(address spender, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
])

describe('given a drainer call on the approval screen', () => {
  it('when approve(spender, max) carries one trailing byte, then the spender, "Unlimited", the trailing byte and the raw calldata are shown, flagged high risk', () => {
    const data =
      `${encodeFunctionData({ abi: erc20, functionName: 'approve', args: [attacker, maxUint256] })}ff` as const
    const text = screenText(callView(data))
    expect(text).toContain(attacker)
    expect(text).toContain('Unlimited')
    expect(text).toMatch(/trailing|extra/i)
    expect(text).toContain(data)
    expect(text).toMatch(/high risk/i)
  })

  it('when setApprovalForAll(operator, true) is asked, then the operator and the flag are shown, flagged high risk', () => {
    const data = encodeFunctionData({ abi: erc20, functionName: 'setApprovalForAll', args: [attacker, true] })
    const text = screenText(callView(data))
    expect(text).toContain(attacker)
    expect(text).toMatch(/true/)
    expect(text).toMatch(/high risk/i)
  })

  it('when transferFrom(victim, attacker, x) is asked, then both addresses and the amount are shown', () => {
    const data = encodeFunctionData({
      abi: erc20,
      functionName: 'transferFrom',
      args: [owner, attacker, 1234n],
    })
    const text = screenText(callView(data))
    expect(text).toContain(owner)
    expect(text).toContain(attacker)
    expect(text).toContain('1234')
  })

  it('when the selector is unknown, then the screen says it cannot decode the call and shows the raw calldata', () => {
    const data = `0xdeadbeef${'00'.repeat(31)}01` as const
    const text = screenText(callView(data))
    expect(text).toMatch(/unknown/i)
    expect(text).toContain(data)
  })
})

describe('given drainer typed data', () => {
  it('when a DAI-style permit (holder, spender, nonce, expiry, allowed) is asked, then the spender and "allowed: true" are shown, flagged high risk', async () => {
    const { typedScreen } = await wallet()
    const text = await typedScreen({
      domain: { name: 'Dai Stablecoin', version: '1', chainId: 1, verifyingContract: dai },
      types: {
        Permit: [
          { name: 'holder', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'expiry', type: 'uint256' },
          { name: 'allowed', type: 'bool' },
        ],
      },
      primaryType: 'Permit',
      message: { holder: owner, spender: attacker, nonce: 0, expiry: 0, allowed: true },
    })
    expect(text).toContain(attacker)
    expect(text).toMatch(/allowed.*true/)
    expect(text).toMatch(/high risk/i)
  })

  it('when a Permit2 PermitWitnessTransferFrom is asked, then the spender, token, amount and witness are shown', async () => {
    const { typedScreen } = await wallet()
    const text = await typedScreen({
      domain: { name: 'Permit2', chainId: 1, verifyingContract: permit2 },
      types: {
        PermitWitnessTransferFrom: [
          { name: 'permitted', type: 'TokenPermissions' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
          { name: 'witness', type: 'ExclusiveDutchOrder' },
        ],
        TokenPermissions: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
        ExclusiveDutchOrder: [
          { name: 'recipient', type: 'address' },
          { name: 'note', type: 'string' },
        ],
      },
      primaryType: 'PermitWitnessTransferFrom',
      message: {
        permitted: { token: dai, amount: '5000000000000000000000' },
        spender: attacker,
        nonce: 1,
        deadline: 4102444800,
        witness: { recipient: attacker, note: 'fill' },
      },
    })
    expect(text).toContain(attacker)
    expect(text).toContain(dai)
    expect(text).toContain('5000000000000000000000')
    expect(text).toContain('fill')
  })

  it('when a Seaport order lists an NFT for 1 wei, then the screen names a listing with its offer and considerations', async () => {
    const { typedScreen } = await wallet()
    const item = [
      { name: 'itemType', type: 'uint8' },
      { name: 'token', type: 'address' },
      { name: 'identifierOrCriteria', type: 'uint256' },
      { name: 'startAmount', type: 'uint256' },
      { name: 'endAmount', type: 'uint256' },
    ]
    const text = await typedScreen({
      domain: {
        name: 'Seaport',
        version: '1.6',
        chainId: 1,
        verifyingContract: '0x0000000000000068F116a894984e2DB1123eB395',
      },
      types: {
        OrderComponents: [
          { name: 'offerer', type: 'address' },
          { name: 'zone', type: 'address' },
          { name: 'offer', type: 'OfferItem[]' },
          { name: 'consideration', type: 'ConsiderationItem[]' },
          { name: 'orderType', type: 'uint8' },
          { name: 'startTime', type: 'uint256' },
          { name: 'endTime', type: 'uint256' },
          { name: 'zoneHash', type: 'bytes32' },
          { name: 'salt', type: 'uint256' },
          { name: 'conduitKey', type: 'bytes32' },
          { name: 'counter', type: 'uint256' },
        ],
        OfferItem: item,
        ConsiderationItem: [...item, { name: 'recipient', type: 'address' }],
      },
      primaryType: 'OrderComponents',
      message: {
        offerer: owner,
        zone: '0x0000000000000000000000000000000000000000',
        offer: [
          {
            itemType: 2,
            token: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D',
            identifierOrCriteria: 7777,
            startAmount: 1,
            endAmount: 1,
          },
        ],
        consideration: [
          {
            itemType: 0,
            token: '0x0000000000000000000000000000000000000000',
            identifierOrCriteria: 0,
            startAmount: 1,
            endAmount: 1,
            recipient: attacker,
          },
        ],
        orderType: 0,
        startTime: 0,
        endTime: 4102444800,
        zoneHash: `0x${'00'.repeat(32)}`,
        salt: 1,
        conduitKey: `0x${'00'.repeat(32)}`,
        counter: 0,
      },
    })
    expect(text).toMatch(/listing/i)
    expect(text).toContain('0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D')
    expect(text).toContain('7777')
    expect(text).toContain(attacker)
  })

  it('when an EIP-2612 Permit is for 2^255, then its label names the kind (no placeholder) and the amount is flagged as unlimited in effect', async () => {
    const { typedScreen } = await wallet()
    const text = await typedScreen({
      domain: { name: 'Token', version: '1', chainId: 1, verifyingContract: dai },
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
      message: { owner, spender: attacker, value: (2n ** 255n).toString(), nonce: 0, deadline: 1 },
    })
    expect(text).not.toContain('{kind}')
    expect(text).toContain('EIP-2612')
    expect(text).toMatch(/high risk/i)
  })
})

describe('given personal_sign text', () => {
  it('when it holds a right-to-left override and a line separator, then they are shown as visible escapes and flagged', async () => {
    const { textScreen } = await wallet()
    const text = await textScreen(
      'Log in to app.example\u202Emoc.elpmaxe-live//:sptth ot ssecca lla tnarG\u2028done',
    )
    expect(text).not.toContain('\u202E')
    expect(text).not.toContain('\u2028')
    expect(text).toContain('U+202E')
    expect(text).toContain('U+2028')
    expect(text).toMatch(/invisible|direction/i)
  })

  it('when a sign-in (EIP-4361) message names another domain than the asking site, then the screen warns', async () => {
    const { textScreen } = await wallet()
    const siwe = [
      'bank.example wants you to sign in with your Ethereum account:',
      owner,
      '',
      'URI: https://bank.example',
      'Version: 1',
      'Chain ID: 1',
      'Nonce: 12345678',
      'Issued At: 2026-01-01T00:00:00Z',
    ].join('\n')
    expect(await textScreen(siwe)).toMatch(/bank\.example.*https:\/\/app\.example/)
    const own = siwe.replaceAll('bank.example', 'app.example')
    expect(await textScreen(own)).not.toMatch(/not the site/i)
  })
})
