from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.my_stream_response_200 import MyStreamResponse200
from ...models.problem import Problem
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    after: str | Unset = UNSET,
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
        "url": "/v1/me/stream",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MyStreamResponse200 | Problem | None:
    if response.status_code == 200:
        response_200 = MyStreamResponse200.from_dict(response.text)



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[MyStreamResponse200 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[MyStreamResponse200 | Problem]:
    """ The account's stream (scope read): the picture of its games, then a frame for each thing that
    happens to it in any of them.

     NDJSON by default (`Accept: application/x-ndjson`, or anything else), Server-Sent Events with
    `Accept: text/event-stream`. The first frame (`games`) lists every active game of the account (its
    seat, the version, whether it must act now, the deadline when a turn limit runs) and its waiting
    tables; then `game_started`, `your_turn`, `seat_taken_over`, `game_finished` and `table_closed`
    frames as they happen, with a heartbeat (`: keepalive`, or an empty NDJSON line) after two seconds
    without one. Each frame's `id` (also the SSE `id:`) resumes the stream: `Last-Event-ID`, or
    `?after=`, sends every frame after it and no picture; an id older than the frames the account's
    stream still keeps (about the last 1,000) is answered with a `reset` frame and the picture. An
    account that opens its stream more than 10 times in 60 seconds is answered 429 `hold_stream_open`
    with `Retry-After`: hold one stream open instead of polling. The streams of one process and of one
    client (an address, an account) are capped as the game streams are (503 `too_many_streams`, 429
    `too_many_streams_per_client`). A browser's `EventSource` opens it with `?ticket=` from `POST
    /v1/me/stream-tickets`. A stream ends once the key that opened it is revoked (looked at every 10
    seconds or so).

    Args:
        after (str | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MyStreamResponse200 | Problem]
     """


    kwargs = _get_kwargs(
        after=after,
ticket=ticket,
last_event_id=last_event_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> MyStreamResponse200 | Problem | None:
    """ The account's stream (scope read): the picture of its games, then a frame for each thing that
    happens to it in any of them.

     NDJSON by default (`Accept: application/x-ndjson`, or anything else), Server-Sent Events with
    `Accept: text/event-stream`. The first frame (`games`) lists every active game of the account (its
    seat, the version, whether it must act now, the deadline when a turn limit runs) and its waiting
    tables; then `game_started`, `your_turn`, `seat_taken_over`, `game_finished` and `table_closed`
    frames as they happen, with a heartbeat (`: keepalive`, or an empty NDJSON line) after two seconds
    without one. Each frame's `id` (also the SSE `id:`) resumes the stream: `Last-Event-ID`, or
    `?after=`, sends every frame after it and no picture; an id older than the frames the account's
    stream still keeps (about the last 1,000) is answered with a `reset` frame and the picture. An
    account that opens its stream more than 10 times in 60 seconds is answered 429 `hold_stream_open`
    with `Retry-After`: hold one stream open instead of polling. The streams of one process and of one
    client (an address, an account) are capped as the game streams are (503 `too_many_streams`, 429
    `too_many_streams_per_client`). A browser's `EventSource` opens it with `?ticket=` from `POST
    /v1/me/stream-tickets`. A stream ends once the key that opened it is revoked (looked at every 10
    seconds or so).

    Args:
        after (str | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MyStreamResponse200 | Problem
     """


    return sync_detailed(
        client=client,
after=after,
ticket=ticket,
last_event_id=last_event_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> Response[MyStreamResponse200 | Problem]:
    """ The account's stream (scope read): the picture of its games, then a frame for each thing that
    happens to it in any of them.

     NDJSON by default (`Accept: application/x-ndjson`, or anything else), Server-Sent Events with
    `Accept: text/event-stream`. The first frame (`games`) lists every active game of the account (its
    seat, the version, whether it must act now, the deadline when a turn limit runs) and its waiting
    tables; then `game_started`, `your_turn`, `seat_taken_over`, `game_finished` and `table_closed`
    frames as they happen, with a heartbeat (`: keepalive`, or an empty NDJSON line) after two seconds
    without one. Each frame's `id` (also the SSE `id:`) resumes the stream: `Last-Event-ID`, or
    `?after=`, sends every frame after it and no picture; an id older than the frames the account's
    stream still keeps (about the last 1,000) is answered with a `reset` frame and the picture. An
    account that opens its stream more than 10 times in 60 seconds is answered 429 `hold_stream_open`
    with `Retry-After`: hold one stream open instead of polling. The streams of one process and of one
    client (an address, an account) are capped as the game streams are (503 `too_many_streams`, 429
    `too_many_streams_per_client`). A browser's `EventSource` opens it with `?ticket=` from `POST
    /v1/me/stream-tickets`. A stream ends once the key that opened it is revoked (looked at every 10
    seconds or so).

    Args:
        after (str | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MyStreamResponse200 | Problem]
     """


    kwargs = _get_kwargs(
        after=after,
ticket=ticket,
last_event_id=last_event_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    after: str | Unset = UNSET,
    ticket: str | Unset = UNSET,
    last_event_id: str | Unset = UNSET,

) -> MyStreamResponse200 | Problem | None:
    """ The account's stream (scope read): the picture of its games, then a frame for each thing that
    happens to it in any of them.

     NDJSON by default (`Accept: application/x-ndjson`, or anything else), Server-Sent Events with
    `Accept: text/event-stream`. The first frame (`games`) lists every active game of the account (its
    seat, the version, whether it must act now, the deadline when a turn limit runs) and its waiting
    tables; then `game_started`, `your_turn`, `seat_taken_over`, `game_finished` and `table_closed`
    frames as they happen, with a heartbeat (`: keepalive`, or an empty NDJSON line) after two seconds
    without one. Each frame's `id` (also the SSE `id:`) resumes the stream: `Last-Event-ID`, or
    `?after=`, sends every frame after it and no picture; an id older than the frames the account's
    stream still keeps (about the last 1,000) is answered with a `reset` frame and the picture. An
    account that opens its stream more than 10 times in 60 seconds is answered 429 `hold_stream_open`
    with `Retry-After`: hold one stream open instead of polling. The streams of one process and of one
    client (an address, an account) are capped as the game streams are (503 `too_many_streams`, 429
    `too_many_streams_per_client`). A browser's `EventSource` opens it with `?ticket=` from `POST
    /v1/me/stream-tickets`. A stream ends once the key that opened it is revoked (looked at every 10
    seconds or so).

    Args:
        after (str | Unset):
        ticket (str | Unset):
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MyStreamResponse200 | Problem
     """


    return (await asyncio_detailed(
        client=client,
after=after,
ticket=ticket,
last_event_id=last_event_id,

    )).parsed
