// The Bitcoin Wallet Standard features as browser wallets expose them (the `bitcoin:` namespace
// of the Wallet Standard's Bitcoin extension, as Xverse, Leather, Magic Eden and others register
// them through sats-connect's Wallet Standard wallet). Declared here, types only: the features
// package of that extension is not published in a current version.
import type { IdentifierString, WalletAccount } from '@wallet-standard/base'

export type BitcoinAddressPurpose = 'payment' | 'ordinals'

export interface BitcoinConnectFeature {
  'bitcoin:connect': {
    version: string
    connect(input?: { purposes?: BitcoinAddressPurpose[] }): Promise<{ accounts: readonly WalletAccount[] }>
  }
}

export interface BitcoinSignMessageFeature {
  'bitcoin:signMessage': {
    version: string
    signMessage(
      ...inputs: { account: WalletAccount; message: Uint8Array }[]
    ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
}

/** A sighash type as the features name it. */
export type BitcoinSigHash =
  | 'ALL'
  | 'NONE'
  | 'SINGLE'
  | 'ALL|ANYONECANPAY'
  | 'NONE|ANYONECANPAY'
  | 'SINGLE|ANYONECANPAY'

export interface BitcoinSignTransactionInput {
  psbt: Uint8Array
  inputsToSign: { account: WalletAccount; signingIndexes: number[]; sigHash?: BitcoinSigHash }[]
  chain?: IdentifierString
}

export interface BitcoinSignTransactionFeature {
  'bitcoin:signTransaction': {
    version: string
    signTransaction(...inputs: BitcoinSignTransactionInput[]): Promise<readonly { signedPsbt: Uint8Array }[]>
  }
}
