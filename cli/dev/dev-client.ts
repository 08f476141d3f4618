/**
 * Injected into every page by the dev server: listens for rebuilds, swaps the current page's
 * content in place (scroll position kept), shows build errors in an overlay, reloads on
 * structure or theme changes. Kept as a string so it is never part of the production bundle.
 */
export const DEV_CLIENT_SCRIPT = `
const es = new EventSource('/__paydocs/events');
let overlay;
function show(text) {
  if (!overlay) {
    overlay = document.createElement('div');
    overlay.id = '__paydocs_overlay';
    overlay.setAttribute('role', 'alert');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:1000;background:rgba(20,22,28,.92);color:#ffd2cc;font:14px/1.5 ui-monospace,monospace;padding:32px;overflow:auto;white-space:pre-wrap;cursor:pointer';
    overlay.title = 'Click or press Escape to hide; it comes back with the next error';
    overlay.addEventListener('click', hide);
    document.body.appendChild(overlay);
  }
  overlay.textContent = 'paydocs: build error (the last good page is still served)\\n\\n' + text;
}
function hide() { if (overlay) { overlay.remove(); overlay = undefined; } }
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') hide(); });
// The server states the current errors with 'error' (the whole list) and their absence with 'ok' or
// 'hello' (a new connection); an 'update' says nothing about them: a save can update one page (a
// translation falling back to it) while an error elsewhere remains.
es.onmessage = async (e) => {
  const msg = JSON.parse(e.data);
  if (msg.type === 'error') show(msg.text);
  else if (msg.type === 'ok' || msg.type === 'hello') hide();
  else if (msg.type === 'reload') location.reload();
  else if (msg.type === 'update') window.dispatchEvent(new CustomEvent('paydocs:routes', { detail: msg.routes }));
};
`;
