// Ratings: a game's leaderboard (GET /v1/ratings/{game}), one player count or all of them,
// paged with its cursor; and an account's rating history in one game and player count
// (GET /v1/ratings/{game}/{handle}/history), drawn as an SVG line of the ordinal over its
// rated games, with the same points as a table. The player count lives in the address's
// fragment (#players=3) so that nothing but documented query parameters reaches the server.
import { api } from "../core/api.js";
import { h, mount, showError, clearError, crumbs } from "../core/ui.js";
import { games } from "../core/games.js";

const PAGE = 50;
const enc = encodeURIComponent;

// The player count the fragment names: a number, or null for "every count".
function fragmentPlayers() {
  const found = new URLSearchParams(location.hash.slice(1)).get("players");
  return found && /^\d+$/.test(found) ? Number(found) : null;
}

function setFragmentPlayers(players) {
  const address = location.pathname + (players === null ? "" : `#players=${players}`);
  history.replaceState(null, "", address);
}

const rating = (value) => value.toFixed(2);
const counts = (game) => Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i);

export async function show(main, gameId = null, handle = null) {
  const catalogue = await games();
  if (!catalogue.size) return mount(main, h("section.panel", h("h1", "Ratings"), h("p.muted", "This service hosts no game.")));
  const id = gameId ?? catalogue.keys().next().value;
  const game = catalogue.get(id);
  if (!game) {
    showError({ title: "No such game", detail: `this service hosts no game ${id}` });
    return mount(main, h("section.panel", h("h1", "Ratings"), gameTabs(catalogue, null)));
  }
  return handle === null ? leaderboard(main, catalogue, game) : account(main, game, handle);
}

// One link per game of the catalogue; the current one marked for assistive technology too.
function gameTabs(catalogue, current) {
  return h("nav.rating-tabs", { "aria-label": "Games" },
    [...catalogue.values()].map((game) => h("a.rating-tab", {
      href: `/ratings/${enc(game.id)}`,
      "aria-current": game.id === current ? "page" : null,
      dataset: { game: game.id },
    }, game.name)));
}

async function leaderboard(main, catalogue, game) {
  crumbs({ label: "Lobby", href: "/" }, { label: "Ratings", href: "/ratings" }, { label: game.name });
  document.title = `Foxden — ratings of ${game.name}`;
  let players = fragmentPlayers();
  if (players !== null && !counts(game).includes(players)) players = null;
  const select = h("select", { id: "rating-players" },
    h("option", { value: "" }, "every player count"),
    counts(game).map((n) => h("option", { value: String(n), selected: n === players }, `${n} players`)));
  const body = h("tbody");
  const table = h("table.ratings", { id: "leaderboard" },
    h("caption", `Leaderboard of ${game.name}, best rating first`),
    h("thead", h("tr",
      h("th", { scope: "col" }, "Rank"), h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Kind"),
      h("th", { scope: "col" }, "Players"), h("th.num", { scope: "col" }, "Rating"),
      h("th.num", { scope: "col", title: "mean" }, "μ"), h("th.num", { scope: "col", title: "uncertainty" }, "σ"),
      h("th.num", { scope: "col" }, "Games"))),
    body);
  const empty = h("p.muted", { id: "no-ratings", hidden: true }, "No rated game yet: a finished game between two accounts or more rates them.");
  const more = h("button.more", { type: "button", id: "more-ratings", hidden: true }, "More players");
  mount(main, h("section.panel",
    h("h1", "Ratings"),
    gameTabs(catalogue, game.id),
    h("p.muted", "The displayed rating is the conservative ordinal, μ − 3σ (openskill's Plackett-Luce, 0 at first). ",
      "A rating belongs to one game and player count."),
    h("div.form-row", h("label", { for: "rating-players" }, "Player count "), select),
    h("div.table-scroll", table), empty, more));

  let cursor = null;
  let rank = 0;
  async function load(next) {
    clearError();
    const page = await api.leaderboard(game.id, { players: players ?? undefined, limit: PAGE, cursor: next ?? undefined });
    if (!next) {
      body.replaceChildren();
      rank = 0;
    }
    for (const entry of page.ratings) body.append(row(++rank, entry));
    cursor = page.next_cursor;
    more.hidden = !cursor;
    empty.hidden = rank > 0;
    table.hidden = rank === 0;
  }

  function row(place, entry) {
    const href = `/ratings/${enc(game.id)}/${enc(entry.handle)}#players=${entry.players}`;
    return h("tr", { dataset: { handle: entry.handle, players: String(entry.players) } },
      h("td", String(place)),
      h("th", { scope: "row" }, h("a.rating-handle", { href }, entry.handle)),
      h("td", entry.kind),
      h("td", String(entry.players)),
      h("td.num", rating(entry.ordinal)),
      h("td.num", rating(entry.mu)),
      h("td.num", rating(entry.sigma)),
      h("td.num", String(entry.games)));
  }

  select.addEventListener("change", () => {
    players = select.value ? Number(select.value) : null;
    setFragmentPlayers(players);
    load(null).catch(showError);
  });
  more.addEventListener("click", () => load(cursor).catch(showError));
  await load(null);
}

