import { ed25519 } from '@noble/curves/ed25519.js'
import { base58, hex } from '@scure/base'
import { mnemonicToEntropy, mnemonicToSeed } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import {
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createKeyPairFromPrivateKeyBytes,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, it } from 'vitest'
import {
  classifySolanaMethod,
  SOLANA_ACCOUNT_METHODS,
  SOLANA_DISALLOWED_METHODS,
  SOLANA_UNSAFE_METHODS,
} from './methods.js'
import { clusterName, decodeSolanaTransaction, formatSol, summarizeSolanaTransaction } from './solana.js'
import { addressesOf, solanaKeyOf } from './vault/derive.js'
import { signSolanaTransaction, solanaAddressOf } from './vault/solanaSign.js'

describe('given SLIP-0010 ed25519 derivation', () => {
  it('then test vector 1 of the SLIP-0010 specification derives its published keys', () => {
    const seed = hex.decode('000102030405060708090a0b0c0d0e0f')
    const vectors: [string, string, string][] = [
      [
        "m/0'",
        '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
        '8c8a13df77a28f3445213a0f432fde644acaa215fc72dcdf300d5efaa85d350c',
      ],
      [
        "m/0'/1'/2'/2'/1000000000'",
        '8f94d394a8e8fd6b1bc2f3f49f5c47e385281d5c17e65324b0f62483e37e8793',
        '3c24da049451555d51a7014a37337aa4e12d41e485abccfa46b47dfb2af54b7a',
      ],
    ]
    for (const [path, privateKey, publicKey] of vectors) {
      const key = solanaKeyOf(seed, path)
      expect(hex.encode(key), path).toBe(privateKey)
      expect(hex.encode(ed25519.getPublicKey(key)), path).toBe(publicKey)
    }
  })

  it("then the phrase “abandon … about” gives the Solana account other wallets show at m/44'/501'/0'/0'", async () => {
    const phrase = `${'abandon '.repeat(11)}about`
    const key = solanaKeyOf(await mnemonicToSeed(phrase))
    expect(solanaAddressOf(key)).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk')
    // The address the frame registers for the wallet is the same key's.
    expect((await addressesOf(mnemonicToEntropy(phrase, wordlist))).solana).toBe(solanaAddressOf(key))
  })
})

describe('given the frame’s Solana method lists', () => {
  it('then signing needs approval, the batch and pre-signed paths are disallowed, and no method is in two lists', () => {
    const all = [...SOLANA_ACCOUNT_METHODS, ...SOLANA_UNSAFE_METHODS, ...SOLANA_DISALLOWED_METHODS]
    expect(new Set(all).size).toBe(all.length)
    expect(SOLANA_UNSAFE_METHODS.map(classifySolanaMethod)).toEqual(['unsafe', 'unsafe', 'unsafe'])
    expect(SOLANA_ACCOUNT_METHODS.map(classifySolanaMethod)).toEqual(['account', 'account'])
    for (const method of [...SOLANA_DISALLOWED_METHODS, 'SOLANA_SIGNMESSAGE', 'personal_sign', 'getBalance'])
      expect(classifySolanaMethod(method), method).toBe('disallowed')
  })
})

// Transactions built by @solana/kit, read by the frame's decoder.
const payer = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const recipient = 'JAvW9rNXB7LE2LBvL65i7zbCp1Ts4VTp8UFcQJ1JSTMr'
const other = 'FcTgEmyi6QBmtg2RPGhGhPUR8wwGRxhaXyiEqvX8Re1C'
const memo = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const blockhash = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash

function build(version: 'legacy' | 0, feePayer = payer) {
  return pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(address(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 100n }, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({
            source: createNoopSigner(address(payer)),
            destination: address(recipient),
            amount: lamports(250_000_000n),
          }),
          { programAddress: address(memo), data: new TextEncoder().encode('hi') },
          getTransferSolInstruction({
            source: createNoopSigner(address(payer)),
            destination: address(other),
            amount: lamports(1n),
          }),
        ],
        m,
      ),
  )
}
const wire = (message: Parameters<typeof compileTransaction>[0]) =>
  new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))

