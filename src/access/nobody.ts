import type { Access } from 'payload'

/** Written by a service only (SQL or the Local API with overrideAccess), never over REST. */
export const nobody: Access = () => false
