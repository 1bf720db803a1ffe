// The audit: the server's report (pass / fail / not yet, with the first version at fault), and
// the same game checked again here — the chain, the commitment and every salt recomputed with
// WebCrypto over the export bundle, and an archived game's place in the tamper-evident log
// (its inclusion in a signed checkpoint, and consistency with one the visitor kept). Any
// bundle can be checked: a file or pasted JSON.
import { api, allEvents, ApiError } from "../core/api.js";
import { h, mount, showError, clearError, crumbs, shortId, download } from "../core/ui.js";
import { gameName } from "../core/games.js";
import { verifyBundle, verifyLinks, verifyInLog } from "../core/verify.js";
import { checkpointSize } from "../core/merkle.js";

const enc = encodeURIComponent;

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

async function getJson(path) {
  const response = await fetch(path, { headers: { Accept: "application/json" } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, body || { title: `HTTP ${response.status}` });
  return { body, response };
}

// The bundle, and whether it came from the archive (the Foxden-Source header): a game gets its
// leaf in the log when it is archived, and only then has a log proof to fetch (asking for one
// before would be a 404 in the console of every audit of a recent game).
async function exportedBundle(id) {
  const { body, response } = await getJson(`/v1/games/${enc(id)}/export`);
  return { bundle: body, archived: response.headers.get("Foxden-Source") === "archive" };
}

const logWords = (result) => (result.ok === true ? result.detail
  : result.ok === false ? `Not in the log as audited: ${result.detail}`
    : "Not archived yet: nothing to check (a finished game joins the log when it is archived).");

async function runLogCheck(target, bundle, archived, kept, trustedKey) {
  if (!archived) {
    mount(target, h("p.summary-line", { id: "log-verdict", dataset: { ok: "null" } }, logWords({ ok: null })));
    return;
  }
  mount(target, h("p.muted", "Checking the log in this browser…"));
  let key = trustedKey;
  let proof = null;
  try {
    if (!key) key = (await getJson("/v1/log")).body.verifier_key;
    proof = (await getJson(`/v1/games/${enc(bundle.id)}/log-proof`)).body;
  } catch (error) {
    if (error.code !== "not_in_log") return showError(error);
  }
  let consistency = null;
  const keptSize = checkpointSize(kept);
  if (proof && keptSize && keptSize !== proof.tree_size) {
    const [from, to] = [Math.min(keptSize, proof.tree_size), Math.max(keptSize, proof.tree_size)];
    // None to be had (a kept tree larger than the log): the check says what is missing.
    consistency = await getJson(`/v1/log/consistency?from=${from}&to=${to}`).then((got) => got.body, () => null);
  }
  const result = await verifyInLog(bundle, { proof, verifierKey: key, kept, consistency });
  const [cls] = verdict(result.ok);
  mount(target,
    h("p.summary-line", { id: "log-verdict", class: cls, dataset: { ok: String(result.ok) } }, logWords(result)),
    key ? h("p.muted", "The log's key: ", h("code", { id: "log-key-used" }, key),
      trustedKey ? " (the one you gave)" : " (this server's own: it proves more with a key you trust, pasted below)") : null,
    result.ok ? h("div.actions", h("button", { id: "keep-checkpoint", type: "button", onclick: () => download(`foxden-checkpoint-${result.size}.txt`, result.checkpoint) }, "Keep this checkpoint")) : null);
}

function logPanel(bundle, archived) {
  const target = h("div", { id: "log-result" });
  const kept = h("textarea", { id: "kept-checkpoint", rows: 4, placeholder: "Paste a checkpoint you kept (optional): the log must extend it", "aria-label": "a checkpoint you kept" });
  const key = h("input", { id: "log-key", size: 60, placeholder: "The log's key you trust (optional; else this server's)", "aria-label": "the log's key" });
  const check = () => {
    clearError();
    return runLogCheck(target, bundle, archived, kept.value, key.value.trim());
  };
  const panel = h("section.panel", { id: "log-panel" }, h("h2", "In the tamper-evident log"),
    h("p.muted", "An archived game's id, head hash and event count are a leaf of an append-only log whose checkpoints are signed. Keep a checkpoint: a later audit shows whether the log still extends it, so no archived game was rewritten, dropped or reordered."),
    target,
    archived ? h("details", h("summary", "Check against a checkpoint you kept"), kept, h("div.form-row", key),
      h("button.primary", { id: "check-log", type: "button", onclick: check }, "Check the log again")) : null);
  return { panel, check };
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
    const { bundle, archived } = await exportedBundle(id);
    mount(actions, h("button", { id: "download", type: "button", onclick: () => download(`foxden-${id}.json`, JSON.stringify(bundle, null, 1)) }, "Download the bundle"));
    await runBrowserCheck(mine, bundle, "this game's bundle");
    const log = logPanel(bundle, archived);
    main.querySelector(".columns").after(log.panel);
    await log.check();
  } else {
    const events = await allEvents(id, null);
    const links = verifyLinks(events);
    mount(mine,
      h("p.summary-line", { id: "browser-verdict", dataset: { ok: String(links.ok) } }, "While the game runs the seed is secret: the links can be checked, the salts and the commitment once it ends."),
      checkTable([links, { name: "commitment", ok: null, detail: "the seed is revealed at the end" }, { name: "chain", ok: null, detail: "the salts need the seed" }], "browser-checks"));
  }
}
