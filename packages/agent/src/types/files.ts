/** A file on local disk: one attached to the run, or one a site downloaded. Its path is never shown to the model. */
export interface AgentFile {
  name: string;
  path: string;
  size: number;
  contentType: string;
}
