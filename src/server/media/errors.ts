// Why the ingest job refused an upload, or could not work on it. A refusal carries a
// `reason` the admin sees beside the file; a missing tool is the operator's problem,
// not the file's, so it is a different error and the job can retry once it is fixed.

/** The file itself is not acceptable: wrong type, damaged, too large. Shown to the admin. */
export class MediaRejectedError extends Error {
  readonly reason: string
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options)
    this.name = 'MediaRejectedError'
    this.reason = reason
  }
}

/** ffmpeg or ffprobe could not be started: the server needs fixing, the file may be fine. */
export class MediaToolMissingError extends Error {
  readonly tool: string
  constructor(tool: string, envVar: string, options?: { cause?: unknown }) {
    super(`${tool} is not installed: install it (Debian: apt-get install ffmpeg) or set ${envVar}`, options)
    this.name = 'MediaToolMissingError'
    this.tool = tool
  }
}
