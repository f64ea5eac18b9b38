// The injected Cosmos wallet API as Keplr publishes it (`window.keplr`) and Leap, Cosmostation
// and others copy it: the part of it this adapter calls, declared structurally (types only).

/** A signature with its public key, as Keplr returns it (amino JSON). */
export interface StdSignature {
  pub_key: { type: string; value: string }
  /** base64 of the 64-byte r ‖ s. */
  signature: string
}

export interface Coin {
  denom: string
  amount: string
}

/** An amino JSON sign document (CosmJS `StdSignDoc`). */
export interface AminoSignDoc {
  chain_id: string
  account_number: string
  sequence: string
  fee: { amount: readonly Coin[]; gas: string; granter?: string; payer?: string }
  msgs: readonly { type: string; value: Record<string, unknown> }[]
  memo: string
  timeout_height?: string
}

/** A protobuf sign document (CosmJS `SignDoc`): the transaction's body and auth info, encoded. */
export interface DirectSignDoc {
  bodyBytes: Uint8Array
  authInfoBytes: Uint8Array
  chainId: string
  /** bigint in CosmJS; Keplr takes a `Long` too. */
  accountNumber: bigint
}

/** The account of a chain as the wallet gives it (`getKey`). */
export interface KeplrKey {
  name: string
  algo: string
  pubKey: Uint8Array
  address: Uint8Array
  bech32Address: string
  isNanoLedger: boolean
}

/** A Keplr-compatible injected wallet: what the adapter needs of it. */
export interface KeplrLike {
  enable(chainIds: string | string[]): Promise<void>
  getKey(chainId: string): Promise<KeplrKey>
  experimentalSuggestChain?(chainInfo: unknown): Promise<void>
  getChainInfosWithoutEndpoints?(): Promise<readonly { chainId: string }[]>
  signArbitrary(chainId: string, signer: string, data: string | Uint8Array): Promise<StdSignature>
  signAmino(
    chainId: string,
    signer: string,
    signDoc: AminoSignDoc,
    signOptions?: unknown,
  ): Promise<{ signed: AminoSignDoc; signature: StdSignature }>
  signDirect(
    chainId: string,
    signer: string,
    signDoc: {
      bodyBytes?: Uint8Array | null
      authInfoBytes?: Uint8Array | null
      chainId?: string | null
      accountNumber?: unknown
    },
    signOptions?: unknown,
  ): Promise<{
    signed: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: unknown }
    signature: StdSignature
  }>
  disable?(chainIds?: string | string[]): Promise<void>
}
