import {
  type Address,
  createPublicClient,
  createTestClient,
  encodeAbiParameters,
  getAddress,
  type Hex,
  http,
  keccak256,
  numberToHex,
  pad,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { latchTestIdRegistryAbi, latchTestIdRegistryBytecode } from '../contracts/testIdRegistry.generated.js'

/**
 * Farcaster's IdRegistry on OP Mainnet (FIP-11 verifiers read `idOf(custody)` there). The test
 * kit's stand-in is placed at this address on a local chain.
 */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** A Farcaster account for {@link registerFarcasterIds}: its id and the address that holds it. */
export interface FarcasterId {
  fid: number | bigint
  custody: Address
}

const maxFid = 2n ** 64n - 1n

// Solidity's mapping layout: the value of `key` in the mapping at `slot` is at keccak256(key . slot).
const idOfSlot = (custody: Address) =>
  keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [custody, 0n]))
const custodyOfSlot = (fid: bigint) =>
  keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [fid, 1n]))

/**
 * Places the test kit's IdRegistry stand-in (contracts/TestIdRegistry.sol) at
 * {@link FARCASTER_ID_REGISTRY} on a local anvil chain (`anvil_setCode`, kept when already there)
 * and records each account in it (`anvil_setStorageAt`): `idOf(custody)` answers the fid and
 * `custodyOf(fid)` the custody address. A fid given a new custody address leaves the old one
 * owning nothing, as a transfer does.
 *
 * @example
 * const chain = await startAnvil({ chainId: 10 })
 * await registerFarcasterIds(chain.rpcUrl, [{ fid: 1234, custody: TEST_ACCOUNTS[0]!.address }])
 */
export async function registerFarcasterIds(rpcUrl: string, ids: readonly FarcasterId[]): Promise<void> {
  const transport = http(rpcUrl, { retryCount: 0 })
  const client = createPublicClient({ transport })
  const test = createTestClient({ mode: 'anvil', transport })
  const code = await client.getCode({ address: FARCASTER_ID_REGISTRY })
  if (code?.toLowerCase() !== latchTestIdRegistryBytecode.toLowerCase())
    await test.setCode({ address: FARCASTER_ID_REGISTRY, bytecode: latchTestIdRegistryBytecode })
  const word = (value: bigint | Address) => pad(typeof value === 'bigint' ? numberToHex(value) : value)
  for (const { fid: given, custody: raw } of ids) {
    const fid = BigInt(given)
    if (fid <= 0n || fid > maxFid) throw new Error(`Invalid fid ${String(given)}: expected 1 to 2^64-1.`)
    const custody = getAddress(raw)
    const previous = await client.readContract({
      address: FARCASTER_ID_REGISTRY,
      abi: latchTestIdRegistryAbi,
      functionName: 'custodyOf',
      args: [fid],
    })
    if (previous !== zeroAddress && previous !== custody)
      await test.setStorageAt({
        address: FARCASTER_ID_REGISTRY,
        index: idOfSlot(previous),
        value: word(0n),
      })
    await test.setStorageAt({
      address: FARCASTER_ID_REGISTRY,
      index: idOfSlot(custody),
      value: word(fid),
    })
    await test.setStorageAt({
      address: FARCASTER_ID_REGISTRY,
      index: custodyOfSlot(fid),
      value: word(custody),
    })
  }
}

/** Who a {@link farcasterClient} signs in as. */
export interface FarcasterClientOptions {
  /** The custody address's private key (the one {@link registerFarcasterIds} recorded for `fid`). */
  custodyKey: Hex
  fid: number
  username: string
  displayName?: string | undefined
  bio?: string | undefined
  pfpUrl?: string | undefined
}

/**
 * What {@link FarcasterClient.approve} may change in the message or the request, to test a
 * relay's checks: each one replaces what an honest client would send.
 */
export interface FarcasterApproveOverrides {
  /** The message's domain (else the channel's). */
  domain?: string
  /** The message's URI (else the channel's). */
  uri?: string
  /** The message's nonce (else the channel's). */
  nonce?: string
  /** The fid in the message's `farcaster://fid/N` resource (else the client's). */
  messageFid?: number
  /** The key that signs the message (else the custody key; the message still names the custody address). */
  signWith?: Hex
  /** The message's expiration time (else the channel's, if it names one). */
  expirationTime?: Date
  /** A body posted as is instead of the one built. */
  body?: unknown
}

