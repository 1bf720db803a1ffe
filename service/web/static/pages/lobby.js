// The lobby: the catalogue, a form for a new table, tables waiting for players (with their
// open seats), live games and finished games (paged with the list's cursor).
import { api } from "../core/api.js";
import { h, mount, showError, clearError, crumbs, shortId, ago, seatName } from "../core/ui.js";
import { holdSeat, chooseSeat } from "../core/tokens.js";
import { account, keepOwnerToken, seatsHere } from "../core/account.js";
import { games } from "../core/games.js";

const NAME_KEY = "foxden:name";
const playerName = () => (document.getElementById("player-name")?.value || "").trim() || "Player";

export async function show(main) {
  crumbs({ label: "Lobby" });
  document.title = "Foxden — lobby";
  const hosted = await games();
  names = new Map([...hosted].map(([id, game]) => [id, game.name]));
  const catalog = [...hosted.values()];
  const waiting = h("div.list", { id: "waiting" });
  const live = h("div.list", { id: "live" });
  const finished = h("div.list", { id: "finished" });
  mount(main,
    h("section.hero",
      h("h1", "Play, watch, replay and audit card games"),
      h("p", "Every table below is a game of the Foxden service, played over its public REST API. Sit down against bots, watch a live game, step through a finished one, or check its fairness yourself in this browser."),
      // Signed in, the account sits down under its handle; else a name for the seat's token.
      account()
        ? h("p.name-field", { id: "playing-as" }, "You play as ", h("strong", account().handle), " (your account): ", h("a", { href: "/my-games" }, "my games"))
        : h("label.name-field", "Your name ",
          h("input", { id: "player-name", maxlength: 40, value: localStorage.getItem(NAME_KEY) || "", placeholder: "Player", autocomplete: "nickname",
            onchange: (e) => localStorage.setItem(NAME_KEY, e.target.value.trim()) }),
          h("span.muted", " · or ", h("a", { href: "/account" }, "sign in"), " to keep your seats on every device"))),
    h("section.panel", h("h2", "New table"), createForm(catalog)),
    h("div.columns",
      h("section.panel", h("h2", "Waiting for players"), waiting),
      h("section.panel", h("h2", "Live games"), live)),
    h("section.panel", h("h2", "Finished games"), finished),
  );
  await Promise.all([fillWaiting(waiting), fillLive(live), fillFinished(finished, null)]);
}

function createForm(catalog) {
  const game = h("select", { id: "new-game", name: "game" }, catalog.map((g) => h("option", { value: g.id }, `${g.name} (${g.min_players}–${g.max_players} players)`)));
  const seats = h("fieldset.seat-list", { id: "new-seats" });
  const options = h("fieldset.options", { id: "new-options" });
  const count = h("input", { id: "new-count", type: "number", min: 2, max: 6, value: 3, "aria-label": "number of seats" });
  const current = () => catalog.find((g) => g.id === game.value);

  const seatRow = (n, strategies, kind) =>
    h("div.seat-row", { dataset: { seat: String(n) } },
      h("span.seat-no", `Seat ${n}`),
      h("select", { name: `kind-${n}`, "aria-label": `seat ${n} is played by`, onchange: (e) => { e.target.nextElementSibling.disabled = e.target.value !== "bot"; } },
        h("option", { value: "human", selected: kind === "human" }, "a person"), h("option", { value: "bot", selected: kind === "bot" }, "a bot")),
      h("select", { name: `strategy-${n}`, "aria-label": `seat ${n} bot strategy`, disabled: kind !== "bot" },
        strategies.map((s) => h("option", { value: s }, `${s} bot`))));

  const redraw = () => {
    const g = current();
    count.min = g.min_players;
    count.max = g.max_players;
    const n = Math.min(g.max_players, Math.max(g.min_players, Number(count.value) || g.min_players));
    count.value = n;
    const kinds = [...seats.querySelectorAll(".seat-row")].map((row) => row.querySelector("select").value);
    mount(seats, h("legend", "Seats"), Array.from({ length: n }, (_x, i) => seatRow(i, g.strategies, kinds[i] || (i === 0 ? "human" : "bot"))));
    mount(options, h("legend", "Options"), Object.entries(g.options).map(([name, o]) =>
      h("label.option", { title: o.description },
        h("span", name.replaceAll("_", " ")),
        // A table made here is played live: the catalogue's live idle limit (live_default).
        h("input", { type: "number", name: `option-${name}`, min: o.minimum, max: o.maximum, value: name === "bot_delay_ms" ? Math.min(o.maximum, 400) : o.live_default ?? o.default }),
        h("small", o.description))));
  };
  game.addEventListener("change", () => { count.value = current().min_players; redraw(); });
  count.addEventListener("change", redraw);
  redraw();

  const submit = async (event) => {
    event.preventDefault();
    clearError();
    const g = current();
    const rows = [...seats.querySelectorAll(".seat-row")];
    const body = {
      game: g.id,
      seats: rows.map((row) => {
        const [kind, strategy] = row.querySelectorAll("select");
        return kind.value === "bot" ? { kind: "bot", strategy: strategy.value } : { kind: "human" };
      }),
      options: Object.fromEntries([...options.querySelectorAll("input")].map((input) => [input.name.slice(7), Number(input.value)])
        .filter(([name, value]) => value !== g.options[name].default)),
    };
    try {
      const me = account();
      // With the account's key the account takes the first person's seat and owns the table.
      const created = await api.create(body, me?.key);
      keepOwnerToken(created.id, created.owner_token);
      const human = created.seats.find((s) => s.kind === "human" && !s.taken);
      if (human && !me) {
        const joined = await api.join(created.id, { name: playerName(), seat: human.seat });
        holdSeat(created.id, joined.seat, joined.token, playerName());
        chooseSeat(created.id, joined.seat);
      }
      location.assign(`/games/${created.id}`);
    } catch (error) {
      showError(error);
    }
  };
  return h("form.create", { id: "create-table", onsubmit: submit },
    h("div.form-row", h("label", "Game ", game), h("label", "Seats ", count)),
    seats, h("details", h("summary", "Options"), options),
    h("button.primary", { type: "submit" }, "Create the table"));
}

