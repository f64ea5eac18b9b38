import { createHttpClient } from '../api/http.js'
import type { Latch } from '../createLatch.js'
import { initialRemoteFeatures, localRemoteFeatures } from '../registry/localFeatures.js'
import { remoteConfigResponseSchema } from '../registry/schemas.js'
import type { LatchState } from '../state.js'

export interface LoadProjectConfigParameters {
  /** Whether the app has an embedded-wallet connector, the only one that can serve email login. */
  embedded: boolean
  fetch?: typeof fetch | undefined
}

/**
 * Reads the project config (`/appkit/v1/config`, full mode only) and puts the features in force
 * in state as soon as it answers (spec §4): the project's, or the app's own when the read fails.
 * Runs once per instance and never throws. A small read of its own, so that what the modal offers
 * is the operator's before a visitor opens it: the provider starts it when the page first paints,
 * without waiting for the modal's code, an idle browser or the wallet lists; `prefetch` awaits
 * the same read and adds the alerts it calls for.
 *
 * It imports nothing of an app's first load but what it must (the HTTP helper and the schemas):
 * a lazy chunk that shares modules with the first load makes bundlers cut that load into more,
 * larger chunks.
 */
export function loadProjectConfig(
  latch: Latch,
  parameters: LoadProjectConfigParameters,
): Promise<LatchState['remote']> {
  latch._internal.projectConfig ??= run(latch, parameters)
  return latch._internal.projectConfig
}

async function run(
  latch: Latch,
  { embedded, fetch }: LoadProjectConfigParameters,
): Promise<LatchState['remote']> {
  const { options } = latch
  const apiUrl = options.apiUrl
  if (options.basic || !apiUrl)
    return setRemote(latch, { status: 'off', features: initialRemoteFeatures(options) })
  setRemote(latch, { status: 'loading', features: latch.store.getState().remote.features })
  try {
    const client = createHttpClient({ baseUrl: apiUrl, projectId: options.projectId, fetch })
    const [answer, { loadedRemoteFeatures, parseRemoteFeatures }] = await Promise.all([
      client.get('/appkit/v1/config'),
      // Only an app with a project server reads a project config: the rules load with it.
      import('../registry/remoteConfig.js'),
    ])
    const parsed = remoteConfigResponseSchema.safeParse(answer)
    if (!parsed.success) {
      const issue = parsed.issues[0]
      throw new Error(
        `its answer is malformed: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'Invalid input'}`,
      )
    }
    return setRemote(latch, {
      status: 'loaded',
      features: loadedRemoteFeatures(parseRemoteFeatures(parsed.data), embedded),
    })
  } catch (error) {
    // Spec §4: a failed project config leaves the app's own settings in force; say so, since a
    // project's switches that seem to do nothing are otherwise hard to explain.
    console.warn(
      `[latch] The project config of ${options.projectId ?? '<projectId>'} could not be loaded (${
        error instanceof Error ? error.message : String(error)
      }): the app's own feature settings apply.`,
    )
    return setRemote(latch, { status: 'failed', features: localRemoteFeatures(options) })
  }
}

function setRemote(latch: Latch, remote: LatchState['remote']): LatchState['remote'] {
  latch.store.setState((current) => ({ ...current, remote }))
  return remote
}
