/** worker/src/auth/common-passwords.txt, a text module (wrangler's default rule for *.txt): one password a line. */
declare module '*/common-passwords.txt' {
  const text: string;
  export default text;
}

/** The list module of @zxcvbn-ts/language-common (its index's dictionary['passwords-common']); the test compares the text module with it. */
declare module '@zxcvbn-ts/language-common/dist/passwords.json.mjs' {
  const passwords: string[];
  export default passwords;
}
