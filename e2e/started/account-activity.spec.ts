import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { ports } from '../playwright.config.js'
import { connectDevWallet, expect, modal, test } from './fixtures.js'

const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/**
 * The process listening on a local chain's JSON-RPC port (the node the server's indexer reads),
 * found from /proc: the socket's inode in /proc/net/tcp, then the process holding it.
 */
function nodePid(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  const inodes = new Set(
    ['/proc/net/tcp', '/proc/net/tcp6']
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter((f) => f[1]?.endsWith(`:${hexPort}`) && f[3] === '0A')
      .map((f) => `socket:[${f[9]}]`),
  )
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))))
        return Number(pid)
    } catch {
      // A process that ended or is not ours to read.
    }
  }
  throw new Error(`No process listens on port ${port}`)
}

test.describe('given the demo as npm start serves it, with the transactions indexer over its local chains', () => {
  test('when the visitor sends ETH with the demo, then Activity lists it first, under this month', async ({
    page,
  }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(page.getByTestId('demo-tx-mined')).toHaveText(/^Mined in block \d+$/)
    const hash = (await page.getByTestId('demo-tx-hash').textContent())?.toLowerCase()
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-account-tab-activity').click()
    const activity = modal(page).getByTestId('latch-account-panel-activity')
    const months = activity.getByTestId('latch-activity-month')
    await expect(months.first().getByTestId('latch-activity-month-title')).toHaveText(
      month.format(new Date()),
    )
    const newest = months.first().getByTestId('latch-activity-item').first()
    await expect(newest).toHaveAttribute('data-hash', hash!)
    await expect(newest.getByTestId('latch-activity-label')).toHaveText('Sent')
    await expect(newest.getByTestId('latch-activity-amount')).toHaveText('−0.01 ETH')
    // The test tokens npm start gave this account are older: listed after the send.
    const items = activity.getByTestId('latch-activity-item')
    expect(await items.count()).toBeGreaterThan(1)
    await expect(items.filter({ hasText: 'LTT' }).first().getByTestId('latch-activity-label')).toHaveText(
      'Received',
    )
    // The spam airdrop npm start also sent it is flagged by the server's spam rules and left out,
    // as the NFTs tab leaves it out; the test NFT it received is listed.
    await expect(items.filter({ hasText: 'LNFT' }).first()).toBeVisible()
    await expect(items.filter({ hasText: 'CLAIM' })).toHaveCount(0)
  })

  test("when the indexer's node stops answering, then Activity shows 'Failed to fetch transactions' and Tokens still shows the tokens", async ({
    page,
  }) => {
    await page.goto('/')
    await connectDevWallet(page)
    await page.getByTestId('latch-account-button').click()
    const tokens = modal(page).getByTestId('latch-account-panel-tokens')
    await expect(tokens.getByTestId('latch-token-LTT')).toBeVisible()

    const pid = nodePid(ports.mainnet)
    process.kill(pid, 'SIGSTOP')
    try {
      await modal(page).getByTestId('latch-account-tab-activity').click()
      await expect(modal(page).getByTestId('latch-activity-unavailable')).toHaveText(
        'Failed to fetch transactions',
        {
          timeout: 20_000,
        },
      )
      await modal(page).getByTestId('latch-account-tab-tokens').click()
      await expect(tokens.getByTestId('latch-token-LTT')).toContainText('Latch Test Token')
      await expect(modal(page).getByTestId('latch-account-address')).toBeVisible()
    } finally {
      process.kill(pid, 'SIGCONT')
    }
  })
})
