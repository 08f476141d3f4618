/**
 * V8's `WebAssembly` global, which Node has: TypeScript declares its functions only in the DOM's lib,
 * which Node code does not load (its types come with shiki's).
 */
declare namespace WebAssembly {
  function instantiate(bytes: Uint8Array, imports?: Record<string, Record<string, ImportValue>>): Promise<WebAssemblyInstantiatedSource>;
}
