import { createPublicClient, http, parseAbi, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployAccountAbstraction } from '../node/accountAbstraction.js'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import {
  ACCOUNT_ABSTRACTION_DEPLOYER,
  LOCAL_ACCOUNT_ABSTRACTION,
  TEST_PAYMASTER_SIGNER_KEY,
} from './accountAbstraction.js'

const abi = parseAbi([
  'function balanceOf(address account) view returns (uint256)',
  'function verifyingSigner() view returns (address)',
  'function owner() view returns (address)',
  'function entryPoint() view returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

describe('given a local chain with the ERC-4337 contracts deployed twice', () => {
  let chain: AnvilInstance
  beforeAll(async () => {
    chain = await startAnvil({ chainId: 8453 })
    await deployAccountAbstraction(chain.rpcUrl)
    // Contracts already there are kept: nothing moves, nothing is deposited again.
    await deployAccountAbstraction(chain.rpcUrl)
  }, 60_000)
  afterAll(() => chain?.stop())

  it('then the EntryPoint is at its canonical address, and the factory and paymaster are where the constants say, wired to it', async () => {
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const { entryPoint, simpleAccountFactory, verifyingPaymaster, paymasterSigner } =
      LOCAL_ACCOUNT_ABSTRACTION
    expect(entryPoint).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    for (const address of [entryPoint, simpleAccountFactory, verifyingPaymaster])
      expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/)
    expect(privateKeyToAccount(TEST_PAYMASTER_SIGNER_KEY).address).toBe(paymasterSigner)
    const read = (address: `0x${string}`, functionName: 'verifyingSigner' | 'owner' | 'entryPoint') =>
      client.readContract({ address, abi, functionName })
    expect(await read(verifyingPaymaster, 'verifyingSigner')).toBe(paymasterSigner)
    expect(await read(verifyingPaymaster, 'owner')).toBe(ACCOUNT_ABSTRACTION_DEPLOYER)
    expect(await read(verifyingPaymaster, 'entryPoint')).toBe(entryPoint)
    expect(
      await client.readContract({
        address: entryPoint,
        abi,
        functionName: 'balanceOf',
        args: [verifyingPaymaster],
      }),
    ).toBe(parseEther('10'))
    const account = await client.readContract({
      address: simpleAccountFactory,
      abi,
      functionName: 'getAddress',
      args: [paymasterSigner, 0n],
    })
    expect(account).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })
})
