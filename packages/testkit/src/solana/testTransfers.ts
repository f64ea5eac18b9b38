// Test helpers shared by the Solana tests (the adapter's, the test wallet's, the WalletConnect
// peer's): an unsigned transfer to sign, and an ed25519 check of what a wallet signed.
import { ed25519 } from '@noble/curves/ed25519'
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Encoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'

/** Wire bytes of an unsigned SOL transfer (`from` pays the fee) on the chain's latest blockhash. */
export async function unsignedTransfer(
  rpcUrl: string,
  transfer: { from: string; to: string; lamports: bigint },
): Promise<Uint8Array> {
  const { value: latest } = await createSolanaRpc(rpcUrl).getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(transfer.from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(address(transfer.from)),
          destination: address(transfer.to),
          amount: lamports(transfer.lamports),
        }),
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

const bytes = (value: Uint8Array | string) =>
  typeof value === 'string' ? new Uint8Array(getBase58Encoder().encode(value)) : value

/** Whether `signature` (bytes or base58) is `signer`'s (a base58 address or its public key) ed25519 signature of `message`. */
export function isEd25519SignatureOf(
  signature: Uint8Array | string,
  message: Uint8Array,
  signer: Uint8Array | string,
): boolean {
  return ed25519.verify(bytes(signature), message, bytes(signer))
}
