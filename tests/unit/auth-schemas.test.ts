import { describe, expect, it } from 'vitest'
import { loginSchema, registerSchema } from '../../src/lib/schemas/auth'

describe('sign-in schemas', () => {
  it('requires both username and password to log in (spec §5)', () => {
    expect(loginSchema.safeParse({ username: 'manager', password: 'x' }).success).toBe(true)
    expect(loginSchema.safeParse({ username: '  ', password: 'x' }).success).toBe(false)
    expect(loginSchema.safeParse({ username: 'manager' }).success).toBe(false)
  })

  it('asks for a usable username and a password of at least 12 characters to register', () => {
    expect(registerSchema.safeParse({ username: 'manager', password: 'twelve chars' }).success).toBe(true)
    expect(registerSchema.safeParse({ username: 'manager', password: 'eleven char' }).success).toBe(false)
    expect(registerSchema.safeParse({ username: 'a b', password: 'twelve chars' }).success).toBe(false)
    expect(registerSchema.safeParse({ username: 'm', password: 'twelve chars' }).success).toBe(false)
  })
})
