/** worker/src/auth/common-passwords.txt, a text module (wrangler's default rule for *.txt): one password a line. */
declare module '*/common-passwords.txt' {
  const text: string;
  export default text;
}
