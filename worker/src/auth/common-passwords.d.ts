/** The list module of @zxcvbn-ts/language-common that its index re-exports as dictionary['passwords-common']. */
declare module '@zxcvbn-ts/language-common/dist/passwords.json.mjs' {
  const passwords: string[];
  export default passwords;
}
