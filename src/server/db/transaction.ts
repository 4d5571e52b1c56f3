// Several Local API calls as one unit of work: every nested call made with req joins the
// transaction, which is committed at the end or rolled back on the first error.
import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

/** Runs work in one transaction on req (joined by every nested Local API call with req). */
export async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const owns = await initTransaction(req)
  try {
    const result = await work()
    if (owns) await commitTransaction(req)
    return result
  } catch (error) {
    if (owns) await killTransaction(req)
    throw error
  }
}
