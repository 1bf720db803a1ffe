from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_my_stream_ticket_response_201 import CreateMyStreamTicketResponse201
from ...models.problem import Problem
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/stream-tickets",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreateMyStreamTicketResponse201 | Problem | None:
    if response.status_code == 201:
        response_201 = CreateMyStreamTicketResponse201.from_dict(response.json())



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[CreateMyStreamTicketResponse201 | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[CreateMyStreamTicketResponse201 | Problem]:
    """ A short-lived ticket that opens the account's stream, for EventSource.

     As a seat's stream ticket: it opens only `GET /v1/me/stream?ticket=…`, expires after 60 seconds
    (`FOXDEN_STREAM_TICKET_TTL_S`) and stops working when the key it was issued to is revoked.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateMyStreamTicketResponse201 | Problem]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> CreateMyStreamTicketResponse201 | Problem | None:
    """ A short-lived ticket that opens the account's stream, for EventSource.

     As a seat's stream ticket: it opens only `GET /v1/me/stream?ticket=…`, expires after 60 seconds
    (`FOXDEN_STREAM_TICKET_TTL_S`) and stops working when the key it was issued to is revoked.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateMyStreamTicketResponse201 | Problem
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[CreateMyStreamTicketResponse201 | Problem]:
    """ A short-lived ticket that opens the account's stream, for EventSource.

     As a seat's stream ticket: it opens only `GET /v1/me/stream?ticket=…`, expires after 60 seconds
    (`FOXDEN_STREAM_TICKET_TTL_S`) and stops working when the key it was issued to is revoked.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreateMyStreamTicketResponse201 | Problem]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> CreateMyStreamTicketResponse201 | Problem | None:
    """ A short-lived ticket that opens the account's stream, for EventSource.

     As a seat's stream ticket: it opens only `GET /v1/me/stream?ticket=…`, expires after 60 seconds
    (`FOXDEN_STREAM_TICKET_TTL_S`) and stops working when the key it was issued to is revoked.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreateMyStreamTicketResponse201 | Problem
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
