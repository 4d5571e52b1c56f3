// Signs the browser in as the manager (creating the account on a fresh install), with
// same-origin API calls as the login page makes them.
import type { Page } from '@playwright/test'

export const USERNAME = 'manager'
export const PASSWORD = 'a long enough password'

export async function signIn(page: Page, baseURL: string) {
  const headers = { origin: baseURL }
  const status = await page.request.get('/api/register', { headers })
  const { registrationOpen } = (await status.json()) as { registrationOpen: boolean }
  const path = registrationOpen ? '/api/register' : '/api/login'
  const response = await page.request.post(path, { data: { username: USERNAME, password: PASSWORD }, headers })
  if (!response.ok()) throw new Error(`Could not sign in: ${response.status()} ${await response.text()}`)
}

/** The upload card on /admin (the upload button's modal has a dashboard of its own). */
export const uploadCard = (page: Page) => page.getByRole('region', { name: 'Upload Media' })