describe('given the frame’s Solana transaction decoder', () => {
  for (const version of ['legacy', 0] as const) {
    it(`when a ${version === 0 ? 'v0' : 'legacy'} transaction has System transfers and another program, then the screen gets fee payer, recipients, lamports and the program id`, () => {
      const tx = decodeSolanaTransaction(wire(build(version)))
      expect(tx.version).toBe(version)
      expect(tx.recentBlockhash).toBe(blockhash)
      expect(tx.numRequiredSignatures).toBe(1)
      expect(summarizeSolanaTransaction(tx)).toEqual({
        feePayer: payer,
        transfers: [
          { from: payer, to: recipient, lamports: 250_000_000n },
          { from: payer, to: other, lamports: 1n },
        ],
        programs: [memo],
        lookupAccounts: 0,
      })
    })
  }

  it('when a v0 transaction loads its recipient from an address lookup table, then the recipient is unknown and the table is counted', () => {
    const table = 'AddressLookupTab1e1111111111111111111111111'
    type V0 = Parameters<typeof compressTransactionMessageUsingAddressLookupTables>[0]
    const message = compressTransactionMessageUsingAddressLookupTables(build(0) as V0, {
      [address(table)]: [address(recipient)],
    })
    const summary = summarizeSolanaTransaction(
      decodeSolanaTransaction(wire(message as Parameters<typeof compileTransaction>[0])),
    )
    expect(summary.transfers[0]).toEqual({ from: payer, to: undefined, lamports: 250_000_000n })
    expect(summary.lookupAccounts).toBe(1)
  })

  it('when the bytes are cut, padded, of an unknown version or have the wrong signature count, then it refuses them', () => {
    const good = wire(build(0))
    expect(() => decodeSolanaTransaction(good.slice(0, -1))).toThrow('cut short')
    expect(() => decodeSolanaTransaction(new Uint8Array([...good, 0]))).toThrow('trailing bytes')
    const v1 = good.slice()
    v1[65] = 0x81
    expect(() => decodeSolanaTransaction(v1)).toThrow('Unsupported transaction version')
    expect(() => decodeSolanaTransaction(new Uint8Array([0, ...good.slice(65)]))).toThrow(
      'wrong number of signatures',
    )
    expect(() => decodeSolanaTransaction(new Uint8Array())).toThrow('cut short')
    // A length written with a redundant byte (0x80 0x00) is not the canonical compact-u16.
    expect(() => decodeSolanaTransaction(new Uint8Array([0x81, 0x00, ...good.slice(1)]))).toThrow(
      'Invalid length',
    )
  })

  it('when the frame signs, then the bytes equal what @solana/kit signs with the same key, and an account that is not a signer is refused', async () => {
    const seed = hex.decode('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60')
    const signer = solanaAddressOf(seed)
    const message = build(0, signer)
    const bytes = wire(message)
    const decoded = decodeSolanaTransaction(bytes)
    const { signed, signature } = signSolanaTransaction(bytes, decoded, signer, seed)
    const keyPair = await createKeyPairFromPrivateKeyBytes(seed)
    // The transfers' source is a second signer: only the frame's slot is filled on both sides.
    const theirs = await partiallySignTransaction([keyPair], compileTransaction(message))
    expect(signed).toEqual(new Uint8Array(getTransactionEncoder().encode(theirs)))
    expect(base58.encode(signature)).toBe(base58.encode(signed.slice(1, 65)))
    expect(() => signSolanaTransaction(bytes, decoded, recipient, seed)).toThrow('does not need')
  })

  it('then lamports are shown as exact SOL and a known cluster by its name', () => {
    expect(formatSol(250_000_000n)).toBe('0.25 SOL')
    expect(formatSol(1n)).toBe('0.000000001 SOL')
    expect(formatSol(3_000_000_000n)).toBe('3 SOL')
    expect(clusterName('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(
      'Solana mainnet (solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp)',
    )
    expect(clusterName('solana:3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN')).toBe(
      'solana:3ByopDBLUk2VLcuESmRyiAGvwkCRPUuN',
    )
  })
})
