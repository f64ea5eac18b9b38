import { expect, it } from 'vitest'
import * as evm from './index.js'

it('given the package entry, then its public runtime exports are exactly these (API changes show in review)', () => {
  expect(Object.keys(evm).sort()).toEqual([
    'SiweMessageFieldError',
    'evmAdapter',
    'formatSiweMessage',
    'getServerSessionToken',
    'isRfc3339DateTime',
    'localSiwx',
    'serverSiwx',
    'toAddEthereumChainParameter',
    'toCaipNetwork',
    'toCodedError',
    'toEvmChainId',
    'toLatchConnector',
  ])
})
