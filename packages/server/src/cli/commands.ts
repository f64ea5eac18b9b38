import { randomBytes } from 'node:crypto'
import { defaultConfigFor, featureSetting, isFeatureId, validateFeatureConfig } from '../features.js'
import { originPatternProblem } from '../origins.js'
import { seedRegistry } from '../registry/seed.js'
import { featureIds, type Project, type Repository } from '../storage/types.js'

/** A failure the operator can fix; the CLI prints the message and exits 1. */
export class CliError extends Error {
  override name = 'CliError' as const
}

const projectIdShape = /^[A-Za-z0-9_-]{1,64}$/

function checkOrigins(origins: readonly string[]): string[] {
  for (const origin of origins) {
    const problem = originPatternProblem(origin)
    if (problem !== undefined) throw new CliError(problem)
  }
  return origins.map((o) => o.trim().toLowerCase().replace(/\/$/, ''))
}

export interface CreateProjectInput {
  name: string
  origins: string[]
  id?: string | undefined
  allowLocalhost?: boolean
  /** Succeed without changes when a project with `id` already exists. */
  ifMissing?: boolean
}

/** `project create`: resolves the new project (or the existing one with `ifMissing`). */
export async function createProject(repository: Repository, input: CreateProjectInput): Promise<Project> {
  const name = input.name.trim()
  if (name.length === 0 || name.length > 100) throw new CliError('--name must be 1 to 100 characters')
  const origins = checkOrigins(input.origins)
  if (origins.length === 0 && !input.allowLocalhost) {
    throw new CliError('Give at least one --origin (or --localhost for a development project)')
  }
  const id = input.id ?? randomBytes(16).toString('hex')
  if (!projectIdShape.test(id)) throw new CliError('--id must be 1 to 64 letters, digits, "-" or "_"')
  // One atomic insert: concurrent `--if-missing` runs all succeed, exactly one of them creates it.
  const { project, created } = await repository.insertProject({
    id,
    name,
    allowedOrigins: [...new Set(origins)],
    allowLocalhost: input.allowLocalhost ?? false,
  })
  if (!created && !input.ifMissing) throw new CliError(`A project with id "${id}" already exists`)
  return project
}

/**
 * A line for the operator when browsers on localhost would be refused: local development needs
 * `--localhost` (or an explicit `http://localhost:PORT` origin).
 */
export function localhostHint(project: Project): string | undefined {
  if (project.allowLocalhost) return undefined
  const local = project.allowedOrigins.some((o) => /^http:\/\/(localhost|127\.0\.0\.1)(:|$)/.test(o))
  if (local) return undefined
  return `Note: pages on http://localhost are refused by project ${project.id} (CORS). For local development create the project with --localhost, or add your dev origin: latch-server project add-origin ${project.id} http://localhost:5173`
}

/** `project add-origin`: adds patterns the project did not have yet. */
export async function addOrigins(repository: Repository, id: string, origins: string[]): Promise<Project> {
  if (origins.length === 0) throw new CliError('Give at least one origin to add')
  const checked = checkOrigins(origins)
  const updated = await repository.updateProject(id, (current) => ({
    allowedOrigins: [...new Set([...current.allowedOrigins, ...checked])],
  }))
  if (updated === undefined)
    throw new CliError(`No project with id "${id}" (see \`latch-server project list\`)`)
  return updated
}

/**
 * `project set-feature`: turn a feature on or off, optionally with its config as JSON. `email`
 * (the spec's remote feature of that name) adds 'email' to, or takes it out of, `social_login`'s
 * list and keeps the socials there.
 */
