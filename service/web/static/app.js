// The router: one shell for every page; the path picks the page module. Every page also shows
// who is signed in (the header) and watches the account's turns (core/myturn.js).
import { showError, h, mount } from "./core/ui.js";
import { account } from "./core/account.js";
import { watch } from "./core/myturn.js";

const ROUTES = [
  [/^\/$/, () => import("./pages/lobby.js"), () => []],
  [/^\/games\/([^/]+)\/replay$/, () => import("./pages/replay.js"), (m) => [decodeURIComponent(m[1])]],
  [/^\/games\/([^/]+)\/audit$/, () => import("./pages/audit.js"), (m) => [decodeURIComponent(m[1])]],
  [/^\/games\/([^/]+)$/, () => import("./pages/table.js"), (m) => [decodeURIComponent(m[1])]],
  [/^\/verify$/, () => import("./pages/audit.js"), () => [null]],
  [/^\/account$/, () => import("./pages/account.js"), () => []],
  [/^\/my-games$/, () => import("./pages/my-games.js"), () => []],
  [/^\/ratings$/, () => import("./pages/ratings.js"), () => []],
  [/^\/ratings\/([^/]+)$/, () => import("./pages/ratings.js"), (m) => [decodeURIComponent(m[1])]],
  [/^\/ratings\/([^/]+)\/([^/]+)$/, () => import("./pages/ratings.js"), (m) => [decodeURIComponent(m[1]), decodeURIComponent(m[2])]],
];

// The header's account corner: "Sign in", or the handle with links to my games and the account.
function drawAccountNav() {
  const nav = document.getElementById("account-nav");
  if (!nav) return;
  const me = account();
  mount(nav, me
    ? [h("a", { href: "/my-games", id: "nav-my-games" }, "My games"), h("a", { href: "/account", id: "nav-account", title: "your account" }, me.handle)]
    : h("a", { href: "/account", id: "nav-sign-in" }, "Sign in"));
}
window.addEventListener("foxden:account", drawAccountNav);

async function start() {
  drawAccountNav();
  watch();
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
