import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { featureSetting, remoteConfig } from '../features.js'
import { projectOrigins } from '../http/project.js'
import { errorResponse, projectQuery } from '../http/schemas.js'

const errors = { 400: errorResponse, 403: errorResponse }

/** `/appkit/v1/config`, `/projects/v1/origins` and `/getAnalyticsConfig`. */
export function registerProjectRoutes(
  app: FastifyInstance,
  requireProject: preHandlerAsyncHookHandler,
): void {
  app.get(
    '/appkit/v1/config',
    {
      preHandler: requireProject,
      schema: {
        querystring: projectQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              features: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { id: { type: 'string' }, isEnabled: { type: 'boolean' }, config: {} },
                },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request) => remoteConfig(request.project!),
  )

  app.get(
    '/projects/v1/origins',
    {
      preHandler: requireProject,
      schema: {
        querystring: projectQuery,
        response: {
          200: {
            type: 'object',
            properties: { allowedOrigins: { type: 'array', items: { type: 'string' } } },
          },
          ...errors,
        },
      },
    },
    async (request) => ({ allowedOrigins: projectOrigins(request.project!) }),
  )

  app.get(
    '/getAnalyticsConfig',
    {
      preHandler: requireProject,
      schema: {
        querystring: projectQuery,
        response: {
          200: { type: 'object', properties: { isAnalyticsEnabled: { type: 'boolean' } } },
          ...errors,
        },
      },
    },
    async (request) => ({ isAnalyticsEnabled: featureSetting(request.project!, 'analytics').isEnabled }),
  )
}
