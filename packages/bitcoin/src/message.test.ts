import { secp256k1 } from '@noble/curves/secp256k1'
import { utf8ToBytes } from '@noble/hashes/utils'
import { base64 } from '@scure/base'
import { NETWORK, p2pkh, p2tr, p2wpkh, RawWitness, Transaction } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { bip322MessageHash, bip322ToSign, legacyMessageHash, verifyBip322, verifyLegacy } from './message.js'

// The test vectors of BIP-322 itself (bitcoin/bips, bip-0322.mediawiki): made by another
// implementation, so they check this one independently.
const VECTOR_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const VECTOR_EMPTY =
  'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
const VECTOR_HELLO =
  'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('BIP-322', () => {
  it('hashes messages with the BIP-322 tag, as the BIP lists', () => {
    expect(hexOf(bip322MessageHash(new Uint8Array()))).toBe(
      'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
    )
    expect(hexOf(bip322MessageHash(utf8ToBytes('Hello World')))).toBe(
      'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    )
  })

  it('verifies the BIP test vectors of a P2WPKH address', () => {
    expect(verifyBip322(VECTOR_ADDRESS, new Uint8Array(), base64.decode(VECTOR_EMPTY), NETWORK)).toBe(true)
    expect(
      verifyBip322(VECTOR_ADDRESS, utf8ToBytes('Hello World'), base64.decode(VECTOR_HELLO), NETWORK),
    ).toBe(true)
  })

  it('rejects a signature over another message, or for another address', () => {
    expect(
      verifyBip322(VECTOR_ADDRESS, utf8ToBytes('Hello World'), base64.decode(VECTOR_EMPTY), NETWORK),
    ).toBe(false)
    const other = p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomPrivateKey()), NETWORK)
      .address as string
    expect(verifyBip322(other, utf8ToBytes('Hello World'), base64.decode(VECTOR_HELLO), NETWORK)).toBe(false)
    expect(verifyBip322(VECTOR_ADDRESS, utf8ToBytes('Hello World'), new Uint8Array([1, 2, 3]), NETWORK)).toBe(
      false,
    )
  })

  it('verifies a taproot key-path signature made by btc-signer', () => {
    const key = secp256k1.utils.randomPrivateKey()
    const payment = p2tr(secp256k1.getPublicKey(key, true).subarray(1), undefined, NETWORK)
    const message = utf8ToBytes('taproot')
    const tx = bip322ToSign(payment.script, message)
    tx.updateInput(0, { tapInternalKey: payment.tapInternalKey }, true)
    tx.signIdx(key, 0)
    tx.finalizeIdx(0)
    const witness = RawWitness.encode(tx.getInput(0).finalScriptWitness as Uint8Array[])
    expect(verifyBip322(payment.address as string, message, witness, NETWORK)).toBe(true)
    expect(verifyBip322(payment.address as string, utf8ToBytes('other'), witness, NETWORK)).toBe(false)
    expect(tx).toBeInstanceOf(Transaction)
  })
})

describe('legacy signed messages', () => {
  it('verifies a recoverable signature for P2PKH and P2WPKH addresses of the key', () => {
    const key = secp256k1.utils.randomPrivateKey()
    const publicKey = secp256k1.getPublicKey(key, true)
    const message = utf8ToBytes('legacy')
    const sig = secp256k1.sign(legacyMessageHash(message), key)
    const bytes = new Uint8Array([31 + sig.recovery, ...sig.toCompactRawBytes()])
    expect(verifyLegacy(p2pkh(publicKey, NETWORK).address as string, message, bytes, NETWORK)).toBe(true)
    expect(verifyLegacy(p2wpkh(publicKey, NETWORK).address as string, message, bytes, NETWORK)).toBe(true)
    expect(verifyLegacy(VECTOR_ADDRESS, message, bytes, NETWORK)).toBe(false)
    expect(verifyLegacy(p2pkh(publicKey, NETWORK).address as string, utf8ToBytes('x'), bytes, NETWORK)).toBe(
      false,
    )
  })
})
