// The audit: the server's report (pass / fail / not yet, with the first version at fault), and
// the same game checked again here — the chain, the commitment and every salt recomputed with
// WebCrypto over the export bundle. Any bundle can be checked: a file or pasted JSON.
import { api, allEvents } from "../core/api.js";
import { h, mount, showError, clearError, crumbs, shortId, download } from "../core/ui.js";
import { gameName } from "../core/games.js";
import { verifyBundle, verifyLinks } from "../core/verify.js";

const verdict = (ok) => (ok === true ? ["pass", "pass"] : ok === false ? ["fail", "fail"] : ["pending", "not yet"]);

function checkTable(checks, id) {
  return h("table.checks", { id },
    h("thead", h("tr", h("th", "Check"), h("th", "Verdict"), h("th", { title: "the first version at fault" }, "At version"), h("th", "Detail"))),
    h("tbody", checks.map((c) => {
      const [cls, word] = verdict(c.ok);
      return h("tr", { class: cls, dataset: { check: c.name, verdict: word } },
        h("th", c.name), h("td", h("span.verdict." + cls, word)), h("td.num", c.ok === false && c.version ? String(c.version) : ""), h("td", c.detail || ""));
    })));
}

function rowsTable(rows) {
  return h("details.salts", h("summary", `Every version's salt and hash, recomputed here (${rows.length})`),
    h("div.scroll", h("table.hashes",
      h("thead", h("tr", h("th", "v"), h("th", "Event"), h("th", "salt_v"), h("th", "hash_v"), h("th", ""))),
      h("tbody", rows.map((r) => h("tr", { class: r.ok ? "" : "fail" },
        h("td.num", String(r.version)), h("td", r.type), h("td.hex", r.salt.slice(0, 16) + "…"), h("td.hex", (r.recomputed || "").slice(0, 16) + "…"), h("td", r.ok ? "✓" : "✗")))))));
}

async function runBrowserCheck(target, bundle, source) {
  mount(target, h("p.muted", "Recomputing in this browser…"));
  const started = performance.now();
  const result = await verifyBundle(bundle);
  const ms = Math.round(performance.now() - started);
  mount(target,
    h("p.summary-line", { id: "browser-verdict", class: result.ok ? "pass" : "fail", dataset: { ok: String(result.ok) } },
      result.ok ? `All browser checks pass for ${source}` : `${source}: a check fails`, h("span.muted", ` (${bundle.events?.length || 0} events in ${ms} ms)`)),
    checkTable(result.checks, "browser-checks"),
    result.rows.length ? rowsTable(result.rows) : null);
}

function bundleInput(target) {
  const area = h("textarea", { id: "bundle-text", rows: 4, placeholder: "Paste a bundle (JSON) here", "aria-label": "bundle JSON" });
  const file = h("input", { id: "bundle-file", type: "file", accept: "application/json,.json", "aria-label": "bundle file" });
  const check = async (text, source) => {
    clearError();
    let bundle;
    try {
      bundle = JSON.parse(text);
    } catch (error) {
      return showError({ title: "Not JSON", detail: error.message });
    }
    await runBrowserCheck(target, bundle, source);
  };
  file.addEventListener("change", async () => file.files[0] && check(await file.files[0].text(), file.files[0].name));
  return h("section.panel", h("h2", "Check any bundle"),
    h("p.muted", "A bundle you downloaded earlier, or one someone sent you: it is checked here and sent nowhere."),
    h("div.form-row", file),
    area,
    h("button.primary", { id: "check-pasted", type: "button", onclick: () => check(area.value, "the pasted bundle") }, "Check the pasted bundle"));
}

export async function show(main, id) {
  const mine = h("div", { id: "browser-result" });
  if (id === null) {
    crumbs({ label: "Lobby", href: "/" }, { label: "Check a bundle" });
    document.title = "Foxden — check a bundle";
    mount(main, h("h1", "Check a bundle"), bundleInput(mine), h("section.panel", h("h2", "Recomputed in this browser"), mine));
    return;
  }
  const summary = await api.summary(id);
  const name = await gameName(summary.game);
  const title = `${name} · ${shortId(id)}`;
  crumbs({ label: "Lobby", href: "/" }, { label: title, href: `/games/${id}` }, { label: "Audit" });
  document.title = `Foxden — audit ${title}`;
  const server = h("div", { id: "server-result" });
  const actions = h("div.actions");
  mount(main,
    h("div.table-head", h("h1", `Audit · ${name}`, h("span.game-id", shortId(id))),
      h("nav.page-links", h("a", { href: `/games/${id}` }, "Table"), h("a", { href: `/games/${id}/replay` }, "Replay"))),
    h("p.commit", "Commitment published at version 1: ", h("code", summary.commitment), h("br"), `Head at version ${summary.version}: `, h("code", summary.head_hash)),
    h("div.columns",
      h("section.panel", h("h2", "The server's report"), server),
      h("section.panel", h("h2", "Recomputed in this browser"), mine, actions)),
    bundleInput(mine));

  const report = await api.audit(id);
  mount(server,
    h("p.summary-line", { id: "server-verdict", class: report.ok ? "pass" : "fail" },
      report.ok ? (report.checks.every((c) => c.ok === true) ? "Every check passes" : "Every check that could run passes") : "A check fails"),
    checkTable(report.checks, "server-checks"));

  if (summary.status === "finished") {
    const bundle = await api.exportBundle(id);
    mount(actions, h("button", { id: "download", type: "button", onclick: () => download(`foxden-${id}.json`, JSON.stringify(bundle, null, 1)) }, "Download the bundle"));
    await runBrowserCheck(mine, bundle, "this game's bundle");
  } else {
    const events = await allEvents(id, null);
    const links = verifyLinks(events);
    mount(mine,
      h("p.summary-line", { id: "browser-verdict", dataset: { ok: String(links.ok) } }, "While the game runs the seed is secret: the links can be checked, the salts and the commitment once it ends."),
      checkTable([links, { name: "commitment", ok: null, detail: "the seed is revealed at the end" }, { name: "chain", ok: null, detail: "the salts need the seed" }], "browser-checks"));
  }
}
