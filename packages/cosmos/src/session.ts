// A session connector's cosmos side (WalletConnect) as a Keplr-compatible wallet, loaded with
// import() when a session is attached.
import { ChainNotSupportedError, InvalidWalletResponseError } from '@latch/core'
import type { AminoSignDoc, KeplrLike, StdSignature } from './keplr.js'

type Runtime = typeof import('./runtime.js')

/** The cosmos side of a session connector's session (WalletConnect): its accounts and requests. */
export interface CosmosSessionProvider {
  accounts(): readonly string[]
  request(args: { method: string; params: unknown }, chainId: string): Promise<unknown>
}

/**
 * A session's cosmos side as a Keplr-compatible wallet, over WalletConnect's Cosmos methods:
 * `cosmos_getAccounts` for the key, `cosmos_signAmino` (an ADR-036 document for signArbitrary,
 * which is what Keplr signs too) and `cosmos_signDirect` with base64 bytes.
 */
export function sessionKeplr(
  session: CosmosSessionProvider,
  approved: ReadonlyMap<string, string>,
  name: string,
  rt: Runtime,
): KeplrLike {
  const chainOf = (chainId: string): string => {
    if (!approved.has(chainId)) throw new ChainNotSupportedError({ chain: `cosmos:${chainId}` })
    return `cosmos:${chainId}`
  }
  const ask = (chainId: string, method: string, params: unknown) =>
    session.request({ method, params }, chainOf(chainId)) as Promise<Record<string, unknown> | undefined>
  const decode = (value: unknown): Uint8Array => {
    try {
      return rt.base64.decode(String(value))
    } catch {
      throw new InvalidWalletResponseError({ what: 'signature' })
    }
  }
  return {
    async enable(chainIds) {
      for (const id of Array.isArray(chainIds) ? chainIds : [chainIds]) chainOf(id)
    },
    async getKey(chainId) {
      const accounts = (await ask(chainId, 'cosmos_getAccounts', {})) as unknown
      const address = approved.get(chainId)
      const account = Array.isArray(accounts)
        ? (accounts as Record<string, unknown>[]).find((a) => a?.address === address)
        : undefined
      if (!account || typeof account.pubkey !== 'string')
        throw new InvalidWalletResponseError({ what: 'account' })
      return {
        name,
        algo: String(account.algo),
        pubKey: decode(account.pubkey),
        address: new Uint8Array(),
        bech32Address: String(address),
        isNanoLedger: false,
      }
    },
    async signArbitrary(chainId, signer, data) {
      const bytes = typeof data === 'string' ? rt.messageBytes(data) : data
      const answer = await ask(chainId, 'cosmos_signAmino', {
        signerAddress: signer,
        signDoc: rt.adr36Doc(signer, bytes),
      })
      return answer?.signature as StdSignature
    },
    async signAmino(chainId, signer, signDoc) {
      const answer = await ask(chainId, 'cosmos_signAmino', { signerAddress: signer, signDoc })
      return answer as unknown as { signed: AminoSignDoc; signature: StdSignature }
    },
    async signDirect(chainId, signer, signDoc) {
      const answer = await ask(chainId, 'cosmos_signDirect', {
        signerAddress: signer,
        signDoc: {
          chainId: signDoc.chainId,
          accountNumber: String(signDoc.accountNumber ?? '0'),
          bodyBytes: rt.base64.encode(signDoc.bodyBytes ?? new Uint8Array()),
          authInfoBytes: rt.base64.encode(signDoc.authInfoBytes ?? new Uint8Array()),
        },
      })
      const signed = answer?.signed as Record<string, unknown> | undefined
      return {
        signed: {
          chainId: String(signed?.chainId),
          accountNumber: signed?.accountNumber,
          bodyBytes: decode(signed?.bodyBytes),
          authInfoBytes: decode(signed?.authInfoBytes),
        },
        signature: answer?.signature as StdSignature,
      }
    },
  }
}