async function summaries(items) {
  return Promise.all(items.map((item) => api.summary(item.id).catch(() => null)));
}

// The catalogue's names of its games, once the page has read it.
let names = new Map();
const gameLink = (item, label) => h("a", { href: `/games/${item.id}` }, label || `${names.get(item.game) || item.game} · ${shortId(item.id)}`);

async function fillWaiting(el) {
  const page = await api.list({ status: "waiting", limit: 20 });
  const tables = (await summaries(page.games)).filter(Boolean);
  if (!tables.length) return mount(el, h("p.muted", "No table is waiting. Create one above."));
  mount(el, h("ul.tables", tables.map((summary) => {
    const open = summary.seats.filter((s) => !s.taken);
    return h("li.table-item", { dataset: { game: summary.id } },
      h("div", gameLink(summary), h("span.muted", ` ${open.length} of ${summary.seats.length} seats open`)),
      h("div.seat-buttons", summary.seats.map((s) => s.taken
        ? h("span.chip", seatName(summary, s.seat))
        : h("button", { type: "button", onclick: () => join(summary.id, s.seat) }, `Join seat ${s.seat}`))));
  })));
}

async function join(id, seat) {
  clearError();
  try {
    const me = account();
    // An account joins under its handle, and keeps no token: its key acts for the seat.
    const joined = await api.join(id, me ? { seat } : { name: playerName(), seat }, me?.key);
    if (joined.token) holdSeat(id, joined.seat, joined.token, playerName());
    chooseSeat(id, joined.seat);
    location.assign(`/games/${id}`);
  } catch (error) {
    showError(error);
  }
}

async function fillLive(el) {
  // Only games that are really live: made for live play, with a person still at the table.
  const page = await api.list({ live: true, limit: 20 });
  if (!page.games.length) return mount(el, h("p.muted", "No game is being played right now."));
  const tables = (await summaries(page.games)).filter(Boolean);
  mount(el, h("ul.tables", tables.map((summary) => h("li.table-item", { dataset: { game: summary.id } },
    h("div", gameLink(summary), seatsHere(summary.id, summary).length ? h("span.badge.you", "your seat") : null),
    h("div.muted", `${summary.seats.map((s) => seatName(summary, s.seat)).join(", ")} · move ${summary.version}`),
    h("div.links", h("a", { href: `/games/${summary.id}` }, seatsHere(summary.id, summary).length ? "Play" : "Watch"))))));
}

async function fillFinished(el, cursor) {
  const page = await api.list({ status: "finished", limit: 10, cursor: cursor || undefined });
  const list = el.querySelector("ul") || h("ul.tables");
  if (!cursor) mount(el, list);
  if (!page.games.length && !cursor) return mount(el, h("p.muted", "No finished game yet."));
  for (const item of page.games) {
    list.append(h("li.table-item.row-item", { dataset: { game: item.id } },
      gameLink(item), h("span.muted", `${item.players} players · ${ago(item.created_at)}`),
      h("span.links", h("a", { href: `/games/${item.id}` }, "Result"), h("a", { href: `/games/${item.id}/replay` }, "Replay"), h("a", { href: `/games/${item.id}/audit` }, "Audit"))));
  }
  el.querySelector(".more")?.remove();
  if (page.next_cursor) {
    el.append(h("button.more", { type: "button", onclick: () => fillFinished(el, page.next_cursor).catch(showError) }, "More finished games"));
  }
}
