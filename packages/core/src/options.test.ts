import { describe, expect, it } from 'vitest'
import { defineCaipNetwork } from './caip.js'
import { embeddedWallet } from './embedded/embeddedWallet.js'
import { InvalidOptionsError } from './errors/options.js'
import { SiwxConflictError } from './errors/siwx.js'
import { validateOptions } from './options.js'
import { createMemoryStorage } from './storage.js'
import { memoryAdapter, memorySession } from './test/memoryAdapter.fixture.js'
import type { ChainAdapter, SessionConnector } from './types.js'

const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const rpcUrls = { default: { http: ['http://127.0.0.1:8545'] } }
const mainnet = defineCaipNetwork({
  id: 1,
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency,
  rpcUrls,
})
const base = defineCaipNetwork({ id: 8453, chainNamespace: 'eip155', name: 'Base', nativeCurrency, rpcUrls })

const adapter = (namespace = 'eip155'): ChainAdapter => memoryAdapter(namespace, [mainnet]).adapter

const sessionConnector = (id: string, type: 'WALLET_CONNECT' | 'AUTH'): SessionConnector =>
  memorySession(id, type, { namespaces: {}, expiry: 0, wallet: { name: id } }).connector

const siwx = {
  createMessage: async () => ({}),
  addSession: async () => {},
  revokeSession: async () => {},
  setSessions: async () => {},
  getSessions: async () => [],
}

function issuesOf(input: unknown): readonly string[] {
  try {
    validateOptions(input)
  } catch (error) {
    if (error instanceof InvalidOptionsError) return error.issues
    throw error
  }
  return []
}

describe('given minimal options', () => {
  it('then the defaults apply: network switch on, analytics off, nothing remote', () => {
    const { options } = validateOptions({ networks: [mainnet], projectId: 'p' })
    expect(options).toMatchObject({
      adapters: [],
      enableNetworkSwitch: true,
      allowUnsupportedChain: false,
      manualWCControl: false,
      basic: false,
      apiUrl: undefined,
      debug: true,
      restoreTimeoutMs: 3000,
      balance: true,
      enableWalletGuide: true,
      connectors: [],
    })
    expect(options.features).toMatchObject({ analytics: false, allWallets: true })
  })

  it("when the app's server is set without a project id, then the 'project id not configured' alert shows and the kit still works", () => {
    const { options, alerts } = validateOptions({
      networks: [mainnet],
      adapters: [adapter()],
      apiUrl: 'http://127.0.0.1:3030',
    })
    expect(alerts).toEqual([
      { id: 'PROJECT_ID_NOT_CONFIGURED', variant: 'error', message: 'project id not configured' },
    ])
    expect(options.adapters).toHaveLength(1)
  })

  it('when there is no server at all, then no project id is needed and no alert shows', () => {
    expect(validateOptions({ networks: [mainnet], adapters: [adapter()] }).alerts).toEqual([])
  })

  it('when an option of a feature this version does not have is set, then it is refused as not supported yet', () => {
    expect(
      issuesOf({
        networks: [mainnet],
        features: { connectMethodsOrder: ['wallet'] },
        enableEmbedded: true,
      }),
    ).toEqual(['features.connectMethodsOrder: Not supported yet', 'enableEmbedded: Not supported yet'])
    expect(issuesOf({ networks: [mainnet], siwx })).toEqual([])
    expect(issuesOf({ networks: [mainnet], features: { analytics: true } })).toEqual([
      'features.analytics: Not supported yet',
    ])
  })

  it('when the wallet guide is turned off, then it stays off', () => {
    expect(validateOptions({ networks: [mainnet], enableWalletGuide: false }).options.enableWalletGuide).toBe(
      false,
    )
  })

  it('when WalletConnect is turned off, then its session connectors are dropped', () => {
    const wc = sessionConnector('walletConnect', 'WALLET_CONNECT')
    expect(validateOptions({ networks: [mainnet], connectors: [wc] }).options.connectors).toEqual([wc])
    expect(
      validateOptions({ networks: [mainnet], connectors: [wc], enableWalletConnect: false }).options
        .connectors,
    ).toEqual([])
  })

  it('when a restore timeout is out of range or two connectors share an id, then it is refused', () => {
    expect(issuesOf({ networks: [mainnet], restoreTimeoutMs: -1 })).toEqual([
      'restoreTimeoutMs: Expected 0 to 60000 milliseconds',
    ])
    const wc = sessionConnector('walletConnect', 'WALLET_CONNECT')
    expect(issuesOf({ networks: [mainnet], connectors: [wc, wc] })).toEqual([
      'connectors: Two connectors with id walletConnect',
    ])
    expect(issuesOf({ networks: [mainnet], connectors: [{ ...wc, type: 'INJECTED' }] })[0]).toMatch(
      /^connectors\[0\]: Expected a session connector/,
    )
  })

  it('when a project id is set, then there is no alert', () => {
    expect(validateOptions({ networks: [mainnet], projectId: 'abc' }).alerts).toEqual([])
  })

  it("then the app's own objects are kept by reference", () => {
    const storage = createMemoryStorage()
    const evm = adapter()
    const wc = sessionConnector('walletConnect', 'WALLET_CONNECT')
    const { options } = validateOptions({
      networks: [mainnet, base],
      adapters: [evm],
      storage,
      connectors: [wc],
    })
    expect(options.networks[1]).toBe(base)
    expect(options.adapters[0]).toBe(evm)
    expect(options.storage).toBe(storage)
    expect(options.connectors[0]).toBe(wc)
  })

  it('when socials are on without a list, then the default socials are used; by default they are off', () => {
    expect(validateOptions({ networks: [mainnet], features: {} }).options.features.socials).toEqual(false)
    expect(
      validateOptions({ networks: [mainnet], features: { socials: true } }).options.features.socials,
    ).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    expect(
      validateOptions({ networks: [mainnet], features: { socials: ['github'] } }).options.features.socials,
    ).toEqual(['github'])
  })

  it('when an API URL ends with a slash, then it is trimmed so paths join cleanly', () => {
    expect(validateOptions({ networks: [mainnet], apiUrl: 'http://127.0.0.1:8787/' }).options.apiUrl).toBe(
      'http://127.0.0.1:8787',
    )
  })
})

