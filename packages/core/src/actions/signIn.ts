import { projectRpcUrl } from '../api/rpcEndpoint.js'
import type { Latch, SignInGate } from '../createLatch.js'
import { InvalidWalletResponseError } from '../errors/connection.js'
import { SignatureDeclinedError, SiwxNotEnabledError } from '../errors/siwx.js'
import { isUserRejection, toWalletError } from '../errors/toWalletError.js'
import { modalReducer } from '../rules/openModal.js'
import { createRouterState } from '../rules/router.js'
import type { LatchSiwx, SiwxContext, SiwxMessageData, SiwxSession } from '../siwx/types.js'
import type { SignInState } from '../state.js'
import type { CaipNetwork, SessionSignInRequest } from '../types.js'
import { patchState } from './_shared.js'
import { signMessage } from './signMessage.js'

/** Spec §8: creating the message failed (e.g. the sign-in server could not be reached). */
const signInInitFailedMessage = 'A problem occurred while trying initialize authentication'

type Verdict = 'ok' | 'disconnect'

/** The sign-in state without an account asked or signed in. */
function clearedSignIn(signIn: SignInState): SignInState {
  return {
    ...signIn,
    status: 'none',
    request: undefined,
    signing: false,
    error: undefined,
    errorName: undefined,
    session: undefined,
  }
}

function siwxOf(latch: Latch): LatchSiwx {
  const siwx = latch.options.siwx
  if (!siwx) throw new SiwxNotEnabledError()
  return siwx
}

function patchSignIn(latch: Latch, patch: Partial<SignInState>): void {
  patchState(latch, { signIn: { ...latch.store.getState().signIn, ...patch } })
}

/** Closes the modal whatever the closing rules say (the sign-in they protect is over). */
function forceClose(latch: Latch): void {
  const state = latch.store.getState()
  if (!state.modal.open) return
  patchState(latch, {
    modal: modalReducer(state.modal, { type: 'close' }),
    router: createRouterState({ view: 'Connect' }),
    error: undefined,
  })
  latch.events.emit('MODAL_CLOSE', { connected: false })
}

/** Ends the waiting sign-in step with `verdict`. */
function settle(latch: Latch, verdict: Verdict): void {
  const pending = latch._internal.pendingSignIn
  latch._internal.pendingSignIn = undefined
  pending?.stop()
  pending?.resolve(verdict)
}

/**
 * The sign-in step of the after-connect pipeline (spec §4): an account with a session for this
 * network passes; otherwise SIWXSignMessage opens and the step waits for the visitor: signed →
 * 'ok'; cancelled → 'disconnect' when sign-in is required, else 'ok'.
 */
export const runSignInGate = async (latch: Latch, context: Parameters<SignInGate>[0]): Promise<Verdict> => {
  const siwx = siwxOf(latch)
  // A newer account or network replaces the one asked before.
  settle(latch, 'ok')
  const sessions = await siwx.getSessions(context.caipNetworkId, context.address).catch(() => [])
  const account = latch.store.getState().namespaces[context.namespace]?.account
  if (account?.address !== context.address) return 'ok'
  if (sessions.length > 0) {
    patchSignIn(latch, {
      ...clearedSignIn(latch.store.getState().signIn),
      status: 'signed-in',
      session: sessions[0],
    })
    return 'ok'
  }
  patchSignIn(latch, { ...clearedSignIn(latch.store.getState().signIn), status: 'pending', request: context })
  const state = latch.store.getState()
  patchState(latch, {
    modal: modalReducer(state.modal, { type: 'open' }),
    router: createRouterState({ view: 'SIWXSignMessage' }),
    error: undefined,
  })
  if (!state.modal.open) latch.events.emit('MODAL_OPEN', { view: 'SIWXSignMessage' })
  return new Promise<Verdict>((resolve) => {
    // A wallet that disconnects while the view waits ends the step: never a sign-in view
    // left open for an account that is gone.
    const stop = latch.store.subscribe(
      (s) => s.namespaces[context.namespace]?.account.address,
      (address) => {
        if (address === context.address) return
        settle(latch, 'ok')
        patchSignIn(latch, clearedSignIn(latch.store.getState().signIn))
        if (latch.store.getState().router.history.at(-1)?.view === 'SIWXSignMessage') forceClose(latch)
      },
    )
    latch._internal.pendingSignIn = { resolve, stop, context, cancel: () => cancelSignIn(latch) }
  })
}

/**
 * The wallet's signature of the sign-in: through its own sign-in feature when the adapter has one
 * (the text it signed comes back), else the formatted text through `signMessage`.
 */
async function signWith(
  latch: Latch,
  input: { namespace: string; address: string; data: SiwxMessageData; message: string },
): Promise<{ message: string; signature: string }> {
  const adapter = latch.adapters.get(input.namespace)
  if (!adapter?.signSiwx)
    return {
      message: input.message,
      signature: await signMessage(latch, { message: input.message, namespace: input.namespace }),
    }
  try {
    const signed = await adapter.signSiwx({
      data: input.data,
      message: input.message,
      address: input.address,
    })
    if (
      typeof signed?.message !== 'string' ||
      typeof signed.signature !== 'string' ||
      signed.signature.length === 0 ||
      signed.signature.length > 4096
    )
      throw new InvalidWalletResponseError({ what: 'signature' })
    latch.events.emit('SIGN_MESSAGE_SUCCESS', { namespace: input.namespace })
    return signed
  } catch (raw) {
    const error = toWalletError(raw)
    const thrown = isUserRejection(error) ? new SignatureDeclinedError({ cause: error }) : error
    latch.events.emit('SIGN_MESSAGE_ERROR', { namespace: input.namespace, message: thrown.shortMessage })
    throw thrown
  }
}

