import type { ConsoleMessage, Page } from '@playwright/test'
import { expect, modal, test } from '../fixtures.js'
import { nextOrigin } from '../playwright.config.js'

// The Next.js example (apps/next-example): the server renders from the request's cookies, the
// browser hydrates from the same initial state, and nothing in the console complains.

const KEY = {
  connector: encodeURIComponent('@latch/connected-connector/eip155'),
  chain: encodeURIComponent('@latch/last-used-network/eip155'),
}

/** Console errors and any warning about hydration, from now on. */
function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text()
    if (message.type() === 'error' || /hydrat|did not match|#418|#423|#425/i.test(text))
      problems.push(`${message.type()}: ${text}`)
  })
  return problems
}

/** The button texts of a server response, as a visitor without JavaScript would see them. */
function buttons(html: string): { network: string | undefined; connect: string | undefined } {
  // The button's text, whatever elements hold it (the network button wraps it in a span).
  const text = (testId: string) =>
    html
      .match(new RegExp(`<button[^>]*data-testid="${testId}"[^>]*>(.*?)</button>`))?.[1]
      ?.replace(/<[^>]*>/g, '')
  return { network: text('latch-network-button'), connect: text('latch-connect-button') }
}

async function connect(page: Page): Promise<void> {
  await page.getByTestId('latch-connect-button').click()
  await modal(page)
    .getByRole('button', { name: /Latch Dev Wallet/ })
    .click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(modal(page)).toBeHidden()
}

async function switchToBase(page: Page): Promise<void> {
  await page.getByTestId('latch-network-button').click()
  await modal(page).getByRole('button', { name: /Base/ }).click()
  await expect(page.getByTestId('latch-network-button')).toHaveText('Base')
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
}

test.describe('given the Next.js example rendered on the server', () => {
  test('when a first-time visitor opens it, then it hydrates without a warning', async ({ page }) => {
    const problems = watchConsole(page)
    const response = await page.goto('/')
    expect(buttons(await response!.text())).toEqual({ network: 'Ethereum', connect: 'Connect Wallet' })
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })

  test('when a connected visitor returns, then the server already shows "Connecting…" on Base, and the session comes back', async ({
    page,
  }) => {
    await page.goto('/')
    await connect(page)
    await switchToBase(page)
    // The raw server response for this visitor's cookies: what the first client render shows.
    const html = await (await page.request.get('/')).text()
    expect(buttons(html)).toEqual({ network: 'Base', connect: 'Connecting…' })

    const problems = watchConsole(page)
    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('latch-network-button')).toHaveText('Base')
    // wagmi's useBalance runs beside Latch (QueryClientProvider in place) and sees the account.
    await expect(page.getByTestId('wagmi-balance')).toHaveText(/^\d+(\.\d+)? ETH$/)
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })

  test('when a visitor who disconnected on Base returns, then the server shows Base and "Connect Wallet"', async ({
    page,
  }) => {
    await page.goto('/')
    await connect(page)
    await switchToBase(page)
    await page.getByTestId('latch-account-button').click()
    await modal(page).getByTestId('latch-disconnect').click()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    const html = await (await page.request.get('/')).text()
    expect(buttons(html)).toEqual({ network: 'Base', connect: 'Connect Wallet' })

    const problems = watchConsole(page)
    await page.reload()
    await expect(page.getByTestId('latch-network-button')).toHaveText('Base')
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })

  test('when two visitors are rendered at the same time, then neither sees the other’s state', async ({
    playwright,
  }) => {
    const returning = `${KEY.connector}=dev.latch.wallet; ${KEY.chain}=eip155:8453`
    const visitors = [
      { cookie: returning, expected: { network: 'Base', connect: 'Connecting…' } },
      { cookie: '', expected: { network: 'Ethereum', connect: 'Connect Wallet' } },
      { cookie: `${KEY.chain}=eip155:8453`, expected: { network: 'Base', connect: 'Connect Wallet' } },
    ]
    const request = await playwright.request.newContext({ baseURL: nextOrigin })
    // Interleaved and in flight together, several rounds.
    const all = Array.from({ length: 24 }, (_, index) => visitors[index % visitors.length]!)
    const results = await Promise.all(
      all.map(async (visitor) => {
        const response = await request.get('/', visitor.cookie ? { headers: { cookie: visitor.cookie } } : {})
        return { expected: visitor.expected, got: buttons(await response.text()) }
      }),
    )
    await request.dispose()
    for (const { expected, got } of results) expect(got).toEqual(expected)
  })

  test('when JavaScript is off, then the server-rendered buttons are styled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: nextOrigin })
    const page = await context.newPage()
    await page.goto('/')
    const button = page.getByTestId('latch-connect-button')
    await expect(button).toHaveText('Connect Wallet')
    // The kit's stylesheet (@latch/react/styles.css): accent background, the button's size.
    await expect(button).toHaveCSS('background-color', 'rgb(52, 81, 200)')
    await expect(button).toHaveCSS('min-height', '40px')
    await expect(page.getByTestId('latch-network-button')).toHaveCSS('border-top-style', 'solid')
    await context.close()
  })
})
