from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.new_webhook import NewWebhook
from ...models.problem import Problem
from ...models.webhook_made import WebhookMade
from typing import cast



def _get_kwargs(
    *,
    body: NewWebhook,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | WebhookMade | None:
    if response.status_code == 201:
        response_201 = WebhookMade.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())



        return response_403

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())



        return response_408

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())



        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | WebhookMade]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,

) -> Response[Problem | WebhookMade]:
    """ Register a webhook endpoint (an account key with scope create, or the operator key); its signing
    secret is shown once.

     Every frame of the account's stream (`GET /v1/me/stream`) whose type the endpoint lists is
    POSTed to it as `{"type", "timestamp", "account", "data": <the frame>}`, signed per the
    Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
    The operator key registers the operator's own endpoints, which get every account's frames.
    The URL must be https (http only where the operator allows it) and its host must resolve
    to public addresses only (400 `webhook_url_refused`, with `reason` and `errors.url`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookMade]
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
    client: AuthenticatedClient,
    body: NewWebhook,

) -> Problem | WebhookMade | None:
    """ Register a webhook endpoint (an account key with scope create, or the operator key); its signing
    secret is shown once.

     Every frame of the account's stream (`GET /v1/me/stream`) whose type the endpoint lists is
    POSTed to it as `{"type", "timestamp", "account", "data": <the frame>}`, signed per the
    Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
    The operator key registers the operator's own endpoints, which get every account's frames.
    The URL must be https (http only where the operator allows it) and its host must resolve
    to public addresses only (400 `webhook_url_refused`, with `reason` and `errors.url`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookMade
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewWebhook,

) -> Response[Problem | WebhookMade]:
    """ Register a webhook endpoint (an account key with scope create, or the operator key); its signing
    secret is shown once.

     Every frame of the account's stream (`GET /v1/me/stream`) whose type the endpoint lists is
    POSTed to it as `{"type", "timestamp", "account", "data": <the frame>}`, signed per the
    Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
    The operator key registers the operator's own endpoints, which get every account's frames.
    The URL must be https (http only where the operator allows it) and its host must resolve
    to public addresses only (400 `webhook_url_refused`, with `reason` and `errors.url`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookMade]
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
    client: AuthenticatedClient,
    body: NewWebhook,

) -> Problem | WebhookMade | None:
    """ Register a webhook endpoint (an account key with scope create, or the operator key); its signing
    secret is shown once.

     Every frame of the account's stream (`GET /v1/me/stream`) whose type the endpoint lists is
    POSTed to it as `{"type", "timestamp", "account", "data": <the frame>}`, signed per the
    Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
    The operator key registers the operator's own endpoints, which get every account's frames.
    The URL must be https (http only where the operator allows it) and its host must resolve
    to public addresses only (400 `webhook_url_refused`, with `reason` and `errors.url`).

    Args:
        body (NewWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookMade
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
