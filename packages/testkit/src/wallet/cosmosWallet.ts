// A Keplr-compatible Cosmos wallet with a real key of the test mnemonic: the object a Cosmos
// browser extension injects into the page (`enable`, `getKey`, `experimentalSuggestChain`,
// `signArbitrary` per ADR-036, `signAmino`, `signDirect`, `disable`), with knobs a test turns to
// play the user. It knows the Cosmos Hub and Osmosis and takes other chains when they are
// suggested. Declines the way Keplr does: `Error('Request rejected')`, no code. Browser-safe.
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { base64, bech32 } from '@scure/base'
import { type CosmosTestKey, cosmosTestKey } from '../cosmos/keys.js'
import { ProviderErrorCode, ProviderRpcError } from './errors.js'
import { DEV_WALLET_NAME } from './icon.js'
import { defaultStorage, type WalletStorage } from './storage.js'
import type { Approval } from './types.js'

/** Options of {@link createCosmosTestWallet}. */
export interface CosmosTestWalletOptions {
  /** Which account of the test mnemonic (m/44'/118'/0'/0/i); default 0. */
  accountIndex?: number | undefined
  mnemonic?: string | undefined
  /** Where the site's permissions and suggested chains are kept (default `latch.testWallet.cosmos`). */
  storageKey?: string | undefined
  storage?: WalletStorage | undefined
  /** The window event fired when the account changes (default `latch_keystorechange`). */
  accountsChangedEvent?: string | undefined
}

/** Knobs a test turns to play the user (or a faulty wallet) without a UI. */
export interface CosmosTestWalletControls {
  setApproval(approval: Approval): void
  rejectNext(n?: number): void
  /** The next `n` prompts never answer, like a wallet whose window was closed unseen. */
  hangNext(n?: number): void
  /** The next signature is over another message (or document): a wallet that signs the wrong thing. */
  signOtherNext(): void
  /** Switches to account `index` of the mnemonic and fires the account-change event. */
  setAccount(index: number): void
  /** Methods the dapp called, oldest first. */
  requests(): string[]
  /** The account's address with the prefix of `chainId` (the Cosmos Hub's by default). */
  address(chainId?: string): string
  /** The chain ids the site may use. */
  enabledChains(): string[]
}

export interface CosmosTestWallet {
  /** The Keplr-compatible object to put on `window`. */
  provider: Record<string, unknown>
  controls: CosmosTestWalletControls
}

interface Chain {
  chainId: string
  chainName: string
  prefix: string
}

const BUILT_IN: readonly Chain[] = [
  { chainId: 'cosmoshub-4', chainName: 'Cosmos Hub', prefix: 'cosmos' },
  { chainId: 'osmosis-1', chainName: 'Osmosis', prefix: 'osmo' },
]

const rejected = () => new Error('Request rejected')
const utf8 = new TextEncoder()

/** Amino JSON: keys sorted at every level, `&<>` escaped (also the WalletConnect peer's). */
export function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v
  return JSON.stringify(sort(value))
    .replace(/&/g, '\\u0026')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
}

function varint(value: bigint): number[] {
  const out: number[] = []
  let v = value
  while (v > 127n) {
    out.push(Number(v & 127n) | 128)
    v >>= 7n
  }
  out.push(Number(v))
  return out
}

/** `cosmos.tx.v1beta1.SignDoc` as protobuf. */
export function signDocBytes(doc: {
  bodyBytes: Uint8Array
  authInfoBytes: Uint8Array
  chainId: string
  accountNumber: bigint
}) {
  const field = (tag: number, bytes: Uint8Array) =>
    bytes.length ? [tag, ...varint(BigInt(bytes.length)), ...bytes] : []
  return Uint8Array.from([
    ...field(0x0a, doc.bodyBytes),
    ...field(0x12, doc.authInfoBytes),
    ...field(0x1a, utf8.encode(doc.chainId)),
    ...(doc.accountNumber ? [0x20, ...varint(doc.accountNumber)] : []),
  ])
}

