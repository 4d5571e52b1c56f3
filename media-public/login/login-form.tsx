// The admin login (spec §2 Login): Username, Password, Sign In, a spinner while
// pending, Back to Gallery. On a fresh install with no account yet, the same card
// creates the first account instead, which is the platform admin (every property, the
// accounts and the properties), and says so.
'use client'
import Link from 'next/link'
import { useState, type FormEvent } from 'react'
import { useLogin, useRegister, useRegistrationStatus } from '@/lib/api/auth'
import { ApiError } from '@/lib/api/client'
import { MIN_PASSWORD_LENGTH } from '@/lib/constants'
import { useNotify } from '@/components/notices'
import { Spinner } from '@/components/spinner'
import { useSiteHref } from '@media-public/site-base'
import styles from './login.module.css'

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined

export function LoginForm({ next }: { next: string }) {
  const galleryHref = useSiteHref()('/gallery')
  const notify = useNotify()
  const login = useLogin()
  const register = useRegister()
  const registration = useRegistrationStatus()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const creatingFirstAccount = registration.data?.registrationOpen === true
  const pending = login.isPending || register.isPending

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (creatingFirstAccount) {
      register.mutate(
        { username, password },
        {
          onSuccess: () => {
            notify({ title: 'Registration successful', description: 'Welcome to the gallery!' })
            window.location.assign(next)
          },
          onError: (error) =>
            notify({
              title: 'Registration failed',
              description: messageOf(error) ?? 'Please try again.',
              variant: 'destructive',
            }),
        },
      )
      return
    }
    login.mutate(
      { username, password },
      {
        onSuccess: () => {
          notify({ title: 'Login successful', description: 'Welcome back!' })
          window.location.assign(next)
        },
        onError: (error) =>
          notify({ title: 'Login failed', description: messageOf(error) ?? 'Invalid credentials', variant: 'destructive' }),
      },
    )
  }

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{creatingFirstAccount ? 'Create the platform admin account' : 'Admin Login'}</h1>
        <p className={styles.lead}>
          {creatingFirstAccount
            ? 'No account exists yet. This first account is the platform admin: it manages every property, creates the other accounts (property managers, content editors) and adds properties.'
            : 'Manage your property gallery: AI-powered organization, drag-and-drop reordering and automatic backups.'}
        </p>
        <form className={styles.form} onSubmit={onSubmit}>
          <label className={styles.label} htmlFor="username">
            Username
          </label>
          <input
            id="username"
            name="username"
            className={styles.input}
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <label className={styles.label} htmlFor="password">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            className={styles.input}
            autoComplete={creatingFirstAccount ? 'new-password' : 'current-password'}
            required
            minLength={creatingFirstAccount ? MIN_PASSWORD_LENGTH : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {creatingFirstAccount && <p className={styles.hint}>At least {MIN_PASSWORD_LENGTH} characters.</p>}
          <button type="submit" className={styles.button} disabled={pending}>
            {pending && <Spinner label={creatingFirstAccount ? 'Creating account' : 'Signing in'} size={16} />}
            {creatingFirstAccount ? 'Create Account' : 'Sign In'}
          </button>
        </form>
        <Link href={galleryHref} className={styles.back}>
          ← Back to Gallery
        </Link>
      </div>
    </main>
  )
}
