from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.problem import Problem
from ...models.webhook_attempts_response_200 import WebhookAttemptsResponse200
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    webhook_id: str,
    *,
    limit: int | Unset = 50,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/webhooks/{webhook_id}/deliveries".format(webhook_id=quote(str(webhook_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | WebhookAttemptsResponse200 | None:
    if response.status_code == 200:
        response_200 = WebhookAttemptsResponse200.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | WebhookAttemptsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> Response[Problem | WebhookAttemptsResponse200]:
    """ The endpoint's attempt log (scope read), newest first; the last 1000 tries within the retention.

    Args:
        webhook_id (str):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookAttemptsResponse200]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
limit=limit,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> Problem | WebhookAttemptsResponse200 | None:
    """ The endpoint's attempt log (scope read), newest first; the last 1000 tries within the retention.

    Args:
        webhook_id (str):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookAttemptsResponse200
     """


    return sync_detailed(
        webhook_id=webhook_id,
client=client,
limit=limit,

    ).parsed

async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> Response[Problem | WebhookAttemptsResponse200]:
    """ The endpoint's attempt log (scope read), newest first; the last 1000 tries within the retention.

    Args:
        webhook_id (str):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookAttemptsResponse200]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
limit=limit,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,

) -> Problem | WebhookAttemptsResponse200 | None:
    """ The endpoint's attempt log (scope read), newest first; the last 1000 tries within the retention.

    Args:
        webhook_id (str):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookAttemptsResponse200
     """


    return (await asyncio_detailed(
        webhook_id=webhook_id,
client=client,
limit=limit,

    )).parsed
