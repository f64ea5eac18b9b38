import { type AnvilInstance, startAnvil } from '@latch/testkit'
import fc from 'fast-check'
import { encodeFunctionData, hashTypedData, maxUint256, parseAbi } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApprovalView } from '../approval.js'
import { decodeCall } from '../decode/calls.js'
import { canonicalTypedData, limits, type TypedData } from '../decode/typed.js'
import { prepare } from './prepare.js'
import { approvalRows } from './rows.js'

// What the screen is built from: token facts read from a real chain (anvil), typed data checked
// and made canonical (the object signed is the object shown), calldata of any shape.

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const spender = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'
/** A token whose decimals() answers 6 and symbol() "USDC" (runtime code, hand-assembled). */
const tokenCode =
  '0x60003560e01c8063313ce56714601d576395d89b4114602857600080fd5b600660005260206000f35b60206000526004602052635553444360e01b60405260606000f3'
const token = '0x00000000000000000000000000000000000c0de1'
const noCode = '0x00000000000000000000000000000000000c0de2'

let chain: AnvilInstance
beforeAll(async () => {
  chain = await startAnvil({ chainId: 1 })
  await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [token, tokenCode] }),
  })
})
afterAll(() => chain?.stop())

const text = (view: ApprovalView) => {
  const { rows, warnings } = approvalRows(view)
  return [...warnings, ...rows.map((r) => `${r[0]}: ${r[1]}`)].join('\n')
}
const abi = parseAbi(['function transfer(address to, uint256 amount)', 'function approve(address, uint256)'])
const call = (to: string, data: `0x${string}`, chainId = 1n): ApprovalView => ({
  kind: 'transaction',
  origin: 'https://app.example',
  dappName: undefined,
  from: owner,
  to,
  value: 1_500_000_000_000_000_000n,
  data,
  chainId,
  nonce: 0,
  gas: 21_000n,
  maxFeePerGas: 1n,
  maxPriorityFeePerGas: 1n,
})

describe('given a token call on a chain the project has an RPC URL for', () => {
  it('when the token answers decimals() and symbol(), then the amount is shown in its units with its symbol', async () => {
    const data = encodeFunctionData({ abi, functionName: 'transfer', args: [spender, 2_500_000n] })
    const view = await prepare(call(token, data), { 'eip155:1': chain.rpcUrl })
    expect(text(view)).toContain('amount (uint256): 2.5 USDC')
  })

  it('when the reads fail (no contract there, or no RPC), then the raw amount is shown with a note', async () => {
    const data = encodeFunctionData({ abi, functionName: 'transfer', args: [spender, 2_500_000n] })
    const failed = await prepare(call(noCode, data), { 'eip155:1': chain.rpcUrl })
    expect(text(failed)).toContain('2500000 (raw units: the token’s decimals could not be read)')
    const noRpc = await prepare(call(token, data), {})
    expect(text(noRpc)).toContain('2500000 (raw units')
  })

  it('then the native amount carries the chain’s own symbol', () => {
    expect(text(call(token, '0x', 137n))).toContain('Value: 1.5 POL')
    expect(text(call(token, '0x', 1n))).toContain('Value: 1.5 ETH')
    expect(text(call(token, '0x', 999_999n))).toContain('Value: 1.5 (native currency of chain 999999)')
  })
})

