import {
  concat,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  getContractAddress,
  type Hex,
  hashMessage,
  http,
  keccak256,
  parseAbi,
  parseEther,
  publicActions,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { hashMessage as erc7739HashMessage } from 'viem/experimental/erc7739'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployAccountAbstraction } from '../node/accountAbstraction.js'
import { type AnvilInstance, startAnvil } from '../node/anvil.js'
import {
  ACCOUNT_ABSTRACTION_DEPLOYER,
  ACCOUNT_ABSTRACTION_DEPLOYER_KEY,
  LOCAL_ACCOUNT_ABSTRACTION,
  TEST_PAYMASTER_SIGNER_KEY,
} from './accountAbstraction.js'
import {
  latchSmartAccountAbi,
  latchSmartAccountBytecode,
  latchSmartAccountFactoryAbi,
  latchSmartAccountFactoryBytecode,
} from './smartAccount.generated.js'

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
    const { entryPoint, simpleAccountFactory, verifyingPaymaster, paymasterSigner, smartAccountFactory } =
      LOCAL_ACCOUNT_ABSTRACTION
    expect(entryPoint).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    for (const address of [entryPoint, simpleAccountFactory, verifyingPaymaster, smartAccountFactory])
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

describe('given the committed compiler output of the smart account', () => {
  it('when contracts/LatchSmartAccount.sol is compiled with solc, then it is exactly what is committed', async () => {
    // @ts-expect-error: a plain script, no types
    const { compileSmartAccount } = await import('../../scripts/compile-contracts.mjs')
    const { contracts } = compileSmartAccount() as {
      contracts: Record<string, { abi: unknown; bytecode: string }>
    }
    expect(contracts.LatchSmartAccountFactory!.bytecode).toBe(latchSmartAccountFactoryBytecode)
    expect(contracts.LatchSmartAccountFactory!.abi).toEqual(latchSmartAccountFactoryAbi)
    expect(contracts.LatchSmartAccount!.bytecode).toBe(latchSmartAccountBytecode)
    expect(contracts.LatchSmartAccount!.abi).toEqual(latchSmartAccountAbi)
  }, 60_000)
})

describe('given the smart account factory on a local chain', () => {
  let chain: AnvilInstance
  beforeAll(async () => {
    chain = await startAnvil({ chainId: 1 })
    await deployAccountAbstraction(chain.rpcUrl)
  }, 60_000)
  afterAll(() => chain?.stop())

  const owner = privateKeyToAccount(TEST_PAYMASTER_SIGNER_KEY)
  const stranger = privateKeyToAccount(ACCOUNT_ABSTRACTION_DEPLOYER_KEY)
  const wallet = () =>
    createWalletClient({
      account: stranger,
      chain: defineChain({
        id: 1,
        name: 'Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      }),
      transport: http(chain.rpcUrl),
    }).extend(publicActions)
  const factory = {
    address: LOCAL_ACCOUNT_ABSTRACTION.smartAccountFactory,
    abi: latchSmartAccountFactoryAbi,
  } as const

  it('then the factory is where the deterministic deployer puts its creation code with the salt, on any chain', () => {
    const { smartAccountFactory, smartAccountFactorySalt, entryPoint } = LOCAL_ACCOUNT_ABSTRACTION
    expect(smartAccountFactorySalt).toBe(keccak256(toHex('latch: smart account factory')))
    const bytecode = concat([
      latchSmartAccountFactoryBytecode,
      encodeAbiParameters([{ type: 'address' }], [entryPoint]),
    ])
    expect(
      getContractAddress({
        from: '0x4e59b44847b379578588920ca78fbf26c0b4956c',
        opcode: 'CREATE2',
        salt: smartAccountFactorySalt,
        bytecode,
      }),
    ).toBe(smartAccountFactory)
  })

  it('when anyone creates an owner’s account, then it is at the promised address, owned by the owner, once; it signs the ERC-7739 way only; and only the EntryPoint makes it call', async () => {
    const client = wallet()
    const smart = await client.readContract({
      ...factory,
      functionName: 'getAddress',
      args: [owner.address, 0n],
    })
    expect(smart).not.toBe(
      await client.readContract({ ...factory, functionName: 'getAddress', args: [stranger.address, 0n] }),
    )
    const create = () =>
      client.writeContract({ ...factory, functionName: 'createAccount', args: [owner.address, 0n] })
    expect((await client.waitForTransactionReceipt({ hash: await create() })).status).toBe('success')
    // A second call is a no-op that answers the same account.
    expect((await client.waitForTransactionReceipt({ hash: await create() })).status).toBe('success')
    const account = { address: smart, abi: latchSmartAccountAbi } as const
    expect(await client.readContract({ ...account, functionName: 'owner' })).toBe(owner.address)
    expect(await client.readContract({ ...account, functionName: 'entryPoint' })).toBe(
      LOCAL_ACCOUNT_ABSTRACTION.entryPoint,
    )
    await expect(
      client.simulateContract({ ...account, functionName: 'initialize', args: [stranger.address] }),
    ).rejects.toThrow()
    await expect(
      client.simulateContract({ ...account, functionName: 'execute', args: [stranger.address, 0n, '0x'] }),
    ).rejects.toThrow(/AccountUnauthorized/)

    const isValid = (hash: Hex, signature: Hex) =>
      client.readContract({ ...account, functionName: 'isValidSignature', args: [hash, signature] })
    const verifierDomain = { name: 'Latch Smart Account', version: '1', chainId: 1, verifyingContract: smart }
    expect(await isValid(`0x${'7739'.repeat(16)}`, '0x')).toBe('0x77390001')
    const hash = hashMessage('Hello')
    expect(
      await isValid(
        hash,
        await owner.sign({ hash: erc7739HashMessage({ message: 'Hello', verifierDomain }) }),
      ),
    ).toBe('0x1626ba7e')
    // The owner's plain signature, another account's domain, another key: not this account's.
    expect(await isValid(hash, await owner.signMessage({ message: 'Hello' }))).toBe('0xffffffff')
    const otherDomain = { ...verifierDomain, verifyingContract: stranger.address }
    expect(
      await isValid(
        hash,
        await owner.sign({ hash: erc7739HashMessage({ message: 'Hello', verifierDomain: otherDomain }) }),
      ),
    ).toBe('0xffffffff')
    expect(
      await isValid(
        hash,
        await stranger.sign({ hash: erc7739HashMessage({ message: 'Hello', verifierDomain }) }),
      ),
    ).toBe('0xffffffff')
  })
})
