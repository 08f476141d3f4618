export async function startDevServer(_: unknown): Promise<void> {}
