from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_stream_ticket_response_201 import CreateStreamTicketResponse201
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    game_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/{game_id}/stream-tickets".format(game_id=quote(str(game_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreateStreamTicketResponse201 | Problem | None:
    if response.status_code == 201:
        response_201 = CreateStreamTicketResponse201.from_dict(response.json())



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreateStreamTicketResponse201 | Problem]:
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

) -> Response[CreateStreamTicketResponse201 | Problem]:
    """ A short-lived ticket that opens this seat's SSE stream, for EventSource.

     `EventSource` cannot send `Authorization`, and a bearer token must never be in a URL. The ticket
    names the caller's seat of this game, opens only `GET /v1/games/{game_id}/events/stream?ticket=…`,
    and expires after 60 seconds (`FOXDEN_STREAM_TICKET_TTL_S`); it can be used several times until then
    (for `EventSource`'s reconnects). A stream that is open stays open after the ticket expires.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateStreamTicketResponse201 | Problem]
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

) -> CreateStreamTicketResponse201 | Problem | None:
    """ A short-lived ticket that opens this seat's SSE stream, for EventSource.

     `EventSource` cannot send `Authorization`, and a bearer token must never be in a URL. The ticket
    names the caller's seat of this game, opens only `GET /v1/games/{game_id}/events/stream?ticket=…`,
    and expires after 60 seconds (`FOXDEN_STREAM_TICKET_TTL_S`); it can be used several times until then
    (for `EventSource`'s reconnects). A stream that is open stays open after the ticket expires.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateStreamTicketResponse201 | Problem
     """


    return sync_detailed(
        game_id=game_id,
client=client,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,

) -> Response[CreateStreamTicketResponse201 | Problem]:
    """ A short-lived ticket that opens this seat's SSE stream, for EventSource.

     `EventSource` cannot send `Authorization`, and a bearer token must never be in a URL. The ticket
    names the caller's seat of this game, opens only `GET /v1/games/{game_id}/events/stream?ticket=…`,
    and expires after 60 seconds (`FOXDEN_STREAM_TICKET_TTL_S`); it can be used several times until then
    (for `EventSource`'s reconnects). A stream that is open stays open after the ticket expires.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateStreamTicketResponse201 | Problem]
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

) -> CreateStreamTicketResponse201 | Problem | None:
    """ A short-lived ticket that opens this seat's SSE stream, for EventSource.

     `EventSource` cannot send `Authorization`, and a bearer token must never be in a URL. The ticket
    names the caller's seat of this game, opens only `GET /v1/games/{game_id}/events/stream?ticket=…`,
    and expires after 60 seconds (`FOXDEN_STREAM_TICKET_TTL_S`); it can be used several times until then
    (for `EventSource`'s reconnects). A stream that is open stays open after the ticket expires.

    Args:
        game_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateStreamTicketResponse201 | Problem
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,

    )).parsed
