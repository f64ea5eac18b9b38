import { createPublicClient, http, parseEther, recoverTypedDataAddress, toHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../node/accounts.js'
import { type LocalChains, startLocalChains } from '../node/anvil.js'
import type { WalletChain } from './chains.js'
import { createTestWallet } from './createTestWallet.js'
import { createMemoryStorage, type WalletStorage } from './storage.js'
import type { TestWalletOptions } from './types.js'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const [alice, bob] = TEST_ACCOUNTS as [(typeof TEST_ACCOUNTS)[0], (typeof TEST_ACCOUNTS)[0]]

let chains: LocalChains
let mainnet: WalletChain
let base: WalletChain

beforeAll(async () => {
  chains = await startLocalChains({ mainnetPort: 0, basePort: 0 })
  mainnet = { id: 1, name: 'Ethereum', rpcUrl: chains.mainnet.rpcUrl, nativeCurrency: ETH }
  base = { id: 8453, name: 'Base', rpcUrl: chains.base.rpcUrl, nativeCurrency: ETH }
})
afterAll(() => chains?.stop())

function wallet(overrides: Partial<TestWalletOptions> = {}) {
  return createTestWallet({
    privateKeys: [alice.privateKey, bob.privateKey],
    chains: [mainnet],
    initialChainId: 1,
    storage: createMemoryStorage(),
    ...overrides,
  })
}

function recordEvents(provider: { on(event: string, listener: (...args: unknown[]) => void): unknown }) {
  const seen: [string, unknown][] = []
  for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect'])
    provider.on(event, (payload) => seen.push([event, payload]))
  return seen
}

describe('given a fresh test wallet', () => {
  it('when the dapp asks eth_accounts before connecting, then no account is exposed', async () => {
    const { provider } = wallet()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
  })

  it('when the user approves eth_requestAccounts, then the account is exposed and accountsChanged fires', async () => {
    const { provider } = wallet()
    const seen = recordEvents(provider)
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([alice.address])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([alice.address])
    expect(seen).toContainEqual(['accountsChanged', [alice.address]])
  })

  it('when the user rejects (reject knob), then the request fails with 4001 and nothing is exposed', async () => {
    const { provider, controls } = wallet()
    controls.setApproval('reject')
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4001 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    controls.setApproval('approve')
    controls.rejectNext(1)
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4001 })
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([alice.address])
  })

  it('when the dapp signs before connecting, then it gets 4100 unauthorized', async () => {
    const { provider } = wallet()
    await expect(
      provider.request({ method: 'personal_sign', params: [toHex('hi'), alice.address] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('when the dapp calls a wallet method the wallet lacks, then it gets 4200', async () => {
    const { provider } = wallet()
    await expect(provider.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({ code: 4200 })
  })
})

describe('given a connected test wallet on anvil', () => {
  it('when it signs a message, then viem verifies the signature for the account', async () => {
    const { provider } = wallet()
    await provider.request({ method: 'eth_requestAccounts' })
    const message = 'Sign in to Latch'
    const signature = (await provider.request({
      method: 'personal_sign',
      params: [toHex(message), alice.address],
    })) as `0x${string}`
    expect(await verifyMessage({ address: alice.address, message, signature })).toBe(true)
    expect(await verifyMessage({ address: bob.address, message, signature })).toBe(false)
  })

  it('when it signs typed data v4, then the signer recovers to the account', async () => {
    const { provider } = wallet()
    await provider.request({ method: 'eth_requestAccounts' })
    const typedData = {
      domain: { name: 'Latch', version: '1', chainId: 1 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const
    const signature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [alice.address, JSON.stringify(typedData)],
    })) as `0x${string}`
    const { EIP712Domain: _, ...types } = typedData.types
    expect(await recoverTypedDataAddress({ ...typedData, types, signature })).toBe(alice.address)
  })

  it('when it sends a transaction, then it is mined and the balance moved', async () => {
    const { provider } = wallet({ privateKeys: [TEST_ACCOUNTS[2]!.privateKey] })
    const sender = TEST_ACCOUNTS[2]!.address
    const recipient = TEST_ACCOUNTS[3]!.address
    const client = createPublicClient({ transport: http(mainnet.rpcUrl) })
    const before = await client.getBalance({ address: recipient })
    await provider.request({ method: 'eth_requestAccounts' })
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: sender, to: recipient, value: toHex(parseEther('1.5')) }],
    })) as `0x${string}`
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(sender.toLowerCase())
    expect(await client.getBalance({ address: recipient })).toBe(before + parseEther('1.5'))
  })

  it('when a read call is not a wallet method, then it is answered by the current chain', async () => {
    const { provider } = wallet()
    const balance = await provider.request({ method: 'eth_getBalance', params: [bob.address, 'latest'] })
    expect(BigInt(balance as string)).toBeGreaterThan(0n)
  })

  it('when switching to a chain the wallet does not know, then 4902; after adding it, the wallet is switched', async () => {
    const { provider } = wallet()
    const seen = recordEvents(provider)
    await provider.request({ method: 'eth_requestAccounts' })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x2105', chainName: 'Base', nativeCurrency: ETH, rpcUrls: [base.rpcUrl] }],
    })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
    expect(seen).toContainEqual(['chainChanged', '0x2105'])
    // Reads now go to the Base node.
    expect(await provider.request({ method: 'net_version' })).toBe('8453')
    expect(await provider.request({ method: 'eth_call', params: [{ to: bob.address }, 'latest'] })).toBe('0x')
  })

  it('when wallet_addEthereumChain gets params that break EIP-3085, then -32602 and no switch', async () => {
    const { provider } = wallet()
    const bad = [
      { chainId: '0x02105', chainName: 'Base', nativeCurrency: ETH, rpcUrls: [base.rpcUrl] },
      { chainId: '0x2105', chainName: 'Base', nativeCurrency: ETH, rpcUrls: [] },
      {
        chainId: '0x2105',
        chainName: 'Base',
        nativeCurrency: { ...ETH, symbol: 'E' },
        rpcUrls: [base.rpcUrl],
      },
      { chainId: '0x2105', chainName: 'Base', nativeCurrency: ETH, rpcUrls: ['javascript:alert(1)'] },
    ]
    for (const parameter of bad)
      await expect(
        provider.request({ method: 'wallet_addEthereumChain', params: [parameter] }),
      ).rejects.toMatchObject({ code: -32602 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
  })

  it('when failNextSwitch(4902) is set, then only the next switch fails with that code', async () => {
    const { provider, controls } = wallet({ chains: [mainnet, base] })
    controls.failNextSwitch(4902)
    const params = [{ chainId: '0x2105' }]
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params })).rejects.toMatchObject({
      code: 4902,
    })
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params })).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
  })

  it('when declineNextSwitch is set, then the next switch fails in that shape and the chain stays', async () => {
    const { provider, controls } = wallet({ chains: [mainnet, base] })
    const params = [{ chainId: '0x2105' }]
    controls.declineNextSwitch('internal-error-wrapping-rejection')
    const wrapped = await provider.request({ method: 'wallet_switchEthereumChain', params }).catch((e) => e)
    expect(wrapped).toMatchObject({ code: -32603, data: { originalError: { code: 4001 } } })
    controls.declineNextSwitch('rejection-with-internal-cause')
    const caused = await provider.request({ method: 'wallet_switchEthereumChain', params }).catch((e) => e)
    expect(caused).toMatchObject({ code: 4001, cause: { code: -32603 } })
    controls.declineNextSwitch()
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params })).rejects.toMatchObject({
      code: 4001,
    })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(() => controls.declineNextSwitch('nope' as never)).toThrow(/Unknown decline shape/)
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params })).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
  })

  it('when forgetChain is called, then switching to that chain fails with 4902', async () => {
    const { provider, controls } = wallet({ chains: [mainnet, base] })
    controls.forgetChain(8453)
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
    ).rejects.toMatchObject({ code: 4902 })
  })

  it('when the wallet changes chain or account itself, then chainChanged (hex) and accountsChanged fire', async () => {
    const { provider, controls } = wallet()
    await provider.request({ method: 'eth_requestAccounts' })
    const seen = recordEvents(provider)
    controls.changeChain(10)
    controls.setAccount(1)
    expect(seen).toEqual([
      ['chainChanged', '0xa'],
      ['accountsChanged', [bob.address]],
    ])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')
    // The wallet has no node for chain 10: reads fail as EIP-1193 "chain disconnected".
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({ code: 4901 })
  })

  it('when the wallet disconnects, then accountsChanged([]) and disconnect fire and eth_accounts is empty', async () => {
    const { provider, controls } = wallet()
    await provider.request({ method: 'eth_requestAccounts' })
    const seen = recordEvents(provider)
    controls.disconnect()
    expect(seen[0]).toEqual(['accountsChanged', []])
    expect(seen[1]?.[0]).toBe('disconnect')
    expect(seen[1]?.[1]).toMatchObject({ code: 4900 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({ code: 4900 })
    await provider.request({ method: 'eth_requestAccounts' })
    expect(seen).toContainEqual(['connect', { chainId: '0x1' }])
  })

  it('when the dapp revokes permissions, then the session ends like a disconnect', async () => {
    const { provider } = wallet()
    const permissions = await provider.request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    })
    expect(permissions).toMatchObject([
      { parentCapability: 'eth_accounts', caveats: [{ value: [alice.address] }] },
    ])
    await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])
  })

  it('when the page reloads, then the authorization is restored without a prompt', async () => {
    const storage: WalletStorage = createMemoryStorage()
    const first = wallet({ storage, chains: [mainnet, base] })
    await first.provider.request({ method: 'eth_requestAccounts' })
    await first.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] })
    const reloaded = wallet({ storage, chains: [mainnet, base] })
    reloaded.controls.setApproval('reject')
    expect(await reloaded.provider.request({ method: 'eth_accounts' })).toEqual([alice.address])
    expect(await reloaded.provider.request({ method: 'eth_requestAccounts' })).toEqual([alice.address])
    expect(await reloaded.provider.request({ method: 'eth_chainId' })).toBe('0x2105')
    expect(reloaded.controls.requests()).toEqual(['eth_accounts', 'eth_requestAccounts', 'eth_chainId'])
  })
})
