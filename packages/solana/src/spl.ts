// The instructions of an SPL token transfer (Token or Token-2022), loaded with import() only
// when a visitor sends a token: the token program's client stays off every other path.
import {
  address,
  createNoopSigner,
  type createSolanaRpc,
  getBase64Encoder,
  type Instruction,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintDecoder,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'

/** The Token-2022 program, whose mints use the same transfer and account instructions. */
const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
/** A mint's size in the Token program, and where Token-2022 puts an account's type (1: mint). */
const MINT_SIZE = 82
const ACCOUNT_TYPE_OFFSET = 165
/** Sizes of a token account: the Token program's, and Token-2022's with its ImmutableOwner extension. */
const ACCOUNT_SIZE = { token: 165n, token2022: 170n }

type Rpc = ReturnType<typeof createSolanaRpc>

/**
 * A transfer of `amount` (the mint's smallest unit) of `mint` from `from`'s associated token
 * account to `to`'s, creating the recipient's account when it has none (paid by the sender), with
 * the lamports that account's rent deposit takes (0 when it exists).
 */
export async function splTransfer(
  rpc: Rpc,
  from: string,
  to: string,
  mint: string,
  amount: bigint,
): Promise<{ instructions: Instruction[]; rent: bigint }> {
  const mintAddress = address(mint)
  const notMint = () => new Error(`${mint} is not a token mint on this network.`)
  const { value: account } = await rpc.getAccountInfo(mintAddress, { encoding: 'base64' }).send()
  const program = account?.owner
  if (!account || (program !== TOKEN_PROGRAM_ADDRESS && program !== TOKEN_2022_PROGRAM_ADDRESS))
    throw notMint()
  // A mint's base layout (Token-2022 adds its extensions after it, with a type byte at 165).
  const data = getBase64Encoder().encode(account.data[0])
  if (
    data.length !== MINT_SIZE &&
    !(program === TOKEN_2022_PROGRAM_ADDRESS && data[ACCOUNT_TYPE_OFFSET] === 1)
  )
    throw notMint()
  const { decimals, isInitialized } = getMintDecoder().decode(data)
  if (!isInitialized) throw notMint()
  const owner = createNoopSigner(address(from))
  const [source] = await findAssociatedTokenPda({
    owner: owner.address,
    mint: mintAddress,
    tokenProgram: program,
  })
  const [destination] = await findAssociatedTokenPda({
    owner: address(to),
    mint: mintAddress,
    tokenProgram: program,
  })
  const { value: existing } = await rpc.getAccountInfo(destination, { encoding: 'base64' }).send()
  const rent =
    existing === null
      ? await rpc
          .getMinimumBalanceForRentExemption(
            program === TOKEN_PROGRAM_ADDRESS ? ACCOUNT_SIZE.token : ACCOUNT_SIZE.token2022,
          )
          .send()
      : 0n
  return {
    instructions: [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: owner,
        ata: destination,
        owner: address(to),
        mint: mintAddress,
        tokenProgram: program,
      }),
      getTransferCheckedInstruction(
        { source, mint: mintAddress, destination, authority: owner, amount, decimals },
        { programAddress: program },
      ),
    ],
    rent: BigInt(rent),
  }
}