/** What the relay answered to the client's authenticate request. */
export interface FarcasterApproval {
  status: number
  body: unknown
  /** The message signed (none when `body` replaced the request). */
  message: string | undefined
}

export interface FarcasterClient {
  fid: number
  username: string
  custody: Address
  /**
   * Does what a Farcaster client does once its user approves a Sign In With Farcaster request:
   * reads the channel token and the relay from the URL (`channelToken`, `relay`), the channel's
   * nonce, domain and URI from `GET {relay}/v1/channel/status`, builds the EIP-4361 message
   * (statement "Farcaster Auth", chain id 10, resource `farcaster://fid/N`), signs it with the
   * custody key (EIP-191) and posts it to `POST {relay}/v1/channel/authenticate`.
   */
  approve(url: string, overrides?: FarcasterApproveOverrides): Promise<FarcasterApproval>
}

interface ChannelStatus {
  nonce: string
  signatureParams: { domain: string; siweUri: string; expirationTime?: string; notBefore?: string }
}

/**
 * A stand-in for a Farcaster client (the app a user approves a sign-in in), offline: it signs in
 * as `fid` with the custody key, against a relay whose base the sign-in URL names (`relay`).
 *
 * @example
 * const alice = farcasterClient({ custodyKey: TEST_ACCOUNTS[0]!.privateKey, fid: 1234, username: 'alice' })
 * await alice.approve(url) // the `url` social/start answered
 */
export function farcasterClient(options: FarcasterClientOptions): FarcasterClient {
  const custody = privateKeyToAccount(options.custodyKey)
  async function approve(url: string, overrides: FarcasterApproveOverrides = {}): Promise<FarcasterApproval> {
    const parsed = new URL(url)
    const channelToken = parsed.searchParams.get('channelToken')
    const relay = parsed.searchParams.get('relay')
    if (channelToken === null) throw new Error('The sign-in URL has no channelToken.')
    if (relay === null) throw new Error('The sign-in URL names no relay (relay=…).')
    const headers = { authorization: `Bearer ${channelToken}`, 'content-type': 'application/json' }
    const post = async (body: unknown, message?: string): Promise<FarcasterApproval> => {
      const response = await fetch(`${relay}/v1/channel/authenticate`, {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      })
      const text = await response.text()
      let answer: unknown = text
      try {
        answer = JSON.parse(text)
      } catch {}
      return { status: response.status, body: answer, message }
    }
    if (overrides.body !== undefined) return post(overrides.body)
    const status = await fetch(`${relay}/v1/channel/status`, { headers })
    if (status.status !== 200)
      throw new Error(`The relay answered ${status.status} for the channel's status.`)
    const channel = (await status.json()) as ChannelStatus
    const expirationTime =
      overrides.expirationTime ??
      (channel.signatureParams.expirationTime === undefined
        ? undefined
        : new Date(channel.signatureParams.expirationTime))
    const message = createSiweMessage({
      domain: overrides.domain ?? channel.signatureParams.domain,
      address: custody.address,
      statement: 'Farcaster Auth',
      uri: overrides.uri ?? channel.signatureParams.siweUri,
      version: '1',
      chainId: 10,
      nonce: overrides.nonce ?? channel.nonce,
      issuedAt: new Date(),
      ...(expirationTime === undefined ? {} : { expirationTime }),
      resources: [`farcaster://fid/${overrides.messageFid ?? options.fid}`],
    })
    const signer = overrides.signWith === undefined ? custody : privateKeyToAccount(overrides.signWith)
    const signature = await signer.signMessage({ message })
    return post(
      {
        message,
        signature,
        fid: options.fid,
        username: options.username,
        ...(options.displayName === undefined ? {} : { displayName: options.displayName }),
        ...(options.bio === undefined ? {} : { bio: options.bio }),
        ...(options.pfpUrl === undefined ? {} : { pfpUrl: options.pfpUrl }),
      },
      message,
    )
  }
  return { fid: options.fid, username: options.username, custody: custody.address, approve }
}
