import { chromium } from '@playwright/test'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' })
for (const url of ['http://127.0.0.1:5185/', 'http://127.0.0.1:5175/']) for (let i = 0; i < 5; i++) {
  const ctx = await b.newContext(); const p = await ctx.newPage()
  const t = Date.now()
  await p.goto(url)
  await p.getByTestId('demo-status').waitFor()
  const t1 = Date.now() - t
  await p.waitForLoadState('networkidle')
  const m = await p.evaluate(() => performance.getEntriesByType('resource').length)
  console.log(url, i, 'resources', m, 'status ms', t1, 'idle ms', Date.now() - t)
  await ctx.close()
}
await b.close()
