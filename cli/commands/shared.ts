import { InvalidArgumentError } from 'commander';

export function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError(`expected a port number 0-65535, received \`${value}\``);
  return n;
}

export function parseLocales(value: string, previous: string[] = []): string[] {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]+)?$/.test(value)) throw new InvalidArgumentError(`expected a locale code such as \`en\` or \`ru\`, received \`${value}\``);
  return [...previous, value];
}
