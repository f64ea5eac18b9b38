import { randomBytes } from 'node:crypto'
import { defaultConfigFor, isFeatureId, validateFeatureConfig } from '../features.js'
import { isOriginPattern } from '../origins.js'
import { seedRegistry } from '../registry/seed.js'
import { featureIds, type Project, type Repository } from '../storage/types.js'

/** A failure the operator can fix; the CLI prints the message and exits 1. */
export class CliError extends Error {
  override name = 'CliError' as const
}

const projectIdShape = /^[A-Za-z0-9_-]{1,64}$/

function checkOrigins(origins: readonly string[]): string[] {
  for (const origin of origins) {
    if (!isOriginPattern(origin)) {
      throw new CliError(
        `"${origin}" is not an origin: use scheme://host[:port], e.g. https://app.example.com, https://*.example.com or http://localhost:*`,
      )
    }
  }
  return origins.map((o) => o.trim().toLowerCase().replace(/\/$/, ''))
}

async function existing(repository: Repository, id: string): Promise<Project> {
  const project = await repository.getProject(id)
  if (project === undefined)
    throw new CliError(`No project with id "${id}" (see \`latch-server project list\`)`)
  return project
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
  const current = await repository.getProject(id)
  if (current !== undefined) {
    if (input.ifMissing) return current
    throw new CliError(`A project with id "${id}" already exists`)
  }
  return repository.createProject({
    id,
    name,
    allowedOrigins: [...new Set(origins)],
    allowLocalhost: input.allowLocalhost ?? false,
  })
}

/** `project add-origin`: adds patterns the project did not have yet. */
export async function addOrigins(repository: Repository, id: string, origins: string[]): Promise<Project> {
  if (origins.length === 0) throw new CliError('Give at least one origin to add')
  const checked = checkOrigins(origins)
  const project = await existing(repository, id)
  const allowedOrigins = [...new Set([...project.allowedOrigins, ...checked])]
  return (await repository.updateProject(id, { allowedOrigins })) ?? project
}

/** `project set-feature`: turn a feature on or off, optionally with its config as JSON. */
export async function setFeature(
  repository: Repository,
  id: string,
  feature: string,
  state: string,
  configJson?: string,
): Promise<Project> {
  if (!isFeatureId(feature))
    throw new CliError(`Unknown feature "${feature}": use one of ${featureIds.join(', ')}`)
  if (state !== 'on' && state !== 'off') throw new CliError(`State must be "on" or "off", not "${state}"`)
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
  const project = await existing(repository, id)
  const features = { ...project.features, [feature]: { isEnabled: state === 'on', config } }
  return (await repository.updateProject(id, { features })) ?? project
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
