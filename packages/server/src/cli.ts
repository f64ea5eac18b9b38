#!/usr/bin/env node
import { runCli } from './cli/run.js'

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
})
if (code !== 0) process.exit(code)
