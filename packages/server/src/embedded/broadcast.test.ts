import { type AnvilInstance, type MailSink, startAnvil, startMailSink, TEST_ACCOUNTS } from '@latch/testkit'
import { createPublicClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backends, demoProject, startTestServer } from '../test/backends.js'
import { embeddedClient } from '../test/embedded-client.js'
import { createSmtpMailer } from './mail.js'

const chainId = 'eip155:31337'
const sender = privateKeyToAccount(TEST_ACCOUNTS[6]!.privateKey)
const recipient = TEST_ACCOUNTS[7]!.address

let chain: AnvilInstance
beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337 })
}, 60_000)
afterAll(async () => {
  await chain?.stop()
})

// The frame no longer knows the project's node URLs: what the visitor approved goes to the chain
// through the server, for a signed-in session of the project only.
describe.each(backends)('given the embedded wallet on %s and a project with a local chain', (backend) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let sink: MailSink
  const api = () => embeddedClient(() => server.base, sink)
  const node = () => createPublicClient({ transport: http(chain.rpcUrl) })
  async function signed(nonceOffset = 0) {
    const client = node()
    const nonce = await client.getTransactionCount({ address: sender.address, blockTag: 'pending' })
    return sender.signTransaction({
      chainId: 31337,
      to: recipient,
      value: parseEther('0.01'),
      nonce: nonce + nonceOffset,
      gas: 21_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    })
  }

  beforeAll(async () => {
    sink = await startMailSink()
    server = await startTestServer(backend, {
      embedded: {
        mailer: createSmtpMailer({ url: sink.smtpUrl, from: 'Latch <login@localhost>' }),
        limits: { ipChecks: 1000, ipLogins: 1000, resendSeconds: 3 },
      },
    })
    await server.repository.siwx.setRpcUrl(demoProject.id, chainId, chain.rpcUrl)
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await sink?.close()
  })

  describe('when the signed-in frame sends a signed transaction', () => {
    it('then the node receives it and the frame gets its hash', async () => {
      const { post, signUp } = api()
      const { token } = await signUp(`broadcast-${backend}@example.com`, 'password')
      const transaction = await signed()
      const response = await post('broadcast', { chainId, transaction }, token)
      expect(response.status).toBe(200)
      const { result } = (await response.json()) as { result: `0x${string}` }
      const receipt = await node().waitForTransactionReceipt({ hash: result })
      expect(receipt.status).toBe('success')
      expect(receipt.to?.toLowerCase()).toBe(recipient.toLowerCase())
    })

    it("then the node's refusal comes back as its JSON-RPC error", async () => {
      const { post, signUp } = api()
      const { token } = await signUp(`broadcast-refused-${backend}@example.com`, 'password')
      const response = await post('broadcast', { chainId, transaction: await signed(-1) }, token)
      const body = (await response.json()) as { rpcError?: { code: number; message: string } }
      expect(response.status).toBe(200)
      expect(body.rpcError?.message).toMatch(/nonce/i)
    })
  })

  describe('when the request is not from a session or not well formed', () => {
    it('then without a session nothing reaches the node', async () => {
      const before = await node().getTransactionCount({ address: sender.address, blockTag: 'pending' })
      const response = await api().post('broadcast', { chainId, transaction: await signed() })
      expect(response.status).toBe(401)
      expect(await node().getTransactionCount({ address: sender.address, blockTag: 'pending' })).toBe(before)
    })

    it.each([
      [{ chainId: 'eip155:5', transaction: '0x02' }, 400, 'unsupported_chain'],
      [{ chainId, transaction: 'not hex' }, 400, 'invalid_transaction'],
      [{ chainId: 'bip122:1', transaction: '0x02' }, 400, undefined],
    ])('then %j is refused with %i', async (body, status, error) => {
      const { post, signUp } = api()
      const { token } = await signUp(
        `broadcast-bad-${backend}-${status}-${Math.random()}@example.com`,
        'password',
      )
      const response = await post('broadcast', body, token)
      expect(response.status).toBe(status)
      if (error) expect(((await response.json()) as { error: string }).error).toBe(error)
    })
  })
})
