from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.audit_report import AuditReport
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    game_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/audit".format(game_id=quote(str(game_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AuditReport | Problem | None:
    if response.status_code == 200:
        response_200 = AuditReport.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())



        return response_404

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AuditReport | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[AuditReport | Problem]:
    """ The audit report; the checks that need the seed wait for the end (ok null).

     Five checks, in order: `chain` (versions 1..n, each `prev_hash` the hash before, and
    once the seed is revealed every hash recomputes), `seed` (the revealed seed hashes to the
    commitment), `deck` (the start player and every shuffle equal the derivation from the seed
    and the client seeds, and the deal matches), `resimulation` (re-deciding every recorded
    command reproduces every event) and `result`. A failed check names the first version at
    fault in `version`. Before the end only `chain` runs (links only) and `ok` covers it.
    See docs/fairness.md for what each check proves and how to repeat it offline.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditReport | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> AuditReport | Problem | None:
    """ The audit report; the checks that need the seed wait for the end (ok null).

     Five checks, in order: `chain` (versions 1..n, each `prev_hash` the hash before, and
    once the seed is revealed every hash recomputes), `seed` (the revealed seed hashes to the
    commitment), `deck` (the start player and every shuffle equal the derivation from the seed
    and the client seeds, and the deal matches), `resimulation` (re-deciding every recorded
    command reproduces every event) and `result`. A failed check names the first version at
    fault in `version`. Before the end only `chain` runs (links only) and `ok` covers it.
    See docs/fairness.md for what each check proves and how to repeat it offline.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditReport | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[AuditReport | Problem]:
    """ The audit report; the checks that need the seed wait for the end (ok null).

     Five checks, in order: `chain` (versions 1..n, each `prev_hash` the hash before, and
    once the seed is revealed every hash recomputes), `seed` (the revealed seed hashes to the
    commitment), `deck` (the start player and every shuffle equal the derivation from the seed
    and the client seeds, and the deal matches), `resimulation` (re-deciding every recorded
    command reproduces every event) and `result`. A failed check names the first version at
    fault in `version`. Before the end only `chain` runs (links only) and `ok` covers it.
    See docs/fairness.md for what each check proves and how to repeat it offline.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditReport | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> AuditReport | Problem | None:
    """ The audit report; the checks that need the seed wait for the end (ok null).

     Five checks, in order: `chain` (versions 1..n, each `prev_hash` the hash before, and
    once the seed is revealed every hash recomputes), `seed` (the revealed seed hashes to the
    commitment), `deck` (the start player and every shuffle equal the derivation from the seed
    and the client seeds, and the deal matches), `resimulation` (re-deciding every recorded
    command reproduces every event) and `result`. A failed check names the first version at
    fault in `version`. Before the end only `chain` runs (links only) and `ok` covers it.
    See docs/fairness.md for what each check proves and how to repeat it offline.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditReport | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,

    )).parsed