function isChainInfo(value: unknown): value is {
  chainId: string
  chainName: string
  rpc: string
  rest: string
  bech32Config: { bech32PrefixAccAddr: string }
} {
  const v = value as Record<string, unknown> | undefined
  const config = v?.bech32Config as Record<string, unknown> | undefined
  return (
    typeof v?.chainId === 'string' &&
    /^[-a-zA-Z0-9]{1,64}$/.test(v.chainId) &&
    typeof v.chainName === 'string' &&
    typeof v.rpc === 'string' &&
    /^https?:\/\//.test(v.rpc) &&
    typeof v.rest === 'string' &&
    /^https?:\/\//.test(v.rest) &&
    typeof config?.bech32PrefixAccAddr === 'string' &&
    /^[a-z][a-z0-9]*$/.test(config.bech32PrefixAccAddr)
  )
}

/**
 * Creates the Cosmos side of the Dev Wallet. Put its `provider` on `window` under a name of its
 * own with {@link installCosmosTestWallet} (or as `window.keplr` to stand in for Keplr).
 */
export function createCosmosTestWallet(options: CosmosTestWalletOptions = {}): CosmosTestWallet {
  const storage = options.storage ?? defaultStorage()
  const storageKey = options.storageKey ?? 'latch.testWallet.cosmos'
  const event = options.accountsChangedEvent ?? 'latch_keystorechange'
  let key: CosmosTestKey = cosmosTestKey(options.accountIndex ?? 0, options.mnemonic)
  let enabled = new Set<string>()
  let suggested: Chain[] = []
  try {
    const saved = JSON.parse(storage.getItem(storageKey) ?? '{}') as {
      enabled?: unknown
      suggested?: unknown
    }
    if (Array.isArray(saved.enabled)) enabled = new Set(saved.enabled.filter((c) => typeof c === 'string'))
    if (Array.isArray(saved.suggested))
      suggested = saved.suggested.filter(
        (c): c is Chain => typeof c?.chainId === 'string' && typeof c?.prefix === 'string',
      )
  } catch {
    // Unreadable state: start without permissions.
  }
  const persist = () => storage.setItem(storageKey, JSON.stringify({ enabled: [...enabled], suggested }))
  let approval: Approval = 'approve'
  let rejections = 0
  let hangs = 0
  let signOther = false
  const calls: string[] = []
  const chains = () => [...BUILT_IN, ...suggested]
  const chainOf = (chainId: unknown): Chain | undefined => chains().find((c) => c.chainId === chainId)

  async function prompt(method: string): Promise<void> {
    calls.push(method)
    if (hangs > 0) {
      hangs -= 1
      await new Promise<never>(() => {})
    }
    if (rejections > 0 || approval === 'reject') {
      if (rejections > 0) rejections -= 1
      throw rejected()
    }
  }

  function allowed(chainId: unknown, signer?: unknown): Chain {
    const chain = chainOf(chainId)
    if (!chain) throw new Error(`There is no chain info for ${String(chainId)}`)
    if (!enabled.has(chain.chainId))
      throw new ProviderRpcError(
        ProviderErrorCode.unauthorized,
        `${chain.chainId} is not enabled for this site.`,
      )
    if (signer !== undefined && signer !== key.address(chain.prefix))
      throw new Error('Signer address does not match the account.')
    return chain
  }

  function sign(bytes: Uint8Array) {
    const message = signOther ? Uint8Array.from([...bytes, 0x20]) : bytes
    signOther = false
    const signature = secp256k1.sign(sha256(message), key.privateKey, { lowS: true })
    return {
      pub_key: { type: 'tendermint/PubKeySecp256k1', value: base64.encode(key.publicKey) },
      signature: base64.encode(signature.toCompactRawBytes()),
    }
  }

  const provider = {
    version: '0.12.0',
    mode: 'extension',
    async enable(chainIds: string | string[]) {
      const ids = Array.isArray(chainIds) ? chainIds : [chainIds]
      for (const id of ids) if (!chainOf(id)) throw new Error(`There is no chain info for ${String(id)}`)
      if (ids.every((id) => enabled.has(id))) {
        calls.push('enable (allowed)')
        return
      }
      await prompt('enable')
      for (const id of ids) enabled.add(id)
      persist()
    },
    async getKey(chainId: string) {
      const chain = allowed(chainId)
      calls.push('getKey')
      const hash = bech32.fromWords(bech32.decode(key.address(chain.prefix) as `${string}1${string}`).words)
      return {
        name: DEV_WALLET_NAME,
        algo: 'secp256k1',
        pubKey: key.publicKey.slice(),
        address: hash,
        bech32Address: key.address(chain.prefix),
        ethereumHexAddress: '',
        isNanoLedger: false,
        isKeystone: false,
      }
    },
    async getChainInfosWithoutEndpoints() {
      calls.push('getChainInfosWithoutEndpoints')
      return chains().map((c) => ({
        chainId: c.chainId,
        chainName: c.chainName,
        bech32Config: { bech32PrefixAccAddr: c.prefix },
      }))
    },
    async experimentalSuggestChain(info: unknown) {
      if (!isChainInfo(info)) throw new Error('Invalid chain info.')
      if (chainOf(info.chainId)) return
      await prompt('experimentalSuggestChain')
      suggested.push({
        chainId: info.chainId,
        chainName: info.chainName,
        prefix: info.bech32Config.bech32PrefixAccAddr,
      })
      persist()
    },
    async signArbitrary(chainId: string, signer: string, data: string | Uint8Array) {
      allowed(chainId, signer)
      await prompt('signArbitrary')
      const bytes = typeof data === 'string' ? utf8.encode(data) : new Uint8Array(data)
      const doc = {
        chain_id: '',
        account_number: '0',
        sequence: '0',
        fee: { gas: '0', amount: [] },
        msgs: [{ type: 'sign/MsgSignData', value: { signer, data: base64.encode(bytes) } }],
        memo: '',
      }
      return sign(utf8.encode(sortedJson(doc)))
    },
    async signAmino(chainId: string, signer: string, signDoc: Record<string, unknown>) {
      allowed(chainId, signer)
      if (signDoc?.chain_id !== chainId) throw new Error('Chain id does not match the sign doc.')
      await prompt('signAmino')
      return { signed: signDoc, signature: sign(utf8.encode(sortedJson(signDoc))) }
    },
    async signDirect(
      chainId: string,
      signer: string,
      signDoc: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: unknown },
    ) {
      allowed(chainId, signer)
      if (signDoc?.chainId !== chainId) throw new Error('Chain id does not match the sign doc.')
      await prompt('signDirect')
      const signed = {
        bodyBytes: new Uint8Array(signDoc.bodyBytes),
        authInfoBytes: new Uint8Array(signDoc.authInfoBytes),
        chainId,
        accountNumber: BigInt(String(signDoc.accountNumber ?? 0)),
      }
      return { signed, signature: sign(signDocBytes(signed)) }
    },
    async disable(chainIds?: string | string[]) {
      calls.push('disable')
      if (chainIds === undefined) enabled.clear()
      else for (const id of Array.isArray(chainIds) ? chainIds : [chainIds]) enabled.delete(id)
      persist()
    },
  }

  const controls: CosmosTestWalletControls = {
    setApproval(value) {
      approval = value
    },
    rejectNext(n = 1) {
      rejections += n
    },
    hangNext(n = 1) {
      hangs += n
    },
    signOtherNext() {
      signOther = true
    },
    setAccount(index) {
      key = cosmosTestKey(index, options.mnemonic)
      if (typeof window !== 'undefined') window.dispatchEvent(new Event(event))
    },
    requests: () => [...calls],
    address: (chainId = 'cosmoshub-4') => key.address(chainOf(chainId)?.prefix ?? 'cosmos'),
    enabledChains: () => [...enabled],
  }
  return { provider, controls }
}

/** The window property the Dev Wallet's Cosmos side is injected as. */
export const COSMOS_TEST_WALLET_GLOBAL = 'latchDevWallet'

/** Injects the wallet into the page as `window[global]`, the way an extension does. */
export function installCosmosTestWallet(
  wallet: CosmosTestWallet,
  global: string = COSMOS_TEST_WALLET_GLOBAL,
): void {
  Object.defineProperty(window, global, { value: wallet.provider, configurable: true, writable: true })
}
