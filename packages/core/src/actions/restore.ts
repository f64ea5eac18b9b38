import {
  SESSION_RECONNECT_FIRST_MS,
  SESSION_RECONNECT_MAX_MS,
  SESSION_RESTORE_TIMEOUT_MS,
} from '../constants.js'
import type { Latch } from '../createLatch.js'
import { SessionUnreachableError } from '../errors/connection.js'
import { readStored, STORED_VALUES } from '../storage.js'
import type {
  ApprovedSession,
  ChainAdapter,
  ChainNamespace,
  ConnectResult,
  SessionConnector,
} from '../types.js'
import {
  afterConnect,
  commitConnections,
  forgetNamespaces,
  markConnecting,
  releaseNamespaces,
  validateResult,
} from './_connection.js'
import { applySession, patchSession } from './_session.js'
import { isCurrentAttempt, nextAttempt } from './_shared.js'

const TIMED_OUT = Symbol('timed out')

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(TIMED_OUT), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** The connector of `namespace` is among the adapter's connectors right now. */
function isAnnounced(latch: Latch, namespace: ChainNamespace, connectorId: string): boolean {
  return (latch.store.getState().connectors[namespace] ?? []).some((c) => c.id === connectorId)
}

/** Resolves true as soon as the connector is announced, false when `ms` pass first. */
function waitForConnector(
  latch: Latch,
  namespace: ChainNamespace,
  connectorId: string,
  ms: number,
): Promise<boolean> {
  if (isAnnounced(latch, namespace, connectorId)) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop()
      resolve(false)
    }, ms)
    const stop = latch.store.subscribe(
      (state) => state.connectors[namespace],
      () => {
        if (!isAnnounced(latch, namespace, connectorId)) return
        clearTimeout(timer)
        stop()
        resolve(true)
      },
    )
  })
}

/**
 * Restores a namespace remembered with one of its adapter's connectors (spec §4 startup). It
 * stays `connecting` up to `restoreTimeoutMs` while that wallet has not announced itself, and
 * restores the moment it does. The stored session is forgotten only when the wallet says the
 * site is not authorized; a wallet that never announces leaves the namespace `disconnected`
 * with its stored session kept, and is still restored if it shows up later in the page's life.
 */
export async function restoreNamespace(
  latch: Latch,
  adapter: ChainAdapter,
  connectorId: string,
  { late = false }: { late?: boolean } = {},
): Promise<void> {
  const namespace = adapter.namespace
  const attempt = nextAttempt(latch, namespace)
  if (!late) {
    markConnecting(latch, [namespace])
    const announced = await waitForConnector(latch, namespace, connectorId, latch.options.restoreTimeoutMs)
    if (!isCurrentAttempt(latch, namespace, attempt)) return
    if (!announced) {
      releaseNamespaces(latch, [namespace])
      watchLateWallet(latch, adapter, connectorId)
      return
    }
  } else {
    markConnecting(latch, [namespace])
  }
  let result: ConnectResult | undefined | typeof TIMED_OUT
  try {
    const answer = await withTimeout(adapter.reconnect({ connectorId }), latch.options.restoreTimeoutMs)
    result = answer === TIMED_OUT || answer === undefined ? answer : validateResult(answer)
  } catch {
    // The wallet could not tell (it failed or answered garbage): keep the stored session.
    result = TIMED_OUT
  }
  if (!isCurrentAttempt(latch, namespace, attempt)) return
  if (result === TIMED_OUT) {
    releaseNamespaces(latch, [namespace])
    return
  }
  if (result === undefined) {
    forgetNamespaces(latch, [namespace])
    return
  }
  commitConnections(latch, [{ namespace, result }])
  await afterConnect(latch, [namespace], { reason: 'restore' })
}

