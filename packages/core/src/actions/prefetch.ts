import { RECOMMENDED_WALLETS_COUNT, WALLETS_PAGE_SIZE } from '../constants.js'
import type { Latch } from '../createLatch.js'
import { ALERTS, type Alert } from '../errors/alerts.js'
import {
  queryWithFallback,
  type RegistryEnvironment,
  registryContext,
  withListOptions,
} from '../registry/context.js'
import { localRemoteFeatures } from '../registry/localFeatures.js'
import { originsResponseSchema } from '../registry/schemas.js'
import { appOriginAlert } from '../rules/loginOrigin.js'
import { modalReducer } from '../rules/openModal.js'
import { embeddedWalletOf } from './exportWallet.js'
import { loadProjectConfig } from './projectConfig.js'

export interface PrefetchParameters extends RegistryEnvironment {
  /** The page's origin for the allowed-origins check; defaults to `location.origin` in a browser. */
  origin?: string | undefined
}
/** Resolves once everything is in state (or fell back). */
export type PrefetchReturnType = undefined
/** Never thrown: every failure falls back to defaults or the snapshot. */
export type PrefetchErrorType = never

/**
 * Loads what the modal shows before it opens (spec §4): remote project config (full mode only),
 * the allowed-origins check when email or socials are on, then featured, recommended and the
 * first page of the wallet registry. Idempotent and never throws. Without `apiUrl` it makes no
 * request and lists the bundled snapshot; a failing server falls back to the snapshot too.
 *
 * @example
 * await prefetch(latch)
 * latch.store.getState().registry.featured // → the app's featuredWalletIds, in that order
 */
export function prefetch(latch: Latch, parameters: PrefetchParameters = {}): Promise<PrefetchReturnType> {
  // One load per instance: a second call (another mount, the modal opening) awaits the first.
  latch._internal.prefetch ??= run(latch, parameters).catch(() => undefined)
  return latch._internal.prefetch
}

async function run(latch: Latch, parameters: PrefetchParameters): Promise<undefined> {
  // Spec §4 modal flags: `loading` while what the modal shows is loaded.
  latch.store.setState((current) => ({
    ...current,
    modal: modalReducer(current.modal, { type: 'loading', loading: true }),
    registry: { ...current.registry, status: 'loading' },
  }))
  const context = registryContext(latch, parameters)
  const [alerts] = await Promise.all([
    loadRemoteAlerts(latch, context, parameters),
    loadLists(latch, context),
  ])
  latch.store.setState((current) => ({
    ...current,
    modal: modalReducer(current.modal, { type: 'loading', loading: false }),
    alerts: mergeAlerts(current.alerts, alerts),
  }))
  return undefined
}

/**
 * The project config (in state as soon as it answers: the lists do not hold it back, and the
 * provider has usually read it long before) and the alerts it calls for.
 */
async function loadRemoteAlerts(
  latch: Latch,
  context: ReturnType<typeof registryContext>,
  parameters: PrefetchParameters,
): Promise<Alert[]> {
  const embedded = embeddedWalletOf(latch) !== undefined
  const remote = await loadProjectConfig(latch, { embedded, fetch: parameters.fetch })
  const client = context.client
  if (!client || remote.status === 'off') return []
  const alerts: Alert[] = []
  if (remote.status === 'loaded') {
    const { overridesLocalFeatures } = await import('../registry/remoteConfig.js')
    if (overridesLocalFeatures(localRemoteFeatures(latch.options), remote.features))
      alerts.push({ ...ALERTS.LOCAL_CONFIGURATION_IGNORED })
  }
  // An embedded-wallet connector is checked as email login even when the project turns it off:
  // the origin alert tells the operator early, before the switch is turned on.
  const loginEnabled = remote.features.email || remote.features.socials !== false || embedded
  const origin = parameters.origin ?? globalThis.location?.origin
  if (loginEnabled && origin) {
    const alert = appOriginAlert({ origin, allowedOrigins: await loadAllowedOrigins(client), loginEnabled })
    if (alert) alerts.push(alert)
  }
  return alerts
}

/** The project's allowed origins; on any error an empty list (spec §7). */
async function loadAllowedOrigins(client: NonNullable<ReturnType<typeof registryContext>['client']>) {
  try {
    const parsed = originsResponseSchema.safeParse(await client.get('/projects/v1/origins'))
    return parsed.success ? parsed.data.allowedOrigins : []
  } catch {
    return []
  }
}

async function loadLists(latch: Latch, context: ReturnType<typeof registryContext>): Promise<void> {
  const featuredIds = context.featuredIds.filter(
    (id) => !context.exclude.includes(id) && (!context.include.length || context.include.includes(id)),
  )
  // All three lists come from one source: when the first page falls back, the others do too.
  const first = await queryWithFallback(
    context,
    withListOptions(context, { page: 1, entries: WALLETS_PAGE_SIZE, alsoExclude: featuredIds }),
  )
  const preferSnapshot = first.source === 'snapshot'
  const [featured, recommended] = await Promise.all([
    featuredIds.length
      ? queryWithFallback(
          context,
          withListOptions(context, { page: 1, entries: featuredIds.length, include: featuredIds }),
          preferSnapshot,
        )
      : undefined,
    queryWithFallback(
      context,
      withListOptions(context, {
        page: 1,
        entries: RECOMMENDED_WALLETS_COUNT,
        alsoExclude: featuredIds,
        badgeType: 'certified',
      }),
      preferSnapshot,
    ),
  ])
  latch.store.setState((current) => ({
    ...current,
    registry: {
      ...current.registry,
      status: 'ready',
      source: first.source,
      featured: context.visible(featured?.data ?? []),
      recommended: context.visible(recommended.data),
      wallets: context.visible(first.data),
      count: first.count,
      page: 1,
    },
  }))
}

function mergeAlerts(current: readonly Alert[], added: readonly Alert[]): readonly Alert[] {
  const fresh = added.filter((alert) => !current.some((existing) => existing.id === alert.id))
  return fresh.length ? [...current, ...fresh] : current
}
