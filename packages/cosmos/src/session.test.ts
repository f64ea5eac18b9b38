// The adapter's WalletConnect side: a session connector's cosmos namespace (its CAIP-10 accounts
// and WalletConnect's Cosmos methods), answered by the test kit's wallet peer's own Cosmos code.
// Signatures are checked with CosmJS.
import { makeSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { fromBase64 } from '@cosmjs/encoding'
import { makeSignBytes } from '@cosmjs/proto-signing'
import { InvalidWalletResponseError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { cosmosTestKey } from '../../testkit/src/cosmos/keys.js'
import {
  answerCosmosRequest,
  type WalletPeerCosmos,
} from '../../testkit/src/walletconnect/cosmos-namespace.js'
import { cosmosAdapter, cosmosHub, cosmosTestChain, osmosis } from './index.js'

const key = cosmosTestKey(2)
const peer: WalletPeerCosmos = {
  accountIndex: 2,
  chains: [
    { id: 'cosmos:latch-local-1', prefix: 'cosmos' },
    { id: 'cosmos:osmosis-1', prefix: 'osmo' },
  ],
}
const requests: string[] = []
const session = {
  accounts: () => [`cosmos:latch-local-1:${key.address()}`, `cosmos:osmosis-1:${key.address('osmo')}`],
  async request({ method, params }: { method: string; params: unknown }, chainId: string) {
    requests.push(`${chainId} ${method}`)
    const outcome = answerCosmosRequest({ key: cosmosTestKey(2), cosmos: peer, chainId }, method, params)
    if ('error' in outcome)
      throw Object.assign(new Error(outcome.error.message), { code: outcome.error.code })
    return outcome.result
  },
}

function attached() {
  const adapter = cosmosAdapter({ networks: [cosmosTestChain(), cosmosHub(), osmosis()] })
  return {
    adapter,
    result: adapter.attachSession!({
      connectorId: 'walletConnect',
      connectorType: 'WALLET_CONNECT',
      provider: session,
      walletName: 'Peer',
      caipNetwork: osmosis(),
    }),
  }
}

describe('given a WalletConnect session with a cosmos namespace', () => {
  it('when attached, then the account is the session’s on the visitor’s network, and a message signed through cosmos_signAmino verifies with CosmJS', async () => {
    const { adapter, result } = attached()
    expect(await result).toMatchObject({ address: key.address('osmo'), chainId: 'osmosis-1' })
    const signature = await adapter.signMessage({ message: 'over the relay', address: key.address('osmo') })
    const doc = makeSignDoc(
      [
        {
          type: 'sign/MsgSignData',
          value: { signer: key.address('osmo'), data: Buffer.from('over the relay').toString('base64') },
        },
      ],
      { gas: '0', amount: [] },
      '',
      '',
      0,
      0,
    )
    expect(
      await Secp256k1.verifySignature(
        Secp256k1Signature.fromFixedLength(fromBase64(signature)),
        sha256(serializeSignDoc(doc)),
        key.publicKey,
      ),
    ).toBe(true)
    expect(requests).toContain('cosmos:osmosis-1 cosmos_signAmino')
  })

  it('when a direct sign doc goes through cosmos_signDirect, then CosmJS verifies it', async () => {
    const { adapter, result } = attached()
    await result
    const doc = {
      bodyBytes: Uint8Array.of(10, 1, 7),
      authInfoBytes: Uint8Array.of(18, 0),
      chainId: 'osmosis-1',
      accountNumber: 9n,
    }
    const { signed, signature } = await adapter.getOfflineSigner().signDirect(key.address('osmo'), doc)
    expect(
      await Secp256k1.verifySignature(
        Secp256k1Signature.fromFixedLength(fromBase64(signature.signature)),
        sha256(makeSignBytes(signed)),
        key.publicKey,
      ),
    ).toBe(true)
  })

  it('when the session holds a malformed address, then attaching fails and nothing is connected', async () => {
    const adapter = cosmosAdapter({ networks: [cosmosTestChain()] })
    await expect(
      adapter.attachSession!({
        connectorId: 'walletConnect',
        connectorType: 'WALLET_CONNECT',
        provider: { ...session, accounts: () => ['cosmos:latch-local-1:cosmos1bad'] },
        walletName: 'Peer',
      }),
    ).rejects.toBeInstanceOf(InvalidWalletResponseError)
    expect(adapter.getProvider()).toBeUndefined()
  })
})
