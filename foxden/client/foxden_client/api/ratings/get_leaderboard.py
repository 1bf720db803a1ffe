from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.leaderboard import Leaderboard
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game: str,
    *,
    players: int | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["players"] = players

    params["limit"] = limit

    params["cursor"] = cursor


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/ratings/{game}".format(game=quote(str(game), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Leaderboard | Problem | None:
    if response.status_code == 200:
        response_200 = Leaderboard.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Leaderboard | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: str,
    *,
    client: AuthenticatedClient | Client,
    players: int | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,

) -> Response[Leaderboard | Problem]:
    """ The game's leaderboard of accounts, best rating (`ordinal`) first.

     Every finished game in which at least two seats are held by accounts rates those
    accounts (openskill's Plackett-Luce; winners first, then by score), exactly once, in a
    worker job moments after it ends. A rating belongs to one game and player count: with
    `players`, the leaderboard of that count; without, every count's entries together (each
    says its `players`). `ordinal` (mu - 3 sigma) is the displayed rating. Ties keep a
    stable order, and a cursor continues after the last entry of its page.

    Args:
        game (str):
        players (int | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
     """


    kwargs = _get_kwargs(
        game=game,
players=players,
limit=limit,
cursor=cursor,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game: str,
    *,
    client: AuthenticatedClient | Client,
    players: int | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,

) -> Leaderboard | Problem | None:
    """ The game's leaderboard of accounts, best rating (`ordinal`) first.

     Every finished game in which at least two seats are held by accounts rates those
    accounts (openskill's Plackett-Luce; winners first, then by score), exactly once, in a
    worker job moments after it ends. A rating belongs to one game and player count: with
    `players`, the leaderboard of that count; without, every count's entries together (each
    says its `players`). `ordinal` (mu - 3 sigma) is the displayed rating. Ties keep a
    stable order, and a cursor continues after the last entry of its page.

    Args:
        game (str):
        players (int | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
     """


    return sync_detailed(
        game=game,
client=client,
players=players,
limit=limit,
cursor=cursor,

    ).parsed

async def asyncio_detailed(
    game: str,
    *,
    client: AuthenticatedClient | Client,
    players: int | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,

) -> Response[Leaderboard | Problem]:
    """ The game's leaderboard of accounts, best rating (`ordinal`) first.

     Every finished game in which at least two seats are held by accounts rates those
    accounts (openskill's Plackett-Luce; winners first, then by score), exactly once, in a
    worker job moments after it ends. A rating belongs to one game and player count: with
    `players`, the leaderboard of that count; without, every count's entries together (each
    says its `players`). `ordinal` (mu - 3 sigma) is the displayed rating. Ties keep a
    stable order, and a cursor continues after the last entry of its page.

    Args:
        game (str):
        players (int | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
     """


    kwargs = _get_kwargs(
        game=game,
players=players,
limit=limit,
cursor=cursor,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game: str,
    *,
    client: AuthenticatedClient | Client,
    players: int | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,

) -> Leaderboard | Problem | None:
    """ The game's leaderboard of accounts, best rating (`ordinal`) first.

     Every finished game in which at least two seats are held by accounts rates those
    accounts (openskill's Plackett-Luce; winners first, then by score), exactly once, in a
    worker job moments after it ends. A rating belongs to one game and player count: with
    `players`, the leaderboard of that count; without, every count's entries together (each
    says its `players`). `ordinal` (mu - 3 sigma) is the displayed rating. Ties keep a
    stable order, and a cursor continues after the last entry of its page.

    Args:
        game (str):
        players (int | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
     """


    return (await asyncio_detailed(
        game=game,
client=client,
players=players,
limit=limit,
cursor=cursor,

    )).parsed