const permit = (message: Record<string, unknown>, types?: TypedData['types']): TypedData => ({
  domain: { name: 'Token', version: '1', chainId: 1, verifyingContract: token },
  types: types ?? {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message,
})

describe('given hostile typed data', () => {
  const refused = (data: TypedData) => {
    try {
      canonicalTypedData(data)
    } catch (error) {
      return (error as { code?: string }).code
    }
    return 'shown'
  }
  it('when its types are recursive, unknown or malformed, then it is refused', () => {
    expect(
      refused({ domain: {}, types: { A: [{ name: 'a', type: 'A' }] }, primaryType: 'A', message: { a: {} } }),
    ).toBe('INVALID_PARAMS')
    expect(
      refused({
        domain: {},
        types: { A: [{ name: 'b', type: 'B[]' }], B: [{ name: 'a', type: 'A' }] },
        primaryType: 'A',
        message: { b: [] },
      }),
    ).toBe('INVALID_PARAMS')
    expect(
      refused({
        domain: {},
        types: { A: [{ name: 'x', type: 'Nope' }] },
        primaryType: 'A',
        message: { x: 1 },
      }),
    ).toBe('INVALID_PARAMS')
    expect(
      refused({
        domain: {},
        types: { A: [{ name: 'x', type: 'uint7' }] },
        primaryType: 'A',
        message: { x: 1 },
      }),
    ).toBe('INVALID_PARAMS')
    const proto = JSON.parse('{"__proto__": 1}')
    expect(
      refused({
        domain: {},
        types: { A: [{ name: '__proto__', type: 'uint8' }] },
        primaryType: 'A',
        message: proto,
      }),
    ).toBe('INVALID_PARAMS')
    expect(refused({ domain: {}, types: { A: [] }, primaryType: 'toString', message: {} })).toBe(
      'INVALID_PARAMS',
    )
  })

  it('when it has 10,000 fields or a huge string, then it is refused as too large to show, never shown in part', () => {
    const fields = Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}`, type: 'uint8' }))
    expect(
      refused({
        domain: {},
        types: { Big: fields },
        primaryType: 'Big',
        message: Object.fromEntries(fields.map((f) => [f.name, 1])),
      }),
    ).toBe('INVALID_PARAMS')
    const list = Array.from({ length: 300 }, () => 1)
    expect(
      refused({
        domain: {},
        types: { L: [{ name: 'l', type: 'uint8[]' }] },
        primaryType: 'L',
        message: { l: list },
      }),
    ).toBe('INVALID_PARAMS')
    expect(
      refused({
        domain: {},
        types: { S: [{ name: 's', type: 'string' }] },
        primaryType: 'S',
        message: { s: 'x'.repeat(limits.characters + 1) },
      }),
    ).toBe('INVALID_PARAMS')
  })

  it('when values have the wrong type or range, then it is refused', () => {
    const good = { owner, spender, value: 1, nonce: 0, deadline: 1 }
    expect(refused(permit(good))).toBe('shown')
    expect(refused(permit({ ...good, value: 2n ** 256n }))).toBe('INVALID_PARAMS')
    expect(refused(permit({ ...good, value: -1 }))).toBe('INVALID_PARAMS')
    expect(refused(permit({ ...good, value: 1.5 }))).toBe('INVALID_PARAMS')
    expect(refused(permit({ ...good, spender: 'nobody' }))).toBe('INVALID_PARAMS')
    const { deadline: _missing, ...partial } = good
    expect(refused(permit(partial))).toBe('INVALID_PARAMS')
  })

  it('when numbers come as hex or decimal strings, then the object signed holds the numbers shown', () => {
    const data = permit({ owner: owner.toLowerCase(), spender, value: '0x10', nonce: '7', deadline: 1 })
    const shown = canonicalTypedData(data)
    expect(shown.message.find((f) => f.name === 'value')?.value).toBe('16')
    expect(shown.message.find((f) => f.name === 'owner')?.value).toBe(owner)
    expect(hashTypedData(data as never)).toBe(
      hashTypedData({
        ...data,
        message: { owner, spender, value: 16n, nonce: 7n, deadline: 1n },
      } as never),
    )
  })

  it('then any value tree gets a refusal or a screen listing every atom it signs', () => {
    const atom = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(owner), fc.constant('0x1234'))
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('uint8', 'int16', 'string', 'bool', 'address', 'bytes2', 'bytes'), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(atom, { minLength: 6, maxLength: 6 }),
        (typeList, values) => {
          const fields = typeList.map((type, i) => ({ name: `f${i}`, type }))
          const data: TypedData = {
            domain: { name: 'X' },
            types: { M: fields },
            primaryType: 'M',
            message: Object.fromEntries(fields.map((f, i) => [f.name, values[i]])),
          }
          let shown: ReturnType<typeof canonicalTypedData>
          try {
            shown = canonicalTypedData(data)
          } catch (error) {
            expect((error as { code?: string }).code).toBe('INVALID_PARAMS')
            return
          }
          expect(shown.message.map((f) => f.name)).toEqual(fields.map((f) => f.name))
          // The canonical object hashes (it is what the signer gets), field for field as shown.
          expect(() => hashTypedData(data as never)).not.toThrow()
          for (const [i, f] of fields.entries())
            expect(String((data.message as Record<string, unknown>)[f.name])).toBe(shown.message[i]?.value)
        },
      ),
    )
  })
})

describe('given calldata of any length', () => {
  it('then a known selector’s arguments are decoded whatever bytes follow, and the extra bytes shown', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: maxUint256 }),
        fc.uint8Array({ maxLength: 80 }),
        (amount, extra) => {
          const data =
            `${encodeFunctionData({ abi, functionName: 'approve', args: [spender, amount] })}${Buffer.from(extra).toString('hex')}` as const
          const decoded = decodeCall(data)
          expect(decoded).toMatchObject({ known: true, name: 'approve' })
          if (!decoded?.known) return
          expect(decoded.args.map((a) => a.value)).toEqual([spender, amount])
          expect(decoded.trailing).toBe(extra.length ? `0x${Buffer.from(extra).toString('hex')}` : undefined)
        },
      ),
    )
  })

  it('then any bytes give a screen with the raw data on it, never an exception', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 400 }), fc.boolean(), (bytes, knownSelector) => {
        const hex = Buffer.from(bytes).toString('hex')
        const data = `0x${knownSelector ? `095ea7b3${hex}` : hex}` as const
        expect(text(call(token, data))).toContain(`Raw data (exactly what is signed): ${data}`)
      }),
    )
  })

  it('when a multicall batches approvals, then each inner call is decoded and an unlimited one flagged', () => {
    const inner = encodeFunctionData({ abi, functionName: 'approve', args: [spender, maxUint256] })
    const data = encodeFunctionData({
      abi: parseAbi(['function multicall(bytes[] data)']),
      functionName: 'multicall',
      args: [[inner, '0xdeadbeef']],
    })
    const shown = text(call(token, data))
    expect(shown).toContain('approve(address,uint256)')
    expect(shown).toContain(spender)
    expect(shown).toMatch(/High risk/)
    expect(shown).toMatch(/unknown function 0xdeadbeef/)
  })
})

describe('given a user operation of the visitor’s smart account', () => {
  const smartAccount = '0x1111111111111111111111111111111111111111'
  const paymaster = '0x2222222222222222222222222222222222222222'
  const operation = (
    calls: { to: string; value: bigint; data: `0x${string}` | undefined }[],
  ): ApprovalView => ({
    kind: 'userOperation',
    origin: 'https://app.example',
    dappName: undefined,
    from: smartAccount,
    calls,
    chainId: 1n,
    paymaster,
    createsAccount: true,
  })

  it('when its calls are an approval and a transfer of a token, then each is listed in order with the token’s units, and the app pays the gas', async () => {
    const view = await prepare(
      operation([
        {
          to: token,
          value: 0n,
          data: encodeFunctionData({ abi, functionName: 'approve', args: [spender, 1_000_000n] }),
        },
        {
          to: token,
          value: 0n,
          data: encodeFunctionData({ abi, functionName: 'transfer', args: [spender, 2_500_000n] }),
        },
      ]),
      { 'eip155:1': chain.rpcUrl },
    )
    const { rows, warnings } = approvalRows(view)
    expect(warnings).toEqual([])
    const lines = rows.map(([label, value, depth = 0]) => `${'  '.repeat(depth)}${label}: ${value}`)
    expect(lines.slice(0, 4)).toEqual([
      `Smart account: ${smartAccount}`,
      'Creates your smart account on this chain (its first use): ',
      'Call 1 of 2: ',
      `  Recipient: ${token}`,
    ])
    const second = lines.indexOf('Call 2 of 2: ')
    expect(lines.slice(0, second).join('\n')).toContain('amount (uint256): 1 USDC')
    expect(lines.slice(second).join('\n')).toContain('amount (uint256): 2.5 USDC')
    expect(lines.slice(-2)).toEqual(['Chain: 1', 'Network fee paid by: The app (sponsored)'])
  })

  it('when a call is a drainer shape (an unlimited approval, all items, unknown calldata), then the screen warns as for a transaction', () => {
    const nft = parseAbi(['function setApprovalForAll(address operator, bool approved)'])
    const { warnings } = approvalRows(
      operation([
        {
          to: token,
          value: 0n,
          data: encodeFunctionData({ abi, functionName: 'approve', args: [spender, maxUint256] }),
        },
        {
          to: noCode,
          value: 0n,
          data: encodeFunctionData({ abi: nft, functionName: 'setApprovalForAll', args: [spender, true] }),
        },
        { to: noCode, value: 5n, data: '0xdeadbeef' },
      ]),
    )
    const asTransaction = (data: `0x${string}`) => approvalRows(call(noCode, data)).warnings
    expect(warnings).toEqual([
      ...asTransaction(encodeFunctionData({ abi, functionName: 'approve', args: [spender, maxUint256] })),
      ...asTransaction(
        encodeFunctionData({ abi: nft, functionName: 'setApprovalForAll', args: [spender, true] }),
      ),
      ...asTransaction('0xdeadbeef'),
    ])
    expect(warnings).toHaveLength(3)
  })
})
