// The public REST API, as any client calls it. Errors become ApiError with the problem's
// title, detail, code and field errors (application/problem+json), so every page can say
// what went wrong in words.

export class ApiError extends Error {
  constructor(status, problem) {
    const title = problem.title || `HTTP ${status}`;
    super(problem.detail ? `${title}: ${problem.detail}` : title);
    this.status = status;
    this.code = problem.code || "http_error";
    this.title = title;
    this.detail = problem.detail || "";
    this.errors = problem.errors || null;
    this.problem = problem;
  }
}

async function request(method, path, { token, body, headers = {} } = {}) {
  const sent = { ...headers, Accept: "application/json" };
  if (token) sent.Authorization = `Bearer ${token}`;
  const init = { method, headers: sent };
  if (body !== undefined) {
    sent["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, { title: "The service cannot be reached", detail: String(error.message || error), code: "network" });
  }
  const type = response.headers.get("Content-Type") || "";
  const parsed = type.includes("json") ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    throw new ApiError(response.status, parsed || { title: `HTTP ${response.status}`, detail: response.statusText });
  }
  return parsed;
}

const enc = encodeURIComponent;
const query = (params) => {
  const pairs = Object.entries(params).filter(([, value]) => value !== undefined && value !== null);
  return pairs.length ? "?" + pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&") : "";
};

export const api = {
  catalog: () => request("GET", "/v1/catalog"),
  list: (params = {}) => request("GET", "/v1/games" + query(params)),
  // With an account key (token), the account takes the first human seat and owns the table.
  create: (body, token) => request("POST", "/v1/games", { body, token }),
  summary: (id) => request("GET", `/v1/games/${enc(id)}`),
  join: (id, body, token) => request("POST", `/v1/games/${enc(id)}/join`, { body, token }),
  // The owner's token (an anonymous table) or the account key of the account that created it.
  cancel: (id, token) => request("DELETE", `/v1/games/${enc(id)}`, { token }),
  state: (id, token, version) => request("GET", `/v1/games/${enc(id)}/state` + query({ version }), { token }),
  legalMoves: (id, token) => request("GET", `/v1/games/${enc(id)}/legal-moves`, { token }),
  command: (id, token, body, version, key) =>
    request("POST", `/v1/games/${enc(id)}/commands`, {
      token, body, headers: { "If-Match": `"${version}"`, "Idempotency-Key": key },
    }),
  events: (id, token, after, limit) => request("GET", `/v1/games/${enc(id)}/events` + query({ after, limit }), { token }),
  audit: (id) => request("GET", `/v1/games/${enc(id)}/audit`),
  exportBundle: (id) => request("GET", `/v1/games/${enc(id)}/export`),
  streamUrl: (id, after) => `/v1/games/${enc(id)}/events/stream` + query({ after }),
  // Accounts (docs/api.md, "Accounts, keys and my games"): key is an account key, fdk_….
  signUp: (body) => request("POST", "/v1/accounts", { body }),
  me: (key) => request("GET", "/v1/me", { token: key }),
  myGames: (key, params = {}) => request("GET", "/v1/me/games" + query(params), { token: key }),
  deviceCode: (key) => request("POST", "/v1/me/device-codes", { token: key }),
  redeemDeviceCode: (code) => request("POST", `/v1/device-codes/${enc(code)}`),
  myStreamUrl: "/v1/me/stream",
  // Ratings (docs/api.md, "Ratings"): public, no credential.
  leaderboard: (game, params = {}) => request("GET", `/v1/ratings/${enc(game)}` + query(params)),
  ratingHistory: (game, handle, players) =>
    request("GET", `/v1/ratings/${enc(game)}/${enc(handle)}/history` + query({ players })),
  profile: (handle) => request("GET", `/v1/accounts/${enc(handle)}`),
};

// Every event of a game, as the token's seat (or a spectator) may see it, page by page.
export async function allEvents(id, token) {
  const events = [];
  let after = 0;
  for (;;) {
    const page = await api.events(id, token, after, 5000);
    events.push(...page.events);
    if (page.next_after >= page.version || page.events.length === 0) return events;
    after = page.next_after;
  }
}
