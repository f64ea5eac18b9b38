import { createPublicClient, hashMessage, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { type LocalChains, startLocalChains } from '../node/anvil.js'
import { createTestWallet } from '../wallet/createTestWallet.js'
import { createMemoryStorage } from '../wallet/storage.js'
import { contractAccountAbi, contractAccountBytecode } from './contractAccount.generated.js'
import { TEST_CONTRACT_ACCOUNTS } from './contractAccounts.js'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const [mine, foreign] = TEST_CONTRACT_ACCOUNTS as [
  (typeof TEST_CONTRACT_ACCOUNTS)[0],
  (typeof TEST_CONTRACT_ACCOUNTS)[0],
]
const owner = TEST_ACCOUNTS[0]!

describe('given the committed compiler output', () => {
  it('when contracts/ContractAccount.sol is compiled with solc, then it is exactly what is committed', async () => {
    // @ts-expect-error: a plain script, no types
    const { compileContractAccount } = await import('../../scripts/compile-contracts.mjs')
    const compiled = compileContractAccount() as { abi: unknown; bytecode: string }
    expect(compiled.bytecode).toBe(contractAccountBytecode)
    expect(compiled.abi).toEqual(contractAccountAbi)
  }, 60_000)
})

describe('given the local chains with the contract accounts deployed', () => {
  let chains: LocalChains
  beforeAll(async () => {
    chains = await startLocalChains({ mainnetPort: 0, basePort: 0 })
  })
  afterAll(() => chains?.stop())

  const client = () => createPublicClient({ transport: http(chains.base.rpcUrl) })
  const isValidSignature = (address: `0x${string}`, hash: `0x${string}`, signature: `0x${string}`) =>
    client().readContract({
      address,
      abi: contractAccountAbi,
      functionName: 'isValidSignature',
      args: [hash, signature],
    })

  function contractWallet(contractAccount: `0x${string}`) {
    return createTestWallet({
      privateKeys: [owner.privateKey],
      chains: [{ id: 8453, name: 'Base', rpcUrl: chains.base.rpcUrl, nativeCurrency: ETH }],
      initialChainId: 8453,
      storage: createMemoryStorage(),
      contractAccount,
    })
  }

  it('when a wallet in contract-account mode signs, then it shows the contract and the contract accepts the signature (ERC-1271)', async () => {
    const { provider } = contractWallet(mine.address)
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([mine.address])
    expect(
      await client().readContract({ address: mine.address, abi: contractAccountAbi, functionName: 'owner' }),
    ).toBe(owner.address)
    const message = 'Sign in to the test.'
    const signature = (await provider.request({
      method: 'personal_sign',
      params: [message, mine.address],
    })) as `0x${string}`
    expect(await isValidSignature(mine.address, hashMessage(message), signature)).toBe('0x1626ba7e')
    // Another message, a tampered or short signature: not valid.
    expect(await isValidSignature(mine.address, hashMessage('other'), signature)).toBe('0xffffffff')
    expect(
      await isValidSignature(mine.address, hashMessage(message), signature.slice(0, 66) as `0x${string}`),
    ).toBe('0xffffffff')
  })

  it('when contract-account mode is turned on and off at run time, then the dapp is told each account and the contract accepts the signature', async () => {
    const { provider, controls } = createTestWallet({
      privateKeys: [owner.privateKey],
      chains: [{ id: 8453, name: 'Base', rpcUrl: chains.base.rpcUrl, nativeCurrency: ETH }],
      initialChainId: 8453,
      storage: createMemoryStorage(),
    })
    const seen: unknown[] = []
    provider.on('accountsChanged', (accounts) => seen.push(accounts))
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([owner.address])
    controls.setContractAccount(mine.address)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([mine.address])
    const signature = (await provider.request({
      method: 'personal_sign',
      params: ['On and off.', mine.address],
    })) as `0x${string}`
    expect(await isValidSignature(mine.address, hashMessage('On and off.'), signature)).toBe('0x1626ba7e')
    controls.setContractAccount(undefined)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([owner.address])
    expect(seen).toEqual([[owner.address], [mine.address], [owner.address]])
    expect(() => controls.setContractAccount('0x1234' as `0x${string}`)).toThrow('is not an address')
  })

  it('when the signing key does not own the contract, then isValidSignature answers 0xffffffff', async () => {
    const { provider } = contractWallet(foreign.address)
    await provider.request({ method: 'eth_requestAccounts' })
    const message = 'Sign in to the test.'
    const signature = (await provider.request({
      method: 'personal_sign',
      params: [message, foreign.address],
    })) as `0x${string}`
    expect(await isValidSignature(foreign.address, hashMessage(message), signature)).toBe('0xffffffff')
  })

  it('when the contract account sends value, then the owner pays gas and the contract pays the value', async () => {
    const { provider } = contractWallet(mine.address)
    await provider.request({ method: 'eth_requestAccounts' })
    const test = createPublicClient({ transport: http(chains.base.rpcUrl) })
    await fetch(chains.base.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [mine.address, `0x${parseEther('2').toString(16)}`],
      }),
    })
    const to = TEST_ACCOUNTS[8]!.address
    const before = await test.getBalance({ address: to })
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: mine.address, to, value: `0x${parseEther('1').toString(16)}` }],
    })) as `0x${string}`
    const receipt = await test.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(owner.address.toLowerCase())
    expect(await test.getBalance({ address: to })).toBe(before + parseEther('1'))
    expect(await test.getBalance({ address: mine.address })).toBe(parseEther('1'))
  })

  it('when someone other than the owner calls execute, then the contract refuses', async () => {
    const stranger = createPublicClient({ transport: http(chains.base.rpcUrl) })
    await expect(
      stranger.simulateContract({
        account: TEST_ACCOUNTS[5]!.address,
        address: mine.address,
        abi: contractAccountAbi,
        functionName: 'execute',
        args: [TEST_ACCOUNTS[5]!.address, 0n, '0x'],
      }),
    ).rejects.toThrow('ContractAccount: caller is not the owner')
  })
})
