import { version } from '@wagmi/core'
import { expect, it } from 'vitest'

it('given the vitest project, then the adapter is tested on the wagmi major it names (evm: 3, evm-wagmi2: 2)', () => {
  expect(version.split('.')[0]).toBe(process.env.LATCH_TEST_WAGMI_MAJOR ?? '3')
})
