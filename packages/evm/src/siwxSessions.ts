import type { LatchSiwx, SiwxMessageData, SiwxSession } from '@latch/core'
import { type Hex, isHex, recoverMessageAddress } from 'viem'
import { formatSiweMessage } from './siwe.js'

/** What both sign-in implementations share. */
export interface SiwxBaseOptions {
  /** When true, a connected wallet must sign in (default false). */
  required?: boolean | undefined
  /** The sentence shown in the message (EIP-4361 statement). */
  statement?: string | undefined
  /** How long a session lasts, in ms (default one day). */
  lifetimeMs?: number | undefined
  /** Where sessions are kept (default `localStorage`). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined
}

const day = 24 * 60 * 60 * 1000
const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(22))
  return [...bytes].map((b) => alphanumeric[b % alphanumeric.length]).join('')
}

function chainNumber(caip2: string): number {
  const [namespace, reference] = caip2.split(':')
  if (namespace !== 'eip155' || !reference || !/^[0-9]+$/.test(reference))
    throw new Error(`Sign-in supports eip155 and solana networks only, not ${caip2}`)
  return Number(reference)
}

const isSolana = (caip2: string) => caip2.startsWith('solana:')

async function messageFor(
  input: { accountAddress: string; chainId: string },
  nonce: string,
  options: SiwxBaseOptions,
): Promise<{ data: SiwxMessageData; message: string }> {
  const now = Date.now()
  const data: SiwxMessageData = {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain: location.host,
    uri: location.origin,
    version: '1',
    nonce,
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + (options.lifetimeMs ?? day)).toISOString(),
    statement: options.statement,
  }
  // Solana accounts sign the CAIP-122 message of their namespace (Sign-In With Solana), from a
  // module loaded only then: an EVM-only app does not carry it.
  if (isSolana(data.chainId)) return import('./siws.js').then(({ solanaMessage }) => solanaMessage(data))
  const message = formatSiweMessage({
    domain: data.domain,
    address: data.accountAddress,
    statement: data.statement,
    uri: data.uri,
    version: '1',
    chainId: chainNumber(data.chainId),
    nonce,
    issuedAt: data.issuedAt,
    expirationTime: data.expirationTime,
  })
  return { data, message }
}

// eip155 addresses compare in any case; base58 ones are case-sensitive.
const sameAccount = (session: SiwxSession, chainId: string, address: string) =>
  session.data.chainId === chainId &&
  (isSolana(chainId)
    ? session.data.accountAddress === address
    : session.data.accountAddress.toLowerCase() === address.toLowerCase())
const live = (session: SiwxSession) =>
  !session.data.expirationTime || Date.parse(session.data.expirationTime) > Date.now()

function readList<T>(
  storage: SiwxBaseOptions['storage'],
  key: string,
  valid: (item: unknown) => item is T,
): T[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(valid) : []
  } catch {
    return []
  }
}

function isSession(item: unknown): item is SiwxSession {
  const s = item as SiwxSession
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.message === 'string' &&
    typeof s.signature === 'string' &&
    typeof s.data?.chainId === 'string' &&
    typeof s.data?.accountAddress === 'string'
  )
}

/**
 * An EOA's signature (eip191) must recover the account; otherwise, with an RPC URL for the
 * network, the account is asked on chain (siwxContract.ts, loaded with import() for a contract
 * account's signature only).
 */
async function verifyInPage(session: SiwxSession, rpcUrl: string | undefined): Promise<void> {
  const address = session.data.accountAddress as Hex
  const signature = session.signature as Hex
  const signer = await recoverMessageAddress({ message: session.message, signature }).catch(() => undefined)
  if (signer?.toLowerCase() === address.toLowerCase()) return
  if (rpcUrl === undefined) throw new Error('The signature does not match the address')
  const { verifyContractSignature } = await import('./siwxContract.js')
  await verifyContractSignature({ address, message: session.message, signature, rpcUrl })
}

/** Options of {@link localSiwx}. */
export interface LocalSiwxOptions extends SiwxBaseOptions {
  /**
   * RPC URLs by CAIP-2 network id (`{ 'eip155:1': 'https://…' }`), to verify contract accounts'
   * signatures (ERC-1271 `isValidSignature`, by eth_call). Without one for the network, the
   * project's RPC endpoint on the app's `@latch/server` (`apiUrl`); with no server either, only
   * EOA signatures are accepted.
   */
  rpcUrls?: Readonly<Record<string, string>> | undefined
}

/**
 * Sign-in kept in the browser: sessions live in `localStorage` and are verified in the page
 * (an EOA's eip191 signature must recover the account, a contract account's is checked with
 * `isValidSignature` over `rpcUrls`; on solana, Sign-In With Solana signed with ed25519; the
 * message must be this page's and unexpired). For sessions an app's backend can trust, use
 * `serverSiwx`.
 *
 * @example
 * createLatch({ …, siwx: localSiwx({ required: true, statement: 'Sign in to Example.' }) })
 */
export function localSiwx(options: LocalSiwxOptions = {}): LatchSiwx {
  const storage = options.storage ?? globalThis.localStorage
  const key = 'latch.siwx.sessions'
  const read = () => readList(storage, key, isSession).filter(live)
  const write = (sessions: readonly SiwxSession[]) => storage?.setItem(key, JSON.stringify(sessions))
  return {
    async createMessage(input) {
      return messageFor(input, randomNonce(), options)
    },
    async addSession(session, context) {
      if (session.data.domain !== location.host) throw new Error('The sign-in message is not for this page')
      if (!live(session)) throw new Error('The sign-in message has expired')
      if (isSolana(session.data.chainId)) {
        const { verifySolanaSession } = await import('./siws.js')
        verifySolanaSession(session, location.host)
        write([
          ...read().filter((s) => !sameAccount(s, session.data.chainId, session.data.accountAddress)),
          session,
        ])
        return
      }
      if (!isHex(session.signature)) throw new Error('The signature is not hex')
      // The app's URL for the network, else the project's RPC endpoint on its server.
      const chainId = session.data.chainId
      await verifyInPage(session, options.rpcUrls?.[chainId] ?? context?.projectRpcUrl?.(chainId))
      write([
        ...read().filter((s) => !sameAccount(s, session.data.chainId, session.data.accountAddress)),
        session,
      ])
    },
    async revokeSession(chainId, address) {
      write(read().filter((s) => !sameAccount(s, chainId, address)))
    },
    async setSessions(sessions) {
      write(sessions)
    },
    async getSessions(chainId, address) {
      return read().filter((s) => sameAccount(s, chainId, address))
    },
    getRequired: () => options.required ?? false,
  }
}

export interface ServerSiwxOptions extends Omit<SiwxBaseOptions, 'lifetimeMs'> {
  /** The `@latch/server` base URL. */
  url: string
  projectId: string
}

interface StoredToken {
  token: string
  session: SiwxSession
}
const isStoredToken = (item: unknown): item is StoredToken =>
  typeof (item as StoredToken)?.token === 'string' && isSession((item as StoredToken).session)

/**
 * Sign-in with sessions from `@latch/server`: it issues the nonce, verifies the signed message
 * (eip191, or eip1271 for contract accounts) and returns a session token the app's backend can
 * verify with the server's JWKS. The token is kept in `localStorage`; a session revoked on the
 * server is asked for again.
 *
 * @example
 * createLatch({ …, siwx: serverSiwx({ url: 'https://latch.example.com', projectId, required: true }) })
 */
export function serverSiwx(options: ServerSiwxOptions): LatchSiwx {
  const storage = options.storage ?? globalThis.localStorage
  const key = `latch.siwx.server.${options.projectId}`
  const endpoint = (path: string) =>
    `${options.url.replace(/\/$/, '')}${path}?projectId=${encodeURIComponent(options.projectId)}`
  const read = () => readList(storage, key, isStoredToken)
  const write = (tokens: readonly StoredToken[]) => storage?.setItem(key, JSON.stringify(tokens))
  const forget = (chainId: string, address: string) =>
    write(read().filter((t) => !sameAccount(t.session, chainId, address)))
  const failure = async (response: Response) => {
    const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined
    return new Error(
      typeof body?.message === 'string' ? body.message : `Sign-in server answered ${response.status}`,
    )
  }
  return {
    async createMessage(input) {
      const response = await fetch(endpoint('/siwx/v1/nonce'))
      if (!response.ok) throw await failure(response)
      const { nonce } = (await response.json()) as { nonce?: unknown }
      if (typeof nonce !== 'string' || !/^[A-Za-z0-9]{8,64}$/.test(nonce))
        throw new Error('The sign-in server sent no valid nonce')
      return messageFor(input, nonce, options)
    },
    async addSession(session) {
      const response = await fetch(endpoint('/siwx/v1/sessions'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: session.message, signature: session.signature }),
      })
      if (!response.ok) throw await failure(response)
      const { token } = (await response.json()) as { token?: unknown }
      if (typeof token !== 'string') throw new Error('The sign-in server sent no session token')
      forget(session.data.chainId, session.data.accountAddress)
      write([...read(), { token, session }])
    },
    async revokeSession(chainId, address) {
      // Forgotten here first, so a page that reloads at once is already signed out.
      const stored = read().filter((t) => sameAccount(t.session, chainId, address))
      if (stored.length > 0) forget(chainId, address)
      // This page's sessions only: the account's sessions elsewhere stay.
      for (const { token } of stored) {
        const introspection = await fetch(endpoint('/siwx/v1/introspect'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token }),
          keepalive: true,
        })
        if (!introspection.ok) continue
        const { session } = (await introspection.json()) as { session?: { id?: unknown } }
        if (typeof session?.id !== 'string') continue
        await fetch(endpoint(`/siwx/v1/sessions/${encodeURIComponent(session.id)}`), {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
          keepalive: true,
        })
      }
    },
    async setSessions(sessions) {
      if (sessions.length === 0) write([])
    },
    async getSessions(chainId, address) {
      const stored = read().filter((t) => sameAccount(t.session, chainId, address))
      const valid: SiwxSession[] = []
      for (const { token, session } of stored) {
        const response = await fetch(endpoint('/siwx/v1/sessions'), {
          headers: { authorization: `Bearer ${token}` },
        })
        if (response.ok) valid.push(session)
        else if (response.status === 401) forget(chainId, address)
      }
      return valid
    },
    getRequired: () => options.required ?? false,
  }
}

/** The session token of an account signed in through `serverSiwx`, for the app's own API calls. */
export function getServerSessionToken(
  options: Pick<ServerSiwxOptions, 'projectId' | 'storage'>,
  chainId: string,
  address: string,
): string | undefined {
  const storage = options.storage ?? globalThis.localStorage
  return readList(storage, `latch.siwx.server.${options.projectId}`, isStoredToken).find((t) =>
    sameAccount(t.session, chainId, address),
  )?.token
}
