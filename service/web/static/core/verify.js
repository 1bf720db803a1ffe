// The chain, the commitment and the salts of a bundle recomputed here, with WebCrypto
// (docs/fairness.md §2 and §5), so a user need not trust the server's own verdict:
//   commitment = hex(SHA-256(seed))
//   salt_v     = hex(HMAC-SHA256(seed, "foxden:event:" ‖ v))
//   hash_v     = hex(SHA-256(prev_hash_v ‖ canonical(envelope_v without "hash") ‖ salt_v))
import { canonical } from "./canonical.js";
import { checkLog } from "./merkle.js";

const utf8 = new TextEncoder();
const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
const ZERO = "0".repeat(64);

export function fromHex(text) {
  if (typeof text !== "string" || !/^([0-9a-f]{2})+$/.test(text)) return null;
  return new Uint8Array(text.match(/../g).map((pair) => parseInt(pair, 16)));
}

export const sha256 = async (bytes) => hex(await crypto.subtle.digest("SHA-256", bytes));

export async function hmacKey(seed) {
  return crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

export async function salt(key, version) {
  return hex(await crypto.subtle.sign("HMAC", key, utf8.encode(`foxden:event:${version}`)));
}

export async function eventHash(envelope, salted) {
  const { hash: _hash, ...unsigned } = envelope;
  return sha256(utf8.encode(envelope.prev_hash + canonical(unsigned) + salted));
}

const check = (name, ok, detail, version = null) => ({ name, ok, detail, version });

// Links only: what anyone can check while the game runs (the salts need the seed).
export function verifyLinks(events) {
  let prev = ZERO;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.version !== i + 1) return check("links", false, `version ${i + 1} is missing or out of order`, i + 1);
    if (e.prev_hash !== prev) return check("links", false, `prev_hash of version ${e.version} is not the hash before it`, e.version);
    prev = e.hash;
  }
  return check("links", true, `${events.length} events, each linked to the one before`);
}

// Every check the browser can make of a bundle; rows holds each version's salt and hash.
export async function verifyBundle(bundle) {
  const checks = [];
  const rows = [];
  if (!bundle || typeof bundle !== "object" || !Array.isArray(bundle.events) || !bundle.events.length) {
    return { ok: false, checks: [check("bundle", false, "this is not a Foxden bundle (no events)", 1)], rows };
  }
  const events = bundle.events;
  const published = events[0]?.data?.commitment;
  checks.push(bundle.format === "foxden-bundle/1"
    ? check("bundle", true, `foxden-bundle/1 with ${events.length} events`)
    : check("bundle", false, `unknown format ${JSON.stringify(bundle.format)}`, 1));

  const seed = fromHex(bundle.seed);
  if (!seed) {
    checks.push(check("commitment", false, "the bundle has no seed in hex", events.length));
    checks.push(check("chain", null, "the salts need the seed"));
    return { ok: false, checks, rows };
  }
  const commitment = await sha256(seed);
  if (commitment !== published) checks.push(check("commitment", false, `SHA-256 of the seed is ${commitment.slice(0, 16)}…, not the commitment published at version 1`, 1));
  else if (bundle.commitment !== undefined && bundle.commitment !== published) checks.push(check("commitment", false, "the bundle's commitment differs from the one published at version 1", 1));
  else {
    const revealed = events.at(-1)?.data?.seed;
    checks.push(revealed !== undefined && revealed !== bundle.seed
      ? check("commitment", false, "the seed revealed by the last event is not the bundle's seed", events.length)
      : check("commitment", true, `SHA-256(seed) = ${commitment.slice(0, 16)}… is the commitment published at version 1`));
  }

  const key = await hmacKey(seed);
  let prev = ZERO;
  let fault = null;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const v = i + 1;
    const salted = await salt(key, v);
    let ok = true;
    let why = "";
    let recomputed = "";
    try {
      recomputed = await eventHash(e, salted);
    } catch (error) {
      ok = false;
      why = `the envelope is not canonical JSON (${error.message})`;
    }
    if (ok && e.version !== v) [ok, why] = [false, `found version ${e.version} where ${v} belongs`];
    else if (ok && e.prev_hash !== prev) [ok, why] = [false, "prev_hash is not the hash of the version before"];
    else if (ok && e.hash !== recomputed) [ok, why] = [false, "the hash does not recompute: the event was changed after it was sealed"];
    rows.push({ version: v, type: e.type, salt: salted, hash: e.hash, recomputed, ok });
    if (!ok && !fault) fault = check("chain", false, `version ${v}: ${why}`, v);
    prev = e.hash;
  }
  if (!fault && bundle.head_hash !== undefined && bundle.head_hash !== prev) fault = check("chain", false, "head_hash is not the last event's hash", events.length + 1);
  checks.push(fault || check("chain", true, `versions 1..${events.length}: every salt and hash recomputed here`));
  return { ok: checks.every((c) => c.ok === true), checks, rows };
}

// The bundle's place in the tamper-evident log (core/merkle.js): its id, the hash of its last
// event and its count must be the leaf that the log proof ties to a signed checkpoint, so an
// event changed (and re-sealed) since the game was archived is caught. `proof` null: not in the
// log yet. `kept` is an older checkpoint the visitor kept, `consistency` the server's proof from it.
export async function verifyInLog(bundle, { proof, verifierKey, kept = null, consistency = null }) {
  const events = Array.isArray(bundle?.events) ? bundle.events : [];
  return checkLog({ gameId: bundle?.id, headHash: events.at(-1)?.hash, count: events.length, proof, verifierKey, kept, consistency });
}
