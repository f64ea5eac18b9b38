import { TEST_TOKENS } from '@latch/testkit'
import type { Page } from '@playwright/test'
import { createPublicClient, erc20Abi, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ports } from '../playwright.config.js'
import { introspect } from '../siwx-helpers.js'
import { approval, demo, newEmail, press, signUp } from './embedded.js'
import { expect, modal, pickNetwork, test } from './fixtures.js'

// `npm start` runs smart accounts for the demo project on both chains: a local bundler behind the
// server and a verifying paymaster that sponsors calls to the test ERC-20 (20 user operations a
// day per account on Ethereum, one on Base).

const chains = {
  Ethereum: createPublicClient({ transport: http(`http://127.0.0.1:${ports.mainnet}`) }),
  Base: createPublicClient({ transport: http(`http://127.0.0.1:${ports.base}`) }),
}
/** What the demo's server says of the page's sign-in session for `address`. */
async function sessionOf(page: Page, address: string): Promise<Record<string, unknown> | undefined> {
  const stored = await page.evaluate(() => localStorage.getItem('latch.siwx.server.latch-demo'))
  for (const { token } of JSON.parse(stored ?? '[]') as { token: string }[]) {
    const answer = await introspect(token)
    if ((answer.session as { address?: string } | undefined)?.address === address) return answer
  }
  return undefined
}

const lttOf = (chain: keyof typeof chains, address: `0x${string}`) =>
  chains[chain].readContract({
    address: TEST_TOKENS.erc20.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })

