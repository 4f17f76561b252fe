import type { Plugin } from 'vite';

// An adapter over React Router's built output (react-router is pinned to an exact version in apps/web/package.json):
// tree-shake-react-router.test.ts reads the installed build and fails when an upgrade no longer has the shapes these
// patterns rewrite, so the gain (about 4 KB gzipped of the JavaScript `/` loads) cannot go away unnoticed.

export const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;
export const DISPLAY_NAME = /^[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/gm;
export const UNMARKED_FACTORY = /= (React\d*)\.(forwardRef|createContext)\(/g;

/**
 * Lets the bundler drop the parts of React Router that the site never renders. Its production build defines each
 * component as `const Form = React.forwardRef(...)` followed by `Form.displayName = "Form"`: a call not marked pure
 * and a property write, both of which a bundler must keep. So `<Form>`, `<NavLink>`, `<Link>` with its framework-mode
 * prefetching, `<ScrollRestoration>` and everything only they use stayed in the JavaScript every page loads (about
 * 4 KB gzipped). The display names are for React DevTools only; the factories have no side effects.
 */
export function treeShakeReactRouter(): Plugin {
  return {
    name: 'links:tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      const { code: shakable, marked } = markShakable(code);
      // A new React Router whose build no longer matches: still correct, only larger (the bench's budget says so).
      if (marked === 0 && code.includes('forwardRef('))
        this.warn(`no component factory marked pure in ${id}`);
      // Lines are kept as they were (a removed line leaves an empty one), so the source map stays right.
      return { code: shakable, map: null };
    },
  };
}

/** React Router's chunk with display names dropped and component factories marked pure; counts the factories. */
export function markShakable(code: string): { code: string; marked: number } {
  let marked = 0;
  const shakable = code.replace(DISPLAY_NAME, '').replace(UNMARKED_FACTORY, (_match, react, factory) => {
    marked += 1;
    return `= /* @__PURE__ */ ${react}.${factory}(`;
  });
  return { code: shakable, marked };
}
