from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.stream_events_response_200 import StreamEventsResponse200
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id



    

    params: dict[str, Any] = {}

    params["after"] = after

    params["ticket"] = ticket


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/events/stream".format(game_id=quote(str(game_id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | StreamEventsResponse200 | None:
    if response.status_code == 200:
        response_200 = StreamEventsResponse200.from_dict(response.text)



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | StreamEventsResponse200]:
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
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[Problem | StreamEventsResponse200]:
    """ Server-Sent Events, live; resumable with Last-Event-ID. Ends after the final event.

     A comment line (`: keepalive`) goes out after two seconds without events. Each API process holds a
    limited number of streams (`FOXDEN_STREAMS_PER_PROCESS`, 1,000 by default); beyond it the answer is
    503 `too_many_streams` with `Retry-After`. One client (an address, and apart from it a seat) holds
    at most `FOXDEN_STREAMS_PER_CLIENT` (50 by default, never more than half the process's) of them;
    beyond it the answer is 429 `too_many_streams_per_client` with `Retry-After`. A browser's
    `EventSource`, which cannot send `Authorization`, opens its seat's stream with `?ticket=` from `POST
    /v1/games/{game_id}/stream-tickets`.

    Args:
        game_id (str):
        after (int | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamEventsResponse200]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
ticket=ticket,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Problem | StreamEventsResponse200 | None:
    """ Server-Sent Events, live; resumable with Last-Event-ID. Ends after the final event.

     A comment line (`: keepalive`) goes out after two seconds without events. Each API process holds a
    limited number of streams (`FOXDEN_STREAMS_PER_PROCESS`, 1,000 by default); beyond it the answer is
    503 `too_many_streams` with `Retry-After`. One client (an address, and apart from it a seat) holds
    at most `FOXDEN_STREAMS_PER_CLIENT` (50 by default, never more than half the process's) of them;
    beyond it the answer is 429 `too_many_streams_per_client` with `Retry-After`. A browser's
    `EventSource`, which cannot send `Authorization`, opens its seat's stream with `?ticket=` from `POST
    /v1/games/{game_id}/stream-tickets`.

    Args:
        game_id (str):
        after (int | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamEventsResponse200
     """


    return sync_detailed(
        game_id=game_id,
client=client,
after=after,
ticket=ticket,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[Problem | StreamEventsResponse200]:
    """ Server-Sent Events, live; resumable with Last-Event-ID. Ends after the final event.

     A comment line (`: keepalive`) goes out after two seconds without events. Each API process holds a
    limited number of streams (`FOXDEN_STREAMS_PER_PROCESS`, 1,000 by default); beyond it the answer is
    503 `too_many_streams` with `Retry-After`. One client (an address, and apart from it a seat) holds
    at most `FOXDEN_STREAMS_PER_CLIENT` (50 by default, never more than half the process's) of them;
    beyond it the answer is 429 `too_many_streams_per_client` with `Retry-After`. A browser's
    `EventSource`, which cannot send `Authorization`, opens its seat's stream with `?ticket=` from `POST
    /v1/games/{game_id}/stream-tickets`.

    Args:
        game_id (str):
        after (int | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamEventsResponse200]
     """


    kwargs = _get_kwargs(
        game_id=game_id,
after=after,
ticket=ticket,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Problem | StreamEventsResponse200 | None:
    """ Server-Sent Events, live; resumable with Last-Event-ID. Ends after the final event.

     A comment line (`: keepalive`) goes out after two seconds without events. Each API process holds a
    limited number of streams (`FOXDEN_STREAMS_PER_PROCESS`, 1,000 by default); beyond it the answer is
    503 `too_many_streams` with `Retry-After`. One client (an address, and apart from it a seat) holds
    at most `FOXDEN_STREAMS_PER_CLIENT` (50 by default, never more than half the process's) of them;
    beyond it the answer is 429 `too_many_streams_per_client` with `Retry-After`. A browser's
    `EventSource`, which cannot send `Authorization`, opens its seat's stream with `?ticket=` from `POST
    /v1/games/{game_id}/stream-tickets`.

    Args:
        game_id (str):
        after (int | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamEventsResponse200
     """


    return (await asyncio_detailed(
        game_id=game_id,
client=client,
after=after,
ticket=ticket,
last_event_id=last_event_id,

    )).parsed
