import { seedTestTokens, TEST_TOKENS } from '@latch/testkit'
import { createPublicClient, erc20Abi, http, numberToHex, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ports } from '../playwright.config.js'
import { approval, demo, newEmail, press, signUp } from './embedded.js'
import { expect, modal, test } from './fixtures.js'

const mainnetRpc = `http://127.0.0.1:${ports.mainnet}`
const mainnet = createPublicClient({ transport: http(mainnetRpc) })
const lttOf = (address: `0x${string}`) =>
  mainnet.readContract({
    address: TEST_TOKENS.erc20.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })

test.describe('given the demo with an embedded wallet signed in, holding ETH and the test ERC-20', () => {
  test.describe.configure({ timeout: 360_000 })

  test('when the visitor sends the ERC-20 from the Account view, then the frame shows the decoded transfer, and once approved it lands', async ({
    page,
  }) => {
    await page.goto(demo)
    const address = await signUp(page, newEmail('sender'))
    await fetch(mainnetRpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'anvil_setBalance',
        params: [address, numberToHex(parseEther('1'))],
      }),
    })
    await seedTestTokens(mainnetRpc, address, { erc20Amount: 20_000_000n, nft: false })
    const recipient = privateKeyToAccount(generatePrivateKey()).address

    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-send').click()
    const form = modal(page).getByTestId('latch-send-form')
    await form.getByTestId('latch-send-token').selectOption({ index: 1 })
    await expect(form.getByTestId('latch-send-token').locator('option:checked')).toHaveText('LTT · 20.00')
    await form.getByTestId('latch-send-recipient').fill(recipient)
    await form.getByTestId('latch-send-amount').fill('12.5')
    await form.getByTestId('latch-send-review').click()
    await expect(modal(page).getByTestId('latch-send-fee')).toHaveText(/^0\.\d+ ETH$/)
    await modal(page).getByTestId('latch-send-confirm').click()

    // The frame's own screen decodes the call: the function, the recipient, the amount in LTT.
    await expect(approval(page)).toContainText('transfer')
    await expect(approval(page)).toContainText(recipient)
    await expect(approval(page)).toContainText('12.5 LTT')
    await press(page, 'approve')
    await expect(modal(page).getByTestId('latch-send-success')).toHaveText('Sent', { timeout: 60_000 })
    expect(await lttOf(recipient)).toBe(12_500_000n)
    expect(await lttOf(address)).toBe(7_500_000n)
  })
})