/** Restores the namespace when its remembered wallet announces itself after restore gave up. */
function watchLateWallet(latch: Latch, adapter: ChainAdapter, connectorId: string): void {
  const namespace = adapter.namespace
  const stop = latch.store.subscribe(
    (state) => state.connectors[namespace],
    () => {
      if (!isAnnounced(latch, namespace, connectorId)) return
      stop()
      latch._internal.lateRestores.delete(namespace)
      const state = latch.store.getState()
      // Still wanted only while nothing else happened on the namespace.
      if (state.namespaces[namespace]?.account.status !== 'disconnected') return
      if (readStored(latch.storage, STORED_VALUES.connectorId(namespace)) !== connectorId) return
      void restoreNamespace(latch, adapter, connectorId, { late: true })
    },
  )
  latch._internal.lateRestores.set(namespace, stop)
  latch._internal.teardown.push(stop)
}

/**
 * Restores the namespaces remembered with a session connector, from its one session. A session
 * that ended forgets them; a connector whose dependency is unavailable (relay down, frame not
 * loaded) leaves them `disconnected` with the stored session kept. A connector that says its
 * wallet cannot be reached ({@link SessionUnreachableError}) keeps them `connecting`, its session
 * marked offline, and is asked again until it answers: a server that comes back brings the
 * account back by itself.
 */
export async function restoreSession(
  latch: Latch,
  connector: SessionConnector,
  namespaces: readonly ChainNamespace[],
  retry = 0,
): Promise<void> {
  const attempts = new Map(namespaces.map((namespace) => [namespace, nextAttempt(latch, namespace)]))
  const current = () => namespaces.every((n) => isCurrentAttempt(latch, n, attempts.get(n) as number))
  markConnecting(latch, namespaces)
  let session: ApprovedSession | undefined | typeof TIMED_OUT | typeof UNREACHABLE
  try {
    session = await withTimeout(
      connector.restore({ networks: latch.options.networks.filter((n) => connector.supports(n)) }),
      SESSION_RESTORE_TIMEOUT_MS,
    )
  } catch (error) {
    session = error instanceof SessionUnreachableError ? UNREACHABLE : TIMED_OUT
  }
  if (!current()) return
  if (session === UNREACHABLE) {
    patchSession(latch, connector.id, { status: 'connecting', offline: true })
    reconnectLater(latch, connector, namespaces, retry)
    return
  }
  if (latch.store.getState().sessions[connector.id]?.offline)
    patchSession(latch, connector.id, { offline: false })
  if (session === TIMED_OUT) {
    releaseNamespaces(latch, namespaces)
    return
  }
  const restored = session ? await applySession(latch, connector, session, { reason: 'restore' }) : []
  const gone = namespaces.filter((namespace) => !restored.includes(namespace))
  // Only what this restore still owns: a connect started meanwhile wins.
  forgetNamespaces(
    latch,
    gone.filter((n) => latch.store.getState().namespaces[n]?.account.status !== 'connected'),
  )
  if (!session)
    patchSession(latch, connector.id, { status: 'disconnected', wallet: undefined, user: undefined })
}

const UNREACHABLE = Symbol('unreachable')

/**
 * Asks an unreachable connector again after a wait, while nothing else happened on its
 * namespaces (a connect, a disconnect) and the instance lives.
 */
function reconnectLater(
  latch: Latch,
  connector: SessionConnector,
  namespaces: readonly ChainNamespace[],
  retry: number,
): void {
  const attempts = namespaces.map((namespace) => latch._internal.attempts.get(namespace) ?? 0)
  const timer = setTimeout(
    () => {
      stop()
      if (!namespaces.every((n, i) => isCurrentAttempt(latch, n, attempts[i] as number))) {
        patchSession(latch, connector.id, { offline: false })
        return
      }
      void restoreSession(latch, connector, namespaces, retry + 1)
    },
    Math.min(SESSION_RECONNECT_FIRST_MS * 2 ** retry, SESSION_RECONNECT_MAX_MS),
  )
  const stop = () => {
    clearTimeout(timer)
    const at = latch._internal.teardown.indexOf(stop)
    if (at >= 0) latch._internal.teardown.splice(at, 1)
  }
  latch._internal.teardown.push(stop)
}
