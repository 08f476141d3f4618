/**
 * The web-platform globals that both Node and browsers provide and that shared code may use. The shared
 * project has neither the DOM's types nor Node's, so each such global is declared here, as much of it as
 * shared code needs.
 */
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly host: string;
  readonly protocol: string;
  toString(): string;
}