export async function setFeature(
  repository: Repository,
  id: string,
  feature: string,
  state: string,
  configJson?: string,
): Promise<Project> {
  if (feature !== 'email' && !isFeatureId(feature))
    throw new CliError(`Unknown feature "${feature}": use one of email, ${featureIds.join(', ')}`)
  if (state !== 'on' && state !== 'off') throw new CliError(`State must be "on" or "off", not "${state}"`)
  if (feature === 'email') {
    if (configJson !== undefined)
      throw new CliError('email takes no --config (it is an entry of social_login)')
    return setEmailLogin(repository, id, state === 'on')
  }
  let config: unknown
  if (configJson === undefined) {
    config = defaultConfigFor(feature)
  } else {
    try {
      config = JSON.parse(configJson)
    } catch {
      throw new CliError('--config must be valid JSON, e.g. \'["email","google"]\'')
    }
  }
  const problem = validateFeatureConfig(feature, config)
  if (problem !== undefined) throw new CliError(problem)
  const updated = await repository.updateProject(id, (current) => ({
    features: { ...current.features, [feature]: { isEnabled: state === 'on', config } },
  }))
  if (updated === undefined)
    throw new CliError(`No project with id "${id}" (see \`latch-server project list\`)`)
  return updated
}

/** Email login on or off inside `social_login`, read and written under the row's lock. */
async function setEmailLogin(repository: Repository, id: string, on: boolean): Promise<Project> {
  const updated = await repository.updateProject(id, (current) => {
    const setting = featureSetting(current, 'social_login')
    // A list switched off keeps its entries: only those in force count as what stays on.
    const listed = setting.isEnabled && Array.isArray(setting.config) ? (setting.config as string[]) : []
    const socials = listed.filter((entry) => entry !== 'email')
    const config = on ? ['email', ...socials] : socials
    return { features: { ...current.features, social_login: { isEnabled: config.length > 0, config } } }
  })
  if (updated === undefined)
    throw new CliError(`No project with id "${id}" (see \`latch-server project list\`)`)
  return updated
}

/** `project list`: one line per project. */
export async function listProjects(repository: Repository): Promise<string[]> {
  const projects = await repository.listProjects()
  if (projects.length === 0) return ['No projects yet: create one with `latch-server project create`']
  return projects.map((p) => {
    const on = Object.entries(p.features)
      .filter(([, setting]) => setting?.isEnabled)
      .map(([feature]) => feature)
    const origins = [...p.allowedOrigins, ...(p.allowLocalhost ? ['localhost'] : [])]
    return `${p.id}  ${p.name}  origins: ${origins.join(', ') || '-'}  features: ${on.join(', ') || '-'}`
  })
}

/** `registry seed`: reload the curated wallets and their images. */
export async function seed(repository: Repository): Promise<string> {
  const { wallets, images } = await seedRegistry(repository)
  return `Seeded ${wallets} wallets and ${images} images`
}

/** An EVM chain (`eip155:<id>`) or a Solana cluster (`solana:<first 32 characters of its genesis hash>`). */
const caip2Shape = /^(eip155:[1-9][0-9]{0,18}|solana:[1-9A-HJ-NP-Za-km-z]{32})$/

/**
 * `project set-rpc`: a chain's RPC URL: the server verifies contract-account sign-ins over it, and
 * the embedded wallet's frame reads and sends over it (eip155 and solana).
 */
export async function setRpcUrl(
  repository: Repository,
  id: string,
  chainId: string,
  url: string,
): Promise<string> {
  if (!caip2Shape.test(chainId))
    throw new CliError(
      `"${chainId}" is not a CAIP-2 chain id: use eip155:<chain id> (e.g. eip155:1) or solana:<genesis hash, 32 characters>`,
    )
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new CliError(`"${url}" is not a URL: use http(s)://host[:port][/path]`)
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new CliError('The RPC URL must start with https:// (or http:// for a local node)')
  if ((await repository.getProject(id)) === undefined)
    throw new CliError(`No project with id "${id}" (see \`latch-server project list\`)`)
  await repository.siwx.setRpcUrl(id, chainId, parsed.toString())
  // The URL may carry an API key: echo only its origin.
  return `${id} ${chainId}: ${parsed.origin}`
}
