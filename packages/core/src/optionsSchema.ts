import { isCaipNetworkId } from './caip.js'
import { WALLET_GROUPS } from './rules/connectors.js'
import { s } from './schema/s.js'
import type { Schema } from './schema/schema.js'
import { themeVariablesSchema } from './theme.js'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** An object (any prototype: class instances, Storage) whose listed members are functions. */
function withMethods<T>(
  what: string,
  methods: readonly string[],
  extra?: (value: Record<string, unknown>) => boolean,
) {
  return s.custom<T>(
    (value) =>
      isObject(value) &&
      methods.every((method) => typeof value[method] === 'function') &&
      (extra ? extra(value) : true),
    `Expected ${what} with ${methods.join(', ')}`,
  )
}

const httpUrl = (message = 'Expected an http(s) URL'): Schema<string> =>
  s.custom<string>((value) => {
    if (typeof value !== 'string') return false
    try {
      const url = new URL(value)
      return url.protocol === 'https:' || url.protocol === 'http:'
    } catch {
      return false
    }
  }, message)

const imageUrl = s.custom<string>(
  (value) => typeof value === 'string' && /^(https?:|data:image\/)/i.test(value),
  'Expected an http(s) or data:image URL',
)

const stringList = s.array(s.string())

const networkSchema = s
  .object({
    id: s.union([s.number(), s.string().min(1)]),
    caipNetworkId: s.custom<string>(isCaipNetworkId, 'Expected a CAIP-2 id such as eip155:1'),
    chainNamespace: s.string().min(1),
    name: s.string().min(1),
    testnet: s.boolean().optional(),
    nativeCurrency: s.object({ name: s.string(), symbol: s.string().min(1), decimals: s.number().int() }),
    rpcUrls: s.object({ default: s.object({ http: stringList }) }),
    blockExplorers: s.object({ default: s.object({ name: s.string(), url: httpUrl() }) }).optional(),
    assets: s.object({ imageId: s.string().optional(), imageUrl: imageUrl.optional() }).optional(),
  })
  .refine(
    (network) => network.caipNetworkId === `${network.chainNamespace}:${network.id}`,
    'caipNetworkId must be chainNamespace:id',
  )

const adapterSchema = withMethods<object>(
  'an adapter',
  [
    'setup',
    'getConnectors',
    'connect',
    'reconnect',
    'disconnect',
    'switchNetwork',
    'signMessage',
    'sendTransaction',
    'getBalance',
    'getProvider',
  ],
  (value) => typeof value.namespace === 'string' && Array.isArray(value.networks),
)

const sessionConnectorSchema = withMethods<object>(
  'a session connector',
  ['supports', 'connect', 'cancel', 'restore', 'disconnect', 'getProvider', 'subscribe'],
  (value) =>
    typeof value.id === 'string' &&
    /^[\w.:-]{1,64}$/.test(value.id) &&
    typeof value.name === 'string' &&
    (value.type === 'WALLET_CONNECT' || value.type === 'AUTH'),
)

const socialSchema = s.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'])

const featuresSchema = s
  .object({
    receive: s.boolean().optional(),
    send: s.boolean().optional(),
    swaps: s.boolean().optional(),
    onramp: s.boolean().optional(),
    activity: s.boolean().optional(),
    email: s.boolean().optional(),
    socials: s.union([s.boolean(), s.array(socialSchema)]).optional(),
    analytics: s.boolean().optional(),
    allWallets: s.boolean().optional(),
    connectMethodsOrder: s.array(s.enum(['email', 'social', 'wallet'])).optional(),
    legalCheckbox: s.boolean().optional(),
    smartSessions: s.boolean().optional(),
    collapseWallets: s.boolean().optional(),
    pay: s.boolean().optional(),
  })
  .strict()

const customWalletSchema = s
  .object({
    id: s.string().min(1),
    name: s.string().min(1),
    imageUrl: imageUrl.optional(),
    rdns: s.string().optional(),
    homepage: httpUrl().optional(),
    mobileLink: s.string().optional(),
    desktopLink: s.string().optional(),
    webappLink: httpUrl().optional(),
  })
  .strict()

/** The shape `createLatch` accepts. Unknown keys are reported, so typos do not pass silently. */
export const optionsSchema = s
  .object({
    adapters: s.array(adapterSchema).optional(),
    networks: s.array(networkSchema).min(1),
    defaultNetwork: networkSchema.optional(),
    projectId: s.string().min(1).optional(),
    metadata: s
      .object({ name: s.string(), description: s.string(), url: httpUrl(), icons: s.array(imageUrl) })
      .strict()
      .optional(),
    features: featuresSchema.optional(),
    themeMode: s.enum(['light', 'dark']).optional(),
    themeVariables: themeVariablesSchema.optional(),
    featuredWalletIds: stringList.optional(),
    includeWalletIds: stringList.optional(),
    excludeWalletIds: stringList.optional(),
    customWallets: s.array(customWalletSchema).optional(),
    connectorOrder: stringList.optional(),
    connectorTypeOrder: s.array(s.enum(WALLET_GROUPS)).optional(),
    termsConditionsUrl: httpUrl().optional(),
    privacyPolicyUrl: httpUrl().optional(),
    siwx: withMethods<object>('a SIWX config', [
      'createMessage',
      'addSession',
      'revokeSession',
      'setSessions',
      'getSessions',
    ]).optional(),
    siweConfig: s.custom<object>(isObject, 'Expected object').optional(),
    enableEmbedded: s.boolean().optional(),
    basic: s.boolean().optional(),
    manualWCControl: s.boolean().optional(),
    allowUnsupportedChain: s.boolean().optional(),
    enableNetworkSwitch: s.boolean().optional(),
    enableWalletConnect: s.boolean().optional(),
    connectors: s.array(sessionConnectorSchema).optional(),
    restoreTimeoutMs: s
      .number()
      .int()
      .refine((ms) => ms >= 0 && ms <= 60_000, 'Expected 0 to 60000 milliseconds')
      .optional(),
    balance: s.boolean().optional(),
    enableEIP6963: s.boolean().optional(),
    enableWalletGuide: s.boolean().optional(),
    storage: withMethods<object>('a storage', ['getItem', 'setItem', 'removeItem']).optional(),
    apiUrl: httpUrl().optional(),
    debug: s.boolean().optional(),
  })
  .strict()
