"""Django's ASGI handler, with the middleware run the way the test client runs it.

Django builds the middleware chain for ASGI from the inside out, async until the first
middleware that is sync only, and adapts at every boundary. Ours is sync from the outside
in except the last three (htmx, allauth, axes, which can be either): a request crossed
from the event loop to a thread, back to the loop for those three, and to the thread
again for the view, four handoffs where one does (py-spy, a bare view through
`python -m goonsite web`). Every view here is sync, so the whole chain runs sync, in the
one thread Django gives the request, as under WSGI and in the tests.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class SyncChainASGIHandler(ASGIHandler):
    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def get_response_async(self, request):
        # thread_sensitive: the thread of this request's ThreadSensitiveContext, where
        # Django also runs its request signals, so connections stay with their thread.
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)
