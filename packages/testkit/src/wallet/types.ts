import type { Hex } from 'viem'
import type { WalletChain } from './chains.js'
import type { SwitchDeclineShape } from './errors.js'
import type { WalletStorage } from './storage.js'

/** EIP-1193 request arguments. */
export interface RequestArguments {
  readonly method: string
  readonly params?: readonly unknown[] | object | undefined
}

/** The EIP-1193 provider surface. */
export interface Eip1193Provider {
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown
}

/** The test wallet's provider: EIP-1193 plus a flag that tells it apart from real wallets. */
export interface TestWalletProvider extends Eip1193Provider {
  readonly isLatchTestWallet: true
}

/** Options of {@link createTestWallet}. */
export interface TestWalletOptions {
  /** Keys of the accounts the wallet holds; the first is selected at start. */
  privateKeys: readonly Hex[]
  /** The chains the wallet knows at start. */
  chains: readonly WalletChain[]
  initialChainId: number
  name?: string | undefined
  rdns?: string | undefined
  icon?: string | undefined
  /** Where the site's authorization is remembered (default `latch.testWallet`). */
  storageKey?: string | undefined
  /** Defaults to `localStorage` when present, else memory. */
  storage?: WalletStorage | undefined
  /**
   * Contract-account mode: the wallet's account is this ERC-1271 contract account (e.g. one of
   * `TEST_CONTRACT_ACCOUNTS`), owned by the selected key. Messages and typed data are signed by
   * the owner key (the contract's `isValidSignature` accepts them); transactions go through the
   * contract's `execute`, sent by the owner.
   */
  contractAccount?: Hex | undefined
  /**
   * Asset discovery (EIP-7811): `wallet_getCapabilities` reports `assetDiscovery` and
   * `wallet_getAssets` lists the native coin and the held ERC-20s of `tokens`, read from the
   * chains. Without it the wallet says it lists no assets.
   */
  assets?: { tokens: readonly Hex[] } | undefined
  /**
   * EIP-5792 batches (on by default): `wallet_sendCalls` approved once, each call then sent in
   * order, `wallet_getCallsStatus`, `wallet_showCallsStatus`, and `atomic: unsupported` among
   * the capabilities. Off, the wallet answers those methods 4200, as a wallet without EIP-5792.
   */
  batchCalls?: boolean | undefined
}

export type Approval = 'approve' | 'reject'

/** Knobs a test turns to play the user (or the wallet) without a UI. */
export interface TestWalletControls {
  /** Whether prompts are approved (the default) or rejected with 4001 from now on. */
  setApproval(approval: Approval): void
  /** Reject the next `n` prompts with 4001, whatever the approval setting. */
  rejectNext(n?: number): void
  /** Fail the next `wallet_switchEthereumChain` with this code (e.g. 4902). */
  failNextSwitch(code: number): void
  /**
   * The user declines the next `wallet_switchEthereumChain`, reported in one of the shapes
   * wallets use (see {@link SwitchDeclineShape}; default `plain`, a bare 4001).
   */
  declineNextSwitch(shape?: SwitchDeclineShape): void
  /** Select another of the wallet's accounts; emits `accountsChanged` when the site is authorized. */
  setAccount(index: number): void
  /**
   * Contract-account mode on (an ERC-1271 contract account the selected key owns, e.g. one of
   * `TEST_CONTRACT_ACCOUNTS`) or off (`undefined`: the key's own address); emits `accountsChanged`
   * when the site is authorized. The same as the `contractAccount` option, at run time.
   */
  setContractAccount(address: Hex | undefined): void
  /** The wallet moves to `chainId` on its own (even one the dapp does not know); emits `chainChanged`. */
  changeChain(chainId: number): void
  /** The wallet ends the session: authorization revoked, `accountsChanged([])` and `disconnect`. */
  disconnect(): void
  /** Asset discovery on or off at run time (needs the `assets` option to turn it on). */
  setAssetDiscovery(on: boolean): void
  /** EIP-5792 batches on or off at run time (see the `batchCalls` option). */
  setBatchCalls(on: boolean): void
  /** Methods the dapp called, oldest first. */
  requests(): string[]
  /** Forget a chain, so switching to it fails with 4902 until it is added again. */
  forgetChain(chainId: number): void
}

/** What {@link createTestWallet} returns. */
export interface TestWallet {
  provider: TestWalletProvider
  controls: TestWalletControls
  /** The EIP-6963 identity to announce the wallet with (defaults filled in). */
  info: { name: string; rdns: string; icon: string }
}
