// The frame's unit tests' signed-in wallet: a device record with its own keys and a session, the
// development mnemonic's shares with this device's one wrapped for the account, a stand-in server
// that releases the auth share, and the wallet's handlers over them. Not shipped: only tests
// import it.
import { base64urlnopad } from '@scure/base'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import type { Api } from '../api.js'
import { resultOf } from '../rpc.js'
import type { AccountRecord, DeviceRecord } from '../storage.js'
import { wrapShare } from '../vault/deviceShare.js'
import { splitEntropy } from '../vault/shares.js'
import { createWallet, type WalletOptions } from '../wallet.js'

/** The well-known development mnemonic: its first eip155 account is public knowledge. */
export const devMnemonic = 'test test test test test test test test test test test junk'
export const devAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const email = 'visitor@example.com'

/** A session token as the server issues it (the frame reads only its claims). */
export const sessionToken = (jti: string) =>
  `e30.${base64urlnopad.encode(new TextEncoder().encode(JSON.stringify({ jti, sub: 'user-1' })))}.sig`

/** A device record with fresh keys, signed in as `email`, with no account data yet. */
export async function deviceRecord(token: string): Promise<DeviceRecord> {
  return {
    deviceKey: await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]),
    wrapKey: await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']),
    token,
    email,
    accounts: {},
  }
}

/**
 * A device holding its share of the development wallet (or of `mnemonic`'s) for project p1, and
 * the server's auth share.
 */
export async function signedInDevice(
  token: string,
  account: Omit<AccountRecord, 'deviceShare'>,
  mnemonic = devMnemonic,
) {
  const shares = await splitEntropy(mnemonicToEntropy(mnemonic, wordlist))
  const record = await deviceRecord(token)
  record.accounts![email] = {
    ...account,
    deviceShare: await wrapShare(record, shares.device, `latch-share|p1|${email}`),
  }
  return { record, authShare: base64urlnopad.encode(shares.auth) }
}

/**
 * A server that releases the auth share for a device proof (`released` lists the proofs' nonces)
 * and, like `/embedded/v1/broadcast`, sends a signed transaction to the node `nodes` names for
 * its chain (`broadcasts` lists them).
 */
export function shareServer(authShare: string, nodes: Record<string, string> = {}) {
  const released: string[] = []
  const broadcasts: string[] = []
  const api = {
    nonce: async () => ({ nonce: `n${released.length}` }),
    share: async (proof: { nonce: string }) => {
      released.push(proof.nonce)
      return { authShare }
    },
    broadcast: async (chainId: string, transaction: string, sendOptions: Record<string, unknown> = {}) => {
      const node = nodes[chainId]
      if (node === undefined) throw new Error(`No node for ${chainId} in this test`)
      broadcasts.push(transaction)
      const solana = chainId.startsWith('solana:')
      const response = await fetch(node, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: solana ? 'sendTransaction' : 'eth_sendRawTransaction',
          params: solana ? [transaction, { encoding: 'base64', ...sendOptions }] : [transaction],
        }),
      })
      return resultOf((await response.json()) as { result?: unknown })
    },
  } as unknown as Api
  return { api, released, broadcasts }
}

/** The wallet's handlers for `record` over `api` (project p1, user recovery, no screens shown). */
export function frameWallet(record: DeviceRecord, api: Api, options: Partial<WalletOptions> = {}) {
  return createWallet({
    projectId: 'p1',
    chainId: 'eip155:1',
    recoveryPolicy: 'user',
    api,
    store: { load: async () => record, save: async () => {} },
    record,
    askPassword: async () => {},
    setVisible: () => {},
    sessionEnded: () => {},
    // No screen after Approve: a server out of reach ends the request as Close does.
    showSigning: async () => ({ unreachable: async () => false, close: () => {} }),
    ...options,
  })
}
