/** What a login or signup form holds, as its validation reads it. */
export interface Credentials {
  email: string;
  password: string;
}
