// `@latch/core/internal`: what the other @latch packages share with core and a dapp does not
// call — the modal's own flows (the React UI drives them), the rules the UI draws with, the
// storage keys. NOT covered by semver: any release may change or remove these. Everything a dapp
// needs is in the package index. `src/exports.test.ts` snapshots this list too.
export { setEmbeddedAccountType } from './actions/accountType.js'
export { cancelSession, setSessionLinking } from './actions/connectSession.js'
export {
  activeEmbeddedWallet,
  type EmbeddedWalletOf,
  embeddedWalletOf,
  exportEmbeddedWallet,
} from './actions/exportWallet.js'
export { goBack, pushView } from './actions/navigate.js'
export {
  createOnrampSession,
  fetchOnrampQuotes,
  type OnrampOrder,
  type OnrampQuoteResult,
  onrampOptionsQueryOptions,
  onrampPurchasesQueryOptions,
  refreshAfterPurchase,
} from './actions/onramp.js'
export { type LoadProjectConfigParameters, loadProjectConfig } from './actions/projectConfig.js'
export { selectNetwork } from './actions/selectNetwork.js'
export { selectDisconnect, selectSession, selectWallet } from './actions/selectWallet.js'
export { confirmSend, fillMaxAmount, resetSend, reviewSend, setSendForm } from './actions/send.js'
export { ACCOUNT_TABS, setCurrentTab } from './actions/setCurrentTab.js'
export { executeSwap, fetchSwapQuote, type SwapOutcome, type SwapStep } from './actions/swap.js'
/** A body read up to a size limit (ResponseTooLargeError past it): the server reads its upstreams' answers with it. */
export { readLimited } from './api/http.js'
export { PAIRING_EXPIRY_MS } from './constants.js'
export { applyStoredState } from './createLatch.js'
/** Every request of the chain packages to a wallet, bounded in time. */
export { withTimeout } from './errors/timeout.js'
/** The frame protocol's schemas: the page checks what the frame says, the frame what the page asks. */
export {
  FRAME_LOAD_TIMEOUT_MS,
  FRAME_PROTOCOL,
  type FramePayload,
  type FrameRequestType,
  frameRequestSchemas,
} from './frame/protocol.js'
/** The instance's query cache: the React hooks observe the same queries core fetches. */
export { queryClientOf } from './query/client.js'
export {
  forgetListedTransactions,
  pendingTransactionsQueryOptions,
  watchPendingTransactions,
} from './query/pendingTransactions.js'
export { withoutInstalled } from './registry/filters.js'
export { logoIconOf, NETWORK_LOGO_ICONS } from './registry/logoIcons.js'
export { createAccountState } from './rules/account.js'
/** The spec's number format (en-US, two decimals) for amounts the UI shows. */
export { formatBalance } from './rules/balance.js'
/** Spec §5's check of an EIP-5792 batch: the embedded wallet's frame checks `wallet_sendCalls` with it. */
export { validateCalls } from './rules/calls.js'
export {
  connectMethodsOrder,
  type ListedWallet,
  orderConnectors,
  type WalletGroup,
  type WalletListEntry,
} from './rules/connectors.js'
export { isInAppBrowser } from './rules/inAppBrowser.js'
export { directionOf, matchLocale } from './rules/locale.js'
export { isReconnectingOffline } from './rules/offline.js'
export {
  isRestrictedTimeZone,
  type OnrampAmountProblem,
  type OnrampOptions,
  type OnrampPaymentCurrency,
  type OnrampPurchase,
  type OnrampPurchaseCurrency,
  type OnrampQuote,
  onrampAmountProblem,
  onrampCurrenciesOn,
  paymentMethodLimits,
  sortOnrampQuotes,
} from './rules/onramp.js'
export { localActivity, type PendingTransaction } from './rules/pendingTransactions.js'
export { isMobileBrowser } from './rules/platform.js'
export { popularFor } from './rules/popular.js'
export { fiatValues } from './rules/prices.js'
export {
  parseAmount,
  parseRecipientInput,
  type RecipientInput,
  rawBalance,
  sendAmountProblem,
} from './rules/send.js'
export type { SendProblem, SendState } from './rules/sendState.js'
export {
  formatPriceImpact,
  formatSwapAmount,
  needsApproval,
  type SwapQuote,
  swapNetworkFee,
  swapRate,
  swapTokenAddress,
} from './rules/swap.js'
export { formatUnits } from './rules/tokens.js'
export { groupTransactionsByMonth } from './rules/transactions.js'
export { installLinkFor, walletConnectSessionConnector, walletLinkFor } from './rules/walletConnect.js'
export { isEmail } from './schema/email.js'
/** The schema builder core checks outside data with, for the server's checks of providers' answers. */
export { s } from './schema/s.js'
export {
  formatSiwsMessage,
  parseSiwsMessage,
  type SiwsMessageFields,
  siwsCaip2,
  siwsChainId,
} from './siwx/siws.js'
/** @internal the keys the other packages' tests seed stored state under */
export { STORAGE_KEYS } from './storage.js'
