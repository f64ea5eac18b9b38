import { SwitchNetworkNotFoundError } from '../errors/network.js'
import { findErrorCodes } from '../errors/toWalletError.js'
import type { CaipNetwork, CaipNetworkId } from '../types.js'

export interface SwitchNetworkViewParameters {
  /** The caller asked to switch without the confirmation step. */
  ignoreConfirmation: boolean
  /** The current connector is the embedded (auth) connector. */
  isAuthConnector: boolean
  /** The auth connector supports the target network's namespace. */
  authSupportsTarget: boolean
  /** An account is connected on the current namespace. */
  connectedOnCurrent: boolean
  /** An account is connected on the target network's namespace. */
  connectedOnTarget: boolean
}

/**
 * Which view a network switch pushes (spec §2): SwitchNetwork when the confirmation is skipped
 * or the auth connector can serve the target; SwitchActiveChain when the user is connected on
 * the current namespace but not on the target one; otherwise SwitchNetwork.
 */
export function switchNetworkView(
  parameters: SwitchNetworkViewParameters,
): 'SwitchNetwork' | 'SwitchActiveChain' {
  if (parameters.ignoreConfirmation) return 'SwitchNetwork'
  if (parameters.isAuthConnector && parameters.authSupportsTarget) return 'SwitchNetwork'
  if (parameters.connectedOnCurrent && !parameters.connectedOnTarget) return 'SwitchActiveChain'
  return 'SwitchNetwork'
}

const ADD_CHAIN_CODES: readonly number[] = [4902, 5000, 32603, -32603]

/**
 * Only 4902 (unrecognised chain), 5000 and 32603 (wallets report both signs) trigger a retry
 * that adds the chain, also when the code is nested in `cause` or `data.originalError`.
 */
export function shouldRetryWithAddChain(error: unknown): boolean {
  return findErrorCodes(error).some((code) => ADD_CHAIN_CODES.includes(code))
}

function matches(network: CaipNetwork, chainIdOrCaipId: number | string): boolean {
  if (typeof chainIdOrCaipId === 'string' && chainIdOrCaipId.includes(':')) {
    return network.caipNetworkId === chainIdOrCaipId
  }
  return String(network.id) === String(chainIdOrCaipId)
}

/**
 * The configured network with this chain id or CAIP-2 id; a bare chain id only looks in
 * `namespace` when one is given (ids repeat across namespaces).
 * @throws SwitchNetworkNotFoundError ('switch network not found') when it is not configured.
 */
export function findNetwork(
  networks: readonly CaipNetwork[],
  chainIdOrCaipId: number | string | CaipNetworkId,
  namespace?: string | undefined,
): CaipNetwork {
  const found = networks.find(
    (network) => (!namespace || network.chainNamespace === namespace) && matches(network, chainIdOrCaipId),
  )
  if (!found) throw new SwitchNetworkNotFoundError({ chainId: chainIdOrCaipId })
  return found
}

/** A chain the app did not configure (e.g. the wallet's chainChanged to an unknown chain). */
export function isUnsupportedChain(
  networks: readonly CaipNetwork[],
  chainId: number | string,
  namespace?: string | undefined,
): boolean {
  return !networks.some(
    (network) => (!namespace || network.chainNamespace === namespace) && matches(network, chainId),
  )
}

/**
 * UnsupportedChain opens when the network is unsupported, switching is enabled, unsupported
 * chains are not allowed and the app is not in basic WalletConnect mode (spec §4).
 */
export function shouldShowUnsupportedChain(parameters: {
  unsupported: boolean
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
  basicWalletConnectMode: boolean
}): boolean {
  return (
    parameters.unsupported &&
    parameters.enableNetworkSwitch &&
    !parameters.allowUnsupportedChain &&
    !parameters.basicWalletConnectMode
  )
}

/** A failed switch goes back one view. */
export function afterSwitchFailure(): 'back' {
  return 'back'
}

/**
 * A successful switch closes the modal when the previous network was not in the configured
 * list (the user was stuck on an unsupported chain); otherwise it goes back one view.
 */
export function afterSwitchSuccess({
  previousCaipNetworkId,
  networks,
}: {
  previousCaipNetworkId: CaipNetworkId | undefined
  networks: readonly CaipNetwork[]
}): 'close' | 'back' {
  const known =
    previousCaipNetworkId && networks.some((network) => network.caipNetworkId === previousCaipNetworkId)
  return known ? 'back' : 'close'
}
