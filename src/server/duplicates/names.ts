// File-name normalisation for the size_and_name signal: the names a phone, a download
// folder or a file manager gives to a copy of one file compare equal.
// "IMG_0042.jpg", "IMG_0042 (1).jpg", "img_0042-copy.jpeg", "IMG_0042 - Copy (2).JPG" → "img0042".

/** Suffixes that copying adds, tried repeatedly at the end of the name (extension removed). */
const COPY_SUFFIXES = [
  /\s*\(\d{1,3}\)$/, // "name (1)"
  /[\s_-]*copy(?:[\s_-]*\d{1,3})?$/, // "name copy", "name-copy", "name - Copy 2"
  /[\s_-]*kopie(?:[\s_-]*\d{1,3})?$/, // German and Dutch file managers
  /[\s_-]*copie(?:[\s_-]*\d{1,3})?$/, // French
  /[\s_-]*edited$/, // phone photo editors
  /~\d{1,3}$/, // "name~2"
]

/** The name without its directory, extension, copy suffixes, case, accents and punctuation. */
export function normaliseName(filename: string): string {
  let name = filename.split(/[\\/]/).pop() ?? ''
  name = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim()
  const dot = name.lastIndexOf('.')
  if (dot > 0 && name.length - dot <= 6) name = name.slice(0, dot)
  for (let changed = true; changed; ) {
    changed = false
    for (const suffix of COPY_SUFFIXES) {
      const shorter = name.replace(suffix, '')
      if (shorter !== name && shorter.length > 0) {
        name = shorter
        changed = true
      }
    }
  }
  return name.replace(/[^a-z0-9]+/g, '')
}
