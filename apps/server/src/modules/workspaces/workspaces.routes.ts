import {
  createInvitationBodySchema,
  invitationListResponseSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParamsSchema,
  noContentResponseSchema,
  updateMemberBodySchema,
  workspaceBodySchema,
  workspaceIdParamsSchema,
  workspaceInvitationParamsSchema,
  workspaceListResponseSchema,
  workspaceMemberListResponseSchema,
  workspaceMemberParamsSchema,
  workspaceMemberSchema,
  workspaceSchema,
} from '@quorum/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requirePrincipal } from '../../lib/principal';
import { errorResponses } from '../../lib/route-errors';
import type { ZodApp } from '../../lib/zod-app';
import { createInvitationsService } from './invitations.service';
import { createWorkspacesService } from './workspaces.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const linkErrors = errorResponses(400, 401, 403, 404, 409, 410, 429);

/** Workspace and member changes per account and minute. */
const WRITE_RATE_LIMIT = 30;
/** Invitations (each sends a mail) per account and hour. */
const INVITE_RATE_LIMIT = 20;
/** Invitation links read per client address and minute. */
const PREVIEW_RATE_LIMIT = 30;
/** A workspace's name, or an email and a role: small. */
const SMALL_BODY = 4096;
/** Nothing is read from the body. */
const NO_BODY = 1024;

/**
 * Team workspaces under `/api/workspaces` (their members and invitations), and invitation links under
 * `/api/invitations/:token`. Signed-in users with a session only: administrators are members of no workspace, and an
 * API key never manages workspaces or members (no `apiKeyScope`). Reading an invitation link needs no sign-in.
 */
export async function workspacesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const workspaces = createWorkspacesService(ctx);
  const invitations = createInvitationsService(ctx);
  const userOnly = ctx.guard('user');
  const perAccount = (name: string, max: number, timeWindow: number) => ({
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `${name}:${request.principal?.id ?? request.ip}`,
    },
  });
  const writeLimit = perAccount('workspaces', WRITE_RATE_LIMIT, 60_000);

  app.get(
    '/workspaces',
    { onRequest: userOnly, schema: { response: { 200: workspaceListResponseSchema, ...errors } } },
    async (request) => workspaces.list(requirePrincipal(request)),
  );

  app.post(
    '/workspaces',
    {
      onRequest: userOnly,
      config: writeLimit,
      bodyLimit: SMALL_BODY,
      schema: { body: workspaceBodySchema, response: { 201: workspaceSchema, ...errors } },
    },
    async (request, reply) => {
      const created = await workspaces.create(requirePrincipal(request), request.body, request.ip);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/workspaces/:workspaceId',
    {
      onRequest: userOnly,
      config: writeLimit,
      bodyLimit: SMALL_BODY,
      schema: {
        params: workspaceIdParamsSchema,
        body: workspaceBodySchema,
        response: { 200: workspaceSchema, ...errors },
      },
    },
    async (request) =>
      workspaces.rename(requirePrincipal(request), request.params.workspaceId, request.body, request.ip),
  );

  app.delete(
    '/workspaces/:workspaceId',
    {
      onRequest: userOnly,
      config: writeLimit,
      bodyLimit: NO_BODY,
      schema: { params: workspaceIdParamsSchema, response: { 204: noContentResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await workspaces.remove(requirePrincipal(request), request.params.workspaceId, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/workspaces/:workspaceId/members',
    {
      onRequest: userOnly,
      schema: { params: workspaceIdParamsSchema, response: { 200: workspaceMemberListResponseSchema, ...errors } },
    },
    async (request) => workspaces.members(requirePrincipal(request), request.params.workspaceId),
  );

  app.patch(
    '/workspaces/:workspaceId/members/:userId',
    {
      onRequest: userOnly,
      config: writeLimit,
      bodyLimit: SMALL_BODY,
      schema: {
        params: workspaceMemberParamsSchema,
        body: updateMemberBodySchema,
        response: { 200: workspaceMemberSchema, ...errors },
      },
    },
    async (request) =>
      workspaces.changeRole(
        requirePrincipal(request),
        request.params.workspaceId,
        request.params.userId,
        request.body,
        request.ip,
      ),
  );

  app.delete(
    '/workspaces/:workspaceId/members/:userId',
    {
      onRequest: userOnly,
      config: writeLimit,
      bodyLimit: NO_BODY,
      schema: { params: workspaceMemberParamsSchema, response: { 204: noContentResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await workspaces.removeMember(
        requirePrincipal(request),
        request.params.workspaceId,
        request.params.userId,
        request.ip,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/workspaces/:workspaceId/invitations',
    {
      onRequest: userOnly,
      config: perAccount('invitations', INVITE_RATE_LIMIT, 60 * 60_000),
      bodyLimit: SMALL_BODY,
      schema: {
        params: workspaceIdParamsSchema,
        body: createInvitationBodySchema,
        response: { 201: invitationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const invitation = await invitations.create(
        requirePrincipal(request),
        request.params.workspaceId,
        request.body,
        request.ip,
      );
      return reply.status(201).send(invitation);
    },
  );

  app.get(
    '/workspaces/:workspaceId/invitations',
    {
      onRequest: userOnly,
      schema: { params: workspaceIdParamsSchema, response: { 200: invitationListResponseSchema, ...errors } },
    },
    async (request) => invitations.list(requirePrincipal(request), request.params.workspaceId),
  );

  app.delete(
    '/workspaces/:workspaceId/invitations/:invitationId',
    {
      onRequest: userOnly,
      config: writeLimit,
      bodyLimit: NO_BODY,
      schema: { params: workspaceInvitationParamsSchema, response: { 204: noContentResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await invitations.revoke(
        requirePrincipal(request),
        request.params.workspaceId,
        request.params.invitationId,
        request.ip,
      );
      return reply.status(204).send(null);
    },
  );

  // Public: the invitation page reads it before the invitee signs in. Per client address, against guessing.
  app.get(
    '/invitations/:token',
    {
      config: {
        rateLimit: {
          max: PREVIEW_RATE_LIMIT,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `invitation-preview:${request.ip}`,
        },
      },
      schema: { params: invitationTokenParamsSchema, response: { 200: invitationPreviewSchema, ...linkErrors } },
    },
    async (request) => invitations.preview(request.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    {
      onRequest: userOnly,
      config: perAccount('invitation-accept', WRITE_RATE_LIMIT, 60_000),
      bodyLimit: NO_BODY,
      schema: { params: invitationTokenParamsSchema, response: { 200: workspaceSchema, ...linkErrors } },
    },
    async (request) => invitations.accept(requirePrincipal(request), request.params.token, request.ip),
  );
}