/**
 * The Sign button of SIWXSignMessage: asks the implementation for a message, the wallet for its
 * signature, and the implementation to keep the session. Success closes the modal; a failure
 * stays on the view with its reason ('Signature declined', …) so the visitor can try again.
 *
 * @example
 * await signIn(latch)
 */
/** The project's RPC endpoint, for an implementation that checks contract accounts on chain. */
function siwxContext(latch: Latch): SiwxContext {
  return { projectRpcUrl: (caipNetworkId) => projectRpcUrl(latch.options, caipNetworkId) }
}

export async function signIn(latch: Latch): Promise<void> {
  const siwx = siwxOf(latch)
  const pending = latch._internal.pendingSignIn
  if (!pending || latch.store.getState().signIn.signing) return
  const { namespace, address, caipNetworkId } = pending.context
  patchSignIn(latch, { signing: true, error: undefined, errorName: undefined })
  let stage: 'message' | 'signature' | 'session' = 'message'
  try {
    const { data, message } = await siwx.createMessage({ accountAddress: address, chainId: caipNetworkId })
    stage = 'signature'
    const signed = await signWith(latch, { namespace, address, data, message })
    stage = 'session'
    const session = { data, message: signed.message, signature: signed.signature }
    await siwx.addSession(session, siwxContext(latch))
    if (latch._internal.pendingSignIn !== pending) return
    patchSignIn(latch, {
      status: 'signed-in',
      session,
      request: undefined,
      signing: false,
      error: undefined,
      errorName: undefined,
    })
    forceClose(latch)
    latch.events.emit('SIWX_AUTH_SUCCESS', { namespace, address })
    settle(latch, 'ok')
  } catch (error) {
    if (latch._internal.pendingSignIn !== pending) return
    const message =
      stage === 'message'
        ? signInInitFailedMessage
        : ((error as { shortMessage?: string }).shortMessage ?? (error as Error).message ?? String(error))
    const errorName = stage === 'message' ? 'SignInInitError' : (error as { name?: string }).name
    patchSignIn(latch, { signing: false, error: message, errorName })
    latch.events.emit('SIWX_AUTH_ERROR', { namespace, message })
    if (stage === 'message') {
      // Spec §4/§8: no sign-in can be asked for, so the wallet is disconnected and the view
      // reset; the visitor reads why above the page, since the modal closes.
      latch.events.emit('TOAST', { id: 'SIWX_INIT_FAILED', message })
      patchSignIn(latch, { ...clearedSignIn(latch.store.getState().signIn), error: message, errorName })
      forceClose(latch)
      settle(latch, 'disconnect')
    }
  }
}

/**
 * Cancel on SIWXSignMessage (also closing it while sign-in is optional): the modal closes and the
 * view resets to Connect; when sign-in is required the wallet is disconnected.
 *
 * @example
 * cancelSignIn(latch)
 */
export function cancelSignIn(latch: Latch): void {
  const pending = latch._internal.pendingSignIn
  if (!pending) return
  const required = latch.store.getState().signIn.required
  patchSignIn(latch, clearedSignIn(latch.store.getState().signIn))
  forceClose(latch)
  latch.events.emit('SIWX_AUTH_CANCEL', { namespace: pending.context.namespace })
  settle(latch, required ? 'disconnect' : 'ok')
}

/**
 * The one-click sign-in to ask with a session proposal: only when every proposed network is
 * eip155 (the protocol's `authenticate` is eip155-only). The implementation's message gives the
 * nonce, domain, URI, statement and times; the wallet picks the account and chain. Undefined
 * when it cannot be made: the wallet then connects and the sign-in view asks as usual.
 */
export async function oneClickSignInRequest(
  latch: Latch,
  networks: readonly CaipNetwork[],
): Promise<SessionSignInRequest | undefined> {
  const siwx = latch.options.siwx
  const [first] = networks
  if (!siwx || !first || networks.some((network) => network.chainNamespace !== 'eip155')) return undefined
  try {
    // The account is not known before the wallet answers: the message's other fields are.
    const { data } = await siwx.createMessage({
      accountAddress: '0x0000000000000000000000000000000000000000',
      chainId: first.caipNetworkId,
    })
    return {
      chains: networks.map((network) => network.caipNetworkId),
      domain: data.domain,
      uri: data.uri,
      nonce: data.nonce,
      statement: data.statement,
      expirationTime: data.expirationTime,
      notBefore: data.notBefore,
      requestId: data.requestId,
      resources: data.resources,
    }
  } catch {
    return undefined
  }
}

/**
 * Keeps the sign-in a wallet signed with its approval (verified by the implementation), before
 * the sign-in gate runs, which then finds the session. A refused one is reported, and the gate
 * asks to sign as usual.
 */
export async function keepOneClickSignIn(latch: Latch, session: SiwxSession): Promise<void> {
  const siwx = siwxOf(latch)
  const namespace = session.data.chainId.split(':')[0] as string
  try {
    await siwx.addSession(session, siwxContext(latch))
    latch.events.emit('SIWX_AUTH_SUCCESS', { namespace, address: session.data.accountAddress })
  } catch (error) {
    latch.events.emit('SIWX_AUTH_ERROR', { namespace, message: (error as Error)?.message ?? String(error) })
  }
}
