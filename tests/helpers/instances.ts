// Shared by the outage and several-instance suites: waiting on a condition with a deadline,
// and the browser's upload path over HTTP (presigned PUT, then the record).
import { spawn } from 'node:child_process'
import readline from 'node:readline'
import { WORKER_RUNNING_MESSAGE } from '../../src/lib/constants'
import type { HttpClient } from './http-client'
import { childEntryArgs } from './child-entry'

/** Polls `check` until it answers something other than undefined/false; fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await check()
      if (value !== undefined && value !== false) return value as T
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Stores the bytes through a presigned PUT; answers the issued object path. */
export async function storeUpload(client: HttpClient, filename: string, bytes: Buffer, contentType = 'image/jpeg') {
  const grant = await client.call('POST', '/api/objects/upload', { json: { filename, contentType } })
  if (grant.status !== 200) throw new Error(`No upload URL: ${grant.status} ${grant.text}`)
  const put = await fetch(grant.body.uploadURL, {
    method: 'PUT',
    headers: { 'Content-Type': contentType },
    body: new Uint8Array(bytes),
  })
  if (!put.ok) throw new Error(`PUT to the store failed: ${put.status}`)
  return grant.body.objectPath as string
}

/** Registers a stored upload (POST /api/media-files). */
export function registerUpload(client: HttpClient, objectPath: string, filename: string, size: number, contentType = 'image/jpeg') {
  return client.call('POST', '/api/media-files', {
    json: {
      filename,
      originalFilename: filename,
      fileType: contentType.startsWith('video/') ? 'video' : 'image',
      mimeType: contentType,
      fileSize: size,
      originalFileSize: size,
      objectPath,
    },
  })
}

/** Both steps; answers the created record's id. */
export async function uploadThroughHost(client: HttpClient, filename: string, bytes: Buffer, contentType = 'image/jpeg') {
  const objectPath = await storeUpload(client, filename, bytes, contentType)
  const created = await registerUpload(client, objectPath, filename, bytes.length, contentType)
  if (created.status !== 201) throw new Error(`The record was not created: ${created.status} ${created.text}`)
  return String(created.body.id)
}

/**
 * `npm run worker` as a process of its own with the given
 * environment on top of this one's; ready once it says it is running. close() stops it with
 * SIGTERM, as an operator would (running jobs finish first).
 */
export function startWorkerProcess(env: Record<string, string>, name: string) {
  return retryLoaderHang(() => startWorkerOnce(env, name), name)
}

/**
 * On this heavily shared machine a child now and then ended before running any of our code:
 * exit 13 ("unsettled top-level await") or 0, having printed nothing but Node's warnings —
 * the ESM loader (tsx's hooks, when children ran from source) left the entry's import
 * unsettled. It is retried once; any other early end (a crash prints its error and exits 1)
 * fails the test.
 */
export async function retryLoaderHang<T>(start: () => Promise<T>, name: string): Promise<T> {
  try {
    return await start()
  } catch (error) {
    if (!(error instanceof LoaderHang)) throw error
    console.warn(`${name} ended before running (exit ${error.code}, the module loader's hang): starting it again`)
    return start()
  }
}

export class LoaderHang extends Error {
  constructor(
    readonly code: number,
    name: string,
  ) {
    super(`${name} ended before running any code (exit ${code})`)
  }
}

/** Why a child ended before it was ready: the module loader's hang (retried), or its own error. */
export function endedBeforeReady(code: number | null, log: string[], name: string): Error {
  return (code === 0 || code === 13) && saidNothing(log)
    ? new LoaderHang(code, name)
    : new Error(`${name} ended before it was ready (exit ${code}):\n${log.slice(-30).join('\n')}`)
}

/** True when a child that ended early said nothing of its own (Node's warnings aside). */
export const saidNothing = (log: string[]) =>
  log.every((line) => !line.trim() || /Warning|node >=22|updates to AWS|security updates|a\.co\/|--trace-warnings|versions published/.test(line))

async function startWorkerOnce(env: Record<string, string>, name: string) {
  // `npm run worker`'s entry, bundled from its source as the integration tests run everything
  // without a build (tests/unit/entries.test.ts checks that the script runs this entry, compiled),
  // with Payload's type generation off (run-worker-child.ts).
  const child = spawn(process.execPath, childEntryArgs('tests/helpers/run-worker-child.ts'), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  })
  const log: string[] = []
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        log.push(line)
        if (process.env.DEBUG_INSTANCES) console.error(`[${name}] ${line}`)
        if (line.includes(WORKER_RUNNING_MESSAGE)) resolve()
      })
    }
    child.once('exit', (code) => reject(endedBeforeReady(code, log, name)))
  })
  return {
    log,
    pid: child.pid!,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
      await exit
      clearTimeout(timer)
    },
  }
}