async function account(main, game, handle) {
  crumbs({ label: "Lobby", href: "/" }, { label: "Ratings", href: "/ratings" },
    { label: game.name, href: `/ratings/${enc(game.id)}` }, { label: handle });
  document.title = `Foxden — ${handle} in ${game.name}`;
  const profile = await api.profile(handle);
  // The player counts this account is rated in, in this game (the profile lists every rating).
  const rated = profile.ratings.filter((r) => r.game === game.id);
  let players = fragmentPlayers();
  if (players === null || !counts(game).includes(players)) players = rated[0]?.players ?? game.min_players;
  const tabs = h("nav.rating-tabs", { "aria-label": "Player counts" });
  const view = h("div", { id: "rating-history" });
  mount(main, h("section.panel",
    h("h1", profile.handle, h("span.muted", ` · ${game.name}`), h("span.muted", ` · ${profile.kind}`)),
    h("p", h("a", { href: `/ratings/${enc(game.id)}` }, `Leaderboard of ${game.name}`)),
    tabs, view));

  function drawTabs() {
    mount(tabs, rated.length ? rated.map((r) => h("a.rating-tab", {
      href: `#players=${r.players}`,
      "aria-current": r.players === players ? "page" : null,
      dataset: { players: String(r.players) },
      onclick: (event) => {
        event.preventDefault();
        players = r.players;
        setFragmentPlayers(players);
        drawTabs();
        load().catch(showError);
      },
    }, `${r.players} players`)) : null);
  }

  async function load() {
    clearError();
    const found = await api.ratingHistory(game.id, handle, players);
    if (!found.points.length) {
      return mount(view, h("p.muted", { id: "no-history" }, `${found.handle} has no rated game of ${game.name} with ${players} players yet.`));
    }
    mount(view,
      h("h2", `Rating over ${found.points.length} rated game${found.points.length === 1 ? "" : "s"} with ${players} players`),
      plot(found.points, `${found.handle}'s rating in ${game.name} with ${players} players`),
      h("div.table-scroll", pointsTable(found.points)));
  }

  drawTabs();
  await load();
}

// --- the plot ------------------------------------------------------------------------------

const SVG_NS = "http://www.w3.org/2000/svg";
const WIDTH = 640, HEIGHT = 280;
const MARGIN = { left: 56, right: 16, top: 16, bottom: 44 };

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) el.append(child);
  return el;
}

// Round numbers for an axis over lo..hi: about five steps of 1, 2 or 5 times a power of 10,
// from a multiple of the step at or below lo to one at or above hi (the data never touches
// the frame unless it lies on a round number).
function ticks(lo, hi, minStep = 0) {
  const raw = Math.max((hi - lo) / 5, minStep) || 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((m) => m >= raw);
  const found = [];
  for (let i = Math.floor(lo / step); i <= Math.ceil(hi / step); i++) found.push(Number((i * step).toFixed(10)));
  return found;
}

