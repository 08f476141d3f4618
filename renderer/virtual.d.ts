declare module 'virtual:paydocs-pages' {
  import type { ComponentType } from 'react';
  import type { CustomPageProps } from './context.ts';
  export const customPages: Record<string, () => Promise<{ default: ComponentType<CustomPageProps> }>>;
}
