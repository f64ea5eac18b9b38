import { SwitchNetworkNotFoundError } from '../errors/network.js'
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
const MAX_ORIGINAL_ERROR_DEPTH = 8

function numericCode(node: unknown): number | undefined {
  if (typeof node !== 'object' || node === null) return undefined
  const code = (node as { code?: unknown }).code
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined
}

/**
 * The code the wallet itself answered with: the innermost `data.originalError` that carries a
 * code (where several mobile wallets put the real answer under a generic -32603), else the
 * error's own top-level `code`. A code found only in a `cause` is never the wallet's answer:
 * it is a transport's or a library's, and an adapter lifts the wallet's code to the top.
 */
export function walletErrorCode(error: unknown): number | undefined {
  let code = numericCode(error)
  let node: unknown = error
  for (let depth = 0; depth < MAX_ORIGINAL_ERROR_DEPTH; depth++) {
    const data = typeof node === 'object' && node !== null ? (node as { data?: unknown }).data : undefined
    const original =
      typeof data === 'object' && data !== null
        ? (data as { originalError?: unknown }).originalError
        : undefined
    if (typeof original !== 'object' || original === null) break
    node = original
    code = numericCode(original) ?? code
  }
  return code
}

/**
 * Only a wallet answering 4902 (unrecognised chain), 5000 or 32603 (wallets report both signs)
 * triggers a retry that adds the chain, read from {@link walletErrorCode}: a decline wrapped as
 * `{ code: -32603, data: { originalError: { code: 4001 } } }` or reported as
 * `{ code: 4001, cause: { code: -32603 } }` never does.
 */
export function shouldRetryWithAddChain(error: unknown): boolean {
  const code = walletErrorCode(error)
  return code !== undefined && ADD_CHAIN_CODES.includes(code)
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
