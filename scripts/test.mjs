#!/usr/bin/env node
// `npm test`: every check, in the order that lets the slow ones share the machine.
//
//   lint → build → ( test:size → knip → typecheck → build:next  ‖  test:packages → tarball app )
//        → test:unit → test:e2e
//
// After the build, the static checks are single-threaded (tsc, knip) and the tarball app spends
// most of its minute in `npm install`, waiting on the registry and the disk: run side by side they
// take the time of the longest lane, not of all of them (docs/decisions.md). The unit and
// end-to-end runs keep the machine to themselves, since both have tests that wait on real timers.
// build:next follows typecheck in its lane: the Next.js example's types include what it generates.
// A lane's output is printed whole when it ends, so no two runners' lines interleave; the first
// failure stops the run with that step's exit code once the lanes running beside it are done.
import { spawn } from 'node:child_process'

const npmRun = (script, ...args) => ({ name: [script, ...args].join(' '), args: ['run', script, ...args] })

/** Runs one npm script; resolves with its exit code and its output (buffered, or streamed). */
function run(step, { stream }) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn('npm', step.args, { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
    const chunks = []
    child.stdout?.on('data', (chunk) => chunks.push(chunk))
    child.stderr?.on('data', (chunk) => chunks.push(chunk))
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`))
    })
    child.on('close', (code, signal) => {
      resolve({
        code: code ?? (signal ? 1 : 0),
        output: Buffer.concat(chunks),
        seconds: (Date.now() - started) / 1000,
      })
    })
  })
}

/** Runs steps one after another, streaming; exits on the first failure. */
async function serial(...steps) {
  for (const step of steps) {
    const { code } = await run(step, { stream: true })
    if (code !== 0) process.exit(code)
  }
}

/** Runs lanes (each a list of steps in order) side by side; prints each lane whole as it ends. */
async function lanes(...list) {
  const results = await Promise.all(
    list.map(async (steps) => {
      for (const step of steps) {
        const result = await run(step, { stream: false })
        process.stdout.write(result.output)
        process.stdout.write(
          `[npm test] ${step.name}: ${result.code === 0 ? 'ok' : `exit ${result.code}`} in ${result.seconds.toFixed(0)} s\n`,
        )
        if (result.code !== 0) return result.code
      }
      return 0
    }),
  )
  const failed = results.find((code) => code !== 0)
  if (failed !== undefined) process.exit(failed)
}

await serial(npmRun('lint'), npmRun('build'))
await lanes(
  [npmRun('test:size'), npmRun('knip'), npmRun('typecheck'), npmRun('build:next')],
  [npmRun('test:packages'), npmRun('build:tarball-app', '--', '--no-build', '--no-pack')],
)
await serial(npmRun('test:unit'), npmRun('test:e2e'))
