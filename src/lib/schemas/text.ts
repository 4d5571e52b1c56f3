// Text rules shared by the request schemas. PostgreSQL text cannot hold a NUL character, so a
// value carrying one is refused with a message instead of failing in the database (a 500).
// (File names are the exception: spec §5 sanitises them, NUL included.)
export const noNul = {
  check: (text: string) => !text.includes('\u0000'),
  message: 'Text may not contain NUL characters.',
}
