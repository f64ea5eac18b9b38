import { createTestClient, http, publicActions } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ports } from '../playwright.config.js'
import { connectDevWallet, expect, modal, test } from './fixtures.js'

// The stack's mainnet node, driven as a test drives anvil: it stops mining on its own for this
// test, so the transfer stays pending until the test mines a block.
const node = createTestClient({ mode: 'anvil', transport: http(`http://127.0.0.1:${ports.mainnet}`) }).extend(
  publicActions,
)

test.afterEach(async () => {
  // The other specs expect a chain that mines each transaction: whatever happened, it does again.
  await node.setAutomine(true)
  await node.mine({ blocks: 1 })
})

test.describe('given the demo as npm start serves it, on a chain that has not included the transfer yet', () => {
  test('when the visitor sends ETH from the Account view, then Activity shows it as Pending at once, still after a reload, and as Sent once a block includes it', async ({
    page,
  }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await node.setAutomine(false)
    const recipient = privateKeyToAccount(generatePrivateKey()).address

    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-send').click()
    const form = modal(page).getByTestId('latch-send-form')
    await form.getByTestId('latch-send-recipient').fill(recipient)
    await form.getByTestId('latch-send-amount').fill('0.25')
    await form.getByTestId('latch-send-review').click()
    await modal(page).getByTestId('latch-send-confirm').click()
    await expect(modal(page).getByTestId('latch-send-pending')).toHaveText(
      'Sent. Waiting for the network to include it…',
    )

    const openActivity = async () => {
      await modal(page).getByTestId('latch-account-tab-activity').click()
      return modal(page).getByTestId('latch-account-panel-activity')
    }
    await modal(page).getByRole('button', { name: 'Back' }).click()
    const activity = await openActivity()
    const pending = activity.getByTestId('latch-activity-pending').getByTestId('latch-activity-item')
    await expect(pending).toHaveCount(1)
    await expect(pending.getByTestId('latch-activity-label')).toHaveText('Pending')
    await expect(pending.getByTestId('latch-activity-amount')).toHaveText('−0.25 ETH')
    const hash = (await pending.getAttribute('data-hash')) as `0x${string}`
    // It is the transfer the node holds and has not included.
    const sent = await node.getTransaction({ hash })
    expect(sent.to?.toLowerCase()).toBe(recipient.toLowerCase())
    expect(sent.blockNumber).toBeNull()

    // What the kit keeps for it is in its storage, which a reload reads back: after one, with the
    // transfer still not included, the restored session's Activity shows it Pending again, and
    // the kit watches it from there.
    const stored = await page.evaluate(() => localStorage.getItem('@latch/pending-transactions'))
    expect(JSON.parse(stored ?? '[]')).toEqual([expect.objectContaining({ hash, status: 'pending' })])
    await page.reload()
    await page.getByTestId('latch-account-button').click()
    const reloaded = await openActivity()
    const kept = reloaded.locator(`[data-hash="${hash}"]`)
    await expect(kept.getByTestId('latch-activity-label')).toHaveText('Pending')
    await expect(kept.getByTestId('latch-activity-amount')).toHaveText('−0.25 ETH')

    await node.mine({ blocks: 1 })
    await expect(kept.getByTestId('latch-activity-label')).toHaveText('Sent', { timeout: 15_000 })
    await expect(reloaded.getByTestId('latch-activity-pending')).toHaveCount(0)
    expect(await node.getBalance({ address: recipient })).toBe(25n * 10n ** 16n)
  })
})
