import { TEST_TOKENS } from '@latch/testkit'
import { encodeFunctionData, parseAbi } from 'viem'
import { approval, demo, frameOrigin, newEmail, press, signUp } from './embedded.js'
import { expect, test } from './fixtures.js'

// The embedded wallet's smart account in the browser, through the frame protocol as the page
// speaks it (frame/1 messages to the frame the demo embeds): the frame's chunk loads under its
// CSP, the user operation's screen shows, and the sponsored batch is mined by the demo's bundler.

const token = TEST_TOKENS.erc20.address
const abi = parseAbi(['function approve(address,uint256)', 'function transfer(address,uint256)'])
const beef = '0x000000000000000000000000000000000000bEEF'

test.describe('given the demo with an embedded wallet signed in', () => {
  test.describe.configure({ timeout: 240_000 })

  test('when the page switches to the smart account and sends a batch, then the frame shows one user operation and the app pays for it', async ({
    page,
  }) => {
    await page.goto(demo)
    const eoa = await signUp(page, newEmail('smart'))
    /** One frame/1 request from the page, answered to this call (the kit's client ignores its id). */
    const ask = (type: string, payload: unknown) =>
      page.evaluate(
        ({ type, payload, origin }) =>
          new Promise<{ type: string; payload: Record<string, unknown> }>((resolve) => {
            const id = `e2e-${crypto.randomUUID()}`
            const frame = document.querySelector<HTMLIFrameElement>('iframe[data-latch-frame]')!
            const listener = (event: MessageEvent) => {
              if (event.origin !== origin || event.data?.id !== id) return
              window.removeEventListener('message', listener)
              resolve({ type: event.data.type, payload: event.data.payload })
            }
            window.addEventListener('message', listener)
            frame.contentWindow!.postMessage({ latch: 'frame/1', id, type, payload }, origin)
          }),
        { type, payload, origin: frameOrigin },
      )

    const networks = await ask('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})
    expect(networks.payload).toEqual({ smartAccountEnabledNetworks: [1, 8453] })
    const init = await ask('INIT_SMART_ACCOUNT', {})
    expect(init.payload).toMatchObject({ isDeployed: false })
    const smart = init.payload.address as string
    expect((await ask('GET_USER', {})).payload).toMatchObject({ address: eoa, preferredAccountType: 'eoa' })
    expect((await ask('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).payload).toEqual({
      type: 'smartAccount',
      address: smart,
    })

    const sent = ask('RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x1',
          atomicRequired: true,
          calls: [
            { to: token, data: encodeFunctionData({ abi, functionName: 'approve', args: [beef, 0n] }) },
            { to: token, data: encodeFunctionData({ abi, functionName: 'approve', args: [beef, 1n] }) },
          ],
        },
      ],
    })
    await expect(approval(page)).toBeVisible({ timeout: 30_000 })
    await expect(approval(page)).toContainText('Send from your smart account')
    await expect(approval(page)).toContainText(smart)
    await expect(approval(page)).toContainText('Call 2 of 2')
    await expect(approval(page)).toContainText('The app (sponsored)')
    await press(page, 'approve')
    const answer = await sent
    expect(answer.type).toBe('SUCCESS')
    const id = (answer.payload.result as { id: string }).id
    await expect
      .poll(
        async () => {
          const status = await ask('RPC_REQUEST', { method: 'wallet_getCallsStatus', params: [id] })
          return (status.payload.result as { status: number }).status
        },
        { timeout: 30_000 },
      )
      .toBe(200)
    expect((await ask('GET_USER', {})).payload).toMatchObject({ address: smart, smartAccountDeployed: true })
    const refused = await ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x48656c6c6f', smart] })
    expect(refused).toEqual({
      type: 'ERROR',
      payload: {
        message: 'This application might not support Smart Accounts',
        code: 'SMART_ACCOUNT_SIGNATURE',
      },
    })
  })
})
