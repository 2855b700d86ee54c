/**
 * The built index.html preloads the app's stylesheet instead of blocking the first paint on it
 * (apps/web/vite.config.ts, `appStylesAfterShell`): the shell's spinner is styled by index.html's
 * own <style>. Before the first render the preload becomes the stylesheet, and the render waits until
 * it applies, so no screen shows unstyled. In development Vite injects the styles itself and
 * there is no such link: nothing to wait for.
 */
export function appStylesApplied(doc: Document = document): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!link) return Promise.resolve();
  return new Promise((resolve) => {
    // A stylesheet that fails to load still lets the app start (unstyled beats a blank page).
    const done = () => {
      resolve();
    };
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    link.rel = 'stylesheet';
  });
}
