import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import { FARCASTER_ID_REGISTRY, registerFarcasterIds } from '../node/farcaster.js'
import * as generated from './testIdRegistry.generated.js'

const alice = TEST_ACCOUNTS[0]!.address
const bob = TEST_ACCOUNTS[1]!.address
const nobody = TEST_ACCOUNTS[5]!.address

describe('given the committed compiler output', () => {
  it('when contracts/TestIdRegistry.sol is compiled with solc, then it is exactly what is committed', async () => {
    // @ts-expect-error: a plain script, no types
    const { compileTestIdRegistry } = await import('../../scripts/compile-contracts.mjs')
    const { abi, bytecode } = compileTestIdRegistry() as { abi: unknown; bytecode: string }
    expect(generated.latchTestIdRegistryBytecode).toBe(bytecode)
    expect(generated.latchTestIdRegistryAbi).toEqual(abi)
  }, 60_000)
})

describe('given a local chain 10 with the IdRegistry stand-in', () => {
  let chain: AnvilInstance
  const read = (functionName: 'idOf' | 'custodyOf', arg: bigint | `0x${string}`) =>
    createPublicClient({ transport: http(chain.rpcUrl) }).readContract({
      address: FARCASTER_ID_REGISTRY,
      abi: generated.latchTestIdRegistryAbi,
      functionName,
      args: [arg],
    } as never) as Promise<unknown>
  beforeAll(async () => {
    chain = await startAnvil({ chainId: 10 })
  }, 60_000)
  afterAll(() => chain?.stop())

  it('when ids are registered, then idOf and custodyOf answer them, and an unknown address owns fid 0', async () => {
    await registerFarcasterIds(chain.rpcUrl, [
      { fid: 1234, custody: alice },
      { fid: 5678n, custody: bob },
    ])
    expect(await read('idOf', alice)).toBe(1234n)
    expect(await read('idOf', bob)).toBe(5678n)
    expect(await read('custodyOf', 1234n)).toBe(alice)
    expect(await read('idOf', nobody)).toBe(0n)
  })

  it('when a fid is registered to another custody address, then the old one owns nothing', async () => {
    await registerFarcasterIds(chain.rpcUrl, [{ fid: 42, custody: alice }])
    await registerFarcasterIds(chain.rpcUrl, [{ fid: 42, custody: nobody }])
    expect(await read('idOf', alice)).toBe(0n)
    expect(await read('idOf', nobody)).toBe(42n)
    expect(await read('custodyOf', 42n)).toBe(nobody)
  })

  it('when a fid is out of range, then nothing is registered', async () => {
    await expect(registerFarcasterIds(chain.rpcUrl, [{ fid: 0, custody: bob }])).rejects.toThrow(
      /Invalid fid/,
    )
  })
})
