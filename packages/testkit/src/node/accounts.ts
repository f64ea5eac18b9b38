import { type Address, type Hex, toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** The mnemonic anvil prefunds by default (public, for tests only). */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

/** A prefunded account of the local chains. */
export interface TestAccount {
  address: Address
  privateKey: Hex
}

function deriveAccounts(mnemonic: string, count: number): TestAccount[] {
  return Array.from({ length: count }, (_, addressIndex) => {
    const account = mnemonicToAccount(mnemonic, { addressIndex })
    const privateKey = account.getHdKey().privateKey
    if (!privateKey) throw new Error(`No private key derived for index ${addressIndex}.`)
    return { address: account.address, privateKey: toHex(privateKey) }
  })
}

/**
 * The ten accounts anvil prefunds with 10 000 ETH each, derived from {@link TEST_MNEMONIC}.
 * Never use them outside a local chain: their keys are public.
 */
export const TEST_ACCOUNTS: readonly TestAccount[] = Object.freeze(deriveAccounts(TEST_MNEMONIC, 10))
