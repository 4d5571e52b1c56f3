// Request bodies of the sign-in API (spec §7), shared by the client forms and the server.
import { z } from 'zod'
import { MIN_PASSWORD_LENGTH, USERNAME_PATTERN } from '../constants'
import { noNul } from './text'
import { ROLES } from '../roles'

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required.').max(64).refine(noNul.check, noNul.message),
  password: z.string().min(1, 'Password is required.').max(256).refine(noNul.check, noNul.message),
})

export const registerSchema = z.object({
  username: z.string().trim().regex(USERNAME_PATTERN, 'Username must be 3–64 letters, digits, dots, underscores or hyphens.'),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(256)
    .refine(noNul.check, noNul.message),
  email: z.email('Email address is invalid.').optional(),
  /** Only a platform admin's choice counts (the first account is the platform admin). */
  role: z.enum(ROLES, `Role must be one of: ${ROLES.join(', ')}.`).optional(),
  /** The properties (ids) the account acts on; without them, the property the request acts on. */
  properties: z.array(z.uuid('Each property must be a property id.')).min(1).max(500).optional(),
})

export type LoginInput = z.infer<typeof loginSchema>
export type RegisterInput = z.infer<typeof registerSchema>
