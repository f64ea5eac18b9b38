// The few parts of oidc-provider 8 (which ships no types) that the Dev Google and Dev Apple
// providers use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface InteractionDetails {
    uid: string
    prompt: { name: string; details: Record<string, unknown> }
    params: Record<string, unknown>
    session?: { accountId?: string }
    grantId?: string
  }
  interface GrantInstance {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    save(): Promise<string>
  }
  /** What an `authorization.success` listener sees of the request. */
  interface AuthorizationContext {
    oidc: {
      client?: { clientId: string }
      session?: { accountId?: string }
      params?: Record<string, unknown>
    }
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    /** The answer (`out`) is the one the response mode sends: a listener may add to it. */
    on(
      event: 'authorization.success',
      listener: (ctx: AuthorizationContext, out: Record<string, string>) => void,
    ): this
    Grant: {
      new (fields: { accountId: string; clientId: string }): GrantInstance
      find(id: string): Promise<GrantInstance | undefined>
    }
  }
}
