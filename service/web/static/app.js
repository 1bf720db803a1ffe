// The router: one shell for every page; the path picks the page module.
import { showError } from "./core/ui.js";

const ROUTES = [
  [/^\/$/, () => import("./pages/lobby.js"), () => []],
  [/^\/games\/([^/]+)\/replay$/, () => import("./pages/replay.js"), (m) => [decodeURIComponent(m[1])]],
  [/^\/games\/([^/]+)\/audit$/, () => import("./pages/audit.js"), (m) => [decodeURIComponent(m[1])]],
  [/^\/games\/([^/]+)$/, () => import("./pages/table.js"), (m) => [decodeURIComponent(m[1])]],
  [/^\/verify$/, () => import("./pages/audit.js"), () => [null]],
];

async function start() {
  const main = document.getElementById("main");
  const path = location.pathname.replace(/\/+$/, "") || "/";
  for (const [pattern, load, args] of ROUTES) {
    const match = path.match(pattern);
    if (!match) continue;
    try {
      const page = await load();
      await page.show(main, ...args(match));
    } catch (error) {
      showError(error);
      main.replaceChildren();
    }
    return;
  }
  showError({ title: "No such page", detail: location.pathname });
}

start();
