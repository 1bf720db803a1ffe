// My games: the signed-in account's games from GET /v1/me/games, as the API orders them: the
// active games where it is my turn first (with their deadline), then the other active ones,
// the tables waiting for players, and the finished games with their results. Drawn again
// whenever the account's stream says something happened (core/myturn.js).
import { api } from "../core/api.js";
import { h, mount, showError, crumbs, shortId } from "../core/ui.js";
import { account } from "../core/account.js";
import { gameName } from "../core/games.js";

const GROUPS = [
  ["my_turn", "Your turn"],
  ["active", "Playing: waiting for others"],
  ["waiting", "Waiting for players"],
  ["finished", "Finished"],
];
const groupOf = (item) => (item.my_turn ? "my_turn" : item.status);

export async function show(main) {
  crumbs({ label: "Lobby", href: "/" }, { label: "My games" });
  document.title = "Foxden — my games";
  const me = account();
  if (!me) {
    return mount(main, h("section.panel", h("h1", "My games"),
      h("p", { id: "signed-out" }, "Sign in to see the games of your account: ", h("a", { href: "/account" }, "sign up or sign in"), ".")));
  }
  const list = h("div", { id: "my-games" });
  mount(main, h("section.panel", h("h1", "My games ", h("span.muted", `· ${me.handle}`)), list));
  let items = [];
  let cursor = null;

  async function load(more = false) {
    const page = await api.myGames(me.key, { limit: 50, cursor: more ? cursor : undefined });
    items = more ? [...items, ...page.games] : page.games;
    cursor = page.next_cursor;
    await draw();
  }

  async function draw() {
    const names = new Map(await Promise.all([...new Set(items.map((i) => i.game))].map(async (g) => [g, await gameName(g)])));
    if (!items.length) {
      return mount(list, h("p.muted", { id: "no-games" }, "No game yet: ", h("a", { href: "/" }, "create or join a table"), "."));
    }
    mount(list,
      GROUPS.map(([group, title]) => {
        const here = items.filter((item) => groupOf(item) === group);
        if (!here.length) return null;
        return h("section.my-group", { dataset: { group } },
          h("h2", title, h("span.muted", ` (${here.length})`)),
          h("ul.tables", here.map((item) => entry(item, names))));
      }),
      cursor ? h("button.more", { type: "button", onclick: () => load(true).catch(showError) }, "More games") : null);
  }

  await load();
  let timer = null;
  const again = () => {
    clearTimeout(timer);
    timer = setTimeout(() => load().catch(showError), 250);
  };
  window.addEventListener("foxden:account-frame", again);
  window.addEventListener("foxden:my-turn", again);
}

function entry(item, names) {
  const group = groupOf(item);
  const link = h("a", { href: `/games/${item.id}` }, `${names.get(item.game) || item.game} · ${shortId(item.id)}`);
  const detail = [];
  detail.push(`you are Seat ${item.seat}`);
  if (group === "my_turn") {
    detail.push(item.deadline ? `your move before ${new Date(item.deadline).toLocaleString()}` : "your move (no time limit)");
  } else if (group === "active") {
    detail.push(`waiting for ${item.to_act.map((s) => `Seat ${s}`).join(", ") || "the next step"}`);
  } else if (item.result) {
    const winners = item.result.winners || [];
    detail.push(winners.includes(item.seat) ? (winners.length > 1 ? "you won (shared)" : "you won")
      : `won by ${winners.map((s) => `Seat ${s}`).join(" and ") || "nobody"}`);
    if (Array.isArray(item.result.scores)) detail.push(`scores ${item.result.scores.join(" / ")}`);
  }
  return h("li.table-item.my-game", { dataset: { game: item.id, group, status: item.status } },
    h("div", link, group === "my_turn" ? h("span.badge.turn", "your turn") : null),
    h("div.muted", detail.join(" · ")),
    h("div.links",
      h("a", { href: `/games/${item.id}` }, group === "my_turn" ? "Play" : group === "finished" ? "Result" : "Open"),
      group === "finished" ? h("a", { href: `/games/${item.id}/replay` }, "Replay") : null));
}
