// Query keys, general → specific, so one invalidation refreshes every list that depends on it.
export const queryKeys = {
  user: ['user'] as const,
  currentUser: ['user', 'current'] as const,
  account: ['user', 'account'] as const,
  registration: ['registration'] as const,
  sections: {
    all: ['sections'] as const,
    list: () => ['sections', 'list'] as const,
    preview: (id: string) => ['sections', 'preview', id] as const,
    media: (section: string, params: { type?: string; includeHidden?: boolean } = {}) =>
      ['sections', 'media', section, params] as const,
  },
  mediaFiles: {
    all: ['media-files'] as const,
    list: (params: { type?: string } = {}) => ['media-files', 'list', params] as const,
    stats: () => ['media-files', 'stats'] as const,
    edits: (id: string) => ['media-files', 'edits', id] as const,
  },
  duplicates: {
    all: ['duplicates'] as const,
    groups: () => ['duplicates', 'groups'] as const,
  },
  runs: {
    all: ['runs'] as const,
    detail: (id: string) => ['runs', 'detail', id] as const,
    latest: (kind: string) => ['runs', 'latest', kind] as const,
  },
  shareLinks: {
    all: ['share-links'] as const,
  },
  listing: {
    all: ['listing'] as const,
    readiness: (channel: string) => ['listing', 'readiness', channel] as const,
  },
  backup: {
    all: ['backup'] as const,
    status: () => ['backup', 'status'] as const,
    list: () => ['backup', 'list'] as const,
  },
}