describe('given bad options', () => {
  it("when both siweConfig and siwx are set, then 'Cannot set both `siweConfig` and `siwx` options'", () => {
    expect(() => validateOptions({ networks: [mainnet], siwx, siweConfig: {} })).toThrow(SiwxConflictError)
    expect(() => validateOptions({ networks: [mainnet], siwx, siweConfig: {} })).toThrow(
      'Cannot set both `siweConfig` and `siwx` options',
    )
  })

  it('when the embedded wallet starts visitors on the smart account and the app signs them in, then that is a valid setup (the smart account signs in)', () => {
    const embedded = embeddedWallet({
      frameUrl: 'https://wallet.example',
      projectId: 'p1',
      defaultAccountType: 'smartAccount',
    })
    expect(issuesOf({ networks: [mainnet], siwx, connectors: [embedded] })).toEqual([])
  })

  it('when an option key is unknown, then the error names it', () => {
    expect(issuesOf({ networks: [mainnet], themMode: 'dark' })).toEqual(['themMode: Unknown option'])
    expect(issuesOf({ networks: [mainnet], features: { swap: true } })).toEqual([
      'features.swap: Unknown option',
    ])
  })

  it('when an option has the wrong type, then the error names the option and what was expected', () => {
    expect(issuesOf({ networks: [mainnet], enableNetworkSwitch: 'yes' })).toEqual([
      'enableNetworkSwitch: Expected boolean, received string',
    ])
    expect(issuesOf({ networks: [mainnet], enableWalletGuide: 'off' })).toEqual([
      'enableWalletGuide: Expected boolean, received string',
    ])
    expect(issuesOf({ networks: [mainnet], themeMode: 'blue' })).toEqual([
      "themeMode: Expected 'light' | 'dark', received 'blue'",
    ])
  })

  it('when a group order names a group the listing does not have, then it is refused; a known one is kept', () => {
    expect(issuesOf({ networks: [mainnet], connectorTypeOrder: ['injected', 'popular'] })).toEqual([
      "connectorTypeOrder[1]: Expected 'walletConnect' | 'recent' | 'injected' | 'featured' | 'custom' | 'external' | 'recommended', received 'popular'",
    ])
    const { options } = validateOptions({ networks: [mainnet], connectorTypeOrder: ['featured', 'injected'] })
    expect(options.connectorTypeOrder).toEqual(['featured', 'injected'])
  })

  it('when networks are missing or empty, then it is reported', () => {
    expect(issuesOf({})).toEqual(['networks: Required'])
    expect(issuesOf({ networks: [] })).toEqual(['networks: Array must contain at least 1 element(s)'])
    expect(issuesOf(null)).toEqual(['Expected object, received null'])
  })

  it('when a network is malformed, then the failing field is named', () => {
    expect(issuesOf({ networks: [{ ...mainnet, caipNetworkId: 'eip155:2' }] })).toEqual([
      'networks[0]: caipNetworkId must be chainNamespace:id',
    ])
    expect(
      issuesOf({ networks: [{ ...mainnet, nativeCurrency: { name: 'Ether', symbol: 'ETH' } }] }),
    ).toEqual(['networks[0].nativeCurrency.decimals: Required'])
  })

  it('when the same network is listed twice or the default network is not listed, then it is refused', () => {
    expect(issuesOf({ networks: [mainnet, mainnet] })).toEqual(['networks: Duplicate network eip155:1'])
    expect(issuesOf({ networks: [mainnet], defaultNetwork: base })).toEqual([
      'defaultNetwork: Expected one of `networks`',
    ])
  })

  it('when an adapter, storage or siwx lacks its methods, then it is refused by shape', () => {
    const { getBalance: _, ...partial } = adapter()
    expect(issuesOf({ networks: [mainnet], adapters: [partial] })[0]).toMatch(
      /^adapters\[0\]: Expected an adapter with/,
    )
    expect(issuesOf({ networks: [mainnet], storage: { getItem: () => null } })[0]).toMatch(
      /^storage: Expected a storage/,
    )
    expect(issuesOf({ networks: [mainnet], siwx: { createMessage: () => {} } })[0]).toMatch(
      /^siwx: Expected a SIWX config/,
    )
    expect(issuesOf({ networks: [mainnet], adapters: [adapter(), adapter()] })).toEqual([
      'adapters: Two adapters for namespace eip155',
    ])
  })

  it('when a link or image could run script, then it is refused', () => {
    expect(issuesOf({ networks: [mainnet], termsConditionsUrl: 'javascript:alert(1)' })).toEqual([
      'termsConditionsUrl: Expected an http(s) URL',
    ])
    expect(
      issuesOf({
        networks: [mainnet],
        customWallets: [{ id: 'x', name: 'X', imageUrl: 'javascript:alert(1)' }],
      }),
    ).toEqual(['customWallets[0].imageUrl: Expected an http(s) or data:image URL'])
  })

  it('when several options are wrong, then every issue is reported', () => {
    const issues = issuesOf({ networks: [mainnet], debug: 1, basic: 'no' })
    expect(issues).toEqual([
      'basic: Expected boolean, received string',
      'debug: Expected boolean, received number',
    ])
  })
})
