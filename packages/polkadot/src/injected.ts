// What Polkadot extensions put on the page (`window.injectedWeb3[<key>]`) and hand a site once it
// is allowed, as @polkadot/extension-inject describes it and @polkadot/extension-dapp reads it.
// Declared here, types only, for the parts the adapter uses: that package's types bring
// @polkadot/api along, which an app of the kit does not need.

/** One account an extension lists. */
export interface InjectedAccount {
  address: string
  genesisHash?: string | null
  name?: string
  type?: string
}

/** What `signRaw` and `signPayload` resolve with. */
export interface SignerResult {
  id: number
  signature: `0x${string}`
  signedTransaction?: `0x${string}` | Uint8Array
}

/** The extension's side a site talks to once allowed. */
export interface Injected {
  accounts: {
    get(anyType?: boolean): Promise<InjectedAccount[]>
    subscribe(callback: (accounts: InjectedAccount[]) => void | Promise<void>): () => void
  }
  signer: {
    signRaw?(raw: { address: string; data: `0x${string}`; type: 'bytes' | 'payload' }): Promise<SignerResult>
    // The payload as `SignerPayloadJSON` (see PolkadotSignerPayload).
    signPayload?(payload: object & { address: string }): Promise<SignerResult>
  }
}

/** An entry of `window.injectedWeb3`. */
export interface InjectedWindowProvider {
  enable?(origin: string): Promise<Injected>
  connect?(origin: string): Promise<Injected>
  version?: string
}