test.describe('given the demo with a fresh embedded wallet that holds no ETH', () => {
  test.describe.configure({ timeout: 360_000 })

  test('when the visitor switches to the smart account and sends a batch, then the app pays the gas, it is mined and listed, the deployed account signs a message, a second one on Base is over the cap, and switching back gives the EOA', async ({
    page,
  }) => {
    await page.goto(demo)
    const eoa = await signUp(page, newEmail('smart'))
    const dialog = modal(page)
    const batch = page.getByRole('region', { name: 'Send a batch (EIP-5792)' })
    let smart: `0x${string}` = eoa

    await test.step('the Account view switches to the smart account: a new address, not yet deployed', async () => {
      await page.getByTestId('latch-account-button').click()
      await expect(dialog.getByTestId('latch-account-type')).toHaveCount(0)
      await dialog.getByRole('button', { name: 'Switch to smart account' }).click()
      await expect(dialog.getByTestId('latch-account-type')).toHaveText('Smart account')
      await expect(dialog.getByTestId('latch-account-address')).not.toHaveAttribute('title', eoa)
      smart = (await dialog.getByTestId('latch-account-address').getAttribute('title')) as `0x${string}`
      await expect(page.getByTestId('demo-address')).toHaveText(smart)
      expect(await chains.Ethereum.getCode({ address: smart })).toBeUndefined()
      await page.keyboard.press('Escape')
    })

    const recipient = privateKeyToAccount(generatePrivateKey()).address
    await test.step('the batch is one user operation: each call shown, the gas paid by the app, mined', async () => {
      await batch.getByLabel('Recipient').fill(recipient)
      await batch.getByRole('button', { name: 'Send batch' }).click()
      // The frame's own screen: the smart account (created by this first use), each call, the
      // mint it cannot decode said so, the approval and the transfer decoded, and who pays.
      const screen = approval(page)
      await expect(screen).toContainText('Send from your smart account', { timeout: 60_000 })
      await expect(screen).toContainText(smart)
      await expect(screen).toContainText('Creates your smart account on this chain (its first use)')
      await expect(screen).toContainText('This wallet cannot decode this call (unknown function 0x40c10f19)')
      await expect(screen).toContainText(
        new RegExp(
          `Call 2 of 3.*approve\\(address,uint256\\)spender \\(address\\)${recipient}amount \\(uint256\\)1 LTT`,
        ),
      )
      await expect(screen).toContainText(
        new RegExp(
          `Call 3 of 3.*transfer\\(address,uint256\\)to \\(address\\)${recipient}amount \\(uint256\\)1 LTT`,
        ),
      )
      await expect(screen).toContainText('Network fee paid byThe app (sponsored)')
      await press(page, 'approve')
      await expect(page.getByTestId('demo-batch-status')).toHaveText('success (200): 1 receipt(s), atomic', {
        timeout: 60_000,
      })
      expect(await lttOf('Ethereum', recipient)).toBe(1_000_000n)
      expect(await chains.Ethereum.getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/)
      // Neither account held or spent any ETH: the demo's paymaster paid.
      expect(await chains.Ethereum.getBalance({ address: smart })).toBe(0n)
      expect(await chains.Ethereum.getBalance({ address: eoa })).toBe(0n)
    })

    await test.step('Activity lists the batch under the smart account', async () => {
      await page.getByTestId('latch-account-button').click()
      await dialog.getByTestId('latch-account-tab-activity').click()
      const items = dialog.getByTestId('latch-account-panel-activity').getByTestId('latch-activity-item')
      await expect(items.filter({ hasText: 'LTT' }).first()).toBeVisible({ timeout: 30_000 })
      await page.keyboard.press('Escape')
    })

    await test.step('deployed, the smart account signs a message the app verifies on chain (ERC-1271)', async () => {
      await page.getByRole('button', { name: 'Sign message' }).click()
      await expect(approval(page)).toContainText(smart, { timeout: 60_000 })
      await press(page, 'approve')
      await expect(page.getByTestId('demo-signature-valid')).toHaveText('Signature verified', {
        timeout: 60_000,
      })
    })

    await test.step('on Base the first user operation is sponsored, the second is over the cap and says so', async () => {
      await pickNetwork(page, 'Base')
      await batch.getByLabel('Recipient').fill(recipient)
      await batch.getByRole('button', { name: 'Send batch' }).click()
      await press(page, 'approve')
      await expect(page.getByTestId('demo-batch-status')).toHaveText('success (200): 1 receipt(s), atomic', {
        timeout: 60_000,
      })
      expect(await lttOf('Base', recipient)).toBe(1_000_000n)
      await batch.getByRole('button', { name: 'Send batch' }).click()
      await expect(page.getByTestId('demo-batch-error')).toHaveText(
        "Sponsorship refused: this account reached the project's limit of 1 sponsored user operations a day",
        { timeout: 60_000 },
      )
      await expect(approval(page)).toHaveCount(0)
      expect(await lttOf('Base', recipient)).toBe(1_000_000n)
    })

    await test.step('switching back gives the EOA again', async () => {
      await page.getByTestId('latch-account-button').click()
      await dialog.getByRole('button', { name: 'Switch to EOA' }).click()
      await expect(dialog.getByTestId('latch-account-address')).toHaveAttribute('title', eoa)
      await expect(dialog.getByTestId('latch-account-type')).toHaveCount(0)
      await expect(page.getByTestId('demo-address')).toHaveText(eoa)
    })
  })

  test('when the app starts visitors on the smart account and signs them in, then a new visitor gets it at once, signs in with it before it exists (ERC-6492), keeps it after a reload, and their switch to the EOA holds over the default', async ({
    page,
  }) => {
    await page.goto(`${demo}?accountType=smartAccount&siwx=required`)
    const smart = (await signUp(page, newEmail('smartdefault'))) as `0x${string}`
    const dialog = modal(page)
    // The sign-in message names the smart account; the frame's screen shows it before signing.
    const sign = dialog.getByRole('button', { name: 'Sign', exact: true })
    await expect(sign).toBeVisible({ timeout: 60_000 })
    await sign.click()
    await expect(approval(page)).toContainText('wants you to sign in with your Ethereum account')
    await expect(approval(page)).toContainText(smart)
    await press(page, 'approve')
    await expect(sign).toBeVisible({ timeout: 60_000 })
    await sign.click()
    await expect(approval(page)).toContainText('wants you to sign in with your Solana account')
    await press(page, 'approve')
    await expect(page.getByTestId('demo-signin')).toHaveText(/^Signed in as /, { timeout: 60_000 })
    await expect(dialog).toBeHidden()
    // The server checked the smart account's signature on chain (ERC-6492: its factory's call
    // simulated), and nothing was deployed by it.
    expect(await sessionOf(page, smart)).toMatchObject({
      active: true,
      sub: `eip155:1:${smart}`,
      session: { address: smart, signatureType: 'eip1271' },
    })
    expect(await chains.Ethereum.getCode({ address: smart })).toBeUndefined()

    await page.getByTestId('latch-account-button').click()
    await expect(dialog.getByTestId('latch-account-type')).toHaveText('Smart account')
    await expect(dialog.getByTestId('latch-account-address')).toHaveAttribute('title', smart)
    await page.keyboard.press('Escape')

    await page.reload()
    await expect(page.getByTestId('demo-address')).toHaveText(smart, { timeout: 60_000 })

    // The EOA is another account: the app asks it to sign in as well, and it holds after a reload.
    await page.getByTestId('latch-account-button').click()
    await dialog.getByRole('button', { name: 'Switch to EOA' }).click()
    await expect(dialog).toHaveAttribute('data-view', 'SIWXSignMessage', { timeout: 60_000 })
    await sign.click()
    await expect(approval(page)).toContainText('wants you to sign in with your Ethereum account')
    await press(page, 'approve')
    await expect(dialog).toBeHidden({ timeout: 60_000 })
    const eoa = (await page.getByTestId('demo-address').textContent()) as string
    expect(eoa.toLowerCase()).not.toBe(smart.toLowerCase())
    expect(await sessionOf(page, eoa)).toMatchObject({ session: { address: eoa, signatureType: 'eip191' } })
    await page.reload()
    await expect(page.getByTestId('demo-address')).toHaveText(eoa, { timeout: 60_000 })
    await expect(dialog).toBeHidden()
  })
})
