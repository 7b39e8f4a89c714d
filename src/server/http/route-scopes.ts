import type { FastifyInstance } from 'fastify';

/**
 * The two Fastify scopes every domain's routes.ts registers on. Only the staff area (sign-in, staff
 * dashboard, kiosk) reads or sets a cookie, so only staffApp carries the cookie plugin's two hooks;
 * public routes, the busiest, skip them. A staff route also checks requireStaff (or requireKioskOrStaff).
 */
export type RouteScopes = { publicApp: FastifyInstance; staffApp: FastifyInstance };
