// Everything that needs @solana/kit, loaded with import() on the first Solana connect, restore
// or RPC call so an app's first load does not carry it.
export { parseSiwsMessage, siwsChainId } from '@latch/core/internal'

import { ed25519 } from '@noble/curves/ed25519'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Instruction,
  isAddress,
  isSolanaError,
  lamports,
  pipe,
  type Signature,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

const rpcs = new Map<string, ReturnType<typeof createSolanaRpc>>()

/** The app's RPC client for a URL (one per URL). */
export function rpcFor(url: string): ReturnType<typeof createSolanaRpc> {
  let rpc = rpcs.get(url)
  if (!rpc) {
    rpc = createSolanaRpc(url)
    rpcs.set(url, rpc)
  }
  return rpc
}

/** The CAIP-2 reference of the chain an RPC URL serves: its genesis hash's first 32 characters. */
export async function genesisReferenceOf(url: string): Promise<string> {
  return String(await rpcFor(url).getGenesisHash().send()).slice(0, 32)
}

export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && isAddress(value)
}

export const toBase58 = (bytes: Uint8Array): string => getBase58Decoder().decode(bytes)
export const fromBase58 = (text: string): Uint8Array => new Uint8Array(getBase58Encoder().encode(text))
export const toBase64 = (bytes: Uint8Array): string => getBase64Decoder().decode(bytes)
export const fromBase64 = (text: string): Uint8Array => new Uint8Array(getBase64Encoder().encode(text))

/**
 * The wire transaction with `signature` in `signer`'s slot. Undefined when the transaction does
 * not decode, `signer` is not one of its signers, or the signature is not `signer`'s over it.
 */
export function withSignature(
  wire: Uint8Array,
  signer: string,
  signature: Uint8Array,
): Uint8Array | undefined {
  try {
    const transaction = getTransactionDecoder().decode(wire)
    if (!(signer in transaction.signatures)) return undefined
    if (!verifyEd25519(signature, new Uint8Array(transaction.messageBytes), fromBase58(signer)))
      return undefined
    return new Uint8Array(
      getTransactionEncoder().encode({
        ...transaction,
        signatures: { ...transaction.signatures, [signer]: signature as SignatureBytes },
      }),
    )
  } catch {
    return undefined
  }
}

/**
 * Whether `signed` is `original`'s message with a valid signature of `signer` (a wallet's signed
 * transaction is checked with it: the wallet may not sign something else).
 */
export function signedBy(signed: Uint8Array, original: Uint8Array, signer: string): boolean {
  try {
    const transaction = getTransactionDecoder().decode(signed)
    const asked = new Uint8Array(getTransactionDecoder().decode(original).messageBytes)
    const message = new Uint8Array(transaction.messageBytes)
    if (message.length !== asked.length || message.some((byte, i) => byte !== asked[i])) return false
    const signature = transaction.signatures[signer as keyof typeof transaction.signatures]
    return (
      signature != null &&
      verifyEd25519(new Uint8Array(signature), new Uint8Array(transaction.messageBytes), fromBase58(signer))
    )
  } catch {
    return false
  }
}

/**
 * The instructions that move `amount` from `from` to `to`: lamports, or with `token` (a mint) that
 * token's smallest unit; with the rent deposit a token transfer pays for the recipient's account.
 */
async function transferInstructions(
  url: string,
  from: string,
  to: string,
  amount: bigint,
  token: string | undefined,
): Promise<{ instructions: Instruction[]; rent: bigint }> {
  if (token !== undefined) return (await import('./spl.js')).splTransfer(rpcFor(url), from, to, token, amount)
  const instruction = getTransferSolInstruction({
    source: createNoopSigner(address(from)),
    destination: address(to),
    amount: lamports(amount),
  })
  return { instructions: [instruction], rent: 0n }
}

/** The compiled, unsigned transaction of `instructions` paid by `from`, on the latest blockhash. */
async function compiled(url: string, from: string, instructions: readonly Instruction[]) {
  const { value: latest } = await rpcFor(url).getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return compileTransaction(message)
}

/**
 * Wire bytes of an unsigned transfer from `from` to `to` (SOL, or with `token` an SPL token), on
 * the network's latest blockhash.
 */
export async function transferTransaction(
  url: string,
  from: string,
  to: string,
  amount: bigint,
  token?: string,
): Promise<Uint8Array> {
  const { instructions } = await transferInstructions(url, from, to, amount, token)
  return new Uint8Array(getTransactionEncoder().encode(await compiled(url, from, instructions)))
}

/**
 * What a transfer costs in lamports beside its amount: the fee the network asks for it (its own
 * answer), and for a token sent to an address without an account for it, that account's deposit.
 */
export async function transferFee(
  url: string,
  from: string,
  to: string,
  amount: bigint,
  token?: string,
): Promise<bigint> {
  const { instructions, rent } = await transferInstructions(url, from, to, amount, token)
  const { messageBytes } = await compiled(url, from, instructions)
  const encoded = getBase64Decoder().decode(new Uint8Array(messageBytes))
  const { value } = await rpcFor(url)
    .getFeeForMessage(encoded as Parameters<ReturnType<typeof createSolanaRpc>['getFeeForMessage']>[0])
    .send()
  // null: the blockhash it was given expired in between (a new one is asked on the next try).
  if (value === null) throw new Error('The network could not price the transfer.')
  return BigInt(value) + rent
}

/** Whether the wire transaction is well formed (a wallet's signed result is checked with it). */
export function decodesAsTransaction(bytes: Uint8Array): boolean {
  try {
    getTransactionDecoder().decode(bytes)
    return true
  } catch {
    return false
  }
}

/** Sends a signed wire transaction through the app's RPC; resolves with its signature. */
export async function sendWire(
  url: string,
  bytes: Uint8Array,
  options: Record<string, unknown>,
): Promise<string> {
  const decoded = getTransactionDecoder().decode(bytes)
  return rpcFor(url)
    .sendTransaction(getBase64EncodedWireTransaction(decoded), { encoding: 'base64', ...options } as never)
    .send()
}

export async function getLamports(url: string, owner: string): Promise<bigint> {
  const { value } = await rpcFor(url).getBalance(address(owner)).send()
  return value
}

/** The signature's status: undefined while unknown, else its slot and error. */
export async function signatureStatus(
  url: string,
  signature: string,
): Promise<{ slot: bigint; err: unknown } | undefined> {
  const { value } = await rpcFor(url)
    .getSignatureStatuses([signature as Signature])
    .send()
  const status = value[0]
  if (!status) return undefined
  if (status.confirmationStatus !== 'confirmed' && status.confirmationStatus !== 'finalized') return undefined
  return { slot: status.slot, err: status.err }
}

export function verifyEd25519(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return ed25519.verify(signature, message, publicKey)
  } catch {
    return false
  }
}

/** A readable message of a kit error: its own, then the chain's reason (the decoded cause). */
export function describeKitError(error: unknown): string | undefined {
  if (!isSolanaError(error)) return undefined
  const cause = (error as { cause?: unknown }).cause
  const reason = cause instanceof Error ? cause.message : undefined
  return reason ? `${error.message}: ${reason}` : error.message
}
