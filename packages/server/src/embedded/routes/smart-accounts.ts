import { getAddress } from 'viem'
import { projectQuery } from '../../http/schemas.js'
import { sponsoredEntryPoint } from '../../smart-account/sponsorship.js'
import type { EmbeddedRoute } from './route.js'

/**
 * The chains on which the embedded wallet runs smart accounts for the project: those its operator
 * gave a bundler (`project set-bundler`), each with the account factory there. The frame reaches
 * the bundler and the paymaster through `/aa/v1/…` with the chain's id; their URLs stay here.
 */
export const smartAccounts: EmbeddedRoute = {
  method: 'GET',
  url: '/embedded/v1/smart-accounts',
  project: true,
  schema: { querystring: projectQuery },
  handler:
    ({ repository }) =>
    async (request) => {
      const networks = await repository.smartAccounts.listNetworks(request.project!.id)
      return {
        entryPoint: sponsoredEntryPoint,
        networks: networks.map(({ chainId, factory }) => ({ chainId, factory: getAddress(factory) })),
      }
    },
}