// What the plot shows, in words: for the aria-label and for whoever reads no picture.
function summary(points) {
  const first = points[0], last = points[points.length - 1];
  const best = points.reduce((a, b) => (b.ordinal > a.ordinal ? b : a));
  return `first ${rating(first.ordinal)} after game ${first.games}, last ${rating(last.ordinal)} after game ${last.games}, ` +
    `best ${rating(best.ordinal)} after game ${best.games}`;
}

function plot(points, label) {
  // The y axis takes in 0 (a new account's rating), so that its line tells above from below.
  const values = points.map((p) => p.ordinal);
  const yTicks = ticks(Math.min(0, ...values), Math.max(0, ...values), 0.5);
  const lo = yTicks[0], hi = yTicks[yTicks.length - 1];
  const firstGame = points[0].games, lastGame = points[points.length - 1].games;
  const span = Math.max(1, lastGame - firstGame);
  const innerW = WIDTH - MARGIN.left - MARGIN.right, innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (games) => MARGIN.left + (points.length === 1 ? innerW / 2 : ((games - firstGame) / span) * innerW);
  const y = (value) => MARGIN.top + (1 - (value - lo) / (hi - lo)) * innerH;
  const bottom = MARGIN.top + innerH;

  const grid = yTicks.map((v) => s("g", { class: "tick" },
    s("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(v), y2: y(v), class: v === 0 ? "zero" : "grid" }),
    s("text", { x: MARGIN.left - 6, y: y(v) + 4, "text-anchor": "end" }, String(v))));
  // Whole games, the first and the last always (the oldest points may have gone: the cap),
  // round ones between them when they are not too close to either to be read.
  const roomy = (g) => g - firstGame >= span / 10 && lastGame - g >= span / 10;
  const xTicks = ticks(firstGame, lastGame, 1).filter(roomy);
  const xLabels = [...new Set([firstGame, ...xTicks, lastGame])].map((g) =>
    s("text", { x: x(g), y: bottom + 16, "text-anchor": "middle" }, String(g)));
  const line = s("polyline", { class: "line", points: points.map((p) => `${x(p.games)},${y(p.ordinal)}`).join(" ") });
  const dots = points.map((p) => s("circle", { class: "point", cx: x(p.games), cy: y(p.ordinal), r: 4, "data-game": p.game_id },
    s("title", {}, `game ${p.games}: ${rating(p.ordinal)} (μ ${rating(p.mu)}, σ ${rating(p.sigma)}), ended ${new Date(p.at).toLocaleString()}`)));
  const svg = s("svg", {
    class: "rating-plot", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img",
    "aria-label": `${label}: ${summary(points)}`,
  },
  s("title", {}, label),
  ...grid,
  s("line", { class: "axis", x1: MARGIN.left, x2: MARGIN.left, y1: MARGIN.top, y2: bottom }),
  s("line", { class: "axis", x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: bottom, y2: bottom }),
  ...xLabels,
  s("text", { class: "axis-title", x: MARGIN.left + innerW / 2, y: HEIGHT - 6, "text-anchor": "middle" }, "rated games"),
  s("text", { class: "axis-title", x: 14, y: MARGIN.top + innerH / 2, "text-anchor": "middle", transform: `rotate(-90 14 ${MARGIN.top + innerH / 2})` }, "rating (ordinal)"),
  line, ...dots);
  return h("figure.rating-figure", svg, h("figcaption.muted", { id: "history-summary" }, `Rating: ${summary(points)}.`));
}

function pointsTable(points) {
  return h("details", { id: "history-table" },
    h("summary", "The points as a table"),
    h("table.ratings",
      h("caption", "The rating after each rated game, oldest first"),
      h("thead", h("tr",
        h("th", { scope: "col" }, "Game no."), h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Ended"),
        h("th.num", { scope: "col" }, "Rating"), h("th.num", { scope: "col" }, "μ"), h("th.num", { scope: "col" }, "σ"))),
      h("tbody", points.map((p) => h("tr",
        h("th", { scope: "row" }, String(p.games)),
        h("td", h("a", { href: `/games/${enc(p.game_id)}/replay` }, p.game_id.slice(0, 8))),
        h("td", new Date(p.at).toLocaleString()),
        h("td.num", rating(p.ordinal)), h("td.num", rating(p.mu)), h("td.num", rating(p.sigma)))))));
}
