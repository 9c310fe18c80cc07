/** Node module hook: `import ... from 'electron'` gets fake-electron.mjs (smoke test of the bundled main). */
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === 'electron') return { url: ${JSON.stringify(new URL('./fake-electron.mjs', import.meta.url).href)}, shortCircuit: true };
      return next(specifier, context);
    }
  `)}`,
);
