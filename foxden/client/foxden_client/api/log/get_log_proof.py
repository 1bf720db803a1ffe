from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.log_proof import LogProof
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    size: int | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["size"] = size


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/log-proof".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> LogProof | Problem | None:
    if response.status_code == 200:
        response_200 = LogProof.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[LogProof | Problem]:
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
    size: int | Unset = UNSET,

) -> Response[LogProof | Problem]:
    """ The game's leaf in the log of archived games, its inclusion proof and a signed checkpoint.

     For an archived (or deleted) game: its leaf (the newest one naming it), the leaf's
    index, and the RFC 9162 audit path of that leaf in the tree of `tree_size` leaves, with
    the signed checkpoint of that tree. Check the checkpoint's signature with the log's
    verifier key (`GET /v1/log`), hash the leaf (`SHA-256(0x00 || leaf)`) and verify the
    path against the checkpoint's root hash (docs/fairness.md, "Keeping and checking
    checkpoints"). A game that has no leaf (not archived yet) is a 404 `not_in_log`.

    Args:
        game_id (str):
        size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LogProof | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
size=size,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    size: int | Unset = UNSET,

) -> LogProof | Problem | None:
    """ The game's leaf in the log of archived games, its inclusion proof and a signed checkpoint.

     For an archived (or deleted) game: its leaf (the newest one naming it), the leaf's
    index, and the RFC 9162 audit path of that leaf in the tree of `tree_size` leaves, with
    the signed checkpoint of that tree. Check the checkpoint's signature with the log's
    verifier key (`GET /v1/log`), hash the leaf (`SHA-256(0x00 || leaf)`) and verify the
    path against the checkpoint's root hash (docs/fairness.md, "Keeping and checking
    checkpoints"). A game that has no leaf (not archived yet) is a 404 `not_in_log`.

    Args:
        game_id (str):
        size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LogProof | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,
size=size,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    size: int | Unset = UNSET,

) -> Response[LogProof | Problem]:
    """ The game's leaf in the log of archived games, its inclusion proof and a signed checkpoint.

     For an archived (or deleted) game: its leaf (the newest one naming it), the leaf's
    index, and the RFC 9162 audit path of that leaf in the tree of `tree_size` leaves, with
    the signed checkpoint of that tree. Check the checkpoint's signature with the log's
    verifier key (`GET /v1/log`), hash the leaf (`SHA-256(0x00 || leaf)`) and verify the
    path against the checkpoint's root hash (docs/fairness.md, "Keeping and checking
    checkpoints"). A game that has no leaf (not archived yet) is a 404 `not_in_log`.

    Args:
        game_id (str):
        size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LogProof | Problem]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
size=size,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    size: int | Unset = UNSET,

) -> LogProof | Problem | None:
    """ The game's leaf in the log of archived games, its inclusion proof and a signed checkpoint.

     For an archived (or deleted) game: its leaf (the newest one naming it), the leaf's
    index, and the RFC 9162 audit path of that leaf in the tree of `tree_size` leaves, with
    the signed checkpoint of that tree. Check the checkpoint's signature with the log's
    verifier key (`GET /v1/log`), hash the leaf (`SHA-256(0x00 || leaf)`) and verify the
    path against the checkpoint's root hash (docs/fairness.md, "Keeping and checking
    checkpoints"). A game that has no leaf (not archived yet) is a 404 `not_in_log`.

    Args:
        game_id (str):
        size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LogProof | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
size=size,

    )).parsed
