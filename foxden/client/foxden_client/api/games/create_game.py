from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_fette_beute import CreateFetteBeute
from ...models.create_gloria_picktoria import CreateGloriaPicktoria
from ...models.create_sly import CreateSly
from ...models.created_game import CreatedGame
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    *,
    body: CreateFetteBeute | CreateGloriaPicktoria | CreateSly,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games",
    }

    
    if isinstance(body, CreateFetteBeute):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateGloriaPicktoria):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()


    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreatedGame | Problem | None:
    if response.status_code == 201:
        response_201 = CreatedGame.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())



        return response_408

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())



        return response_415

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreatedGame | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateFetteBeute | CreateGloriaPicktoria | CreateSly,

) -> Response[CreatedGame | Problem]:
    """ Create a game. Bots are seated at once; a game without human seats starts at once.

     The answer carries the `owner_token` (shown once, stored only hashed): it cancels the
    table while it waits. A table that still waits after `FOXDEN_WAITING_EXPIRY_S` seconds
    (default 86400) expires (`TableExpired`, status `expired`).

    Args:
        body (CreateFetteBeute | CreateGloriaPicktoria | CreateSly): One variant per game of the
            catalogue: its player counts, its options (the table's and the game's own) and their
            ranges.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateFetteBeute | CreateGloriaPicktoria | CreateSly,

) -> CreatedGame | Problem | None:
    """ Create a game. Bots are seated at once; a game without human seats starts at once.

     The answer carries the `owner_token` (shown once, stored only hashed): it cancels the
    table while it waits. A table that still waits after `FOXDEN_WAITING_EXPIRY_S` seconds
    (default 86400) expires (`TableExpired`, status `expired`).

    Args:
        body (CreateFetteBeute | CreateGloriaPicktoria | CreateSly): One variant per game of the
            catalogue: its player counts, its options (the table's and the game's own) and their
            ranges.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateFetteBeute | CreateGloriaPicktoria | CreateSly,

) -> Response[CreatedGame | Problem]:
    """ Create a game. Bots are seated at once; a game without human seats starts at once.

     The answer carries the `owner_token` (shown once, stored only hashed): it cancels the
    table while it waits. A table that still waits after `FOXDEN_WAITING_EXPIRY_S` seconds
    (default 86400) expires (`TableExpired`, status `expired`).

    Args:
        body (CreateFetteBeute | CreateGloriaPicktoria | CreateSly): One variant per game of the
            catalogue: its player counts, its options (the table's and the game's own) and their
            ranges.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateFetteBeute | CreateGloriaPicktoria | CreateSly,

) -> CreatedGame | Problem | None:
    """ Create a game. Bots are seated at once; a game without human seats starts at once.

     The answer carries the `owner_token` (shown once, stored only hashed): it cancels the
    table while it waits. A table that still waits after `FOXDEN_WAITING_EXPIRY_S` seconds
    (default 86400) expires (`TableExpired`, status `expired`).

    Args:
        body (CreateFetteBeute | CreateGloriaPicktoria | CreateSly): One variant per game of the
            catalogue: its player counts, its options (the table's and the game's own) and their
            ranges.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
