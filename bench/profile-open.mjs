// Where the opening's time goes: serves a built peer case (`bench/peer-case*/dist`, built by the
// peers benchmark), opens the modal in a fresh offline Chromium profile per run, CPU-throttled,
// and records a CPU profile and a trace from the click to the first frame with a wallet row.
//
//   node bench/profile-open.mjs bench/peer-case-full/dist [--runs 5] [--throttle 4]
//
// Prints per run: click → wallet row (the click event's timeStamp to the rAF that sees the row,
// as the peers benchmark takes it), and the click task split into script, style and layout
// (trace events, so inflated by tracing); then the functions with the most self time, summed
// over the runs. Absolute ms are only good for the run: compare the parts with each other.
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, throttle: { type: 'string', default: '4' } },
})
const dist = resolve(positionals[0] ?? 'bench/peer-case-full/dist')
if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: build the case first`)
const runs = Number(values.runs)
const throttle = Number(values.throttle)
const BUTTON = '[data-testid="latch-connect-button"]'
const ROW = '[data-testid^="wallet-option"]'
const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.svg': 'image/svg+xml' }

const server = createServer((req, res) => {
  let path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
  if (path.endsWith('/')) path += 'index.html'
  const file = join(dist, path)
  if (!file.startsWith(dist) || !existsSync(file)) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
  createReadStream(file).pipe(res)
})
await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)))
const address = server.address()
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`

const probe = `(() => { const B = (window.__open = {});
  document.addEventListener('click', (e) => { if (B.click != null) return; B.click = e.timeStamp;
    const tick = () => { const el = document.querySelector(${JSON.stringify(ROW)});
      if (el && el.getBoundingClientRect().width > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) { B.row = performance.now(); return }
      requestAnimationFrame(tick) };
    requestAnimationFrame(tick) }, true) })()`

const selfTime = new Map()
const rows = []
for (let run = 0; run < runs; run++) {
  const profileDir = mkdtempSync(join(tmpdir(), 'latch-open-'))
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
    viewport: { width: 1024, height: 768 },
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.addInitScript({ content: probe })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
    await page.goto(url)
    await page.locator(BUTTON).waitFor()
    await page.waitForTimeout(1000)
    const events = []
    cdp.on('Tracing.dataCollected', (data) => events.push(...data.value))
    const traced = new Promise((done) => cdp.once('Tracing.tracingComplete', done))
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    await cdp.send('Profiler.start')
    await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' })
    await page.locator(BUTTON).click()
    await page.waitForFunction(() => window.__open.row != null, null, { polling: 20 })
    const { profile } = await cdp.send('Profiler.stop')
    await cdp.send('Tracing.end')
    await traced
    const open = await page.evaluate(() => window.__open)
    const ms = open.row - open.click

    const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click')
    if (!click) throw new Error('no click in the trace')
    const inClick = (e) =>
      e.tid === click.tid && e.ts >= click.ts && e.ts + (e.dur ?? 0) <= click.ts + click.dur
    const sum = (name) =>
      events.filter((e) => e.name === name && inClick(e)).reduce((t, e) => t + e.dur / 1000, 0)
    const style = sum('UpdateLayoutTree')
    const layout = sum('Layout')
    rows.push({ ms, task: click.dur / 1000, script: click.dur / 1000 - style - layout, style, layout })

    const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
    let t = profile.startTime
    profile.samples.forEach((id, i) => {
      t += profile.timeDeltas[i]
      if (t < click.ts || t > click.ts + click.dur) return
      const frame = nodes.get(id).callFrame
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`
      selfTime.set(key, (selfTime.get(key) ?? 0) + profile.timeDeltas[i] / 1000)
    })
  } finally {
    await context.close()
    rmSync(profileDir, { recursive: true, force: true })
  }
}
server.close()

const f = (n) => n.toFixed(1).padStart(7)
console.log(`${dist}, ${throttle}x CPU, ${runs} runs`)
console.log('  click→row  click task   script    style   layout  (ms)')
for (const r of rows) console.log(`  ${f(r.ms)}  ${f(r.task)}  ${f(r.script)}  ${f(r.style)}  ${f(r.layout)}`)
const sorted = rows.map((r) => r.ms).sort((a, b) => a - b)
console.log(`median click→row ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms`)
console.log('\nself time in the click task, summed over the runs (ms):')
for (const [key, ms] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${f(ms)}  ${key}`)
